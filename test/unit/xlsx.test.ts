import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { strToU8, zipSync } from 'fflate';
import { afterEach, describe, expect, it } from 'vitest';
import { UsageError } from '../../src/errors.js';
import type { Row } from '../../src/input/types.js';
import { isXlsx, openXlsx, type XlsxOptions } from '../../src/input/xlsx/index.js';
import { openDocumentKind } from '../../src/input/xlsx/zip.js';
import { tempDir } from '../helpers/tmp.js';
import { useCliWords } from '../../src/cli/render/advice.js';
import { setFaceWords } from '../../src/messages/index.js';

// The library's words unless a test asks for the CLI's (which name --sheet).
afterEach(() => setFaceWords({}));

// --------------------------------------------------------------------------------------------
// Building real .xlsx files from minimal SpreadsheetML parts

import {
  NS,
  S,
  STYLES,
  buildXlsx,
  num,
  row,
  sst,
  str,
  strings,
  type BookSpec,
} from '../helpers/xlsx.js';

const dir = tempDir('cacs-xlsx-test-');
let fileCount = 0;

function writeFile(bytes: Uint8Array): string {
  const file = path.join(dir, `book${++fileCount}.xlsx`);
  fs.writeFileSync(file, bytes);
  return file;
}

/** One sheet named Sheet1 (with the test styles) unless told otherwise. */
function book(data: string, extra: Partial<BookSpec> = {}): string {
  return writeFile(buildXlsx({ sheets: [{ name: 'Sheet1', data }], styles: STYLES, ...extra }));
}

async function read(file: string, opts: XlsxOptions = {}) {
  const source = await openXlsx(file, 'leads.xlsx', opts);
  const rows: Row[] = [];
  await source.each((r) => rows.push(r));
  return { headers: source.headers, sheetName: source.sheetName, rows };
}

/** The single data row's values of a sheet whose header is row 1. */
async function values(file: string): Promise<string[]> {
  const { rows } = await read(file);
  expect(rows).toHaveLength(1);
  return rows[0]!.values;
}

async function usageError(p: Promise<unknown>): Promise<UsageError> {
  try {
    await p;
  } catch (e) {
    expect(e).toBeInstanceOf(UsageError);
    return e as UsageError;
  }
  throw new Error('expected a UsageError');
}

// --------------------------------------------------------------------------------------------

describe('openXlsx: text', () => {
  it('reads shared strings: Vietnamese, rich text runs, preserved spaces, escapes', async () => {
    const file = book(
      row(1, sst('A1', 0), sst('B1', 1), sst('C1', 2)) +
        row(2, sst('A2', 3), sst('B2', 4), sst('C2', 5)),
      {
        sharedStrings: [
          '<t>Số điện thoại</t>',
          '<t>Họ tên</t>',
          '<t>Ghi chú</t>',
          '<t>0912345678</t>',
          // Rich text: runs with formatting, plus a phonetic hint that is not part of the text.
          '<r><rPr><b/><sz val="11"/><rFont val="Calibri"/></rPr><t>Nguyễn </t></r>' +
            '<r><t xml:space="preserve">Văn </t></r><r><t>An</t></r><rPh sb="0" eb="1"><t>x</t></rPh>',
          '<t xml:space="preserve">  A &amp; B &lt;x&gt; &quot;q&quot; &apos;s&apos; &#273;&#x1EA1;i_x000D__x000A_line_x005F_x0041_</t>',
        ],
      },
    );
    const { headers, rows } = await read(file);
    expect(headers).toEqual(['Số điện thoại', 'Họ tên', 'Ghi chú']);
    expect(rows).toEqual([
      {
        line: 2,
        values: ['0912345678', 'Nguyễn Văn An', `  A & B <x> "q" 's' đại\r\nline_x0041_`],
      },
    ]);
  });

  it('reads inline strings, formula strings, booleans and errors', async () => {
    const file = book(
      strings(1, 'phone', 'name', 'ok', 'no', 'err', 'formula', 'empty') +
        row(
          2,
          str('A2', '0912 345 678'),
          `<c r="B2" t="inlineStr"><is><r><t>Trần</t></r><r><t xml:space="preserve"> Thị B</t></r></is></c>`,
          num('C2', 1, 't="b"'),
          num('D2', 0, 't="b"'),
          num('E2', '#N/A', 't="e"'),
          `<c r="F2" t="str"><f>A2&amp;"x"</f><v>0912 345 678x</v></c>`,
          `<c r="G2" t="inlineStr"><is><t/></is></c>`,
        ),
    );
    expect(await values(file)).toEqual([
      '0912 345 678',
      'Trần Thị B',
      'TRUE',
      'FALSE',
      '#N/A',
      '0912 345 678x',
      '',
    ]);
  });

  it('decodes entities in sheet names and honours namespace prefixes (x:c)', async () => {
    const data =
      `<x:worksheet xmlns:x="${NS}"><x:sheetData>` +
      `<x:row r="1"><x:c r="A1" t="inlineStr"><x:is><x:t>phone</x:t></x:is></x:c></x:row>` +
      `<x:row r="2"><x:c r="A2"><x:v>912345678</x:v></x:c></x:row>` +
      `</x:sheetData></x:worksheet>`;
    const file = writeFile(buildXlsx({ sheets: [{ name: 'Leads & "Co"', data, raw: true }] }));
    const { sheetName, headers, rows } = await read(file);
    expect(sheetName).toBe('Leads & "Co"');
    expect(headers).toEqual(['phone']);
    expect(rows).toEqual([{ line: 2, values: ['912345678'] }]);
  });
});

