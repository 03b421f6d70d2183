/**
 * The library's rows-as-data option of runImport and streamReport, over real HTTP against the
 * emulator.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startEmulator, type RunningEmulator } from '../../src/emulator/index.js';
import {
  InterruptedError,
  UsageError,
  createClient,
  runImport,
  runReport,
  streamReport,
  type CallRecord,
} from '../../src/index.js';

let emu: RunningEmulator | undefined;
let dir: string;

beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cacs-library-'));
});

afterEach(async () => {
  await emu?.close();
  emu = undefined;
  fs.rmSync(dir, { recursive: true, force: true });
});

async function emulator(opts: Parameters<typeof startEmulator>[0] = {}) {
  emu = await startEmulator({ port: 0, campaigns: [{ key: 'summer' }], ...opts });
  return { emu, client: createClient({ baseUrl: emu.url, token: emu.token }) };
}

function write(name: string, text: string): string {
  const file = path.join(dir, name);
  fs.writeFileSync(file, text);
  return file;
}

/** An import into 'summer' with no state folder. */
function importInto(
  client: ReturnType<typeof createClient>,
  file: string,
  more: Partial<Parameters<typeof runImport>[0]> = {},
) {
  return runImport({ file, campaignKey: 'summer', client, stateDir: false, ...more });
}

const LEADS =
  'phone_number,name\n0912345678,An\n12345,Bad row\n0987654312,Binh\n0912345678,An again\n';

describe('runImport rows as data', () => {
  it('by default gives the rejected and skipped rows as data and writes the files too', async () => {
    const { client } = await emulator();
    const file = write('leads.csv', LEADS);
    const s = await importInto(client, file);
    expect(s.imported).toBe(2);
    expect(s.rejectedRows).toEqual([
      {
        line: 3,
        code: expect.any(String) as string,
        reason: expect.any(String) as string,
        values: { phone_number: '12345', name: 'Bad row' },
      },
    ]);
    expect(s.rejectedRows![0]!.code).toBe(Object.keys(s.rejectedByCode)[0]);
    expect(s.skippedRows).toEqual([
      {
        line: 5,
        code: 'duplicate',
        reason: 'phone_number 0912345678 already on line 2',
        values: { phone_number: '0912345678', name: 'An again' },
      },
    ]);
    expect(s.uncertainRows).toEqual([]);
    expect(s.rowsTruncated).toEqual({ rejected: false, skipped: false, uncertain: false });
    expect(s.rejectsFile).toBe(path.join(dir, 'leads.csv.rejects.csv'));
    expect(fs.readFileSync(s.rejectsFile!, 'utf8')).toContain('12345,Bad row');
    expect(s.skippedFile).toBe(path.join(dir, 'leads.csv.skipped.csv'));
  });

  it('reads a relative file against cwd and writes its sidecars beside it', async () => {
    const { client } = await emulator();
    fs.mkdirSync(path.join(dir, 'sub'));
    write('sub/leads.csv', LEADS);
    const s = await runImport({
      file: 'sub/leads.csv',
      cwd: dir,
      campaignKey: 'summer',
      client,
      stateDir: false,
    });
    expect(s.file).toBe('sub/leads.csv');
    expect(s.imported).toBe(2);
    expect(s.rejectsFile).toBe(path.join(dir, 'sub', 'leads.csv.rejects.csv'));
    expect(fs.readdirSync(dir)).toEqual(['sub']);
  });

  it("rows: 'data' writes no sidecar file and leaves an earlier one alone", async () => {
    const { client } = await emulator();
    const file = write('leads.csv', LEADS);
    const earlier = write('leads.csv.rejects.csv', 'line,code,reason,phone_number,name\n');
    const s = await runImport({
      file,
      campaignKey: 'summer',
      client,
      stateDir: path.join(dir, 'state'),
      rows: 'data',
    });
    expect(s.rejectedRows).toHaveLength(1);
    expect(s.skippedRows).toHaveLength(1);
    expect(s.rejectsFile).toBeNull();
    expect(s.skippedFile).toBeNull();
    expect(fs.readdirSync(dir).sort()).toEqual(['leads.csv', 'leads.csv.rejects.csv', 'state']);
    expect(fs.readFileSync(earlier, 'utf8')).toBe('line,code,reason,phone_number,name\n');
  });

  it("rows: 'data' needs no writable folder: a read-only input folder is not refused", async () => {
    if (process.getuid?.() === 0) return; // root writes anywhere
    const { client } = await emulator();
    const ro = path.join(dir, 'ro');
    fs.mkdirSync(ro);
    const file = path.join(ro, 'leads.csv');
    fs.writeFileSync(file, LEADS);
    fs.chmodSync(ro, 0o555);
    try {
      const s = await runImport({
        file,
        campaignKey: 'summer',
        client,
        stateDir: false,
        cwd: ro,
        rows: 'data',
      });
      expect(s.imported).toBe(2);
      expect(s.rejectedRows).toHaveLength(1);
      expect(fs.readdirSync(ro)).toEqual(['leads.csv']);
    } finally {
      fs.chmodSync(ro, 0o755);
    }
  });

  it('keeps at most maxRows rows per list and says the list was cut; the file has them all', async () => {
    const { client } = await emulator();
    const bad = Array.from({ length: 7 }, (_, i) => `12${i},Bad ${i}`).join('\n');
    const file = write('leads.csv', `phone_number,name\n0912345678,An\n${bad}\n`);
    const s = await importInto(client, file, { maxRows: 3 });
    expect(s.rejected).toBe(7);
    expect(s.rejectedRows!.map((r) => r.line)).toEqual([3, 4, 5]);
    expect(s.rowsTruncated).toEqual({ rejected: true, skipped: false, uncertain: false });
    const lines = fs.readFileSync(s.rejectsFile!, 'utf8').trim().split('\n');
    expect(lines).toHaveLength(8);
    await expect(importInto(client, file, { maxRows: -1 })).rejects.toThrow(UsageError);
  });

  it("rows: 'files' gives no lists (as the cacs command)", async () => {
    const { client } = await emulator();
    const file = write('leads.csv', LEADS);
    const s = await importInto(client, file, { rows: 'files' });
    expect(s.rejectsFile).not.toBeNull();
    expect('rejectedRows' in s).toBe(false);
    expect('rowsTruncated' in s).toBe(false);
  });

  it('lists the rows the service refused, with their values, after the preflight rejects', async () => {
    // The service accepts only 09…: 0812345678 passes cacs's pattern and is refused there.
    const { client } = await emulator({ phonePattern: '^09\\d{8}$' });
    const file = write(
      'leads.csv',
      'phone_number,name\n0812345678,Cuong\n12345,Bad\n0912345678,An\n',
    );
    const s = await importInto(client, file, { rows: 'data' });
    expect(s.imported).toBe(1);
    expect(s.rejectedRows!.map((r) => [r.line, r.values])).toEqual([
      [3, { phone_number: '12345', name: 'Bad' }],
      [2, { phone_number: '0812345678', name: 'Cuong' }],
    ]);
  });

  it('lists leads left uncertain as data', async () => {
    const { client } = await emulator({ faults: { dropAfterRate: 1 } });
    const file = write('leads.csv', 'phone_number,name\n0912345678,An\n');
    const s = await importInto(client, file, { rows: 'data' });
    expect(s.uncertain).toBe(1);
    expect(s.uncertainRows).toEqual([
      {
        line: 2,
        code: 'uncertain',
        reason: expect.stringContaining('no definite answer') as string,
        values: { phone_number: '0912345678', name: 'An' },
      },
    ]);
    expect(s.uncertainFile).toBeNull();
  });

  it('refuses a batchSize or concurrency that is not a whole number of at least 1', async () => {
    const file = write('leads.csv', LEADS);
    for (const bad of [{ concurrency: 0 }, { batchSize: 0 }, { concurrency: 1.5 }]) {
      await expect(
        runImport({ file, campaignKey: 'summer', dryRun: true, stateDir: false, ...bad }),
      ).rejects.toThrow(UsageError);
    }
  });
});

