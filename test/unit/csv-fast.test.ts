/**
 * FastCsvParser must never change what is read: on every input the fast reader (with its
 * csv-parse fallback) yields the same headers, rows, lines and errors as csv-parse alone,
 * and on well-formed files it does not fall back at all.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { FastCsvParser, lineBreaks } from '../../src/input/csv-fast.js';
import { InputChangedError, hashFile } from '../../src/input/bytes.js';
import { csvReader } from '../../src/input/csv.js';
import { inspectInput } from '../../src/input/inspect.js';
import { openRows } from '../../src/input/rows.js';

// Made when a test first writes (a run filtering every test out makes nothing to leave behind).
let made: string | undefined;
const tmp = (): string => (made ??= fs.mkdtempSync(path.join(os.tmpdir(), 'cacs-csv-fast-')));
afterAll(() => {
  if (made !== undefined) fs.rmSync(made, { recursive: true, force: true });
});
afterEach(() => {
  csvReader.fast = true;
});

let n = 0;
type Outcome =
  | { headers: string[]; rows: Array<[number, string[]]> }
  | { error: string; hint?: string | undefined };

async function readWith(file: string, fast: boolean, delimiter: string): Promise<Outcome> {
  csvReader.fast = fast;
  try {
    const info = await inspectInput(file, 'in.csv', { format: 'csv', delimiter });
    const source = await openRows(info);
    const rows: Array<[number, string[]]> = [];
    await source.each((row) => rows.push([row.line, row.values]));
    return { headers: source.headers, rows };
  } catch (e) {
    const err = e as Error & { hint?: string };
    return { error: err.message, hint: err.hint };
  } finally {
    csvReader.fast = true;
  }
}

async function compare(text: string | Buffer, delimiter = ','): Promise<Outcome> {
  const file = path.join(tmp(), `t${++n}.csv`);
  fs.writeFileSync(file, text);
  const slow = await readWith(file, false, delimiter);
  const fast = await readWith(file, true, delimiter);
  expect(fast).toEqual(slow);
  fs.rmSync(file);
  return fast;
}

/** Records as the parser alone gives them, text pushed in the given pieces. */
function parsePieces(pieces: string[], delimiter = ',') {
  const records: Array<[number, string[]]> = [];
  const p = new FastCsvParser(delimiter, (values, line) => records.push([line, values]));
  let ok = true;
  for (const piece of pieces) ok &&= p.push(piece);
  ok &&= p.end();
  return { ok, records };
}

// Text that is mostly CSV: fields quoted or not, with doubled quotes, line breaks inside
// quotes, empty lines, either line ending; sometimes broken on purpose.
const unquoted = fc.string({
  unit: fc.constantFrom('a', 'b', ' ', 'é', 'Đ', '1', '+', '😀', ';'),
  maxLength: 6,
});
const quoted = fc
  .string({
    unit: fc.constantFrom('a', ',', '""', '\n', '\r\n', '\r', ' ', 'ố', ';'),
    maxLength: 6,
  })
  .map((v) => `"${v}"`);
const field = fc.oneof({ weight: 3, arbitrary: unquoted }, { weight: 2, arbitrary: quoted });
const csvText = fc
  .record({
    columns: fc.integer({ min: 1, max: 4 }),
    rows: fc.array(fc.array(field, { minLength: 1, maxLength: 5 }), { maxLength: 6 }),
    eol: fc.constantFrom('\n', '\r\n'),
    ragged: fc.boolean(),
    blank: fc.array(fc.nat(6), { maxLength: 2 }),
    finalEol: fc.boolean(),
    damage: fc.option(
      fc.tuple(fc.nat(200), fc.constantFrom('"', '\r', '\n', '\r\n', ',', 'x"', '" ')),
    ),
  })
  .map(({ columns, rows, eol, ragged, blank, finalEol, damage }) => {
    const lines = rows.map((r) => {
      const cells = ragged ? r : Array.from({ length: columns }, (_, i) => r[i % r.length]!);
      return cells.join(',');
    });
    for (const b of blank) lines.splice(Math.min(b, lines.length), 0, '');
    let text = lines.join(eol) + (finalEol ? eol : '');
    if (damage) {
      const at = damage[0] % (text.length + 1);
      text = text.slice(0, at) + damage[1] + text.slice(at);
    }
    return text;
  });