describe('openXlsx: numbers as typed', () => {
  it.each([
    ['912345678', undefined, '912345678'],
    ['9.12345678E8', undefined, '912345678'],
    ['9.12345678E+8', undefined, '912345678'],
    ['84912345678', undefined, '84912345678'],
    ['8.4912345678E10', undefined, '84912345678'],
    ['1.5', undefined, '1.5'],
    ['-2.25', undefined, '-2.25'],
    ['0.30000000000000004', undefined, '0.3'],
    ['3.0000000000000004', undefined, '3'],
    ['1.5E-7', undefined, '0.00000015'],
    ['100', undefined, '100'],
    ['0', undefined, '0'],
    ['12345678901234567', undefined, '12345678901234567'],
    ['1.2345678901234567E+25', undefined, '1.2345678901234567E+25'],
    ['912345678', S.zeros, '0912345678'],
    ['9.12345678E8', S.zeros, '0912345678'],
    ['84912345678', S.zeros, '84912345678'],
    ['1.5', S.zeros, '1.5'],
    ['912345678', S.quotedZeros, '00912345678'],
    ['912345678', S.dashed, '0912345678'],
    ['912345678', S.text, '912345678'],
  ])('%s with style %s → %s', async (stored, style, expected) => {
    const extra = style === undefined ? '' : `s="${style}"`;
    const file = book(strings(1, 'n') + row(2, num('A2', stored, extra)));
    expect(await values(file)).toEqual([expected]);
  });

  it('turns date serials into dates (1900 system, its leap-year bug, 1904 system)', async () => {
    const file = book(
      strings(1, 'a', 'b', 'c', 'd', 'e', 'f', 'g', 'h') +
        row(
          2,
          num('A2', 46347, `s="${S.date}"`),
          num('B2', 46347, `s="${S.isoDate}"`),
          num('C2', 46347.5, `s="${S.dateTime}"`),
          num('D2', 59, `s="${S.date}"`),
          num('E2', 60, `s="${S.date}"`),
          num('F2', 61, `s="${S.date}"`),
          num('G2', 0.75, `s="${S.time}"`),
          num('H2', 46347, 't="n"'),
        ),
    );
    expect(await values(file)).toEqual([
      '2026-11-21',
      '2026-11-21',
      '2026-11-21 12:00:00',
      '1900-02-28',
      '1900-02-29',
      '1900-03-01',
      '18:00:00',
      '46347',
    ]);
    const file1904 = book(strings(1, 'd') + row(2, num('A2', 44885, `s="${S.date}"`)), {
      date1904: true,
    });
    expect(await values(file1904)).toEqual(['2026-11-21']);
  });
});

