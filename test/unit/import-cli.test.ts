/** `cacs import` in-process, over real HTTP against the emulator. */
import fs from 'node:fs';
import path from 'node:path';
import { strToU8, zipSync } from 'fflate';
import iconv from 'iconv-lite';
import { describe, expect, it } from 'vitest';
import type { EmulatorOptions, RunningEmulator } from '../../src/emulator/index.js';
import { ROOT, runCli, tempDir } from '../helpers/cli.js';
import { S, STYLES, buildXlsx, num, row, str, strings } from '../helpers/xlsx.js';
import {
  accountedFor,
  emulatorPool,
  importEnv,
  openFilesUnder,
  processedPhones,
  readCsv,
  write,
  type Summary,
} from '../helpers/import.js';

const MESSY = 'examples/leads.csv';
const MESSY_SOURCE = path.join(ROOT, 'examples', 'leads.csv');
/** The example file, copied into a folder (the sidecar files are written beside the input). */
function messy(dir = tempDir()): string {
  const f = path.join(dir, 'leads.csv');
  fs.copyFileSync(MESSY_SOURCE, f);
  return f;
}
/** Text as Vietnamese Windows writes it: precomposed letters where cp1258 has them, combining tone marks otherwise. */
function toCp1258(text: string): Buffer {
  const fits = (s: string) => iconv.decode(iconv.encode(s, 'windows-1258'), 'windows-1258') === s;
  let out = '';
  for (const ch of text.normalize('NFC')) {
    if (fits(ch)) {
      out += ch;
      continue;
    }
    // e.g. ệ → ê (in cp1258) + combining dot below.
    const [base = '', ...marks] = [...ch.normalize('NFD')];
    const i = marks.findIndex((m) => fits((base + m).normalize('NFC')));
    out +=
      i < 0
        ? base + marks.join('')
        : (base + marks[i]).normalize('NFC') + marks.filter((_, j) => j !== i).join('');
  }
  return iconv.encode(out, 'windows-1258');
}

const emulators = emulatorPool();
const emulator = (opts: EmulatorOptions = {}) => emulators.start(opts);

async function importJson(
  args: string[],
  emu: RunningEmulator,
  opts: { cwd?: string; env?: Record<string, string | undefined>; stdin?: string | Buffer } = {},
) {
  const cwd = opts.cwd ?? tempDir();
  if (args[0] === MESSY) args = [messy(cwd), ...args.slice(1)];
  const r = await runCli(['import', ...args, '--json'], {
    cwd,
    env: opts.env ?? importEnv(emu),
    ...(opts.stdin !== undefined ? { stdin: opts.stdin } : {}),
  });
  // One JSON object whatever the outcome: a summary once the file was read, else the error.
  const json = JSON.parse(r.stdout) as Summary | { exitCode: number; error: { code: string } };
  expect(json.exitCode).toBe(r.code);
  const summary = 'total' in json ? json : undefined;
  if (summary) expect(accountedFor(summary)).toBe(summary.total);
  return { ...r, summary, json, cwd };
}

