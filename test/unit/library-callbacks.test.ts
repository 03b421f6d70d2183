/**
 * A caller's callback that throws (review, session 18): `runImport`'s `onProgress` throwing
 * mid-send left a history record `imported: 0` while 350 leads were in the campaign, and the
 * batch whose answer had just come was recorded uncertain. The library now stops the run as an
 * abort would (nothing more is sent, what was sent is recorded as it happened) and rejects with
 * the callback's own error. Over real HTTP against the emulator, with a real state folder.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startEmulator, type RunningEmulator } from '../../src/emulator/index.js';
import { PassThrough } from 'node:stream';
import { FailureError, InterruptedError } from '../../src/errors.js';
import { startScriptedServer, type ScriptedServer } from '../helpers/servers.js';
import {
  createClient,
  listHistory,
  reconcile,
  runImport,
  runReport,
  streamReport,
} from '../../src/index.js';

let emu: RunningEmulator;
let dir: string;

beforeEach(async () => {
  emu = await startEmulator({ port: 0, campaigns: [{ key: 'summer' }] });
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cacs-callbacks-'));
});

afterEach(async () => {
  await emu.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

/** A CSV of `n` distinct valid mobiles. */
function leadsFile(n: number): string {
  const rows = Array.from({ length: n }, (_, i) => `09${String(10_000_000 + i)},Khách ${i}`);
  const file = path.join(dir, 'leads.csv');
  fs.writeFileSync(file, `phone_number,name\n${rows.join('\n')}\n`);
  return file;
}

async function rejection(p: Promise<unknown>): Promise<unknown> {
  return p.then(
    () => {
      throw new Error('expected a rejection');
    },
    (e: unknown) => e,
  );
}

