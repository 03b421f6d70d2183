/**
 * `cacs report` writing xlsx, over real HTTP against the emulator: `-o calls.xlsx`, the leads
 * view, a pipe, and the refusal to write a binary file to a terminal. What it writes is read
 * back with Python's zipfile + xml.etree, openpyxl (where installed) and cacs' own reader, and
 * compared with the JSON report of the same range.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmulator, type RunningEmulator } from '../../src/emulator/index.js';
import { openXlsx } from '../../src/input/xlsx/index.js';
import { ATTEMPT_COLUMNS, LEAD_COLUMNS } from '../../src/report/write.js';
import { BIN, isolatedEnv, runCli, tempDir } from '../helpers/cli.js';
import {
  OPENPYXL_MISSING,
  PYTHON,
  readWithEtree,
  readWithOpenpyxl,
  type EtreeBook,
} from '../helpers/xlsx-read.js';

// 2026-11-21 10:00 in Ho Chi Minh City.
const NOW = new Date('2026-11-21T03:00:00Z');
const DAY = 86_400_000;
const FROM = '2026-08-01';
const TO = '2026-11-08';

interface Attempt {
  session: string | number | null;
  wait_time: number | string | null;
  talk_time: number | string | null;
  phone_number: string | null;
  date_time: string;
  status: string;
  retry: number | string | null;
  key_press: string | number | null;
}
interface Rec {
  campaign_id: number | string;
  campaign_name: string;
  campaign_lead_id: number;
  ref_id: string;
  phone_number: string;
  lead_name: string;
  call: number | string;
  data: Attempt[];
}

function env(emu: { url: string }) {
  return isolatedEnv({
    CACS_BASE_URL: emu.url,
    CACS_ACCESS_TOKEN: 'emulator-token',
    CACS_CAMPAIGN: 'summer',
  });
}

const text = (v: unknown) => (v === null || v === undefined ? '' : String(v).normalize('NFC'));

/** The attempt rows of the JSON records, as a person reads the cells. */
function attemptRows(records: Rec[]): string[][] {
  return records.flatMap((r) =>
    r.data.map((a) =>
      [
        r.campaign_id,
        r.campaign_name,
        r.campaign_lead_id,
        r.ref_id,
        r.phone_number,
        r.lead_name,
        r.call,
        a.session,
        a.wait_time,
        a.talk_time,
        a.phone_number,
        a.date_time,
        a.status,
        a.retry,
        a.key_press,
      ].map(text),
    ),
  );
}

/** A serial number as the wall-clock time it stands for (1900 system, to the second). */
function fromSerial(serial: number): string {
  const ms = Math.round(serial * 86_400) * 1000 + Date.UTC(1899, 11, 30);
  return new Date(ms).toISOString().slice(0, 19).replace('T', ' ');
}

/** The sheet's data rows as text: numbers as written, date-time cells as their wall clock. */
function sheetRows(book: EtreeBook, dateColumns: number[]): string[][] {
  const dateStyle = new Set(
    book.cellXfs.flatMap((xf, i) => (xf.numFmtId === '164' ? [String(i)] : [])),
  );
  return book.sheets[0]!.rows.slice(1).map((row) => {
    const out: string[] = Array(book.sheets[0]!.rows[0]!.cells.length).fill('');
    for (const c of row.cells) {
      const col = c.ref.charCodeAt(0) - 65;
      const isDate = c.t === null && dateStyle.has(String(c.s));
      if (isDate) expect(dateColumns).toContain(col);
      out[col] = isDate ? fromSerial(Number(c.value)) : (c.value ?? '');
    }
    return out;
  });
}