describe('a messy Vietnamese CSV', () => {
  it('imports every good lead exactly once and explains every bad row', async () => {
    const emu = await emulator();
    const { code, summary, cwd, stderr } = await importJson([MESSY], emu);
    expect(stderr).toBe('');
    expect(code).toBe(3);
    expect(summary).toMatchObject({
      total: 15,
      imported: 10,
      rejected: 4,
      duplicates: 1,
      uncertain: 0,
      serviceSkipped: 0,
      exitCode: 3,
    });
    expect(summary!.rejectedByCode).toEqual({
      phone_letters: 1,
      phone_excel_precision: 1,
      phone_missing: 1,
      phone_format: 1,
    });
    expect(processedPhones(emu)).toEqual([
      '0912345678', // already clean
      '0987654312', // +84 98 765 4312
      '0903456789', // 0903.456.789
      '0903111222', // Excel dropped the zero
      '0912223344', // (091) 222-3344
      '0977888999', // 84977888999
      '0912345679', // 9.12345679E+8, exact
      '0935123456', // 0084 935 123 456
      '0868555666', // trimmed, spaces
      '0379000111',
    ]);
    const stored = emu.store.leads('summer').map((l) => l.lead);
    expect(stored[0]).toEqual({
      phone_number: '0912345678',
      name: 'Nguyễn Văn An',
      email: 'an.nguyen@example.vn',
      address: '12 Lý Thường Kiệt, Hà Nội',
      ref_id: 'KH-0001',
      home_phone: '02438251234',
    });
    expect(stored[3]?.address).toBe('9 Hai Bà Trưng; Hoàn Kiếm, Hà Nội');
    const rejects = fs.readFileSync(path.join(cwd, 'leads.csv.rejects.csv'), 'utf8');
    expect(
      rejects.startsWith(
        '\ufeffline;code;reason;Họ và tên;Số điện thoại;Email;Địa chỉ;Mã khách hàng;Điện thoại bàn\n',
      ),
    ).toBe(true);
    expect(
      readCsv(path.join(cwd, 'leads.csv.rejects.csv'), ';')
        .slice(1)
        .map((r) => [r[0], r[1]]),
    ).toEqual([
      ['8', 'phone_letters'],
      ['11', 'phone_excel_precision'],
      ['12', 'phone_missing'],
      ['15', 'phone_format'],
    ]);
    // The duplicate has nothing to fix: it goes to the skipped file, not the rejects file.
    expect(
      readCsv(path.join(cwd, 'leads.csv.skipped.csv'), ';')
        .slice(1)
        .map((r) => [r[0], r[1]]),
    ).toEqual([['9', 'duplicate']]);
    expect(summary!.skippedByCode).toEqual({ duplicate: 1 });
    expect(rejects).toContain(
      '8;phone_letters;"phone_number ""0912-ABC-789"" has letters";Đặng Minh Giang;0912-ABC-789;',
    );
  });

  it('re-imports the fixed rejects file (its line, code and reason columns are skipped)', async () => {
    const emu = await emulator();
    const first = await importJson([MESSY], emu);
    const file = path.join(first.cwd, 'leads.csv.rejects.csv');
    const fixed = fs
      .readFileSync(file, 'utf8')
      .replace(';0912-ABC-789;', ';0912000789;')
      .replace(';;long.duong', ';0912000111;long.duong');
    fs.writeFileSync(file, fixed);
    const second = await importJson([file], emu, { cwd: first.cwd });
    // Line 9 (a duplicate) is not in the rejects file, so it cannot be sent a second time.
    expect(second.summary).toMatchObject({ total: 4, imported: 2, serviceSkipped: 0, rejected: 2 });
    // The rows still rejected go next to it; the imported file is never replaced.
    expect(second.summary?.rejectsFile).toBe(
      path.join(first.cwd, 'leads.csv.rejects.csv.rejects.csv'),
    );
    expect(readCsv(file, ';')).toHaveLength(5);
    expect(
      readCsv(second.summary!.rejectsFile!, ';')
        .slice(1)
        .map((r) => [r[0], r[1]]),
    ).toEqual([
      ['3', 'phone_excel_precision'],
      ['5', 'phone_format'],
    ]);
    expect(processedPhones(emu).slice(-3)).toEqual(['0379000111', '0912000789', '0912000111']);
  });

  it('shows no progress spinner with --json, even on a terminal', async () => {
    const emu = await emulator();
    const r = await runCli(['import', messy(), '--json'], { env: importEnv(emu), tty: true });
    expect(r.code).toBe(3);
    expect(r.stderr).not.toMatch(/[⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏]|\u001b\[\?25l/);
    const plain = await runCli(['import', messy(), '--dry-run'], {
      env: importEnv(emu),
      tty: true,
    });
    expect(plain.stderr).toMatch(/[⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏](\u001b\[\d+m)? Reading/); // the control: a spinner does show there
  });

  it('prints a human summary on stderr, with counts and the rejects file', async () => {
    const emu = await emulator();
    const cwd = tempDir();
    const r = await runCli(['import', messy(cwd)], { cwd, env: importEnv(emu) });
    expect(r.code).toBe(3);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(/rows read\s+15/);
    expect(r.stderr).toMatch(/imported\s+10/);
    expect(r.stderr).toMatch(/rejected\s+4\s+phone_letters 1/);
    expect(r.stderr).toMatch(/duplicates\s+1/);
    expect(r.stderr).toMatch(/normalised\s+9/);
    expect(r.stderr).toContain(`rejects: ${path.join(cwd, 'leads.csv.rejects.csv')}`);
  });
});

describe('input formats and encodings', () => {
  const rows = [
    { phone: '0912345678', name: 'Nguyễn Văn An' },
    { phone: '+84 98 765 4312', name: 'Trần Thị Bình' },
  ];

  it('reads a JSON array, {"data": [...]}, NDJSON and stdin', async () => {
    const emu = await emulator({ skipExisting: false });
    const dir = tempDir();
    const arr = JSON.stringify(rows.map((r) => ({ phone_number: r.phone, name: r.name })));
    const obj = JSON.stringify({ data: rows.map((r) => ({ sdt: r.phone, 'họ tên': r.name })) });
    const nd =
      rows.map((r) => JSON.stringify({ mobile: r.phone, name: r.name })).join('\n') + '\n\n';
    for (const [name, content] of [
      ['a.json', arr],
      ['b.json', obj],
      ['c.ndjson', nd],
    ] as const) {
      const r = await importJson([write(dir, name, content)], emu, { cwd: dir });
      expect(r.code, name).toBe(0);
      expect(r.summary?.imported, name).toBe(2);
    }
    const csv = 'phone,name\n0912345678,An\n0987654312,Bình\n';
    const s = await importJson(['-'], emu, { cwd: dir, stdin: csv });
    expect(s.summary).toMatchObject({ imported: 2 });
    expect(emu.store.leads('summer').map((l) => l.lead.phone_number)).toEqual(
      Array(4).fill(['0912345678', '0987654312']).flat(),
    );
  });

  it('reads Excel "Unicode text" (UTF-16LE with BOM, tab-separated)', async () => {
    const emu = await emulator();
    const text = 'Họ tên\tSố điện thoại\r\nNguyễn Văn An\t912345678\r\n';
    const buf = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]);
    const r = await importJson([write(tempDir(), 'export.txt', buf)], emu);
    expect(r.code).toBe(0);
    expect(emu.store.leads('summer')[0]?.lead).toEqual({
      phone_number: '0912345678',
      name: 'Nguyễn Văn An',
    });
  });

  it('reads UTF-16BE with BOM', async () => {
    const emu = await emulator();
    const le = Buffer.from('phone,name\n0912345678,Ánh\n', 'utf16le');
    const be = Buffer.alloc(le.length);
    for (let i = 0; i < le.length; i += 2) {
      be[i] = le[i + 1]!;
      be[i + 1] = le[i]!;
    }
    const r = await importJson(
      [write(tempDir(), 'be.csv', Buffer.concat([Buffer.from([0xfe, 0xff]), be]))],
      emu,
    );
    expect(r.code).toBe(0);
    expect(emu.store.leads('summer')[0]?.lead.name).toBe('Ánh');
  });

  it('reads windows-1258 with --encoding, and explains invalid UTF-8 without it', async () => {
    const emu = await emulator();
    const dir = tempDir();
    const file = write(
      dir,
      'cp1258.csv',
      toCp1258('Họ tên,Điện thoại\nNguyễn Văn An,0912345678\n'),
    );
    const bad = await importJson([file], emu, { cwd: dir });
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('cp1258.csv:1: the file is not valid UTF-8');
    expect(bad.stderr).toContain('--encoding windows-1258');
    expect(emu.store.importRequests).toBe(0);
    const ok = await importJson([file, '--encoding', 'windows-1258'], emu, { cwd: dir });
    expect(ok.code).toBe(0);
    expect(emu.store.leads('summer')[0]?.lead.name).toBe('Nguyễn Văn An');
  });

  it('a windows-1258 input: its rejects list in UTF-8 with a BOM, imported again fixed with the same --encoding (operator walk, session 22)', async () => {
    const emu = await emulator();
    const dir = tempDir();
    const file = write(dir, 'w.csv', toCp1258('Họ tên,SĐT\nÂn,0940500001\nÁnh,09405ABC\n'));
    const first = await importJson([file, '--encoding', 'windows-1258'], emu, { cwd: dir });
    expect(first.code).toBe(3);
    const rejects = path.join(dir, 'w.csv.rejects.csv');
    const bytes = fs.readFileSync(rejects);
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(bytes.toString('utf8')).toContain('Ánh');
    // The phone fixed in its column (the reason, which quotes it, left as it is).
    fs.writeFileSync(rejects, bytes.toString('utf8').replace(',09405ABC\n', ',0940500002\n'));
    const again = await importJson([rejects, '--encoding', 'windows-1258'], emu, { cwd: dir });
    expect(again.code, again.stderr).toBe(0);
    expect(emu.store.leads('summer').map((l) => l.lead.name)).toEqual(['Ân', 'Ánh']);
  });

  it.each([
    [',', 'phone,name,company\n0912345678,An,"A, B & Co"\n'],
    [';', 'phone;name;company\n0912345678;An;"A; B"\n'],
    ['\t', 'phone\tname\tcompany\n0912345678\tAn\tAB\n'],
    ['|', 'phone|name|company\n0912345678|An|AB\n'],
  ])('detects the delimiter %j', async (_d, content) => {
    const emu = await emulator();
    const r = await importJson([write(tempDir(), 'x.csv', content)], emu);
    expect(r.code).toBe(0);
    expect(emu.store.leads('summer')[0]?.lead.name).toBe('An');
  });

  it.each([
    [';', ';'],
    ['semicolon', ';'],
    ['TAB', '\t'],
    ['\\t', '\t'],
    ['pipe', '|'],
  ])('splits on --delimiter %j where detection would pick ","', async (flag, d) => {
    // As many commas as delimiters on every line: detection prefers ",", which finds no phone.
    const content = `phone${d}Name, full\n0912345678${d}An, Binh\n0912345679${d}Chi, Dung\n`;
    const emu = await emulator();
    const file = write(tempDir(), 'x.txt', content);
    const map = ['--map', 'name=Name, full'];
    expect((await importJson([file, ...map], emu)).code).toBe(2);
    const r = await importJson([file, ...map, '--delimiter', flag], emu);
    expect(r.code).toBe(0);
    expect(emu.store.leads('summer').map((l) => l.lead.name)).toEqual(['An, Binh', 'Chi, Dung']);
  });

  it('keeps quoted newlines and reports lines correctly after them', async () => {
    const emu = await emulator();
    const r = await importJson(
      [
        write(
          tempDir(),
          'q.csv',
          'phone,address\r\n0912345678,"line one\r\nline two"\r\nbad,x\r\n',
        ),
      ],
      emu,
    );
    expect(r.code).toBe(3);
    expect(emu.store.leads('summer')[0]?.lead.address).toBe('line one\r\nline two');
    expect(readCsv(r.summary!.rejectsFile!)[1]?.[0]).toBe('4');
  });
});

