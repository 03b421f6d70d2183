/**
 * The report's fetch stage (issue 23 item 3): the three ways the records come (summarised as
 * they stream, each lead written as it comes, all kept) give the same report, progress goes to
 * the callback, and a campaign key the service refuses is the `campaignRefused` stop only when
 * the key came from an alias (otherwise the service's error is thrown as it is).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmulator, type RunningEmulator } from '../../src/emulator/index.js';
import {
  ApiError,
  createClient,
  fetchStage,
  leadFormat,
  planReport,
  type ReportProgress,
} from '../../src/index.js';

const NOW = new Date('2026-11-10T05:00:00Z');

describe('fetchStage', () => {
  let emu: RunningEmulator;
  beforeAll(async () => {
    emu = await startEmulator({ port: 0, seed: 5, campaigns: [{ key: 'SUMMER' }], now: () => NOW });
    for (let i = 0; i < 30; i++)
      emu.store.addLead(
        'SUMMER',
        { phone_number: `09${String(10000000 + i)}`, name: `Khách ${i}`, ref_id: `KH-${i}` },
        new Date(Date.UTC(2026, 10, 2, 3, i)),
      );
  });
  afterAll(() => emu.close());

  const report = (campaignKey: string, progress: ReportProgress[] = []) => ({
    client: createClient({ baseUrl: emu.url, token: 'emulator-token', retry: { maxAttempts: 1 } }),
    campaignKey,
    plan: planReport({ from: '2026-11-01', to: '2026-11-09', now: NOW }),
    onProgress: (p: ReportProgress) => progress.push(p),
  });

  it('takes the path asked for; each gives the same leads and progress', async () => {
    const progress: ReportProgress[] = [];
    const all = await fetchStage({
      report: report('SUMMER', progress),
      campaign: { key: 'SUMMER' },
    });
    expect(all.path).toBe('records');
    if (all.path !== 'records') return;
    expect(all.result.records.length).toBeGreaterThan(0);
    expect(progress.at(-1)).toMatchObject({
      done: all.result.requests,
      total: all.result.requests,
    });

    const summarised = await fetchStage({
      report: report('SUMMER'),
      campaign: { key: 'SUMMER' },
      summary: {},
    });
    expect(summarised.path).toBe('summary');
    if (summarised.path !== 'summary') return;
    expect(summarised.summary.leads).toBe(all.result.records.length);
    expect(summarised.summary.attempts).toBe(all.result.attempts);
    // The library's defaults: the answer rate per carrier.
    expect(summarised.summary.carriers?.length).toBeGreaterThan(0);

    const lead = (await leadFormat({
      format: 'ndjson',
      flatten: 'attempts',
      bom: false,
      filtered: false,
    }))!;
    const prepared = await fetchStage({
      report: report('SUMMER'),
      campaign: { key: 'SUMMER' },
      lead,
    });
    expect(prepared.path).toBe('prepared');
    if (prepared.path !== 'prepared') return;
    try {
      expect(prepared.prepared.leads).toBe(all.result.records.length);
    } finally {
      prepared.prepared.dispose();
    }
  });

  it('a refused key from an alias is the campaignRefused stop; given as it is, the error', async () => {
    const stop = await fetchStage({
      report: report('WINTER'),
      campaign: { key: 'WINTER', alias: 'winter' },
    });
    expect(stop).toMatchObject({
      path: 'stop',
      stop: 'campaignRefused',
      alias: 'winter',
      key: 'WINTER',
    });
    if (stop.path === 'stop') expect(stop.error).toBeInstanceOf(ApiError);
    await expect(
      fetchStage({ report: report('WINTER'), campaign: { key: 'WINTER' }, summary: {} }),
    ).rejects.toBeInstanceOf(ApiError);
  });
});
