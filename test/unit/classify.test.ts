/** The answer classification on its own (src/api/classify.ts): no HTTP, no got. */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { readImportAnswer } from '../../src/api/answers.js';
import { classifyNetworkError, classifyResponse, decodeBody } from '../../src/api/classify.js';
import zlib from 'node:zlib';

const answer = (status: number, body: unknown, headers: Record<string, string> = {}) => ({
  status,
  headers,
  body: typeof body === 'string' ? body : JSON.stringify(body),
});
const keep = (t: string) => t;
const kindOf = (r: ReturnType<typeof classifyResponse>) => ('error' in r ? r.error.kind : 'answer');

describe('classifyResponse', () => {
  it.each([
    [answer(200, { result: 'success', message: '3 leads were imported' }), 'import', 'answer'],
    [answer(503, '', { 'retry-after': '2' }), 'import', 'retryable'],
    [answer(500, ''), 'import', 'uncertain'],
    [answer(407, ''), 'import', 'final'],
    [answer(302, '', { location: 'https://x/' }), 'report', 'final'],
    [answer(200, { result: 'error', message: 'queue overflow' }), 'import', 'uncertain'],
    [answer(200, { result: 'error', message: 'queue overflow' }), 'report', 'final'],
    [answer(200, '<html>'), 'import', 'uncertain'],
    [answer(200, '<html>'), 'report', 'final'],
    [answer(400, '<html>bad</html>'), 'import', 'final'],
    // Issue 22 item 9: answers that contradict themselves may have been processed.
    [answer(400, { result: 'success', message: '3/3 leads were imported' }), 'import', 'uncertain'],
    [answer(503, { result: 'success', message: '3/3 leads were imported' }), 'import', 'uncertain'],
    [answer(413, { result: 'success', message: '3/3 leads were imported' }), 'import', 'uncertain'],
    [answer(429, { result: 'error', message: '3/3 leads were imported' }), 'import', 'uncertain'],
    [answer(200, { result: 'error', message: '3/3 leads were imported' }), 'import', 'uncertain'],
    [
      answer(200, {
        result: 'error',
        message: 'Parameter #phone_number# is wrong format. 3 leads were imported',
      }),
      'import',
      'uncertain',
    ],
    [answer(503, { result: 'error', message: 'busy' }), 'import', 'retryable'],
    [
      answer(200, { result: 'error', message: 'Parameter #phone_number# is wrong format' }),
      'import',
      'final',
    ],
    [answer(503, { result: 'success', message: 'Have 1 records found' }), 'report', 'retryable'],
  ] as const)('%j for %s → %s', (res, kind, expected) => {
    expect(kindOf(classifyResponse(res, kind, keep))).toBe(expected);
  });

  it('reads Retry-After and names a proxy 407', () => {
    const r = classifyResponse(answer(429, '', { 'retry-after': '3' }), 'import', keep);
    expect('retryAfterMs' in r && r.retryAfterMs).toBe(3000);
    const p = classifyResponse(answer(407, ''), 'import', keep);
    expect('error' in p && p.error.message).toContain('proxy asked for authentication');
  });

  it('passes every message it builds through the scrubber', () => {
    const r = classifyResponse(
      answer(302, '', { location: 'https://x/?t=SECRET' }),
      'import',
      (t) => t.replace('SECRET', '***'),
    );
    expect('error' in r && r.error.message).not.toContain('SECRET');
  });
});