describe('Excel files', () => {
  it('imports an .xlsx: numbers back to the digits typed, the second sheet by --sheet', async () => {
    const emu = await emulator();
    const dir = tempDir();
    const bytes = buildXlsx({
      styles: STYLES,
      sheets: [
        { name: 'Notes', data: strings(1, 'nothing here') },
        {
          name: 'Khách hàng',
          data:
            strings(1, 'Họ và tên', 'Số điện thoại', 'Mã khách hàng') +
            row(2, str('A2', 'Nguyễn Văn An'), num('B2', '912345678'), str('C2', 'KH-1')) +
            row(
              3,
              str('A3', 'Trần Thị Bình'),
              num('B3', '912345679', `s="${S.zeros}"`),
              num('C3', 42),
            ) +
            row(4, str('A4', 'Lê Văn Cường'), num('B4', '9.12345677E8'), str('C4', 'KH-3')) +
            row(6, str('A6', 'Sai Số'), str('B6', '0912-ABC'), str('C6', 'KH-6')),
        },
      ],
    });
    const file = write(dir, 'Danh sách.xlsx', Buffer.from(bytes));
    const r = await importJson([file, '--sheet', 'Khách hàng'], emu, { cwd: dir });
    expect(r.code).toBe(3);
    expect(r.summary).toMatchObject({ total: 4, imported: 3, rejected: 1 });
    expect(emu.store.leads('summer').map((l) => [l.lead.phone_number, l.lead.ref_id])).toEqual([
      ['0912345678', 'KH-1'],
      ['0912345679', '42'],
      ['0912345677', 'KH-3'],
    ]);
    const rejects = fs.readFileSync(path.join(dir, 'Danh sách.xlsx.rejects.csv'), 'utf8');
    expect(
      rejects.startsWith(
        '\ufeffline,code,reason,Họ và tên,Số điện thoại,Mã khách hàng\n6,phone_letters,',
      ),
    ).toBe(true);
    const wrong = await runCli(['import', file, '--sheet', 'Leads'], {
      cwd: dir,
      env: importEnv(emu),
    });
    expect(wrong.code).toBe(2);
    expect(wrong.stderr).toContain('no sheet named "Leads"');
  });

  it('explains an old .xls file', async () => {
    const emu = await emulator();
    const dir = tempDir();
    const r = await runCli(
      [
        'import',
        write(dir, 'old.xls', Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])),
      ],
      { cwd: dir, env: importEnv(emu) },
    );
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('old.xls: this is an old Excel .xls (or password-protected) file');
  });
});

