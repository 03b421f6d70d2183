/**
 * The report answer's record scanner (src/api/records-scan.ts): whatever it reads, it reads as
 * JSON.parse does, and whatever JSON.parse refuses it refuses (its caller then reads the answer
 * whole, as before, and fails the same way).
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { scanRecordsAnswer } from '../../src/api/records-scan.js';

const BOM = Buffer.from([0xef, 0xbb, 0xbf]);

/** `text` as the bytes of an answer (a lone surrogate cannot be sent: it arrives as U+FFFD). */
const sent = (text: string) => Buffer.from(text, 'utf8').toString('utf8');

/** The scanner's reading of `text` (after an optional BOM) as one value, or undefined. */
function scan(text: string, bom = false): unknown {
  const buf = Buffer.concat([bom ? BOM : Buffer.alloc(0), Buffer.from(text, 'utf8')]);
  const r = scanRecordsAnswer(buf, bom ? 3 : 0, (t) => JSON.parse(t) as unknown);
  if (r === undefined) return undefined;
  (r.rest as { records: unknown }).records = r.records;
  return r.rest;
}

const wsChar = fc.constantFrom(' ', '\n', '\r', '\t', '  ');
const ws = fc.array(wsChar, { maxLength: 2 }).map((a) => a.join(''));

/** A string as JSON, some of its characters written as \uXXXX or \/ escapes. */
function encodeString(s: string, escapes: boolean[]): string {
  let out = '"';
  let i = 0;
  for (const ch of s) {
    const esc = escapes[i++ % Math.max(1, escapes.length)] ?? false;
    if (esc && ch.length === 1) out += `\\u${ch.charCodeAt(0).toString(16).padStart(4, '0')}`;
    else if (esc && ch === '/') out += '\\/';
    else out += JSON.stringify(ch).slice(1, -1);
  }
  return `${out}"`;
}

/** `v` as JSON text with random whitespace between tokens and random escapes in strings. */
function format(v: unknown, spaces: string[], escapes: boolean[]): string {
  let k = 0;
  const sp = () => spaces[k++ % Math.max(1, spaces.length)] ?? '';
  const str = (s: string) => encodeString(s, escapes.slice(k % 7));
  const go = (x: unknown): string => {
    if (typeof x === 'string') return str(x);
    if (Array.isArray(x)) return `[${sp()}${x.map((e) => go(e)).join(`${sp()},${sp()}`)}${sp()}]`;
    if (x !== null && typeof x === 'object')
      return `{${sp()}${Object.entries(x)
        .map(([key, e]) => `${str(key)}${sp()}:${sp()}${go(e)}`)
        .join(`${sp()},${sp()}`)}${sp()}}`;
    return JSON.stringify(x);
  };
  return `${sp()}${go(v)}${sp()}`;
}

const text = fc.oneof(
  fc.string({ unit: 'grapheme', maxLength: 12 }),
  fc.string({ unit: 'binary', maxLength: 12 }),
  fc.constantFrom('\\', '"', '\\"', 'a\\u0074b', '}]', '{[', ',', 'Tổng đài', '😀'),
);
const json = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small' },
    text,
    fc.integer(),
    fc.double({ noNaN: true, noDefaultInfinity: true }),
    fc.constantFrom(true, false, null),
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(text, tie('value'), { maxKeys: 4 }),
  ),
})).value;

/** An answer: `records` among other members, in any order. */
const answer = fc
  .record({
    records: fc.array(json, { maxLength: 8 }),
    others: fc.dictionary(
      text.filter((k) => k !== 'records'),
      json,
      { maxKeys: 3 },
    ),
    at: fc.nat(),
  })
  .map(({ records, others, at }) => {
    const entries = Object.entries(others);
    entries.splice(at % (entries.length + 1), 0, ['records', records]);
    return Object.fromEntries(entries) as Record<string, unknown>;
  });

const layout = fc.record({
  spaces: fc.array(ws, { maxLength: 16 }),
  escapes: fc.array(fc.boolean(), { maxLength: 16 }),
  bom: fc.boolean(),
});

function parseOrUndefined(t: string): { value: unknown } | undefined {
  try {
    return { value: JSON.parse(t) as unknown };
  } catch {
    return undefined;
  }
}

describe('scanRecordsAnswer', () => {
  it('reads any answer with a records array as JSON.parse does (escapes, nesting, unicode, whitespace, BOM)', () => {
    fc.assert(
      fc.property(answer, layout, (a, { spaces, escapes, bom }) => {
        const t = format(a, spaces, escapes);
        expect(scan(t, bom)).toStrictEqual(JSON.parse(sent(t)));
      }),
      { numRuns: 400 },
    );
  });

  it('refuses what JSON.parse refuses, and reads anything it accepts as JSON.parse does', () => {
    const mutation = fc.record({
      at: fc.nat(),
      kind: fc.constantFrom('delete', 'insert', 'truncate', 'append'),
      ch: fc.constantFrom('{', '}', '[', ']', '"', ',', ':', '\\', ' ', 'a', '1', '\u0001', 'x'),
    });
    fc.assert(
      fc.property(answer, layout, mutation, (a, { spaces, escapes, bom }, m) => {
        const t = format(a, spaces, escapes);
        const at = m.at % (t.length + 1);
        const bad =
          m.kind === 'delete'
            ? t.slice(0, at) + t.slice(at + 1)
            : m.kind === 'insert'
              ? t.slice(0, at) + m.ch + t.slice(at)
              : m.kind === 'truncate'
                ? t.slice(0, at)
                : t + m.ch;
        const expected = parseOrUndefined(sent(bad));
        const got = scan(bad, bom);
        if (expected === undefined) expect(got).toBeUndefined();
        else if (got !== undefined) expect(got).toStrictEqual(expected.value);
      }),
      { numRuns: 600 },
    );
  });

  it('leaves to JSON.parse what it does not read: no records, records twice or not a list, not an object', () => {
    for (const t of [
      '{"result":"success","message":"Have 0 records found"}',
      '{"records":[1],"rec\\u006frds":[2]}',
      '{"records":[1],"records":[2]}',
      '{"records":{"a":1}}',
      '[{"records":[]}]',
      '{"records":[1,]}',
      '{"records":[1 2]}',
      '{"records":[1]} x',
      '',
    ])
      expect(scan(t), t).toBeUndefined();
    expect(scan('\t{ "records" : [ ] , "result" : "success" }\n')).toStrictEqual({
      records: [],
      result: 'success',
    });
  });

  it('parses records in batches, each its own piece of text', () => {
    const records = Array.from({ length: 3000 }, (_, i) => ({
      ref_id: `R${i}`,
      x: 'y'.repeat(200),
    }));
    const buf = Buffer.from(JSON.stringify({ result: 'success', records }));
    const pieces: number[] = [];
    const r = scanRecordsAnswer(buf, 0, (t) => {
      pieces.push(t.length);
      return JSON.parse(t) as unknown;
    });
    expect(r?.records).toStrictEqual(records);
    expect(pieces.length).toBeGreaterThan(2);
    expect(Math.max(...pieces)).toBeLessThan(buf.length / 2);
  });
});