describe('openXlsx: rows and columns', () => {
  it('keeps positions from r attributes, skips empty rows, pads short rows', async () => {
    const file = book(
      row(2) + // an empty row before the header
        row(3, str('A3', 'phone'), str('C3', 'name'), str('D3', '')) +
        row(4, num('A4', 912345678), str('C4', 'An')) +
        row(5, str('A5', '   ')) + // only blanks: handed out, the import counts it as blank
        row(7, str('C7', 'Bình')) +
        // Rows and cells without r: the next row, the next column.
        row(undefined, `<c t="inlineStr"><is><t>x</t></is></c>`, str('D8', '')) +
        row(9, `<c r="B9" s="1"/>`, num('A9', 1)),
    );
    const { headers, rows } = await read(file);
    expect(headers).toEqual(['phone', '', 'name']);
    expect(rows).toEqual([
      { line: 4, values: ['912345678', '', 'An'] },
      { line: 5, values: ['   ', '', ''] },
      { line: 7, values: ['', '', 'Bình'] },
      { line: 8, values: ['x', '', ''] },
      { line: 9, values: ['1', '', ''] },
    ]);
  });

  it('refuses a value in a column without a header, naming the row and column', async () => {
    const file = book(
      strings(1, 'phone', 'name') +
        row(2, num('A2', 1), str('B2', 'a'), str('C2', ' ')) + // a blank beyond: fine
        row(3, num('A3', 2), str('H3', 'stray')),
    );
    const source = await openXlsx(file, 'leads.xlsx', {});
    const seen: number[] = [];
    const err = await usageError(source.each((r) => seen.push(r.line)));
    expect(err.message).toBe('leads.xlsx:3: a value in column H has no header');
    expect(err.hint).toMatch(/column H/);
    expect(seen).toEqual([2]);
  });

  it('meets the pipeline: string headers, every row as wide as the header (each and rows)', async () => {
    const file = book(
      strings(1, 'phone', 'name', 'note', 'city') +
        row(2, num('A2', 912345678)) +
        row(3, num('A3', 912345679), str('D3', 'Huế')) +
        row(4, str('B4', 'Lan'), str('C4', 'x'), str('E4', '')),
    );
    const { headers, rows } = await read(file);
    expect(headers.every((h) => typeof h === 'string')).toBe(true);
    expect(rows).toHaveLength(3);
    for (const r of rows) {
      expect(r.values).toHaveLength(headers.length);
      expect(r.values.every((v) => typeof v === 'string')).toBe(true);
    }
    const source = await openXlsx(file, 'leads.xlsx', {});
    const viaRows: Row[] = [];
    for await (const r of source.rows) viaRows.push(r);
    expect(viaRows).toEqual(rows);
  });
});

describe('openXlsx: sheets', () => {
  const data = (label: string) => strings(1, 'phone', 'sheet') + strings(2, '1', label);
  const file = () =>
    writeFile(
      buildXlsx({
        sheets: [
          { name: 'Sheet1', data: data('one') },
          { name: 'Secret', data: data('hidden'), state: 'hidden' },
          { name: 'Data', data: data('two') },
        ],
      }),
    );

  it('reads the first visible sheet by default', async () => {
    const r = await read(file());
    expect(r.sheetName).toBe('Sheet1');
    expect(r.rows[0]!.values).toEqual(['1', 'one']);
  });

  it.each([['Data'], ['data'], ['2']])('--sheet %s reads the second visible sheet', async (s) => {
    const r = await read(file(), { sheet: s });
    expect(r.sheetName).toBe('Data');
    expect(r.rows[0]!.values).toEqual(['1', 'two']);
  });

  it('reads a hidden sheet by name', async () => {
    expect((await read(file(), { sheet: 'Secret' })).rows[0]!.values).toEqual(['1', 'hidden']);
  });

  it('refuses an unknown sheet, listing the sheets', async () => {
    const f = file();
    const err = await usageError(openXlsx(f, 'leads.xlsx', { sheet: 'Leads' }));
    expect(err.message).toBe('leads.xlsx: no sheet named "Leads" (sheets: Sheet1, Data)');
    expect(err.hint).toBe('Name the sheet, or give its number (1 = the first sheet).');
    useCliWords();
    expect((await usageError(openXlsx(f, 'leads.xlsx', { sheet: 'Leads' }))).hint).toBe(
      'Pass --sheet with a sheet name, or its number (1 = the first sheet).',
    );
    expect((await usageError(openXlsx(f, 'leads.xlsx', { sheet: '3' }))).message).toBe(
      'leads.xlsx: no sheet number 3 (2 sheets: Sheet1, Data)',
    );
  });

  it('refuses an empty sheet and a header without data', async () => {
    expect((await usageError(openXlsx(book(''), 'leads.xlsx', {}))).message).toBe(
      'leads.xlsx: sheet "Sheet1" is empty',
    );
    const blanks = book(row(1, `<c r="A1" s="1"/>`) + strings(2, ' '));
    expect((await usageError(openXlsx(blanks, 'leads.xlsx', {}))).message).toBe(
      'leads.xlsx: sheet "Sheet1" is empty',
    );
    const noData = book(strings(1, 'phone', 'name') + row(2));
    expect((await usageError(openXlsx(noData, 'leads.xlsx', {}))).message).toBe(
      'leads.xlsx: only a header row, no data rows',
    );
    // Rows of empty cells or spaces only: said as blank rows, as every format says them
    // (review, session 16).
    const blankRows = book(strings(1, 'phone', 'name') + row(2) + row(3, str('A3', '')));
    expect((await usageError(openXlsx(blankRows, 'leads.xlsx', {}))).message).toBe(
      'leads.xlsx: no data rows: the row after the header is blank',
    );
  });
});

