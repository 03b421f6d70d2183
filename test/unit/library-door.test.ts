/**
 * What `cacs` does, done through the library (DESIGN.md "One door"): the history list, one run
 * and the lead search, an import from a stream, a report written to a file as `cacs report -o`
 * writes it, over real HTTP against the emulator and a real state folder.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { Chalk } from 'chalk';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startEmulator, type RunningEmulator } from '../../src/emulator/index.js';
import {
  ExitCode,
  UsageError,
  checkReportOutput,
  complianceStop,
  createClient,
  expandOutputName,
  findInHistory,
  leadFormat,
  listHistory,
  listWrittenLists,
  loadDoNotCallLists,
  planReport,
  prepareReport,
  reportFormatFor,
  runImport,
  runReport,
  showHistoryRun,
  summarize,
  writeFileAtomic,
  writeReport,
  type Sink,
} from '../../src/index.js';
import { setLanguage } from '../../src/messages/index.js';

let emu: RunningEmulator | undefined;
let dir: string;

beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cacs-door-'));
});

afterEach(async () => {
  await emu?.close();
  emu = undefined;
  fs.rmSync(dir, { recursive: true, force: true });
});

async function emulator() {
  emu = await startEmulator({ port: 0, campaigns: [{ key: 'summer' }, { key: 'winter' }] });
  return createClient({ baseUrl: emu.url, token: emu.token });
}

function write(name: string, text: string): string {
  const file = path.join(dir, name);
  fs.writeFileSync(file, text);
  return file;
}

describe('a relative stateDir (review, session 22)', () => {
  it('is read against cwd, as the file is: a second call from elsewhere sends nothing again', async () => {
    const client = await emulator();
    write('m.csv', 'phone_number,name\n0912345678,An\n');
    const call = { client, cwd: dir, file: 'm.csv', campaignKey: 'summer', stateDir: 'state' };
    const first = await runImport(call);
    expect(first.imported).toBe(1);
    // The ledger is in cwd's folder, not in the process's working folder.
    expect(fs.existsSync(path.join(dir, 'state'))).toBe(true);
    expect(path.resolve('state')).not.toBe(path.join(dir, 'state'));
    expect(fs.existsSync(path.resolve('state'))).toBe(false);
    const again = await runImport(call);
    expect([again.imported, again.alreadyImported]).toEqual([0, 1]);
  });

  it('CACS_STATE_DIR, relative, is read as the command reads it: against the working folder', async () => {
    const client = await emulator();
    const sub = path.join(dir, 'sub');
    fs.mkdirSync(sub);
    fs.writeFileSync(path.join(sub, 'm.csv'), 'phone_number,name\n0912345679,An\n');
    const before = process.env.CACS_STATE_DIR;
    process.env.CACS_STATE_DIR = path.relative(process.cwd(), path.join(dir, 'envstate'));
    try {
      const s = await runImport({ client, cwd: sub, file: 'm.csv', campaignKey: 'summer' });
      expect(s.stateDir).toBe(path.join(dir, 'envstate'));
    } finally {
      if (before === undefined) delete process.env.CACS_STATE_DIR;
      else process.env.CACS_STATE_DIR = before;
    }
  });
});

describe('the history through the library', () => {
  it('lists runs newest first, shows one by a prefix of its id, finds which run sent a lead', async () => {
    const client = await emulator();
    const stateDir = path.join(dir, 'state');
    const first = write('a.csv', 'phone_number,name,ref_id\n0912345678,An,R-1\n');
    const second = write('b.csv', 'phone_number,name\n0987654312,Binh\n');
    const one = { client, stateDir, rows: 'data' as const };
    await runImport({ ...one, file: first, campaignKey: 'summer' });
    await runImport({ ...one, file: second, campaignKey: 'winter' });

    const runs = await listHistory({ stateDir });
    expect(runs.map((r) => [r.file, r.campaign, r.end?.imported])).toEqual([
      [second, 'winter', 1],
      [first, 'summer', 1],
    ]);
    expect((await listHistory({ stateDir, limit: 1 })).map((r) => r.campaign)).toEqual(['winter']);
    expect((await listHistory({ stateDir, campaignKey: 'summer' })).map((r) => r.file)).toEqual([
      first,
    ]);

    const shown = await showHistoryRun({ stateDir, id: runs[1]!.id.slice(0, -2) });
    expect(shown).toEqual(runs[1]);
    await expect(showHistoryRun({ stateDir, id: 'nope' })).rejects.toThrow(UsageError);
    await expect(showHistoryRun({ stateDir, id: 'r' })).rejects.toThrow(
      /matches 2 runs: give more of its characters/,
    );

    // A phone number in another written form, and a ref_id.
    const byPhone = await findInHistory({ stateDir, query: '+84 912 345 678' });
    expect(byPhone.found).toEqual([
      expect.objectContaining({
        run: runs[1]!.id,
        file: first,
        campaign: 'summer',
        outcome: 'accepted',
        matched: 'phone',
      }),
    ]);
    const byRef = await findInHistory({ stateDir, query: 'R-1' });
    expect(byRef.found.map((f) => [f.run, f.matched])).toEqual([[runs[1]!.id, 'ref_id']]);

    // The lists cacs wrote, a dry run's too, with the input each was written for.
    const third = write('c.csv', 'phone_number,name\n12,Bad\n0912000777,Chi\n');
    await runImport({
      client,
      stateDir,
      file: third,
      campaignKey: 'summer',
      dryRun: true,
      rejectsPath: path.join(dir, 'c-rejects.csv'),
    });
    expect(await listWrittenLists({ stateDir })).toEqual([
      { file: path.join(dir, 'c-rejects.csv'), input: third, real: false },
    ]);
    await expect(listWrittenLists({ stateDir, statedir: 'x' } as never)).rejects.toThrow(
      /listWrittenLists: unknown option statedir/,
    );
    const none = await findInHistory({ stateDir, query: '0900000000' });
    expect(none.found).toEqual([]);
    expect(none.ledgersAt.startsWith(stateDir)).toBe(true);
    await expect(findInHistory({ stateDir, query: '  ' })).rejects.toThrow(UsageError);
  });

  it('an empty state folder has no runs', async () => {
    expect(await listHistory({ stateDir: path.join(dir, 'empty') })).toEqual([]);
  });
});

describe('runImport from a stream (as cacs import -)', () => {
  it('copies the stream aside, imports its leads, names it stdin and removes the copy', async () => {
    const client = await emulator();
    const spool = path.join(dir, 'tmp');
    fs.mkdirSync(spool);
    const before = process.env.TMPDIR;
    process.env.TMPDIR = spool;
    const read: number[] = [];
    try {
      const s = await runImport({
        input: Readable.from([Buffer.from('phone_number,name\n0912345678,An\n12345,Bad\n')]),
        campaignKey: 'summer',
        client,
        stateDir: false,
        rows: 'data',
        cwd: dir,
        onReading: (bytes) => read.push(bytes),
      });
      expect([s.file, s.imported, s.rejected]).toEqual(['stdin', 1, 1]);
      expect(s.rejectedRows?.map((r) => r.line)).toEqual([3]);
      expect(read.at(-1)).toBe(42);
      expect(emu!.store.leads('summer').map((l) => l.lead.phone_number)).toEqual(['0912345678']);
    } finally {
      if (before === undefined) delete process.env.TMPDIR;
      else process.env.TMPDIR = before;
    }
    expect(fs.readdirSync(spool)).toEqual([]);
  });

  it('refuses a stream past inputLimit before anything is sent, with the advice given', async () => {
    const client = await emulator();
    const big = 'phone_number\n' + '0912345678\n'.repeat(100);
    const refused = await runImport({
      input: Readable.from([Buffer.from(big)]),
      campaignKey: 'summer',
      client,
      stateDir: false,
      inputLimit: 100,
      inputLimitAdvice: 'MY_LIMIT',
    }).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(UsageError);
    expect((refused as UsageError).hint).toMatch(/raise the limit with MY_LIMIT/);
    expect(emu!.store.leads('summer')).toEqual([]);
  });

  it('needs a file or an input', async () => {
    await expect(runImport({ campaignKey: 'summer', dryRun: true })).rejects.toThrow(
      /give file \(or input/,
    );
  });
});

describe('loadDoNotCallLists (the compliance check of cacs report --summary)', () => {
  it('reads lists against cwd, numbers normalised, for summarize', async () => {
    write('dnc.csv', 'phone\n0912 345 678\n');
    const lists = await loadDoNotCallLists(['dnc.csv'], { cwd: dir });
    expect(lists.suppressionLists).toEqual(['dnc.csv']);
    expect(lists.suppressed('+84912345678')).toBe('dnc.csv');
    expect(lists.suppressed('0987654312')).toBeUndefined();
    const checked = summarize([], lists).compliance.suppressed;
    expect(checked.checked).toBe(true);
    expect(summarize([]).compliance.suppressed.checked).toBe(false);
    const named = await loadDoNotCallLists([{ path: path.join(dir, 'dnc.csv'), name: 'DNC' }]);
    expect(named.suppressionLists).toEqual(['DNC']);
  });

  it('a list that cannot be read is a UsageError naming it', async () => {
    await expect(
      loadDoNotCallLists([{ path: 'missing.csv', from: 'my setting' }], { cwd: dir }),
    ).rejects.toThrow(UsageError);
    await expect(loadDoNotCallLists(['missing.csv'], { cwd: dir })).rejects.toThrow(/missing\.csv/);
  });
});

describe('a report written as cacs report -o writes it (prepareReport, leadFormat, writeFileAtomic)', () => {
  it('the file named by its placeholders holds what writeReport writes of runReport, whole', async () => {
    const client = await emulator();
    const leads = write('leads.csv', 'phone_number,name\n0912345678,An\n0987654312,Bình\n');
    await runImport({ file: leads, campaignKey: 'summer', client, stateDir: false, rows: 'data' });
    const now = new Date();
    const plan = planReport({ from: '1d', now });
    const template = path.join(dir, 'calls-{from}-{to}.csv');
    const file = expandOutputName(template, {
      from: plan.range.from,
      to: plan.range.to,
      today: plan.range.to,
    });
    expect(path.basename(file)).toMatch(/^calls-\d{8}-\d{6}-\d{8}-\d{6}\.csv$/);
    const format = await reportFormatFor(file, undefined, false);
    expect(format).toBe('csv');
    const options = { format, flatten: 'leads' as const, bom: true, filtered: false };
    const byLead = await leadFormat(options);
    expect(byLead).toBeDefined();
    const prepared = await prepareReport({ client, campaignKey: 'summer', plan }, byLead!);
    try {
      await writeFileAtomic(file, (sink) => prepared.write(sink));
    } finally {
      prepared.dispose();
    }
    expect(prepared.leads).toBe(2);
    // The same report, all its records in memory, written by writeReport.
    const { records } = await runReport({ client, campaignKey: 'summer', plan });
    const chunks: Buffer[] = [];
    const sink: Sink = {
      write: async (chunk) => void chunks.push(Buffer.from(chunk)),
    };
    await writeReport(records, sink, { ...options, colors: new Chalk({ level: 0 }), columns: 80 });
    const written = fs.readFileSync(file);
    expect(written.equals(Buffer.concat(chunks))).toBe(true);
    expect(written.toString('utf8')).toMatch(/^\ufeff.*phone_number/);
    expect(written.toString('utf8')).toContain('Bình');
    // Nothing but the report is left in the folder (the temporary file was renamed).
    expect(fs.readdirSync(dir).filter((n) => n.startsWith('calls-'))).toEqual([
      path.basename(file),
    ]);
  });

  it('reportFormatFor: a name and a format that disagree is a UsageError', async () => {
    await expect(reportFormatFor('calls.xlsx', undefined, false, 'csv')).rejects.toThrow(
      UsageError,
    );
    expect(await reportFormatFor(undefined, undefined, true)).toBe('table');
    expect(await reportFormatFor(undefined, undefined, false)).toBe('json');
  });
});

describe("complianceStop: the report's stop, built once in the library", () => {
  const attempt = (phone: string, at: string) => ({
    session: null,
    wait_time: 5,
    talk_time: 30,
    phone_number: phone,
    date_time: at,
    status: 'ANSWERED',
    retry: 0,
    key_press: null,
  });
  const lead = (id: number, phone: string, times: string[]) => ({
    campaign_id: 1,
    campaign_name: 'summer',
    campaign_lead_id: id,
    ref_id: null,
    phone_number: phone,
    lead_name: null,
    call: times.length,
    data: times.map((at) => attempt(phone, at)),
  });

  it('exit 6 naming each rule broken, in words without flags', () => {
    const records = [
      // Called at 06:00 (outside 08:00-17:00), and three times in 24 hours (limit 2).
      lead(1, '0912345678', ['2026-11-20 06:00:00', '2026-11-20 09:00:00', '2026-11-20 10:00:00']),
      lead(2, '0987654312', ['2026-11-20 11:00:00']),
    ];
    const summary = summarize(records, {
      compliance: { callHours: '08:00-17:00', maxCallsPer24h: 2 },
    });
    const stop = complianceStop(summary);
    expect(stop).toEqual({
      code: 'failure',
      exitCode: ExitCode.VIOLATIONS,
      message:
        'compliance: 2 violations: 1 attempt outside call hours 08:00-17:00 (compliance.callHours); 1 number called more than 2 times in 24 hours (compliance.maxCallsPer24h)',
      hint: expect.stringMatching(/^The output is complete\./) as unknown as string,
      remedies: [],
    });
    expect(stop!.hint).not.toMatch(/--\w/);
    // In Vietnamese, counted in Vietnamese (review, session 18: "23 violations: 23 attempts
    // ngoài giờ gọi…", text.ts's English plural inside a Vietnamese sentence).
    setLanguage('vi');
    expect(complianceStop(summary)!.message).toBe(
      'tuân thủ: 2 vi phạm: 1 lượt gọi ngoài giờ gọi 08:00-17:00 (compliance.callHours); 1 số bị gọi quá 2 lần trong 24 giờ (compliance.maxCallsPer24h)',
    );
  });

  it('none when nothing is broken', () => {
    const records = [lead(1, '0912345678', ['2026-11-20 09:00:00'])];
    expect(complianceStop(summarize(records))).toBeUndefined();
  });
});

describe('checkReportOutput: where a report goes, checked before any request', () => {
  it('a new file in a writable folder, a file to replace, a device written directly', async () => {
    expect(await checkReportOutput(path.join(dir, 'r.csv'))).toEqual({
      kind: 'file',
      path: path.join(dir, 'r.csv'),
      exists: false,
    });
    const old = write('old.csv', 'x');
    expect(await checkReportOutput(old)).toMatchObject({ kind: 'file', exists: true });
    expect(await checkReportOutput('/dev/null')).toMatchObject({ kind: 'direct', what: 'device' });
  });

  it('a folder, or a file in a missing folder: a UsageError naming the output as given, no flag', async () => {
    await expect(checkReportOutput(dir, 'reports/')).rejects.toThrow(
      new UsageError('reports/: is a folder; give a file name'),
    );
    const missing = path.join(dir, 'no-such', 'r.csv');
    const e = await checkReportOutput(missing).catch((x: unknown) => x);
    expect(e).toBeInstanceOf(UsageError);
    expect((e as UsageError).message).toBe(
      `${missing}: the folder ${path.dirname(missing)} does not exist or cannot be written`,
    );
    expect((e as UsageError).hint).toBe('Create the folder first, or write somewhere else.');
    // Nothing was made.
    expect(fs.existsSync(path.dirname(missing))).toBe(false);
  });
});
