/**
 * The xlsx report writer as a library (write.ts writeReport, xlsx.ts, zip.ts), read back through
 * independent readers — Python's zipfile + xml.etree (every part, CRCs checked), openpyxl where
 * it is installed — and through cacs' own xlsx reader (src/input/xlsx).
 */
import fs from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { CallAttempt, CallRecord } from '../../src/api/spec.js';
import { openXlsx } from '../../src/input/xlsx/index.js';
import {
  ATTEMPT_COLUMNS,
  LEAD_COLUMNS,
  leadFormat,
  streamSink,
  writeReport,
  type Sink,
} from '../../src/report/write.js';
import {
  CELL_END,
  ROW_END,
  XLSX_MAX_TEXT,
  XlsxWriter,
  columnKind,
  excelSerial,
  fitText,
  xlsxCells,
  xlsxRows,
} from '../../src/report/xlsx.js';
import { ZipLimitError, ZipWriter } from '../../src/report/zip.js';
import { tempDir } from '../helpers/cli.js';
import {
  OPENPYXL_MISSING,
  PYTHON,
  SOFFICE,
  SOFFICE_MISSING,
  readWithEtree,
  readWithLibreOffice,
  readWithOpenpyxl,
  unescapeOoxml,
  type EtreeBook,
} from '../helpers/xlsx-read.js';

const withOpenpyxl = PYTHON.openpyxl !== undefined ? it : it.skip;
if (PYTHON.openpyxl === undefined) console.warn(OPENPYXL_MISSING);
const withLibreOffice = SOFFICE !== undefined ? it : it.skip;
if (SOFFICE === undefined) console.warn(SOFFICE_MISSING);

function fileSink(file: string): Sink & { close(): Promise<void> } {
  const out = fs.createWriteStream(file);
  const sink = streamSink(out);
  return { write: sink.write, close: () => new Promise((resolve) => out.end(resolve)) };
}

async function writeXlsx(
  records: Iterable<CallRecord>,
  flatten: 'attempts' | 'leads' = 'attempts',
  name = `report-${flatten}.xlsx`,
): Promise<string> {
  const file = path.join(tempDir('cacs-xlsx-'), name);
  const sink = fileSink(file);
  await writeReport(records, sink, {
    format: 'xlsx',
    flatten,
    colors: undefined as never,
    columns: 80,
  });
  await sink.close();
  return file;
}

function collect(): Sink & { bytes: () => Buffer } {
  const parts: Buffer[] = [];
  return {
    write: (chunk) => {
      parts.push(Buffer.from(chunk));
      return Promise.resolve();
    },
    bytes: () => Buffer.concat(parts),
  };
}

const attempt = (over: Partial<CallAttempt> = {}): CallAttempt => ({
  session: '0001',
  wait_time: 5,
  talk_time: 30,
  phone_number: '0912345678',
  date_time: '2026-11-20 08:15:30',
  status: 'ANSWERED',
  retry: 0,
  key_press: '01',
  ...over,
});

const HOSTILE = `<&>"' ]]> \u000b\u0001 _x0041_ tab\there\r\nnext`;
const NFD_NAME = 'Nguyễn Thị Ánh'.normalize('NFD');

/** Three leads: two attempts (one with text where numbers and a date should be), none, hostile. */
const RECORDS: CallRecord[] = [
  {
    campaign_id: 1,
    campaign_name: 'Hè 2026',
    campaign_lead_id: 7,
    ref_id: '007',
    phone_number: '0912345678',
    lead_name: 'Nguyễn Thị Ánh',
    call: 2,
    data: [
      attempt(),
      attempt({
        session: 's2',
        wait_time: '007',
        talk_time: '12',
        date_time: 'yesterday',
        status: 'NO ANSWER',
        retry: 1,
        key_press: null,
      }),
    ],
  },
  {
    campaign_id: '0042',
    campaign_name: 'Hè 2026',
    campaign_lead_id: '00008',
    ref_id: null,
    phone_number: '0987654321',
    lead_name: NFD_NAME,
    call: 0,
    data: [],
  },
  {
    campaign_id: 1,
    campaign_name: '=HYPERLINK("http://x","y")',
    campaign_lead_id: 9,
    ref_id: ' padded ',
    phone_number: '0900000001',
    lead_name: HOSTILE,
    call: '3',
    data: [attempt({ date_time: '2026-02-28 23:59:59', key_press: 12, session: 123 })],
  },
];