describe('streamReport', () => {
  it('hands out the same records as runReport, in the same order, with the same counts', async () => {
    const { client } = await emulator();
    const lines = Array.from({ length: 30 }, (_, i) => `09${String(10000000 + i)},Lead ${i}`);
    const file = write('leads.csv', `phone_number,name\n${lines.join('\n')}\n`);
    await importInto(client, file);
    // 3-day windows: the records come from several requests and are merged.
    const opts = { client, campaignKey: 'summer', from: '10d', windowDays: 3 };
    const all = await runReport(opts);
    const stream = await streamReport(opts);
    expect(stream.requests).toBe(all.requests);
    expect(stream.requests).toBeGreaterThan(1);
    expect(stream.attempts).toBe(all.attempts);
    expect(stream.from).toBe(all.from);
    const got: CallRecord[] = [];
    for await (const r of stream.records) got.push(r);
    expect(got).toEqual(all.records);
    expect(got.length).toBe(30);
    // Iterable once.
    const again: CallRecord[] = [];
    for await (const r of stream.records) again.push(r);
    expect(again).toEqual([]);
  });

  it('stops with an InterruptedError when the signal is aborted during the iteration', async () => {
    const { client } = await emulator();
    const file = write('leads.csv', 'phone_number\n0912345678\n0987654312\n');
    await importInto(client, file);
    const controller = new AbortController();
    const stream = await streamReport({
      client,
      campaignKey: 'summer',
      from: '1d',
      signal: controller.signal,
    });
    const seen: CallRecord[] = [];
    await expect(
      (async () => {
        for await (const r of stream.records) {
          seen.push(r);
          controller.abort();
        }
      })(),
    ).rejects.toThrow(InterruptedError);
    expect(seen).toHaveLength(1);
  });

  it('rejects with the same errors as runReport before any record', async () => {
    const { client } = await emulator();
    await expect(streamReport({ client, campaignKey: 'summer' })).rejects.toThrow(UsageError);
  });
});