describe('cacs report --format xlsx', () => {
  let emu: RunningEmulator;
  let records: Rec[];
  beforeAll(async () => {
    emu = await startEmulator({ port: 0, seed: 3 });
    for (let i = 0; i < 60; i++) {
      emu.store.addLead(
        'summer',
        {
          phone_number: `09${String(10000000 + i)}`,
          name: i % 2 ? `Nguyễn Thị Ánh ${i}` : `Trần Văn Bình ${i}`,
          ref_id: `KH-${String(i).padStart(4, '0')}`,
        },
        new Date(Date.UTC(2026, 7, 1, 2, 0, 0) + i * DAY),
      );
    }
    emu.store.addLead(
      'summer',
      { phone_number: '0900000001', name: '=HYPERLINK("http://x","y") <&>', ref_id: '007' },
      new Date(Date.UTC(2026, 7, 5, 2, 0, 0)),
    );
    const json = await runCli(['report', '--from', FROM, '--to', TO, '--format', 'json'], {
      env: env(emu),
      now: () => NOW,
    });
    expect(json.code).toBe(0);
    records = JSON.parse(json.stdout) as Rec[];
    expect(records.length).toBeGreaterThan(50);
  });
  afterAll(() => emu.close());

  it('-o calls.xlsx: every attempt of the JSON report, typed, in a file only its owner reads', async () => {
    const cwd = tempDir();
    const r = await runCli(['report', '--from', FROM, '--to', TO, '-o', 'calls.xlsx'], {
      env: env(emu),
      cwd,
      now: () => NOW,
    });
    expect(r.stderr).toMatch(/written to calls\.xlsx/);
    expect(r.code).toBe(0);
    expect(r.stdout).toBe('');
    const file = path.join(cwd, 'calls.xlsx');
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(fs.readdirSync(cwd)).toEqual(['calls.xlsx']); // no temporary file left

    const expected = attemptRows(records);
    const book = readWithEtree(file);
    expect(book.badEntry).toBeNull();
    expect(book.sheets.map((s) => s.name)).toEqual(['Attempts']);
    expect(book.sheets[0]!.autoFilter).toBe(`A1:O${expected.length + 1}`);
    expect(book.sheets[0]!.pane).toMatchObject({ ySplit: '1', state: 'frozen' });
    expect(book.sheets[0]!.rows[0]!.cells.map((c) => c.value)).toEqual(ATTEMPT_COLUMNS);
    expect(sheetRows(book, [11])).toEqual(expected);
    // Phone numbers as text with their 0; the formula-looking name as text, not a formula.
    for (const row of book.sheets[0]!.rows.slice(1)) {
      const byCol = new Map(row.cells.map((c) => [c.ref.replace(/\d+$/, ''), c]));
      expect(byCol.get('E')).toMatchObject({ t: 'inlineStr', value: expect.stringMatching(/^09/) });
      expect(byCol.get('L')!.t).toBeNull(); // every date_time of the emulator is a date
    }

    // cacs' own reader: the same text a person sees.
    const own = await openXlsx(file, 'calls.xlsx', {});
    const ownRows: string[][] = [];
    for await (const row of own.rows) ownRows.push(row.values);
    expect(ownRows).toEqual(expected.map((row) => row.map((v) => v)));

    if (PYTHON.openpyxl === undefined) {
      console.warn(OPENPYXL_MISSING);
      return;
    }
    const [sheet] = readWithOpenpyxl(file);
    expect(sheet!.freeze).toBe('A2');
    const rows = sheet!.rows.slice(1);
    expect(rows).toHaveLength(expected.length);
    rows.forEach((row, i) => {
      expect(row[4]).toMatchObject({ type: 'str', value: expected[i]![4] });
      expect(row[11]).toMatchObject({ type: 'datetime', value: expected[i]![11] });
      expect(row[9]!.type).toBe('int');
    });
  });

  it('--flatten leads -o leads.xlsx: one row per lead, last call a date, totals numbers', async () => {
    const cwd = tempDir();
    const r = await runCli(
      ['report', '--from', FROM, '--to', TO, '--flatten', 'leads', '-o', 'leads.xlsx'],
      { env: env(emu), cwd, now: () => NOW },
    );
    expect(r.code).toBe(0);
    const book = readWithEtree(path.join(cwd, 'leads.xlsx'));
    expect(book.sheets[0]!.name).toBe('Leads');
    expect(book.sheets[0]!.rows[0]!.cells.map((c) => c.value)).toEqual(LEAD_COLUMNS);
    const expected = records.map((rec) => {
      const last = rec.data[rec.data.length - 1]!;
      const talk = rec.data.reduce((n, a) => n + Number(a.talk_time ?? 0), 0);
      return [
        ...[
          rec.campaign_id,
          rec.campaign_name,
          rec.campaign_lead_id,
          rec.ref_id,
          rec.phone_number,
          rec.lead_name,
          rec.call,
        ].map(text),
        String(rec.data.length),
        last.status,
        last.date_time,
        String(talk),
      ];
    });
    expect(sheetRows(book, [9])).toEqual(expected);
  });

  it('refuses to write xlsx to a terminal (exit 2) before any request; config format too', async () => {
    emu.store.reportRequests.length = 0;
    const r = await runCli(['report', '--from', FROM, '--to', TO, '--format', 'xlsx'], {
      env: env(emu),
      tty: true,
      now: () => NOW,
    });
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    // (A terminal: the message is coloured.)
    expect(r.stderr.replace(/\u001b\[\d+m/g, '')).toMatch(
      /^error: xlsx is binary; use -o file\.xlsx\n/,
    );
    expect(r.stderr).not.toMatch(/\bat .+:\d+:\d+/); // no stack trace
    const cwd = tempDir();
    fs.writeFileSync(
      path.join(cwd, '.cacsrc.json'),
      JSON.stringify({ report: { format: 'xlsx' } }),
    );
    const c = await runCli(['report', '--from', FROM, '--to', TO], {
      env: env(emu),
      cwd,
      tty: true,
      now: () => NOW,
    });
    expect(c.code).toBe(2);
    expect(c.stderr).toMatch(/xlsx is binary; use -o file\.xlsx/);
    expect(emu.store.reportRequests).toHaveLength(0);
  });

  it('writes xlsx to a pipe (a real process, stdout not a terminal)', async () => {
    const { code, stdout, stderr } = await new Promise<{
      code: number | null;
      stdout: Buffer;
      stderr: string;
    }>((resolve, reject) => {
      const child = spawn(
        process.execPath,
        [BIN, 'report', '--from', FROM, '--to', TO, '--format', 'xlsx'],
        { env: env(emu) as NodeJS.ProcessEnv, cwd: tempDir(), stdio: ['ignore', 'pipe', 'pipe'] },
      );
      const out: Buffer[] = [];
      let err = '';
      child.stdout.on('data', (c: Buffer) => out.push(c));
      child.stderr.on('data', (c: Buffer) => (err += c.toString()));
      child.on('error', reject);
      child.on('close', (c) => resolve({ code: c, stdout: Buffer.concat(out), stderr: err }));
    });
    expect(stderr).toMatch(/lead/);
    expect(code).toBe(0);
    expect(stdout.subarray(0, 4).toString('latin1')).toBe('PK\u0003\u0004');
    const file = path.join(tempDir(), 'piped.xlsx');
    fs.writeFileSync(file, stdout);
    const book = readWithEtree(file);
    expect(book.badEntry).toBeNull();
    expect(sheetRows(book, [11])).toEqual(attemptRows(records));
  });

  it('an empty range gives the header row alone', async () => {
    const cwd = tempDir();
    const r = await runCli(
      ['report', '--from', '2026-01-01', '--to', '2026-01-31', '-o', 'empty.xlsx'],
      { env: env(emu), cwd, now: () => NOW },
    );
    expect(r.code).toBe(0);
    expect(r.stderr).toMatch(/0 leads, 0 attempts/);
    const book = readWithEtree(path.join(cwd, 'empty.xlsx'));
    expect(book.sheets[0]!.rows).toHaveLength(1);
    expect(book.sheets[0]!.autoFilter).toBe('A1:O1');
  });

  it('says so in --help', async () => {
    const r = await runCli(['report', '--help']);
    const help = r.stdout.replace(/\s+/g, ' ');
    expect(help).toMatch(/choices: "csv", "json", "ndjson", "table", "xlsx"/);
    expect(help).toMatch(/CSV, xlsx and table: a row per attempt or per lead/);
    expect(help).toMatch(/-o october\.xlsx/);
  });
});