describe('spreadsheets cacs does not read', () => {
  const ods = () =>
    Buffer.from(
      zipSync({
        mimetype: [strToU8('application/vnd.oasis.opendocument.spreadsheet'), { level: 0 }],
        'content.xml': strToU8('<office:document-content/>'),
      }),
    );

  it.each([
    ['leads.ods', []],
    ['leads.ods', ['--format', 'xlsx']],
    ['leads.xlsx', []],
    ['leads.ods', ['--format', 'csv']],
  ])('%s %j: an OpenDocument spreadsheet, save it as .xlsx or CSV', async (name, flags) => {
    const emu = await emulator();
    const dir = tempDir();
    const file = write(dir, name, ods());
    const r = await runCli(['import', file, ...flags], { cwd: dir, env: importEnv(emu) });
    expect(r.code).toBe(2);
    expect(r.stderr).toBe(
      `error: ${file} is an OpenDocument spreadsheet (.ods), which cacs does not read\n` +
        'Save it as .xlsx or as CSV (UTF-8) — in LibreOffice Calc: File › Save As… — and import that file.\n',
    );
    expect(emu.store.importRequests).toBe(0);
  });

  it('a do-not-call list in .ods is named the same way', async () => {
    const emu = await emulator();
    const dir = tempDir();
    const leads = write(dir, 'leads.csv', 'phone\n0912345678\n');
    write(dir, 'dnc.ods', ods());
    const r = await runCli(['import', leads, '--suppress', 'dnc.ods'], {
      cwd: dir,
      env: importEnv(emu),
    });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('dnc.ods is an OpenDocument spreadsheet (.ods)');
    expect(emu.store.importRequests).toBe(0);
  });
});