/** The attempt rows as text, as a person reads them (NFC; dates as written). */
const EXPECTED_ROWS: string[][] = [
  [
    '1',
    'Hè 2026',
    '7',
    '007',
    '0912345678',
    'Nguyễn Thị Ánh',
    '2',
    '0001',
    '5',
    '30',
    '0912345678',
    '2026-11-20 08:15:30',
    'ANSWERED',
    '0',
    '01',
  ],
  [
    '1',
    'Hè 2026',
    '7',
    '007',
    '0912345678',
    'Nguyễn Thị Ánh',
    '2',
    's2',
    '007',
    '12',
    '0912345678',
    'yesterday',
    'NO ANSWER',
    '1',
    '',
  ],
  [
    '0042',
    'Hè 2026',
    '00008',
    '',
    '0987654321',
    'Nguyễn Thị Ánh',
    '0',
    '',
    '',
    '',
    '',
    '',
    '',
    '',
    '',
  ],
  [
    '1',
    '=HYPERLINK("http://x","y")',
    '9',
    ' padded ',
    '0900000001',
    HOSTILE,
    '3',
    '123',
    '5',
    '30',
    '0912345678',
    '2026-02-28 23:59:59',
    'ANSWERED',
    '0',
    '12',
  ],
];

/** A serial number as the wall-clock time it stands for (1900 system, rounded to the second). */
function fromSerial(serial: number): string {
  const ms = Math.round(serial * 86_400) * 1000 + Date.UTC(1899, 11, 30);
  return new Date(ms).toISOString().slice(0, 19).replace('T', ' ');
}

function cellsByColumn(
  book: EtreeBook,
  sheet = 0,
): Array<Record<string, EtreeBook['sheets'][0]['rows'][0]['cells'][0]>> {
  return book.sheets[sheet]!.rows.map((row) => {
    const out: Record<string, EtreeBook['sheets'][0]['rows'][0]['cells'][0]> = {};
    for (const c of row.cells) out[c.ref.replace(/\d+$/, '')] = c;
    return out;
  });
}

const LETTERS = 'ABCDEFGHIJKLMNO'.split('');