describe("a caller's callback that throws", () => {
  it('runImport: onProgress throwing mid-send stops the run; the history and a rerun are true to what was sent', async () => {
    const file = leadsFile(1000);
    const client = createClient({ baseUrl: emu.url, token: emu.token });
    const stateDir = path.join(dir, 'state');
    const mine = new Error('my progress bar broke');
    let calls = 0;
    const e = await rejection(
      runImport({
        client,
        stateDir,
        file,
        campaignKey: 'summer',
        batchSize: 50,
        concurrency: 1,
        rows: 'data',
        onProgress: (p) => {
          if (p.phase !== 'sending') return;
          calls++;
          if (p.progress.imported >= 300) throw mine;
        },
      }),
    );
    // The caller's own error, as thrown.
    expect(e).toBe(mine);
    const inCampaign = emu.store.leads('summer').length;
    expect(inCampaign).toBeGreaterThanOrEqual(300);
    expect(inCampaign).toBeLessThan(1000);
    // Not called again once it threw.
    const callsWhenThrown = calls;
    expect(callsWhenThrown).toBeGreaterThan(0);

    // The history says what the campaign holds: imported as many as are there, none uncertain.
    const [run] = await listHistory({ stateDir });
    expect(run?.end?.imported).toBe(inCampaign);
    expect(run?.end?.uncertain).toBe(0);
    expect(run?.end?.notSent).toBe(1000 - inCampaign);

    // A rerun sends the rest, each lead once.
    const again = await runImport({ client, stateDir, file, campaignKey: 'summer', rows: 'data' });
    expect(again.imported).toBe(1000 - inCampaign);
    expect(again.uncertain).toBe(0);
    const phones = emu.store.leads('summer').map((l) => l.lead.phone_number);
    expect(phones).toHaveLength(1000);
    expect(new Set(phones).size).toBe(1000);
    expect(calls).toBe(callsWhenThrown);
  });

  it('runImport: onProgress throwing while the rows are checked sends nothing', async () => {
    const file = leadsFile(20);
    const client = createClient({ baseUrl: emu.url, token: emu.token });
    const stateDir = path.join(dir, 'state');
    const mine = new TypeError('preflight view');
    const e = await rejection(
      runImport({
        client,
        stateDir,
        file,
        campaignKey: 'summer',
        onProgress: (p) => {
          if (p.phase === 'preflight') throw mine;
        },
      }),
    );
    expect(e).toBe(mine);
    expect(emu.store.leads('summer')).toHaveLength(0);
    const again = await runImport({ client, stateDir, file, campaignKey: 'summer' });
    expect(again.imported).toBe(20);
  });

  it('runImport: onState throwing (the state folder just opened) sends nothing', async () => {
    const file = leadsFile(5);
    const client = createClient({ baseUrl: emu.url, token: emu.token });
    const mine = new RangeError('state view');
    const e = await rejection(
      runImport({
        client,
        stateDir: path.join(dir, 'state'),
        file,
        campaignKey: 'summer',
        onState: () => {
          throw mine;
        },
      }),
    );
    expect(e).toBe(mine);
    expect(emu.store.leads('summer')).toHaveLength(0);
    // The campaign's lock is let go (it was held for the life of the process): the same import
    // in the same process runs, and sends the leads.
    const again = await runImport({
      client,
      stateDir: path.join(dir, 'state'),
      file,
      campaignKey: 'summer',
    });
    expect(again.imported).toBe(5);
  });

  it.each([
    ['runReport', runReport],
    ['streamReport', streamReport],
  ] as const)('%s: onProgress throwing rejects with that error', async (_name, run) => {
    const client = createClient({ baseUrl: emu.url, token: emu.token });
    const mine = new Error('report view');
    const e = await rejection(
      run({
        client,
        campaignKey: 'summer',
        from: '2026-01-01',
        to: '2026-11-01',
        windowDays: 7,
        onProgress: () => {
          throw mine;
        },
      }),
    );
    expect(e).toBe(mine);
  });

  it('runImport: an input stream that fails at once, or while read, rejects with a FailureError naming it (it ended the process)', async () => {
    const client = createClient({ baseUrl: emu.url, token: emu.token });
    for (const when of ['at once', 'soon', 'later'] as const) {
      const input = new PassThrough();
      input.write('phone_number\n0912345678\n');
      const fail = () => input.destroy(new Error('upstream read failed'));
      if (when === 'at once') fail();
      else if (when === 'soon') queueMicrotask(fail);
      else setTimeout(fail, 30);
      const e = await rejection(
        runImport({ input, client, campaignKey: 'summer', stateDir: path.join(dir, 'state') }),
      );
      expect(e, when).toBeInstanceOf(FailureError);
      expect((e as Error).message).toBe(
        'stdin: reading it failed (upstream read failed); nothing was imported',
      );
    }
    const eio = new PassThrough();
    queueMicrotask(() => eio.destroy(Object.assign(new Error('i/o'), { code: 'EIO' })));
    const e = await rejection(
      runImport({ input: eio, file: 'leads.csv', client, campaignKey: 'summer', dryRun: true }),
    );
    expect((e as Error).message).toBe('leads.csv: reading it failed (EIO); nothing was imported');
    expect(emu.store.leads('summer')).toHaveLength(0);
  });
});

