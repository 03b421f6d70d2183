/**
 * NDJSON lines and JSON documents are read in bounded memory and linear time (DESIGN.md
 * "Limits against hostile or broken answers"): over inputLimits.rowBytes / jsonBytes is exit 2
 * naming the file and line, raised as soon as the limit is passed.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { UsageError } from '../../src/errors.js';
import { inspectInput } from '../../src/input/inspect.js';
import { openRows } from '../../src/input/rows.js';
import { inputLimits } from '../../src/input/types.js';
import { parseFailure } from '../../src/input/json.js';
import { setLanguage } from '../../src/messages/index.js';
import { formatBytes } from '../../src/text.js';
import { runCli, tempDir } from '../helpers/cli.js';

const DEFAULT_LIMITS = { ...inputLimits };
afterEach(() => Object.assign(inputLimits, DEFAULT_LIMITS));

/** The bytes read in one go by the readers (READ_CHUNK in src/input/bytes.ts). */
const CHUNK = 256 * 1024;

/** Every row of a file, read as openRows reads it (both NDJSON passes). */
async function rowsOf(
  name: string,
  content: string | Buffer,
): Promise<{ headers: string[]; rows: Array<{ line: number; values: string[] }> }> {
  const file = path.join(tempDir(), name);
  fs.writeFileSync(file, content);
  const source = await openRows(await inspectInput(file, name, {}));
  const rows: Array<{ line: number; values: string[] }> = [];
  await source.each((r) => rows.push(r));
  return { headers: source.headers, rows };
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

/** Bytes of a lineOf line that are not its name. */
const FRAME = Buffer.byteLength('{"phone_number":"0912345678","name":""}');

/** An NDJSON line of exactly `bytes` bytes (UTF-8), a lead whose name fills it up. */
function lineOf(bytes: number, phone = '0912345678', filler = 'x'): string {
  const head = `{"phone_number":"${phone}","name":"`;
  const tail = '"}';
  const fill = bytes - Buffer.byteLength(head + tail);
  const unit = Buffer.byteLength(filler);
  const s = head + filler.repeat(Math.floor(fill / unit)) + 'x'.repeat(fill % unit) + tail;
  expect(Buffer.byteLength(s)).toBe(bytes);
  return s;
}

describe('NDJSON lines are read in linear time, up to inputLimits.rowBytes', () => {
  it('has a documented default of 1 MB, the same as a CSV row', () => {
    expect(inputLimits.rowBytes).toBe(1_000_000);
    expect(formatBytes(inputLimits.rowBytes)).toBe('1 MB');
  });

  it('takes a line of exactly the limit and refuses one byte more, naming the line', async () => {
    inputLimits.rowBytes = 300_000; // longer than a read chunk: the line spans two
    const ok = await rowsOf('at.ndjson', `${lineOf(100)}\n${lineOf(300_000, '0912345679')}\n`);
    expect(ok.rows.map((r) => r.line)).toEqual([1, 2]);
    expect(ok.rows[1]!.values[ok.headers.indexOf('name')]).toHaveLength(300_000 - FRAME);

    const e = await usageError(
      rowsOf('over.ndjson', `${lineOf(100)}\n${lineOf(300_001, '0912345679')}\n`),
    );
    expect(e.message).toBe(
      'over.ndjson:2: the line is longer than 300 kB, the most cacs reads as one NDJSON line',
    );
    expect(e.hint).toMatch(/one lead per line/);
  });

  it('does not count the line break, CRLF included, and reads a last line without one', async () => {
    inputLimits.rowBytes = 300_000;
    const crlf = await rowsOf(
      'crlf.ndjson',
      `${lineOf(300_000)}\r\n${lineOf(300_000, '0912345679')}`,
    );
    expect(crlf.rows.map((r) => r.line)).toEqual([1, 2]);
    // The CR of the first line falls exactly at the end of the first chunk... and not.
    for (const first of [CHUNK - 1, CHUNK - 2, CHUNK]) {
      inputLimits.rowBytes = first;
      const r = await rowsOf('cr.ndjson', `${lineOf(first)}\r\n${lineOf(50, '0912345679')}\r\n`);
      expect(r.rows.map((x) => x.line)).toEqual([1, 2]);
    }
    inputLimits.rowBytes = 300_000;
    const e = await usageError(rowsOf('last.ndjson', `${lineOf(100)}\n${lineOf(300_001)}`));
    expect(e.message).toMatch(/^last\.ndjson:2: the line is longer than/);
  });

  it('finds line breaks falling exactly at a chunk boundary, counting lines right', async () => {
    for (const shift of [-1, 0, 1]) {
      // The first line's "\n" is the last byte of the first chunk (shift 0), or just around it.
      const first = lineOf(CHUNK - 1 + shift);
      const text = `${first}\n${lineOf(60, '0912345679')}\n\n{"phone_number": 1,}\n`;
      inputLimits.rowBytes = CHUNK + 10;
      const e = await usageError(rowsOf('b.ndjson', text));
      expect(e.message).toMatch(/^b\.ndjson:4: not valid JSON/);
    }
  });

  it('keeps a multi-byte character cut by a chunk boundary whole, and counts its bytes', async () => {
    // "ễ" is 3 bytes: from 2 bytes before the end of the first chunk to 1 byte into the next.
    const head = `{"phone_number":"0912345678","name":"`;
    const before = CHUNK - 2 - Buffer.byteLength(head);
    const line = `${head}${'a'.repeat(before)}ễ${'b'.repeat(10)}"}`;
    expect(
      Buffer.from(line)
        .subarray(CHUNK - 2, CHUNK + 1)
        .toString(),
    ).toBe('ễ');
    const bytes = Buffer.byteLength(line);
    inputLimits.rowBytes = bytes;
    const r = await rowsOf('utf8.ndjson', `${line}\n`);
    expect(r.rows[0]!.values[r.headers.indexOf('name')]).toBe(
      `${'a'.repeat(before)}ễ${'b'.repeat(10)}`,
    );
    inputLimits.rowBytes = bytes - 1;
    const e = await usageError(rowsOf('utf8.ndjson', `${line}\n`));
    expect(e.message).toMatch(/^utf8\.ndjson:1: the line is longer than/);
  });

  it('reads a long but allowed line (5 MB) correctly', async () => {
    inputLimits.rowBytes = 8 * 1024 * 1024;
    const long = lineOf(5_000_000, '0912345678', 'Nguyễn ');
    const r = await rowsOf('long.ndjson', `${long}\n${lineOf(80, '0912345679')}\n`);
    expect(r.rows).toHaveLength(2);
    expect(Buffer.byteLength(r.rows[0]!.values[r.headers.indexOf('name')]!)).toBe(
      5_000_000 - FRAME,
    );
    expect(r.rows[1]!.line).toBe(2);
  });

  it('refuses a 30 MB line at once (exit 2, file and line named), at the default limit', async () => {
    const dir = tempDir();
    const file = path.join(dir, 'huge.ndjson');
    const fd = fs.openSync(file, 'w');
    fs.writeSync(fd, `${lineOf(60)}\n{"phone_number":"0912345679","name":"`);
    const block = Buffer.alloc(1024 * 1024, 0x61);
    for (let i = 0; i < 30; i++) fs.writeSync(fd, block);
    fs.writeSync(fd, '"}\n');
    fs.closeSync(fd);
    const r = await runCli(['import', file, '--dry-run'], { cwd: dir });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(
      `${file}:2: the line is longer than 1 MB, the most cacs reads as one NDJSON line`,
    );
    expect(r.stderr.split('\n').filter(Boolean).length).toBeLessThanOrEqual(2);
  });
});

describe('a JSON array is read whole only up to inputLimits.jsonBytes', () => {
  it('has a documented default of 128 MiB', () => {
    expect(formatBytes(inputLimits.jsonBytes)).toBe('128 MiB');
  });

  it('refuses a larger file before reading it: exit 2, naming the file, suggesting NDJSON', async () => {
    inputLimits.jsonBytes = 1000;
    const leads = Array.from({ length: 100 }, (_, i) => ({
      phone: `091234${String(i).padStart(4, '0')}`,
    }));
    const dir = tempDir();
    const file = path.join(dir, 'big.json');
    fs.writeFileSync(file, JSON.stringify(leads));
    expect(fs.statSync(file).size).toBeGreaterThan(1000);
    const r = await runCli(['import', file, '--dry-run'], { cwd: dir });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(
      `${file}: the file is larger than 1 kB, the most cacs reads as one JSON document`,
    );
    expect(r.stderr).toMatch(/NDJSON/);
    inputLimits.jsonBytes = 10_000;
    const ok = await runCli(['import', file, '--dry-run', '--json'], { cwd: dir });
    expect(ok.code).toBe(0);
    expect(JSON.parse(ok.stdout).total).toBe(100);
  });
});

describe("JSON.parse's refusals in the catalog's words (review, session 18: V8's English in Vietnamese)", () => {
  afterEach(() => setLanguage('en'));
  const cases: Array<[string, string, string]> = [
    ['{"phone_number":', 'the text ends inside a value', 'văn bản kết thúc giữa chừng một giá trị'],
    ['{"phone_number": "0912', 'a string is not closed', 'một chuỗi chưa được đóng'],
    [
      '{"phone_number": "1"}}',
      'more text after the value',
      'còn văn bản sau khi giá trị đã kết thúc',
    ],
    [
      '{phone_number: 1}',
      'a field name in double quotes was expected',
      'cần tên trường trong dấu ngoặc kép',
    ],
    ['{"phone_number" 1}', 'a ":" was expected after the field name', 'cần dấu ":" sau tên trường'],
    [
      '{"phone_number": 1 "name": 2}',
      'a "," or a closing bracket was expected',
      'cần dấu "," hoặc dấu đóng ngoặc',
    ],
    [
      '{"phone_number": "09\t12"}',
      'a control character (a line break, a tab) inside a string',
      'có ký tự điều khiển (xuống dòng, tab) trong chuỗi',
    ],
    ['{"phone_number": tru}', 'unexpected "}"', '"}" không đúng chỗ'],
    [
      '{"phone_number": 0912345678}',
      'a number JSON cannot read (a leading zero: write a phone number in quotes, "0912…")',
      'một số JSON không đọc được (số 0 ở đầu: hãy ghi số điện thoại trong dấu ngoặc kép, "0912…")',
    ],
    [
      '{"phone_number": "0912\\q"}',
      'a backslash that starts no escape (write \\\\ for one)',
      'dấu gạch chéo ngược không mở đầu ký tự thoát nào (ghi \\\\ cho một dấu)',
    ],
  ];
  it.each(cases)('NDJSON line %j: English and Vietnamese, the line named', async (line, en, vi) => {
    const text = `{"phone_number": "0912345678"}\n${line}\n`;
    const e1 = await usageError(rowsOf('b.ndjson', text));
    expect(e1.message).toBe(`b.ndjson:2: not valid JSON (${en})`);
    setLanguage('vi');
    const e2 = await usageError(rowsOf('b.ndjson', text));
    expect(e2.message).toBe(`b.ndjson:2: JSON không hợp lệ (${vi})`);
    expect(e2.message).not.toMatch(/Unexpected|Expected|position|JSON input/);
  });

  it('a JSON array file too, and a form it does not know keeps V8’s words', async () => {
    setLanguage('vi');
    const e = await usageError(
      rowsOf('a.json', '[{"phone_number": "0912345678"},\n{"phone_number": ]'),
    );
    expect(e.message).toBe('a.json:2: JSON không hợp lệ ("]" không đúng chỗ)');
    expect(parseFailure(new SyntaxError('Something new in JSON'))).toBe('Something new in JSON');
  });
});