describe('xlsx report: read back with zipfile + xml.etree', () => {
  it('holds a workbook of one frozen, filtered sheet of typed cells', async () => {
    const book = readWithEtree(await writeXlsx(RECORDS));
    expect(book.badEntry).toBeNull(); // every entry's CRC matches
    expect(book.entries).toEqual([
      '_rels/.rels',
      'xl/styles.xml',
      'xl/worksheets/sheet1.xml',
      'xl/workbook.xml',
      'xl/_rels/workbook.xml.rels',
      '[Content_Types].xml',
    ]);
    const ct = 'application/vnd.openxmlformats-officedocument.spreadsheetml';
    expect(book.contentTypes.overrides).toEqual({
      '/xl/workbook.xml': `${ct}.sheet.main+xml`,
      '/xl/styles.xml': `${ct}.styles+xml`,
      '/xl/worksheets/sheet1.xml': `${ct}.worksheet+xml`,
    });
    const [sheet] = book.sheets;
    expect(book.sheets).toHaveLength(1);
    expect(sheet!.name).toBe('Attempts');
    expect(sheet!.pane).toEqual({
      ySplit: '1',
      topLeftCell: 'A2',
      activePane: 'bottomLeft',
      state: 'frozen',
    });
    expect(sheet!.autoFilter).toBe('A1:O5');
    expect(book.definedNames).toEqual([
      { name: '_xlnm._FilterDatabase', localSheetId: '0', text: "'Attempts'!$A$1:$O$5" },
    ]);
    // Rows and cells carry their references, in order.
    sheet!.rows.forEach((row, i) => {
      expect(row.r).toBe(String(i + 1));
      for (const c of row.cells) expect(c.ref).toMatch(new RegExp(`^[A-O]${i + 1}$`));
    });

    const rows = cellsByColumn(book);
    // The header: bold inline strings.
    const bold = book.cellXfs[Number(rows[0]!.A!.s)]!;
    expect(bold.fontId).toBe('1');
    expect(LETTERS.map((l) => rows[0]![l]!.value)).toEqual(ATTEMPT_COLUMNS);
    expect(LETTERS.every((l) => rows[0]![l]!.t === 'inlineStr')).toBe(true);

    // Phone numbers and ids: text, formatted "@" (49), leading zeros kept.
    const text = rows[1]!;
    for (const l of ['A', 'C', 'D', 'E', 'H', 'K', 'O']) {
      expect(text[l]!.t, l).toBe('inlineStr');
      expect(book.cellXfs[Number(text[l]!.s)]!.numFmtId, l).toBe('49');
    }
    expect(text.E!.value).toBe('0912345678');
    expect(text.D!.value).toBe('007');
    expect(text.O!.value).toBe('01');
    expect(rows[3]!.A!.value).toBe('0042');
    expect(rows[3]!.C!.value).toBe('00008');
    // Numbers: no type (a number), the digits as written.
    for (const l of ['G', 'I', 'J', 'N']) expect(text[l]!.t, l).toBeNull();
    expect([text.G!.value, text.I!.value, text.J!.value, text.N!.value]).toEqual([
      '2',
      '5',
      '30',
      '0',
    ]);
    // A numeric column holding "007" keeps it as text; "12" is a number.
    expect(rows[2]!.I).toMatchObject({ t: 'inlineStr', value: '007' });
    expect(rows[2]!.J).toMatchObject({ t: null, value: '12' });
    // date_time: a serial number in the date-time format, the service's wall clock.
    const date = text.L!;
    expect(date.t).toBeNull();
    const xf = book.cellXfs[Number(date.s)]!;
    expect(book.numFmts[xf.numFmtId!]).toBe('yyyy-mm-dd hh:mm:ss');
    expect(fromSerial(Number(date.value))).toBe('2026-11-20 08:15:30');
    expect(fromSerial(Number(rows[4]!.L!.value))).toBe('2026-02-28 23:59:59');
    expect(rows[2]!.L).toMatchObject({ t: 'inlineStr', value: 'yesterday' });
    // A lead without attempts: its own cells only.
    expect(Object.keys(rows[3]!).sort()).toEqual(['A', 'B', 'C', 'E', 'F', 'G']);
    // Every text exactly, NFC (dates as the time their serial number stands for).
    rows.slice(1).forEach((row, i) =>
      expect(
        LETTERS.map((l) => {
          const c = row[l];
          if (c === undefined) return '';
          return l === 'L' && c.t === null ? fromSerial(Number(c.value)) : c.value;
        }),
      ).toEqual(EXPECTED_ROWS[i]),
    );
    expect(rows[3]!.F!.value).toBe('Nguyễn Thị Ánh'.normalize('NFC'));
    // White space at either end, TAB or LF inside: xml:space="preserve".
    expect(rows[4]!.D!.preserve).toBe(true);
    expect(rows[4]!.F!.preserve).toBe(true);
    expect(rows[1]!.F!.preserve).toBe(false);
    // Columns: widths from the header and the rows, the text ones formatted "@".
    const cols = book.sheets[0]!.cols;
    expect(cols).toHaveLength(15);
    for (const [i, c] of cols.entries()) {
      expect(Number(c.width), ATTEMPT_COLUMNS[i]).toBeGreaterThanOrEqual(
        ATTEMPT_COLUMNS[i]!.length,
      );
      expect(Number(c.width)).toBeLessThanOrEqual(60);
    }
    expect(cols[4]!.style).toBe(rows[1]!.E!.s);
    // No "number stored as text" flag on the phone and id cells.
    expect(book.sheets[0]!.ignoredErrors).toEqual([
      { sqref: 'A2:A5 C2:C5 D2:D5 E2:E5 H2:H5 K2:K5 O2:O5', numberStoredAsText: '1' },
    ]);
  });

  it('escapes every text so that it reads back exactly (NFC, cut to the cell limit)', async () => {
    const samples = [
      ...fc.sample(fc.string({ unit: 'binary', maxLength: 12 }), { numRuns: 150, seed: 7 }),
      ...fc.sample(
        fc.string({
          unit: fc.integer({ min: 0, max: 0xffff }).map((c) => String.fromCharCode(c)),
          maxLength: 12,
        }),
        { numRuns: 150, seed: 8 },
      ),
      ...fc.sample(
        fc.string({
          unit: fc.constantFrom(
            '_',
            'x',
            '0',
            '0',
            '5',
            'F',
            'D',
            '_x000B_',
            '&',
            '<',
            '>',
            ']]>',
            '\r',
            '\n',
            ' ',
            '\u0000',
            '\ufffe',
            '\uffff',
            '\ud800',
            '\udc00',
          ),
          maxLength: 8,
        }),
        { numRuns: 150, seed: 9 },
      ),
      ']]>',
      '_x0041_',
      '_x005F_',
      '_x00',
      'x'.repeat(XLSX_MAX_TEXT + 5),
      '😀'.repeat(20_000),
    ].filter((s) => s !== '');
    const records: CallRecord[] = samples.map((s, i) => ({
      campaign_id: 1,
      campaign_name: 'c',
      campaign_lead_id: i + 1,
      ref_id: s,
      phone_number: '0901234567',
      lead_name: s,
      call: 1,
      data: [attempt({ status: s })],
    }));
    const file = await writeXlsx(records);
    const expected = samples.map((s) => fitText(s.normalize('NFC')));
    const book = readWithEtree(file);
    expect(book.badEntry).toBeNull();
    const rows = cellsByColumn(book).slice(1);
    // Compared one by one: a failure names the sample (not a diff of 300 strings).
    const differs = (got: Array<string | null | undefined>) =>
      got.flatMap((v, i) =>
        v === expected[i] ? [] : [{ i, sample: samples[i]!.slice(0, 40), got: v?.slice(0, 40) }],
      );
    expect(differs(rows.map((r) => r.F!.value))).toEqual([]);
    expect(differs(rows.map((r) => r.D!.value))).toEqual([]);
    expect(differs(rows.map((r) => r.M!.value))).toEqual([]);
    // cacs' own reader decodes the same escapes.
    const own = await openXlsx(file, 'report.xlsx', {});
    const values: string[] = [];
    for await (const row of own.rows) values.push(row.values[5]!);
    expect(differs(values)).toEqual([]);
  });

  it('cuts text longer than a cell holds to 32,767 characters ending in "…", pairs unsplit', () => {
    expect(fitText('a'.repeat(40_000))).toHaveLength(XLSX_MAX_TEXT);
    expect(fitText('a'.repeat(40_000)).endsWith('…')).toBe(true);
    const cut = fitText('😀'.repeat(20_000));
    expect(cut.length).toBeLessThanOrEqual(XLSX_MAX_TEXT);
    expect(cut.slice(0, -1)).toBe('😀'.repeat((cut.length - 1) / 2));
    expect(fitText('a'.repeat(XLSX_MAX_TEXT))).toBe('a'.repeat(XLSX_MAX_TEXT));
  });

  it('writes an empty report as the header row alone', async () => {
    for (const flatten of ['attempts', 'leads'] as const) {
      const book = readWithEtree(await writeXlsx([], flatten));
      expect(book.badEntry).toBeNull();
      const [sheet] = book.sheets;
      expect(sheet!.rows).toHaveLength(1);
      expect(sheet!.rows[0]!.cells.map((c) => c.value)).toEqual(
        flatten === 'leads' ? LEAD_COLUMNS : ATTEMPT_COLUMNS,
      );
      expect(sheet!.autoFilter).toBe(flatten === 'leads' ? 'A1:K1' : 'A1:O1');
      expect(sheet!.ignoredErrors).toEqual([]);
      expect(sheet!.pane?.state).toBe('frozen');
    }
  });

  it('writes the leads view: one row per lead, its totals as numbers, its last call a date', async () => {
    const book = readWithEtree(await writeXlsx(RECORDS, 'leads'));
    const [sheet] = book.sheets;
    expect(sheet!.name).toBe('Leads');
    expect(sheet!.autoFilter).toBe('A1:K4');
    const rows = cellsByColumn(book);
    expect('ABCDEFGHIJK'.split('').map((l) => rows[0]![l]!.value)).toEqual(LEAD_COLUMNS);
    // attempts, last_status, last_date_time, total_talk_time
    expect(rows[1]!.H).toMatchObject({ t: null, value: '2' });
    expect(rows[1]!.I!.value).toBe('NO ANSWER');
    expect(rows[1]!.J).toMatchObject({ t: 'inlineStr', value: 'yesterday' });
    expect(rows[1]!.K).toMatchObject({ t: null, value: '42' });
    expect(rows[2]!.H).toMatchObject({ t: null, value: '0' });
    expect(rows[2]!.J).toBeUndefined();
    expect(rows[3]!.J!.t).toBeNull();
    expect(fromSerial(Number(rows[3]!.J!.value))).toBe('2026-02-28 23:59:59');
    expect(book.cellXfs[Number(rows[3]!.J!.s)]!.numFmtId).toBe('164');
  });

  it('starts a new sheet, with its own header, filter and freeze, when one is full', async () => {
    const columns = ATTEMPT_COLUMNS.map((name) => ({ name, kind: columnKind(name) }));
    const file = path.join(tempDir('cacs-xlsx-'), 'split.xlsx');
    const sink = fileSink(file);
    const w = new XlsxWriter(sink, { columns, sheetName: 'Attempts', maxRows: 4 });
    const kinds = columns.map((c) => c.kind);
    for (let i = 1; i <= 7; i++) {
      await w.write(xlsxRows([[1, 'c', i, `R${i}`, '0901234567', `Lead ${i}`, 1]], kinds));
    }
    await w.end();
    await sink.close();
    const book = readWithEtree(file);
    expect(book.sheets.map((s) => [s.name, s.rows.length, s.autoFilter])).toEqual([
      ['Attempts', 4, 'A1:O4'],
      ['Attempts 2', 4, 'A1:O4'],
      ['Attempts 3', 2, 'A1:O2'],
    ]);
    for (const s of book.sheets) {
      expect(s.rows[0]!.cells.map((c) => c.value)).toEqual(ATTEMPT_COLUMNS);
      expect(s.pane?.state).toBe('frozen');
    }
    expect(book.sheets.flatMap((s) => s.rows.slice(1).map((r) => r.cells[3]!.value))).toEqual([
      'R1',
      'R2',
      'R3',
      'R4',
      'R5',
      'R6',
      'R7',
    ]);
    expect(book.definedNames.map((d) => [d.localSheetId, d.text])).toEqual([
      ['0', "'Attempts'!$A$1:$O$4"],
      ['1', "'Attempts 2'!$A$1:$O$4"],
      ['2', "'Attempts 3'!$A$1:$O$2"],
    ]);
    expect(Object.keys(book.contentTypes.overrides)).toContain('/xl/worksheets/sheet3.xml');
  });

  it('starts a new sheet when one holds its most XML too (bytes)', async () => {
    const columns = [{ name: 'n', kind: 'text' as const }];
    const file = path.join(tempDir('cacs-xlsx-'), 'bytes.xlsx');
    const sink = fileSink(file);
    // A sheet begins once the last is over 3 MB (what is buffered counts).
    const w = new XlsxWriter(sink, { columns, sheetName: 'S', maxSheetBytes: 3 << 20 });
    const row = xlsxRows([['y'.repeat(10_000)]], ['text']);
    for (let i = 0; i < 1000; i++) await w.write(row);
    await w.end();
    await sink.close();
    const book = readWithEtree(file);
    expect(book.sheets.length).toBeGreaterThan(2);
    expect(book.sheets.reduce((n, s) => n + s.rows.length - 1, 0)).toBe(1000);
  });

  it('writes the same bytes for the same records, whole or in pieces of any size', async () => {
    const a = collect();
    const b = collect();
    const opts = {
      format: 'xlsx' as const,
      flatten: 'attempts' as const,
      colors: undefined as never,
      columns: 80,
    };
    await writeReport(RECORDS, a, opts);
    await writeReport(RECORDS, b, opts);
    expect(a.bytes().equals(b.bytes())).toBe(true);
    // The lead texts cut anywhere (a UTF-8 character too) give the same workbook.
    const format = leadFormat(opts)!;
    const text = Buffer.from(RECORDS.map((r) => format.lead(r)).join(''));
    for (const step of [1, 3, 7, 100]) {
      const c = collect();
      const w = format.encode!(c);
      for (let i = 0; i < text.length; i += step) await w.write(text.subarray(i, i + step));
      await w.end();
      expect(c.bytes().equals(a.bytes()), `pieces of ${step}`).toBe(true);
    }
  });

  it('waits for the sink (back-pressure) and stops on its failure', async () => {
    let release!: () => void;
    const blocked = new Promise<void>((r) => (release = r));
    let made = 0;
    function* many(): Generator<CallRecord> {
      for (let i = 0; i < 200_000; i++) {
        made++;
        yield { ...RECORDS[0]!, campaign_lead_id: i, data: [attempt()] };
      }
    }
    let writes = 0;
    const sink: Sink = {
      write: async () => {
        writes++;
        await blocked;
      },
    };
    const done = writeReport(many(), sink, {
      format: 'xlsx',
      flatten: 'attempts',
      colors: undefined as never,
      columns: 80,
    });
    // The first write reached the sink; then time for a producer that does not wait to run on.
    while (writes === 0) await new Promise((r) => setTimeout(r, 5));
    await new Promise((r) => setTimeout(r, 300));
    // Nothing came back from the sink: a bounded number of leads was made, and waits.
    expect(writes).toBeGreaterThan(0);
    expect(made).toBeLessThan(100_000);
    release();
    await done;
    expect(made).toBe(200_000);

    const failing: Sink = {
      write: async () => {
        throw Object.assign(new Error('disk full'), { code: 'ENOSPC' });
      },
    };
    await expect(
      writeReport(many(), failing, {
        format: 'xlsx',
        flatten: 'attempts',
        colors: undefined as never,
        columns: 80,
      }),
    ).rejects.toThrow('disk full');
  });

  it('zips streamed entries of any pieces (empty, one byte, megabytes of noise) that others unzip', async () => {
    const dir = tempDir('cacs-zip-');
    const file = path.join(dir, 'test.zip');
    const sink = fileSink(file);
    const zip = new ZipWriter(sink, { level: 1 });
    const rand = (n: number, seed: number) => {
      const b = Buffer.alloc(n);
      let x = seed;
      for (let i = 0; i < n; i++) b[i] = (x = (x * 1103515245 + 12345) >>> 0) >>> 24;
      return b;
    };
    const pieces = [
      Buffer.alloc(0),
      Buffer.from('a'),
      rand(3 << 20, 1), // incompressible: more output than a buffer of zlib's
      Buffer.from('<row r="1"/>'.repeat(100_000)),
      ...Array.from({ length: 50 }, (_, i) => rand(i * 37, i)),
    ];
    await zip.file('small.txt', 'hello ünïcode');
    const streamed = zip.stream('dir/streamed.bin');
    for (const p of pieces) await streamed.write(p);
    await streamed.close();
    await zip.stream('empty.bin').close();
    await zip.file('ü-name.txt', '');
    await zip.finish();
    await sink.close();
    const { createHash } = await import('node:crypto');
    const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');
    const script = String.raw`
import hashlib, json, sys, zipfile
z = zipfile.ZipFile(sys.argv[1])
print(json.dumps({'bad': z.testzip(), 'entries': {i.filename: [hashlib.sha256(z.read(i)).hexdigest(), i.file_size, i.flag_bits] for i in z.infolist()}}))
`;
    const { spawnSync } = await import('node:child_process');
    const r = spawnSync(PYTHON.any!, ['-c', script, file], { encoding: 'utf8' });
    expect(r.stderr).toBe('');
    const got = JSON.parse(r.stdout) as {
      bad: null;
      entries: Record<string, [string, number, number]>;
    };
    const all = Buffer.concat(pieces);
    expect(got.bad).toBeNull();
    expect(got.entries).toEqual({
      'small.txt': [sha(Buffer.from('hello ünïcode')), Buffer.byteLength('hello ünïcode'), 0],
      'dir/streamed.bin': [sha(all), all.length, 0x08],
      'empty.bin': [sha(Buffer.alloc(0)), 0, 0x08],
      'ü-name.txt': [sha(Buffer.alloc(0)), 0, 0x800],
    });
    // And fflate (what cacs reads .xlsx input with) agrees.
    const { unzipSync } = await import('fflate');
    const files = unzipSync(fs.readFileSync(file));
    expect(sha(Buffer.from(files['dir/streamed.bin']!))).toBe(sha(all));
  });

  it('refuses a zip past 4 GiB with a message rather than a broken file', async () => {
    const zip = new ZipWriter({ write: async () => undefined });
    (zip as unknown as { offset: number }).offset = 0xffffffff - 10;
    await expect(zip.file('big.xml', 'x'.repeat(100))).rejects.toThrow(ZipLimitError);
    await expect(zip.file('big.xml', 'x')).rejects.toThrow(/4 GiB/);
  });
});

