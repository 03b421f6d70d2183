/**
 * The library's options checked as the command line checks its flags (review, session 16): an
 * option no function knows and a value of the wrong kind are a UsageError naming the function
 * and the option, before anything is read or sent — not ignored (`bacthSize` ran with 500), not
 * a TypeError from inside (`from: 20261127` was `input.trim is not a function`).
 */
import { describe, expect, it } from 'vitest';
import {
  UsageError,
  createClient,
  runImport,
  runOutcomes,
  runReport,
  streamReport,
} from '../../src/index.js';

/** A client to a port nothing listens on: a request would fail as an ApiError, not a UsageError. */
const client = createClient({ baseUrl: 'http://127.0.0.1:9', token: 'x'.repeat(12) });

async function usage(p: Promise<unknown>): Promise<string> {
  const e = await p.then(
    () => undefined,
    (err: unknown) => err,
  );
  expect(e).toBeInstanceOf(UsageError);
  return (e as Error).message;
}

describe('runImport', () => {
  const base = { file: 'nowhere.csv', campaignKey: 'summer', client, dryRun: true };

  it('an unknown option is named, with the option it is nearest to', async () => {
    expect(await usage(runImport({ ...base, bacthSize: 10 } as never))).toBe(
      'runImport: unknown option bacthSize (did you mean batchSize?)',
    );
    expect(await usage(runImport({ ...base, output: 'x.csv' } as never))).toBe(
      'runImport: unknown option output',
    );
  });

  it('values of the wrong kind, every one said at once', async () => {
    const message = await usage(
      runImport({
        ...base,
        dryRun: 'false',
        rows: 'all',
        campaignKey: 42,
        stateDir: 5,
        placeholderNumbers: '0900000000',
      } as never),
    );
    expect(message).toBe(
      'runImport: campaignKey: expected a string, not 42; dryRun: expected true or false, not "false"; rows: expected one of both, data, files, not "all"; stateDir: expected a string or false, not 5; placeholderNumbers: expected a list of strings, not "0900000000"',
    );
  });

  it('not an object, a missing campaignKey, an unknown time zone', async () => {
    expect(await usage(runImport(null as never))).toBe(
      'runImport: expected an object of options, not null',
    );
    expect(await usage(runImport({ file: 'a.csv', dryRun: true } as never))).toBe(
      'runImport: campaignKey is required',
    );
    expect(await usage(runImport({ ...base, timeZone: 'Mars/Base' }))).toBe(
      'runImport: timeZone "Mars/Base": unknown time zone',
    );
  });
});

describe('runReport, streamReport, runOutcomes', () => {
  const base = { client, campaignKey: 'summer', from: '2026-11-20' };

  it("the CLI's options are no library options; a typo is named", async () => {
    expect(await usage(runReport({ ...base, format: 'csv', output: 'out.csv' } as never))).toBe(
      'runReport: unknown option format; unknown option output',
    );
    expect(await usage(streamReport({ ...base, statuss: 'BUSY' } as never))).toBe(
      'streamReport: unknown option statuss (did you mean status?)',
    );
    expect(
      await usage(runOutcomes({ ...base, join: { file: 'x.csv' }, recylce: {} } as never)),
    ).toBe('runOutcomes: unknown option recylce (did you mean recycle?)');
    expect(
      await usage(runReport({ ...base, join: { file: 'x.csv' }, windowDay: 7 } as never)),
    ).toBe('runReport: unknown option windowDay (did you mean windowDays?)');
  });

  it('values of the wrong kind, and what is required, before any request', async () => {
    expect(
      await usage(
        runReport({ ...base, from: 20261127, status: 5, refId: 7, now: '2026-01-01' } as never),
      ),
    ).toBe(
      'runReport: from: expected a string, not 20261127; status: expected a string or a list of strings, not 5; refId: expected a string, not 7; now: expected a valid Date, not "2026-01-01"',
    );
    expect(await usage(runReport({ campaignKey: 'summer', from: 'today' } as never))).toBe(
      'runReport: client is required',
    );
    expect(await usage(runReport({ ...base, countMismatch: 'ignore' } as never))).toBe(
      'runReport: countMismatch: expected one of error, warn, not "ignore"',
    );
    expect(await usage(runReport(undefined as never))).toBe(
      'runReport: expected an object of options, not undefined',
    );
  });
});