describe("a caller's signal stops what is in flight (review, session 18)", () => {
  let silent: ScriptedServer;
  beforeEach(async () => {
    // Takes every request and never answers.
    silent = await startScriptedServer([() => {}]);
  });
  afterEach(async () => {
    await silent.close();
  });
  /** The call's outcome and how long after the abort it came. */
  async function afterAbort(run: (signal: AbortSignal) => Promise<unknown>) {
    const ac = new AbortController();
    const p = run(ac.signal).then(
      (v) => ({ value: v as unknown, error: undefined as unknown }),
      (e: unknown) => ({ value: undefined as unknown, error: e }),
    );
    // Once the first request is on the server (an event, not a fixed wait).
    while (silent.seen.length === 0) await new Promise((r) => setTimeout(r, 10));
    const at = performance.now();
    ac.abort();
    const r = await p;
    return { ...r, ms: performance.now() - at };
  }
  // A client without the signal: only the call has it. Timeouts far beyond the test.
  const client = () =>
    createClient({
      baseUrl: silent.url,
      token: 'tok-1',
      timeoutMs: 60_000,
      limits: { interruptGraceMs: 300 },
    });

  it('runImport: the batch in flight gets its grace, then the run ends (130), nothing retried', async () => {
    const file = path.join(dir, 'leads.csv');
    fs.writeFileSync(file, 'phone_number\n0912345678\n');
    const r = await afterAbort((signal) =>
      runImport({
        client: client(),
        stateDir: path.join(dir, 'state'),
        file,
        campaignKey: 'summer',
        signal,
      }),
    );
    expect(r.error).toBeUndefined();
    expect((r.value as { exitCode: number }).exitCode).toBe(130);
    // Within the grace and a margin for a loaded machine, never the 60 s timeout.
    expect(r.ms).toBeLessThan(20_000);
    expect(silent.seen).toHaveLength(1);
  });

  it('runReport: ends with an InterruptedError, nothing retried', async () => {
    const r = await afterAbort((signal) =>
      runReport({
        client: client(),
        campaignKey: 'summer',
        from: '2026-11-01',
        to: '2026-11-02',
        signal,
      }),
    );
    expect(r.error).toBeInstanceOf(InterruptedError);
    expect(r.ms).toBeLessThan(20_000);
    expect(silent.seen).toHaveLength(1);
  });

  it('reconcile: ends with its InterruptedError, nothing retried', async () => {
    // An uncertain lead to look for: an import whose answer never comes, stopped.
    const stateDir = path.join(dir, 'state');
    const file = path.join(dir, 'leads.csv');
    fs.writeFileSync(file, 'phone_number\n0912345678\n');
    const hang = await startScriptedServer([(req) => req.socket.destroy()]);
    try {
      const c = createClient({ baseUrl: hang.url, token: 'tok-1', retry: { maxAttempts: 1 } });
      const first = await runImport({
        client: c,
        stateDir,
        file,
        campaignKey: 'summer',
        serviceUrl: silent.url,
      });
      expect(first.uncertain).toBe(1);
    } finally {
      await hang.close();
    }
    const r = await afterAbort((signal) =>
      reconcile({ client: client(), stateDir, campaignKey: 'summer', signal }),
    );
    expect(r.error).toBeInstanceOf(InterruptedError);
    expect((r.error as Error).message).toMatch(/^interrupted/);
    expect(r.ms).toBeLessThan(20_000);
    // Nothing retried: each window asked once (a range across midnight in Vietnam is two).
    const bodies = silent.seen.map((x) => x.body);
    expect(bodies.length).toBeGreaterThanOrEqual(1);
    expect(bodies.length).toBeLessThanOrEqual(2);
    expect(new Set(bodies).size).toBe(bodies.length);
  });
});

describe('a person erased while an import of their campaign is sending (review, session 18)', () => {
  it('forgetLeads in the same process: the number leaves in no batch formed after, listed as erased', async () => {
    const { forgetLeads, LockedError } = await import('../../src/index.js');
    const slow = await startEmulator({ port: 0, campaigns: [{ key: 'summer' }], latencyMs: 40 });
    try {
      const n = 400;
      const file = leadsFile(n);
      const last = `09${String(10_000_000 + n - 1)}`;
      const client = createClient({ baseUrl: slow.url, token: slow.token });
      const stateDir = path.join(dir, 'state');
      // An erasure before the run (of someone not in the file): the run looks only for ones
      // added while it sends.
      await forgetLeads({ queries: ['0900000001'], stateDir });
      const importing = runImport({
        client,
        stateDir,
        file,
        campaignKey: 'summer',
        batchSize: 20,
        concurrency: 1,
        rows: 'data',
      });
      // Once sending has begun (an event: the first batch is in).
      while (slow.store.leads('summer').length === 0) await new Promise((r) => setTimeout(r, 5));
      // The campaign's ledger is this import's: the erasure is recorded, the cleaning refused.
      const e = await forgetLeads({ queries: [last], stateDir }).then(
        () => undefined,
        (x: unknown) => x,
      );
      expect(e).toBeInstanceOf(LockedError);
      const summary = await importing;
      const phones = slow.store.leads('summer').map((l) => l.lead.phone_number);
      expect(phones).not.toContain(last);
      expect(phones).toHaveLength(n - 1);
      expect(summary.erased).toBe(1);
      expect(summary.skippedRows).toEqual([
        expect.objectContaining({
          code: 'erased',
          reason: expect.stringMatching(/^erased on request/),
        }),
      ]);
      // Every row accounted for.
      expect(summary.imported + summary.erased).toBe(n);
    } finally {
      await slow.close();
    }
  });
});