withOpenpyxl('xlsx report: read back with openpyxl', async () => {
  const [sheet, ...more] = readWithOpenpyxl(await writeXlsx(RECORDS));
  expect(more).toHaveLength(0);
  expect(sheet!.title).toBe('Attempts');
  expect(sheet!.freeze).toBe('A2');
  expect(sheet!.filter).toBe('A1:O5');
  expect(sheet!.maxRow).toBe(5);
  expect(sheet!.maxColumn).toBe(15);
  expect(sheet!.rows[0]!.map((c) => c.value)).toEqual(ATTEMPT_COLUMNS);
  const [, first, second, noAttempt, hostile] = sheet!.rows;
  // Phone numbers and ids: str with their leading zeros, formatted as text.
  expect(first![4]).toEqual({ type: 'str', value: '0912345678', format: '@' });
  expect(first![3]).toEqual({ type: 'str', value: '007', format: '@' });
  expect(first![14]).toEqual({ type: 'str', value: '01', format: '@' });
  expect(noAttempt![0]).toMatchObject({ type: 'str', value: '0042' });
  // Numbers: int.
  expect([first![6], first![8], first![9], first![13]].map((c) => [c!.type, c!.value])).toEqual([
    ['int', 2],
    ['int', 5],
    ['int', 30],
    ['int', 0],
  ]);
  expect(second![8]).toMatchObject({ type: 'str', value: '007' });
  expect(second![9]).toMatchObject({ type: 'int', value: 12 });
  // date_time: a datetime equal to the service's wall-clock string.
  expect(first![11]).toEqual({
    type: 'datetime',
    value: '2026-11-20 08:15:30',
    format: 'yyyy-mm-dd hh:mm:ss',
  });
  expect(hostile![11]).toMatchObject({ type: 'datetime', value: '2026-02-28 23:59:59' });
  expect(second![11]).toMatchObject({ type: 'str', value: 'yesterday' });
  // Vietnamese text intact and NFC; hostile text exact (openpyxl may leave _xHHHH_ as is).
  expect(first![5]!.value).toBe('Nguyễn Thị Ánh');
  expect(noAttempt![5]!.value).toBe('Nguyễn Thị Ánh'.normalize('NFC'));
  expect(unescapeOoxml(String(hostile![5]!.value))).toBe(HOSTILE);
  expect(hostile![1]!.value).toBe('=HYPERLINK("http://x","y")');
  expect(hostile![3]!.value).toBe(' padded ');
  expect(noAttempt!.slice(7).every((c) => c.type === 'NoneType')).toBe(true);
  // Widths: every column, wide enough for its header.
  for (const [i, name] of ATTEMPT_COLUMNS.entries()) {
    expect(sheet!.widths[LETTERS[i]!], name).toBeGreaterThanOrEqual(name.length);
  }

  const [leads] = readWithOpenpyxl(await writeXlsx(RECORDS, 'leads'));
  expect(leads!.title).toBe('Leads');
  expect(leads!.freeze).toBe('A2');
  expect(leads!.filter).toBe('A1:K4');
  expect(leads!.rows[0]!.map((c) => c.value)).toEqual(LEAD_COLUMNS);
  expect(leads!.rows[1]!.slice(7).map((c) => c.value)).toEqual([2, 'NO ANSWER', 'yesterday', 42]);
  expect(leads!.rows[3]!.slice(7).map((c) => [c.type, c.value])).toEqual([
    ['int', 1],
    ['str', 'ANSWERED'],
    ['datetime', '2026-02-28 23:59:59'],
    ['int', 30],
  ]);

  const [empty] = readWithOpenpyxl(await writeXlsx([]));
  expect(empty!.maxRow).toBe(1);
  expect(empty!.rows[0]!.map((c) => c.value)).toEqual(ATTEMPT_COLUMNS);
});