describe('malformed input: exit 2, named file and line, nothing sent', () => {
  it.each([
    [
      'unclosed.csv',
      'phone,name\n0912345678,"An\n',
      /unclosed\.csv:2, column 2 \(name\): a quoted value is never closed/,
    ],
    [
      'ragged.csv',
      'phone,name\n0912345678,An\n0987654312,Bình,extra\n',
      /ragged\.csv:3: this row has 3 values but the header has 2 columns/,
    ],
    // A header that cannot be read once ended the process with a stack trace.
    [
      'header-quote.csv',
      'phone,"name\n0912345678,An\n',
      /header-quote\.csv:1, column 2: a quoted value is never closed/,
    ],
    [
      'header-closing.csv',
      'phone,"name"x\n0912345678,An\n',
      /header-closing\.csv:1, column 2: a closing quote is followed by other characters/,
    ],
    ['broken.json', '[{"phone": "0912345678"},\n{"phone": ]', /broken\.json:2: not valid JSON/],
    ['broken.ndjson', '{"phone":"0912345678"}\n{"phone":\n', /broken\.ndjson:2: not valid JSON/],
    [
      'scalar.ndjson',
      '{"phone":"0912345678"}\n42\n',
      /scalar\.ndjson:2: expected the line to be an object of lead fields, got number/,
    ],
    [
      'nested.json',
      '[{"phone":"0912345678","name":{"first":"An"}}]',
      /nested\.json:1: "name" holds an object/,
    ],
    ['empty.csv', '', /empty\.csv: the file is empty/],
    ['header.csv', 'phone,name\n', /header\.csv: only a header row, no data rows/],
    ['nophone.csv', 'name,email\nAn,a@b.vn\n', /nophone\.csv: no phone column/],
    // Old Mac line ends: the fast reader hands the file to csv-parse, which refuses the header.
    ['nophone-cr.csv', 'name,email\rAn,a@b.vn\r', /nophone-cr\.csv: no phone column/],
    ['dup.csv', 'phone,name,Name\n0912345678,An,An\n', /dup\.csv: duplicate header/],
    ['ambiguous.csv', 'phone,mobile\n0912345678,0987654312\n', /ambiguous\.csv: .*ambiguous/i],
    [
      'unmapped.csv',
      'phone,Sản phẩm\n0912345678,Bảo hiểm\n',
      /unmapped\.csv: a column matches no lead field: Sản phẩm/,
    ],
    [
      'binary.csv',
      Buffer.from([0x70, 0x68, 0x00, 0x01, 0x02, 0x0a]),
      /binary\.csv: looks like a binary file/,
    ],
    [
      'archive.zip',
      Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x14, 0x00]),
      /archive\.zip: (this is a zip file, not a lead file|cannot read this Excel file)/,
    ],
    [
      'list.json',
      '{"leads": []}',
      /list\.json: expected an array of leads or \{"data": \[\.\.\.\]\}/,
    ],
  ] as const)('%s', async (name, content, message) => {
    const emu = await emulator();
    const dir = tempDir();
    const r = await runCli(['import', write(dir, name, content)], {
      cwd: dir,
      env: importEnv(emu),
    });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(message);
    expect(r.stderr).not.toMatch(/\n\s+at /);
    expect(emu.store.importRequests).toBe(0);
    expect(fs.readdirSync(dir)).toEqual([name]);
    // A refused header once left the input open until garbage collection ("Closing file
    // descriptor … on garbage collection").
    expect(await openFilesUnder(dir), 'input files left open').toEqual([]);
  });

  // csv-parse's errors (csv.js.org/parse/errors), each in plain words: file, line, column
  // (1-based, by header name), what to do. csv-parse itself is the reference for where it is.
  it.each([
    [
      'INVALID_OPENING_QUOTE',
      'phone,name,address\n0912345678,An,HN\n0987654312,Bi"nh,HN\n',
      'bare.csv:3, column 2 (name): a stray " inside a value that is not in quotes (Bi"…)',
      'Remove the stray ", or put the whole value in quotes with each " inside doubled ("Bi""…").',
    ],
    [
      'CSV_QUOTE_NOT_CLOSED',
      'phone,name,address\n0912345678,An,HN\n0987654312,Bình,"open\n0912000000,X,y\n',
      'bare.csv:3, column 3 (address): a quoted value is never closed (a " is missing), so the rest of the file would be read into it',
      'Add the missing " at the end of that value. A value with a " in it is written in quotes, each " inside doubled: "Lan ""Bé""".',
    ],
    [
      'CSV_INVALID_CLOSING_QUOTE',
      'phone,name,address\n0912345678,"An" Nguyen,HN\n',
      'bare.csv:2, column 2 (name): a closing quote is followed by other characters (a value in quotes must end at the "," or the end of the line)',
      'If that " belongs to the value, double it; otherwise move the text after it inside the quotes. A value with a " in it is written in quotes, each " inside doubled: "Lan ""Bé""".',
    ],
    [
      'CSV_RECORD_INCONSISTENT_FIELDS_LENGTH',
      'phone;name\n0912345678;An;extra\n',
      'bare.csv:2: this row has 3 values but the header has 2 columns',
      'Columns are split on ";"; if that is wrong, pass --delimiter. Values containing ";" must be quoted.',
    ],
  ])('csv-parse %s: plain words, 1-based line and column', async (code, content, message, hint) => {
    const { parse } = await import('csv-parse/sync');
    const delimiter = content.includes(';') ? ';' : ',';
    let reference: { code?: string; lines?: number; index?: number; message?: string } = {};
    try {
      parse(content, { delimiter, skip_empty_lines: true });
    } catch (e) {
      reference = e as typeof reference;
    }
    expect(reference.code).toBe(code);
    if (code !== 'CSV_RECORD_INCONSISTENT_FIELDS_LENGTH' && code !== 'CSV_QUOTE_NOT_CLOSED') {
      // csv-parse counts fields from 0: cacs from 1, as a person (and a spreadsheet) does.
      expect(message).toContain(`:${reference.lines}, column ${reference.index! + 1} `);
    }
    const emu = await emulator();
    const dir = tempDir();
    const r = await runCli(['import', write(dir, 'bare.csv', content)], {
      cwd: dir,
      env: importEnv(emu),
    });
    expect(r.code).toBe(2);
    expect(r.stderr).toBe(`error: ${path.join(dir, message)}\n${hint}\n`);
    // csv-parse's own wording never reaches the operator.
    expect(r.stderr).not.toContain(reference.message!.split(':')[0]!);
    expect(emu.store.importRequests).toBe(0);
  });

  it('a refused header with a broken row after it: the header’s message, no stack trace', async () => {
    // Once an unhandled rejection: csv-parse's error for line 3 ended the process (exit 1).
    const emu = await emulator();
    const dir = tempDir();
    const file = write(dir, 'x.csv', 'phone,name,note\n0912345678,An,ok\n0987654312,Bi"nh,ok\n');
    const r = await runCli(['import', file], { cwd: dir, env: importEnv(emu) });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(`${file}: a column matches no lead field: note`);
    expect(r.stderr).not.toContain('Invalid Opening Quote');
  });

  // csv-parse holds the rest of a file larger than one read (256 KiB) until the rows are asked for.
  it.each([
    ['a legacy encoding', 'nophone-1258.csv', ['--encoding', 'windows-1258'], '\n'],
    ['old Mac line ends (csv-parse)', 'nophone-cr.csv', [], '\r'],
  ])('a refused header in %s leaves no file open', async (_, name, flags, eol) => {
    const emu = await emulator();
    const dir = tempDir();
    const text = `Tên,email${eol}${`An,a@b.vn${eol}`.repeat(60_000)}`;
    const file = write(dir, name, iconv.encode(text, flags.length ? 'windows-1258' : 'utf8'));
    expect(fs.statSync(file).size).toBeGreaterThan(512 * 1024);
    const r = await runCli(['import', file, ...flags], { cwd: dir, env: importEnv(emu) });
    expect(r.code, r.stderr).toBe(2);
    expect(r.stderr).toContain(`${name}: no phone column`);
    expect(await openFilesUnder(dir), 'input files left open').toEqual([]);
  });

  it('a missing file', async () => {
    const emu = await emulator();
    const r = await runCli(['import', 'nope.csv'], { env: importEnv(emu) });
    expect(r).toMatchObject({ code: 2, stderr: 'error: nope.csv: no such file\n' });
  });

  it('a bad --map and a bad --delimiter', async () => {
    const emu = await emulator();
    const m = await runCli(['import', messy(), '--map', 'fone=Phone'], { env: importEnv(emu) });
    expect(m.code).toBe(2);
    expect(m.stderr).toContain('--map:');
    const d = await runCli(['import', messy(), '--delimiter', 'x'], { env: importEnv(emu) });
    expect(d.code).toBe(2);
    expect(d.stderr).toContain(
      "error: option '--delimiter <c>' argument 'x' is invalid. use one of , ; tab |",
    );
  });

  it('asks for the missing settings before reading anything', async () => {
    const emu = await emulator();
    const env = importEnv(emu);
    delete env.CACS_ACCESS_TOKEN;
    const r = await runCli(['import', messy()], { env });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('error: no access token is set');
  });
});