describe('openXlsx: the chosen sheet has no data', () => {
  const guide = strings(1, 'Hướng dẫn: điền danh sách khách hàng vào sheet "Danh sách"');
  const leads = strings(1, 'SĐT', 'Tên KH') + strings(2, '0912345678', 'An');

  it('a first sheet of instructions names the sheet that has the data and its --sheet', async () => {
    const f = writeFile(
      buildXlsx({
        sheets: [
          { name: 'Hướng dẫn', data: guide },
          { name: 'Trống', data: '' },
          { name: 'Danh sách', data: leads },
          { name: 'Ẩn', data: leads, state: 'hidden' },
        ],
      }),
    );
    const lib = await usageError(openXlsx(f, 'kh.xlsx', {}));
    expect(lib.hint).toBe('Sheet "Danh sách" has data: name it (its number is 3).');
    useCliWords();
    const err = await usageError(openXlsx(f, 'kh.xlsx', {}));
    expect(err.message).toBe('kh.xlsx: only a header row, no data rows');
    expect(err.hint).toBe('Sheet "Danh sách" has data: pass --sheet "Danh sách" (or --sheet 3).');
    // Chosen by --sheet, empty: the same advice.
    const empty = await usageError(openXlsx(f, 'kh.xlsx', { sheet: 'Trống' }));
    expect(empty.message).toBe('kh.xlsx: sheet "Trống" is empty');
    expect(empty.hint).toBe('Sheet "Danh sách" has data: pass --sheet "Danh sách" (or --sheet 3).');
    // The sheet it names reads.
    expect((await read(f, { sheet: '3' })).rows[0]!.values).toEqual(['0912345678', 'An']);
  });

  it('several sheets with data are all named; none: no hint', async () => {
    const f = writeFile(
      buildXlsx({
        sheets: [
          { name: 'Guide', data: '' },
          { name: 'Hà Nội', data: leads },
          { name: 'HCM', data: leads },
        ],
      }),
    );
    expect((await usageError(openXlsx(f, 'kh.xlsx', {}))).hint).toBe(
      'Sheets "Hà Nội" (2), "HCM" (3) have data: name one of them, or give its number.',
    );
    useCliWords();
    const err = await usageError(openXlsx(f, 'kh.xlsx', {}));
    expect(err.hint).toBe(
      'Sheets "Hà Nội" (2), "HCM" (3) have data: pass --sheet with one of their names or numbers.',
    );
    const alone = writeFile(buildXlsx({ sheets: [{ name: 'Guide', data: guide }] }));
    expect((await usageError(openXlsx(alone, 'kh.xlsx', {}))).hint).toBeUndefined();
  });
});

describe('openXlsx: unreadable files', () => {
  it.each([
    ['text', Buffer.from('phone,name\n0912345678,An\n'), /not a zip archive/],
    ['a damaged zip', Buffer.concat([Buffer.from('PK\x03\x04'), Buffer.alloc(200, 7)]), /damaged/],
    [
      'a truncated xlsx',
      Buffer.from(buildXlsx({ sheets: [{ name: 'S', data: strings(1, 'a') }] })).subarray(0, 300),
      /damaged/,
    ],
    ['a zip without a workbook', Buffer.from(zipSync({ 'a.txt': strToU8('hi') })), /no workbook/],
    ['an old .xls', Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), /\.xls/],
  ])('%s is a UsageError with a CSV hint', async (_what, bytes, why) => {
    const err = await usageError(openXlsx(writeFile(bytes), 'leads.xlsx', {}));
    expect(err.message).toMatch(/^leads\.xlsx: cannot read this Excel file \(/);
    expect(err.message).toMatch(why);
    expect(err.hint).toMatch(/CSV UTF-8/);
  });

  it('refuses a missing shared string', async () => {
    const file = book(strings(1, 'a') + row(2, sst('A2', 5)), { sharedStrings: ['<t>x</t>'] });
    expect((await usageError(read(file))).message).toMatch(/^leads\.xlsx:2: .*cell A2/);
  });
});