withLibreOffice(
  'xlsx report: read back with LibreOffice (types, values, filter, every sheet)',
  async () => {
    const scratch = tempDir('cacs-lo-');
    const book = readWithLibreOffice(await writeXlsx(RECORDS), scratch);
    expect(book.tables.map((t) => t.name)).toEqual(['Attempts']);
    expect(book.databaseRanges).toEqual([
      { target: 'Attempts.A1:Attempts.O5', filterButtons: 'true' },
    ]);
    const [header, first, second, noAttempt, hostile] = book.tables[0]!.rows;
    expect(header!.map((c) => c.text)).toEqual(ATTEMPT_COLUMNS);
    // Text with its zeros; numbers; the date a date, shown in its format.
    expect(first!.map((c) => c.type)).toEqual([
      'string',
      'string',
      'string',
      'string',
      'string',
      'string',
      'float',
      'string',
      'float',
      'float',
      'string',
      'date',
      'string',
      'float',
      'string',
    ]);
    expect(first!.map((c) => c.text)).toEqual(EXPECTED_ROWS[0]);
    expect(first![11]!.value).toBe('2026-11-20T08:15:30');
    expect(second!.map((c) => c.text)).toEqual(EXPECTED_ROWS[1]!.slice(0, 14));
    expect(second![8]).toMatchObject({ type: 'string', text: '007' });
    expect(noAttempt!.map((c) => c.text)).toEqual(EXPECTED_ROWS[2]!.slice(0, 7));
    expect(noAttempt![5]!.text).toBe('Nguyễn Thị Ánh'.normalize('NFC'));
    expect(hostile![5]!.type).toBe('string');
    expect(hostile![5]!.text).toContain(`<&>"' ]]>`);
    // The literal "_x0041_", not "A". (Calc drops a TAB, and control characters, from a cell.)
    expect(hostile![5]!.text).toContain(' _x0041_ tab');
    expect(hostile![5]!.text).toMatch(/\nnext$/);
    expect(hostile![1]!.text).toBe('=HYPERLINK("http://x","y")');
    expect(hostile![11]).toMatchObject({ type: 'date', value: '2026-02-28T23:59:59' });

    // A report past a sheet's rows: every sheet, each with its header and filter.
    const columns = ATTEMPT_COLUMNS.map((name) => ({ name, kind: columnKind(name) }));
    const file = path.join(scratch, 'split.xlsx');
    const sink = fileSink(file);
    const w = new XlsxWriter(sink, { columns, sheetName: 'Attempts', maxRows: 3 });
    const kinds = columns.map((c) => c.kind);
    for (let i = 1; i <= 5; i++) {
      await w.write(xlsxRows([[1, 'c', i, `R${i}`, '0901234567', `Lê ${i}`, 1]], kinds));
    }
    await w.end();
    await sink.close();
    const split = readWithLibreOffice(file, scratch);
    expect(split.tables.map((t) => [t.name, t.rows.length])).toEqual([
      ['Attempts', 3],
      ['Attempts 2', 3],
      ['Attempts 3', 2],
    ]);
    expect(split.tables.flatMap((t) => t.rows.slice(1).map((r) => r[3]!.text))).toEqual([
      'R1',
      'R2',
      'R3',
      'R4',
      'R5',
    ]);
    expect(split.databaseRanges.map((d) => d.target)).toEqual([
      'Attempts.A1:Attempts.O3',
      "'Attempts 2'.A1:'Attempts 2'.O3",
      "'Attempts 3'.A1:'Attempts 3'.O2",
    ]);
  },
  120_000,
);