describe('columns', () => {
  it('--map and config import.columns map custom columns, free fields included', async () => {
    const emu = await emulator();
    const dir = tempDir();
    fs.writeFileSync(
      path.join(dir, '.cacsrc.json'),
      JSON.stringify({ import: { columns: { field01: 'Sản phẩm' } } }),
    );
    const file = write(
      dir,
      'x.csv',
      'Điện thoại KH,Tên,Sản phẩm,Ghi chú\n0912345678,An,Bảo hiểm,gọi sáng\n',
    );
    const r = await importJson(
      [
        file,
        '--map',
        'phone_number=Điện thoại KH',
        '--map',
        'name=Tên',
        '--map',
        'field02=Ghi chú',
      ],
      emu,
      { cwd: dir },
    );
    expect(r.code).toBe(0);
    expect(emu.store.leads('summer')[0]?.lead).toEqual({
      phone_number: '0912345678',
      name: 'An',
      field01: 'Bảo hiểm',
      field02: 'gọi sáng',
    });
  });

  it('--ignore-unmapped drops unknown columns, saying which', async () => {
    const emu = await emulator();
    const dir = tempDir();
    const r = await runCli(
      ['import', write(dir, 'x.csv', 'sdt,Ghi chú\n0912345678,abc\n'), '--ignore-unmapped'],
      { cwd: dir, env: importEnv(emu) },
    );
    expect(r.code).toBe(0);
    expect(r.stderr).toContain('ignored columns: Ghi chú');
    expect(emu.store.leads('summer')[0]?.lead).toEqual({ phone_number: '0912345678' });
  });
});