const chaos = fc.string({
  unit: fc.constantFrom('a', 'é', ',', ';', '"', '\n', '\r', ' ', '\t'),
  maxLength: 40,
});

describe('FastCsvParser', () => {
  it('reads exactly what csv-parse reads, or lets csv-parse read it (property)', async () => {
    await fc.assert(
      fc.asyncProperty(fc.oneof(csvText, chaos), async (text) => {
        await compare(text);
      }),
      { numRuns: 400 },
    );
  });

  it('gives the same records however the text is cut into chunks (property)', () => {
    fc.assert(
      fc.property(csvText, fc.array(fc.nat(), { maxLength: 4 }), (text, cuts) => {
        const points = [...new Set(cuts.map((c) => c % (text.length + 1)))].sort((a, b) => a - b);
        const pieces: string[] = [];
        let from = 0;
        for (const p of points) {
          pieces.push(text.slice(from, p));
          from = p;
        }
        pieces.push(text.slice(from));
        expect(parsePieces(pieces)).toEqual(parsePieces([text]));
      }),
      { numRuns: 500 },
    );
  });

  it('reads well-formed files without falling back: quotes, CRLF, line breaks in values, BOM', async () => {
    const before = csvReader.fallbacks;
    const header = 'Họ tên,Số điện thoại,Địa chỉ';
    expect(
      await compare(
        `\ufeff${header}\r\n"Lan ""Bé""",0901234567,"1 Lê Lợi,\r\nQuận 1"\r\n\r\nHà,0912345678,\r\n`,
      ),
    ).toEqual({
      headers: ['Họ tên', 'Số điện thoại', 'Địa chỉ'],
      rows: [
        [2, ['Lan "Bé"', '0901234567', '1 Lê Lợi,\r\nQuận 1']],
        [5, ['Hà', '0912345678', '']],
      ],
    });
    expect(await compare('a;b\n1;"x\ny"\n2;z', ';')).toEqual({
      headers: ['a', 'b'],
      rows: [
        [2, ['1', 'x\ny']],
        [4, ['2', 'z']],
      ],
    });
    // Longer than one read chunk, with a multi-byte character and a quoted value on the cut.
    const row = 'Nguyễn Văn A,0901234567,"12 Trần Hưng Đạo, Quận 1"\n';
    const big = header + '\n' + row.repeat(Math.ceil(600_000 / Buffer.byteLength(row)));
    const out = await compare(big);
    expect('rows' in out && out.rows.length).toBe(Math.ceil(600_000 / Buffer.byteLength(row)));
    expect(csvReader.fallbacks).toBe(before);
  });

  it('falls back to csv-parse for what it does not read itself, with csv-parse’s messages', async () => {
    const before = csvReader.fallbacks;
    expect(await compare('a,b\n1,2\n3,"4\n')).toMatchObject({
      error: expect.stringContaining('in.csv:3, column 2 (b): a quoted value is never closed'),
    });
    expect(await compare('a,b\n1,2\n3,4,5\n')).toMatchObject({
      error: 'in.csv:3: this row has 3 values but the header has 2 columns',
    });
    expect(await compare('a,b\n1,"2" \n')).toMatchObject({
      error: expect.stringContaining(
        'in.csv:2, column 2 (b): a closing quote is followed by other characters',
      ),
    });
    // Accepted by csv-parse, not by the fast reader: old Mac line ends, changing line ends.
    expect(await compare('a,b\r1,2\r3,4\r')).toEqual({
      headers: ['a', 'b'],
      rows: [
        [2, ['1', '2']],
        [3, ['3', '4']],
      ],
    });
    expect(await compare('a,b\r\n1,2\n3\r\n')).toEqual({
      headers: ['a', 'b'],
      rows: [[2, ['1', '2\n3']]],
    });
    expect(csvReader.fallbacks).toBe(before + 5);
  });

  it('falls back after rows were handed on without repeating or losing any', async () => {
    // Past the first read chunk, a CRLF in a LF file: csv-parse keeps the CR in the value.
    const count = 20_000;
    const rows = Array.from(
      { length: count },
      (_, i) => `name ${i},09${String(i).padStart(8, '0')}`,
    );
    const before = csvReader.fallbacks;
    const out = await compare(`a,b\n${rows.join('\n')}\nlast,value\r\n`);
    expect(csvReader.fallbacks).toBe(before + 1);
    if (!('rows' in out)) throw new Error(out.error);
    expect(out.rows.map((r) => r[0])).toEqual(Array.from({ length: count + 1 }, (_, i) => i + 2));
    expect(out.rows.at(-1)).toEqual([count + 2, ['last', 'value\r']]);
  });

  it('hashes the file while reading it, as hashFile does (the journal key)', async () => {
    const row = 'Nguyễn Văn A,0901234567,"12 Trần Hưng Đạo, Quận 1"\r\n';
    for (const text of [`\ufeffa,b,c\r\n${row.repeat(20_000)}`, `a,b,c\r\n${row}`]) {
      const file = path.join(tmp(), `h${++n}.csv`);
      fs.writeFileSync(file, text);
      const source = await openRows(await inspectInput(file, 'h.csv', {}));
      expect(source.contentHash?.()).toBeUndefined();
      await source.each(() => {});
      expect(source.contentHash?.()).toBe(await hashFile(file));
    }
  });

  it('hashFile is SHA-256 over the SHA-256 of each 256 KB block, and sees a one-byte change', async () => {
    const block = 256 * 1024;
    const sha = (b: Buffer) => createHash('sha256').update(b).digest();
    for (const size of [0, 1, block - 1, block, block + 1, 3 * block]) {
      const bytes = Buffer.alloc(size, 'a');
      const file = path.join(tmp(), `k${++n}.bin`);
      fs.writeFileSync(file, bytes);
      const digests: Buffer[] = [];
      for (let at = 0; at < size; at += block) digests.push(sha(bytes.subarray(at, at + block)));
      const expected = createHash('sha256').update(Buffer.concat(digests)).digest('hex');
      expect(await hashFile(file)).toBe(expected);
      if (size > 0) {
        bytes[size - 1] = 0x62;
        fs.writeFileSync(file, bytes);
        expect(await hashFile(file)).not.toBe(expected);
      }
    }
  });

  it('a second read checked against the first fails on any change: edited, grown, shrunk', async () => {
    const row = 'Nguyễn Văn A,0901234567,"12 Trần Hưng Đạo, Quận 1"\n';
    const text = `a,b,c\n${row.repeat(12_000)}`; // about 3 blocks of 256 KB
    const file = path.join(tmp(), `v${++n}.csv`);
    const readAll = async (verify?: readonly Buffer[]) => {
      const source = await openRows(
        await inspectInput(file, 'v.csv', {}),
        verify ? { verify } : {},
      );
      let rows = 0;
      await source.each(() => rows++);
      return { rows, digests: source.blockDigests?.() };
    };
    fs.writeFileSync(file, text);
    const first = await readAll();
    expect(first.digests).toHaveLength(Math.ceil(Buffer.byteLength(text) / (256 * 1024)));
    expect((await readAll(first.digests)).rows).toBe(12_000);
    const changes = [
      text.replace('Trần', 'Tran'), // edited in the first block
      text + row, // grown
      text.slice(0, text.length - row.length), // shrunk
      text + row.repeat(8000), // a block more
    ];
    for (const changed of changes) {
      fs.writeFileSync(file, changed);
      await expect(readAll(first.digests)).rejects.toThrow(InputChangedError);
    }
  });

  it('counts line breaks as the reader does (CRLF once)', () => {
    expect(lineBreaks('a\r\nb\nc\rd')).toBe(3);
    expect(lineBreaks('\r\r\n\n')).toBe(3);
    expect(lineBreaks('none')).toBe(0);
  });
});