describe('readImportAnswer (issue 22 item 9)', () => {
  const counts = (message: unknown, sent: number) => {
    const r = readImportAnswer(message, sent);
    return 'unexpected' in r ? 'uncertain' : r;
  };

  it.each([
    ['3/3 leads were imported', { imported: 3, total: 3, skipped: 0 }],
    ['2/3 leads were imported', { imported: 2, total: 3, skipped: 1 }],
    ['0/3 leads were imported', { imported: 0, total: 3, skipped: 3 }],
    ['3 leads were imported', { imported: 3, skipped: 0 }],
    ['1 leads were imported', { imported: 1, skipped: 2 }],
    [' 3 / 3 leads were imported. ', { imported: 3, total: 3, skipped: 0 }],
    ['3\t/\t3\tLEADS  WERE  IMPORTED\n', { imported: 3, total: 3, skipped: 0 }],
    ['003/3 leads were imported', { imported: 3, total: 3, skipped: 0 }],
  ])('"%s" for 3 leads → %j', (message, expected) => {
    expect(counts(message, 3)).toEqual(expected);
  });

  it.each([
    ['-3/3 leads were imported', /negative/],
    ['3/-3 leads were imported', /negative/],
    ['-3 leads were imported', /negative/],
    ['3.5/3 leads were imported', /not a whole number/],
    ['3/3.0 leads were imported', /not a whole number/],
    ['2,5 leads were imported', /not a whole number/],
    ['3 3/3 leads were imported', /not a whole number/],
    ['+3/3 leads were imported', /sign/],
    ['7/3 leads were imported', /7 imported out of 3 sent/],
    ['3/5 leads were imported', /a total of 5 for 3 leads sent/],
    ['2/2 leads were imported', /a total of 2 for 3 leads sent/],
    ['4 leads were imported', /4 imported out of 3 sent/],
    ['12345678901234567890123 leads were imported', /digits' size/],
    ['3/99999999999999999999 leads were imported', /too large/],
    ['3/3 leads were imported, 2 failed', /not "<n> leads were imported"/],
    ['OK: 3/3 leads were imported', /not "<n> leads were imported"/],
    ['３/３ leads were imported', /not "<n> leads were imported"/],
    ['3/3 leads were not imported', /not "<n> leads were imported"/],
    ['OK', /not "<n> leads were imported"/],
    ['', /empty/],
    ['  ', /empty/],
    ['Parameter #phone_number# is wrong format. Please check it again', /error messages/],
    ['Missing parameter #data#', /error messages/],
    [3, /a number, not a count/],
    [null, /null, not a count/],
    [undefined, /absent, not a count/],
    [{ imported: 3 }, /an object, not a count/],
  ])('%j for 3 leads is unexpected (%s)', (message, why) => {
    const r = readImportAnswer(message, 3);
    expect('unexpected' in r && r.unexpected).toMatch(why);
  });

  const ws = fc.constantFrom('', ' ', '  ', '\t', ' \t ');
  it('property: the spec template with 0 ≤ s ≤ t = batch (or 0 ≤ n ≤ batch) is read exactly', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 5000 }),
        fc.nat(),
        fc.boolean(),
        fc.tuple(ws, ws, ws, ws),
        fc.constantFrom('leads were', 'lead was', 'Leads Were', 'leads  was'),
        fc.constantFrom('', '.', ' ', '.\n', '\r\n'),
        (sent, seed, ratio, [w1, w2, w3, w4], words, tail) => {
          const s = seed % (sent + 1);
          const message = ratio
            ? `${w1}${s}${w2}/${w3}${sent}${w4} ${words} imported${tail}`
            : `${w1}${s}${w4} ${words} imported${tail}`;
          expect(readImportAnswer(message, sent)).toEqual({
            imported: s,
            ...(ratio ? { total: sent } : {}),
            skipped: sent - s,
          });
        },
      ),
    );
  });

  // One number as a hostile server may write it, with whether it is a plain count.
  const num: fc.Arbitrary<[string, number | undefined]> = fc.oneof(
    fc.nat({ max: 40 }).map((n): [string, number] => [String(n), n]),
    fc.nat({ max: 40 }).map((n): [string, undefined] => [`-${n}`, undefined]),
    fc.nat({ max: 40 }).map((n): [string, undefined] => [`+${n}`, undefined]),
    fc
      .tuple(fc.nat({ max: 40 }), fc.nat({ max: 99 }), fc.constantFrom('.', ','))
      .map(([a, b, p]): [string, undefined] => [`${a}${p}${b}`, undefined]),
    fc.nat({ max: 40 }).map((n): [string, undefined] => [`${n}e0`, undefined]),
    fc.nat({ max: 40 }).map((n): [string, undefined] => [`0x${n}`, undefined]),
    fc.stringMatching(/^[1-9]\d{16,30}$/).map((d): [string, undefined] => [d, undefined]),
    fc.constantFrom<[string, undefined]>(
      ['３', undefined],
      ['Infinity', undefined],
      ['NaN', undefined],
    ),
  );
  const around = fc.constantFrom('', 'OK ', 'Error: ', 'success: ', '"', '\u200b');
  const after = fc.constantFrom(
    '',
    '.',
    ' ',
    ', 2 failed',
    ' (duplicates skipped)',
    '!',
    ' successfully',
    '\nParameter #phone_number# is wrong format',
  );

  it('property: every other answer is unexpected (the batch uncertain), never imported', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 40 }),
        num,
        fc.option(num, { nil: undefined }),
        around,
        after,
        (sent, [a, av], b, before, tail) => {
          const message = `${before}${a}${b ? `/${b[0]}` : ''} leads were imported${tail}`;
          const plainTail = tail === '' || tail === '.' || tail === ' ';
          const plain =
            before === '' && plainTail && av !== undefined && (!b || b[1] !== undefined);
          const canBeTrue = b ? b[1] === sent && av! <= sent : av! <= sent;
          const r = readImportAnswer(message, sent);
          if (plain && canBeTrue) {
            expect(r).toEqual({
              imported: av,
              ...(b ? { total: sent } : {}),
              skipped: sent - av!,
            });
          } else {
            expect(r).toHaveProperty('unexpected');
          }
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('property: any text at all is either unexpected or counts that can be true for the batch', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 40 }), fc.string({ maxLength: 40 }), (sent, text) => {
        for (const message of [text, `${text} leads were imported`, `3/3 ${text}`]) {
          const r = readImportAnswer(message, sent);
          if ('unexpected' in r) continue;
          expect(Number.isSafeInteger(r.imported) && r.imported >= 0).toBe(true);
          expect(r.imported + r.skipped).toBe(sent);
          if (r.total !== undefined) expect(r.total).toBe(sent);
          expect(message).toMatch(/^\s*\d+\s*(\/\s*\d+\s*)?leads?\s+(were|was)\s+imported\.?\s*$/i);
        }
      }),
      { numRuns: 2000 },
    );
  });
});