describe('options', () => {
  it('--dry-run checks everything and sends nothing', async () => {
    const emu = await emulator();
    const cwd = tempDir();
    const r = await runCli(['import', messy(cwd), '--dry-run'], { cwd, env: importEnv(emu) });
    expect(r.code).toBe(3);
    expect(emu.store.importRequests).toBe(0);
    expect(r.stderr).toContain('[dry run: nothing sent]');
    expect(r.stderr).toMatch(/would be sent\s+10\s+1 batch of up to 500/);
    expect(r.stderr).toContain('line 3: phone_number "+84 98 765 4312" → 0987654312');
    expect(fs.existsSync(path.join(cwd, 'leads.csv.rejects.csv'))).toBe(true);
  });

  it('--dry-run needs no token or address', async () => {
    const r = await runCli(['import', messy(), '--dry-run', '--json']);
    expect(r.code).toBe(3);
    expect(JSON.parse(r.stdout)).toMatchObject({ dryRun: true, valid: 10, imported: 0 });
  });

  it('--no-dedupe sends duplicates; the service skips what it already has (s/t)', async () => {
    const emu = await emulator();
    const r = await importJson([MESSY, '--no-dedupe'], emu);
    expect(r.summary).toMatchObject({
      duplicates: 0,
      imported: 10,
      serviceSkipped: 1,
      exitCode: 3,
    });
  });

  it('--no-normalize sends values as read (and the spec rejects the untidy phones)', async () => {
    const emu = await emulator();
    const r = await importJson([MESSY, '--no-normalize'], emu);
    expect(r.summary?.normalized).toBe(0);
    expect(r.summary?.imported).toBe(2);
  });

  it('counts as normalised only the rows that pass: a refused landline changed nothing sent', async () => {
    const emu = await emulator();
    const file = write(
      tempDir(),
      'x.csv',
      'phone\n0912 345 678\n024 3826 1234\n+84 24 3826 1234\n0987654312\n',
    );
    const r = await importJson([file], emu);
    expect(r.summary).toMatchObject({ imported: 2, rejected: 2, normalized: 1 });
    expect(r.summary!.rejectedByCode).toEqual({ phone_format: 2 });
    expect(r.summary!.normalizedByKind).toMatchObject({
      phone_separators: 1,
      phone_country_code: 0,
    });
  });

  it('counts leads the service skipped ("s/t leads were imported")', async () => {
    const emu = await emulator();
    emu.store.addLead('summer', { phone_number: '0987654312' }, new Date());
    const r = await importJson([MESSY], emu);
    expect(r.summary).toMatchObject({ imported: 9, serviceSkipped: 1, exitCode: 3 });
  });

  it('reads the "n leads were imported" form too', async () => {
    const emu = await emulator({ messageStyle: 'count' });
    const r = await importJson([write(tempDir(), 'x.csv', 'phone\n0912345678\n0987654312\n')], emu);
    expect(r.summary).toMatchObject({ imported: 2, serviceSkipped: 0, exitCode: 0 });
  });

  it('narrows a batch refused by a stricter service rule down to the bad leads', async () => {
    const emu = await emulator({ phonePattern: '^0[35789]\\d{8}$' });
    const phones = Array.from({ length: 40 }, (_, i) =>
      i === 7 || i === 29 ? `021${String(i).padStart(7, '0')}` : `09${String(i).padStart(8, '0')}`,
    );
    const r = await importJson(
      [
        write(tempDir(), 'x.csv', `phone\n${phones.join('\n')}\n`),
        '--batch-size',
        '40',
        '--concurrency',
        '1',
      ],
      emu,
    );
    expect(r.code).toBe(3);
    expect(r.summary).toMatchObject({ imported: 38, rejected: 2 });
    expect(r.summary!.rejectedByCode).toEqual({ service_wrong_format: 2 });
    expect(processedPhones(emu).sort()).toEqual(
      phones.filter((_, i) => i !== 7 && i !== 29).sort(),
    );
    const rejects = readCsv(r.summary!.rejectsFile!);
    expect(rejects.slice(1).map((x) => [x[0], x[1], x[3]])).toEqual([
      ['9', 'service_wrong_format', '0210000007'],
      ['31', 'service_wrong_format', '0210000029'],
    ]);
    expect(fs.readFileSync(r.summary!.rejectsFile!, 'utf8')).toContain(
      'the service refused it: Parameter #phone_number# is wrong format. Please check it again',
    );
    expect(r.summary!.requests).toBeLessThan(25);
  });

  it('halves the batch size on HTTP 413 and imports everything', async () => {
    const emu = await emulator({ maxBatch: 3 });
    const phones = Array.from({ length: 20 }, (_, i) => `09${String(i).padStart(8, '0')}`);
    const r = await importJson(
      [write(tempDir(), 'x.csv', `phone\n${phones.join('\n')}\n`), '--batch-size', '10'],
      emu,
    );
    expect(r.code).toBe(0);
    expect(r.summary!.imported).toBe(20);
    expect(r.summary!.batchSize).toBeLessThanOrEqual(3);
    expect(processedPhones(emu).sort()).toEqual(phones);
  });

  it('refuses a --rejects file that is the input itself', async () => {
    const emu = await emulator();
    const dir = tempDir();
    const file = write(dir, 'in.csv', 'phone\n0912345678\nbad\n');
    const r = await runCli(['import', file, '--rejects', 'in.csv'], {
      cwd: dir,
      env: importEnv(emu),
    });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('--rejects would overwrite the file being imported');
    expect(fs.readFileSync(file, 'utf8')).toBe('phone\n0912345678\nbad\n');
    expect(emu.store.importRequests).toBe(0);
  });

  it('refuses a --rejects file that is the skipped or the uncertain list of the run (operator walk, session 22)', async () => {
    const emu = await emulator();
    const dir = tempDir();
    const file = write(dir, 'col.csv', 'phone\n0972300001\n0972300001\n123\n');
    for (const [list, words] of [
      ['col.csv.skipped.csv', 'lists the rows it holds back'],
      ['col.csv.uncertain.csv', 'lists its uncertain leads'],
    ] as const) {
      const r = await runCli(['import', file, '--rejects', list], {
        cwd: dir,
        env: importEnv(emu),
      });
      expect(r.code, r.stderr).toBe(2);
      expect(r.stderr).toContain(`the rejects file is where this import ${words}`);
      expect(r.stderr).toContain('Choose another file with --rejects.');
    }
    expect(emu.store.importRequests).toBe(0);
    expect(fs.readdirSync(dir)).toEqual(['col.csv']);
  });

  it('--rejects chooses where rejected rows go', async () => {
    const emu = await emulator();
    const cwd = tempDir();
    const r = await importJson([MESSY, '--rejects', 'out/bad.csv'], emu, { cwd });
    expect(r.summary?.rejectsFile).toBe(path.join(cwd, 'out', 'bad.csv'));
    expect(fs.existsSync(path.join(cwd, 'out', 'bad.csv'))).toBe(true);
  });
});