describe('isXlsx', () => {
  it('recognizes an .xlsx by its zip entries', () => {
    const bytes = Buffer.from(buildXlsx({ sheets: [{ name: 'S', data: '' }] }));
    expect(isXlsx(bytes)).toBe(true);
    expect(isXlsx(bytes.subarray(0, 64))).toBe(true);
  });

  it('refuses other files and zips without Excel parts', () => {
    expect(isXlsx(Buffer.from('phone\n0912345678\n'))).toBe(false);
    expect(isXlsx(Buffer.alloc(0))).toBe(false);
    expect(isXlsx(Buffer.from(zipSync({ 'word/document.xml': strToU8('<w/>') })))).toBe(false);
  });

  it('falls back to the zip signature when the entries cannot be walked', () => {
    const bytes = Buffer.from(zipSync({ 'other/a.xml': strToU8('x'.repeat(1000)) }));
    expect(isXlsx(bytes.subarray(0, 40))).toBe(true);
  });
});

/** An OpenDocument file as the ODF spec lays it out: `mimetype` first, stored, then the rest. */
function openDocument(kind: string, extra: Record<string, Uint8Array> = {}): Buffer {
  return Buffer.from(
    zipSync({
      mimetype: [strToU8(`application/vnd.oasis.opendocument.${kind}`), { level: 0 }],
      'content.xml': strToU8('<office:document-content/>'),
      'META-INF/manifest.xml': strToU8('<manifest:manifest/>'),
      ...extra,
    }),
  );
}

describe('OpenDocument files', () => {
  it('openDocumentKind names the kind from the first entry, and nothing else', () => {
    expect(openDocumentKind(openDocument('spreadsheet'))).toBe('spreadsheet');
    expect(openDocumentKind(openDocument('spreadsheet').subarray(0, 120))).toBe('spreadsheet');
    expect(openDocumentKind(openDocument('text'))).toBe('text');
    expect(openDocumentKind(Buffer.from(buildXlsx({ sheets: [{ name: 'S', data: '' }] })))).toBe(
      undefined,
    );
    // mimetype compressed, or not first: not the ODF layout.
    const compressed = Buffer.from(
      zipSync({ mimetype: strToU8(`application/vnd.oasis.opendocument.spreadsheet`) }),
    );
    expect(openDocumentKind(compressed)).toBe(undefined);
    expect(openDocumentKind(Buffer.from('phone\n0912345678\n'))).toBe(undefined);
    expect(openDocumentKind(Buffer.alloc(0))).toBe(undefined);
  });

  it('openXlsx on an .ods says what it is and to save it as .xlsx or CSV', async () => {
    const err = await usageError(openXlsx(writeFile(openDocument('spreadsheet')), 'leads.ods', {}));
    expect(err.message).toBe(
      'leads.ods is an OpenDocument spreadsheet (.ods), which cacs does not read',
    );
    expect(err.hint).toMatch(/Save it as \.xlsx or as CSV \(UTF-8\)/);
    const text = await usageError(openXlsx(writeFile(openDocument('text')), 'leads.odt', {}));
    expect(text.message).toBe('leads.odt is an OpenDocument text document, not a spreadsheet');
  });

  it.skipIf(spawnSync('/usr/bin/python3', ['-c', 'import odf']).status !== 0)(
    'a real .ods written by odfpy (an independent writer) is recognised',
    async () => {
      const dir = tempDir('cacs-ods-');
      const file = path.join(dir, 'leads.ods');
      const script = `
from odf.opendocument import OpenDocumentSpreadsheet
from odf.table import Table, TableRow, TableCell
from odf.text import P
import sys
doc = OpenDocumentSpreadsheet()
t = Table(name="Leads")
for r in [["phone_number", "name"], ["0912345678", "An"]]:
    tr = TableRow()
    for v in r:
        c = TableCell(valuetype="string"); c.addElement(P(text=v)); tr.addElement(c)
    t.addElement(tr)
doc.spreadsheet.addElement(t)
doc.save(sys.argv[1])
`;
      expect(spawnSync('/usr/bin/python3', ['-c', script, file]).status).toBe(0);
      expect(openDocumentKind(fs.readFileSync(file))).toBe('spreadsheet');
      const err = await usageError(openXlsx(file, 'leads.ods', {}));
      expect(err.message).toBe(
        'leads.ods is an OpenDocument spreadsheet (.ods), which cacs does not read',
      );
    },
  );
});
