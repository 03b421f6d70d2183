/** The answer classification on its own (src/api/classify.ts): no HTTP, no got. */
import { describe, expect, it } from 'vitest';
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