describe("xlsx report: read back with cacs' own xlsx reader", () => {
  it('gives the rows a person sees: text exact, numbers as digits, dates as written', async () => {
    const file = await writeXlsx(RECORDS);
    const source = await openXlsx(file, 'calls.xlsx', {});
    expect(source.sheetName).toBe('Attempts');
    expect(source.headers).toEqual(ATTEMPT_COLUMNS);
    const rows: string[][] = [];
    for await (const row of source.rows) rows.push(row.values);
    expect(rows).toEqual(EXPECTED_ROWS);
  });
});

describe('xlsx cells', () => {
  it('a JSON number Excel cannot hold exactly (an exponent, over 15 digits) is text, as the same string is (review, session 22)', () => {
    const kinds = ['number'] as const;
    const numberCell = (v: number | string) => xlsxCells([v], [...kinds]).startsWith('\u0001');
    for (const v of [
      1e308,
      Number('123456789012345678901234567890'),
      1e21,
      1.5e-7,
      1234567890123456,
    ])
      expect(numberCell(v), String(v)).toBe(false);
    for (const v of [0, 42, -3, 12.5, 123456789012345]) expect(numberCell(v), String(v)).toBe(true);
    // The same as those written as strings.
    expect(numberCell('1e+308')).toBe(false);
    expect(numberCell('42')).toBe(true);
  });

  it('date-time serial numbers match the calendar (property, against Date.UTC)', () => {
    fc.assert(
      fc.property(
        fc.date({
          min: new Date('1900-03-01T00:00:00Z'),
          max: new Date('9999-12-31T23:59:59Z'),
          noInvalidDate: true,
        }),
        fc.boolean(),
        (d, withT) => {
          const iso = new Date(Math.floor(d.getTime() / 1000) * 1000).toISOString().slice(0, 19);
          const text = withT ? iso : iso.replace('T', ' ');
          const expected = (Date.parse(`${iso}Z`) - Date.UTC(1899, 11, 30)) / 86_400_000;
          expect(Math.abs(excelSerial(text)! - expected)).toBeLessThan(1e-9);
          expect(fromSerial(excelSerial(text)!)).toBe(iso.replace('T', ' '));
        },
      ),
    );
    expect(excelSerial('1900-03-01')).toBe(61);
    expect(excelSerial('2026-11-20 12:00')).toBe(46346.5);
    for (const bad of [
      '2026-02-30 00:00:00',
      '2026-13-01 00:00:00',
      '2026-11-20 24:00:00',
      '2026-11-20 23:60:00',
      '1900-02-28 00:00:00',
      '1899-12-31',
      'yesterday',
      '2026-11-20 08:15:30Z',
      '2026-11-20 08:15:30.5',
      '２０２６-11-20',
    ]) {
      expect(excelSerial(bad), bad).toBeUndefined();
    }
  });

  it('numbers only where the number is exactly what was written', () => {
    const kinds = ['number' as const];
    const cell = (v: string | number) => xlsxCells([v], kinds);
    for (const n of ['0', '12', '-3', '1.5', '1.50', '123456789012345', 12, 0.1, -7]) {
      expect(cell(n), String(n)).toBe(`\u0001${n}`);
    }
    for (const t of ['007', '1e5', '+3', '1.', '.5', '1234567890123456', ' 1', 'NaN', 'abc']) {
      expect(cell(t), t).toBe(t === ' 1' ? '\u0003 1' : t);
    }
    expect(xlsxCells([Infinity], kinds)).toBe('Infinity');
  });

  it('the row form is typed cells between CELL_END, rows ending in ROW_END', () => {
    const kinds = ATTEMPT_COLUMNS.map(columnKind);
    expect(kinds).toEqual([
      'code',
      'text',
      'code',
      'code',
      'code',
      'text',
      'number',
      'code',
      'number',
      'number',
      'code',
      'datetime',
      'text',
      'number',
      'code',
    ]);
    const text = leadFormat({ format: 'xlsx', flatten: 'attempts' })!.lead(RECORDS[0]!);
    const rows = text.split(ROW_END);
    expect(rows.pop()).toBe('');
    expect(rows).toHaveLength(2);
    // The attempts' cells written by write.ts are those of the generic row (same kinds).
    const a = RECORDS[0]!.data[0]!;
    const generic = xlsxRows(
      [
        [
          1,
          'Hè 2026',
          7,
          '007',
          '0912345678',
          'Nguyễn Thị Ánh',
          2,
          a.session,
          a.wait_time,
          a.talk_time,
          a.phone_number,
          a.date_time,
          a.status,
          a.retry,
          a.key_press,
        ],
      ],
      kinds,
    );
    expect(rows[0]! + ROW_END).toBe(generic);
    expect(rows[0]!.split(CELL_END)).toHaveLength(15);
  });
});