describe('classifyNetworkError', () => {
  const url = new URL('http://127.0.0.1:1/');
  it.each([
    [{ code: 'ECONNREFUSED' }, 'retryable'],
    [{ name: 'TimeoutError', event: 'connect' }, 'retryable'],
    [{ name: 'TimeoutError', event: 'socket', timings: { response: 1 } }, 'uncertain'],
    [{ name: 'TimeoutError', event: 'request' }, 'uncertain'],
    [{ code: 'ECONNRESET', timings: { upload: 5 } }, 'uncertain'],
    [{ code: 'ECONNRESET' }, 'retryable'],
    [{ message: 'Bad response: 407' }, 'final'],
  ])('%j → %s', (e, kind) => {
    expect(classifyNetworkError(e, url, 1000).kind).toBe(kind);
  });
});

describe('decodeBody', () => {
  it('decodes gzip, deflate (zlib and raw) and br, and refuses more than the cap', () => {
    const text = Buffer.from('x'.repeat(1000));
    expect(decodeBody(zlib.gzipSync(text), 'gzip', 2000)).toEqual(text);
    expect(decodeBody(zlib.deflateSync(text), 'deflate', 2000)).toEqual(text);
    expect(decodeBody(zlib.deflateRawSync(text), 'deflate', 2000)).toEqual(text);
    expect(decodeBody(zlib.brotliCompressSync(text), 'br', 2000)).toEqual(text);
    expect(() => decodeBody(zlib.gzipSync(text), 'gzip', 999)).toThrow(
      expect.objectContaining({ code: 'ERR_BUFFER_TOO_LARGE' }),
    );
    expect(() => decodeBody(text, 'compress', 2000)).toThrow(/encoded as "compress"/);
  });
});