describe('refusals and secrets', () => {
  it('a token the service refuses: exit 4, a plain message, nothing imported', async () => {
    const emu = await emulator();
    const r = await runCli(['import', messy()], {
      env: importEnv(emu, { CACS_ACCESS_TOKEN: 'not-the-token' }),
    });
    expect(r.code).toBe(4);
    expect(r.stderr).toContain(
      'error: stopped: the service refused the access token: "Header #access_token# does not match. Please check it again"',
    );
    expect(r.stderr).toContain('Check the token and campaign');
    expect(emu.store.received).toHaveLength(0);
  });

  it('a campaign the service does not know: exit 4', async () => {
    const emu = await emulator();
    const r = await runCli(['import', messy(), '--campaign', 'winter'], { env: importEnv(emu) });
    expect(r.code).toBe(4);
    expect(r.stderr).toContain('Parameter #campaign_key# does not match');
  });

  it('never writes the token anywhere, even with --verbose', async () => {
    const token = 'SENTINEL-TOKEN-5b8e1d';
    const emu = await emulator({ token, faults: { rate503: 0.3 }, seed: 4 });
    const cwd = tempDir();
    const env = importEnv(emu, { CACS_ACCESS_TOKEN: token });
    const r = await runCli(['--verbose', 'import', messy(cwd), '--batch-size', '2'], { cwd, env });
    expect(r.code).toBe(3);
    expect(r.stderr).toContain('access_token: ***');
    const files = [cwd, env.CACS_STATE_DIR!].flatMap((d) =>
      fs.readdirSync(d, { recursive: true }).map((f) => path.join(d, String(f))),
    );
    const written = files
      .filter((f) => fs.statSync(f).isFile())
      .map((f) => fs.readFileSync(f, 'utf8'));
    expect(written.length).toBeGreaterThan(1);
    for (const text of [r.stdout, r.stderr, ...written]) expect(text).not.toContain(token);
  });
});
