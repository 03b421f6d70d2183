/**
 * How the client holds an answer's body (issue 22 item 10, fifth round): an answer that
 * announces its length is read into one buffer of that length — never kept as its chunks and
 * then concatenated (twice its bytes) — and a body shorter or longer than it announced is still
 * refused, as are a chunked and a gzip answer read right.
 */
import net from 'node:net';
import zlib from 'node:zlib';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AnswerBytes, announcedLength } from '../../src/api/answer-bytes.js';
import { CacsClient } from '../../src/api/client.js';
import { ApiError } from '../../src/api/errors.js';
import { startScriptedServer, type Script, type ScriptedServer } from '../helpers/servers.js';

const QUERY = { campaign_key: 'k', start_date: '2026-01-01', end_date: '2026-01-02' };

function client(url: string): CacsClient {
  return new CacsClient({
    baseUrl: url,
    token: 'emulator-token',
    retry: { baseDelayMs: 1, maxDelayMs: 5, maxAttempts: 2 },
    timeoutMs: 20_000,
  });
}

/** A report answer of `count` records (about 190 bytes each). */
function answerText(count: number): string {
  const records = Array.from({ length: count }, (_, i) => ({
    campaign_id: 1,
    campaign_lead_id: i + 1,
    phone_number: `09${String(i + 1).padStart(8, '0')}`,
    lead_name: 'Nguyễn Văn An',
    call: 1,
    data: [
      {
        session: `s${i}`,
        talk_time: 20,
        phone_number: `09${String(i + 1).padStart(8, '0')}`,
        date_time: '2026-01-01 10:00:00',
        status: 'ANSWERED',
      },
    ],
  }));
  return JSON.stringify({ result: 'success', message: `Have ${count} records found`, records });
}

/** The body written in blocks of 16 KiB, with or without its Content-Length. */
const inBlocks =
  (body: Buffer, headers: Record<string, string | number>): Script =>
  (_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json', ...headers });
    let at = 0;
    const pump = () => {
      while (at < body.length) {
        const ok = res.write(body.subarray(at, at + 16_384));
        at += 16_384;
        if (!ok) return void res.once('drain', pump);
      }
      res.end();
    };
    pump();
  };

/** A raw HTTP server: every request gets `answer(body)` as the bytes written, then the end. */
async function rawServer(
  answer: (body: Buffer) => Buffer[],
): Promise<{ url: string; close(): void }> {
  const server = net.createServer((sock) => {
    sock.once('data', () => {
      const body = Buffer.from(answerText(3));
      for (const part of answer(body)) sock.write(part);
      sock.end();
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as net.AddressInfo;
  return { url: `http://127.0.0.1:${port}`, close: () => server.close() };
}

const head = (length: number) =>
  Buffer.from(
    `HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: ${length}\r\n\r\n`,
  );

describe('an answer announced by Content-Length is held once', () => {
  let server: ScriptedServer | undefined;
  afterEach(async () => {
    vi.restoreAllMocks();
    await server?.close();
    server = undefined;
  });

  it('reads a 3 MB answer into one buffer of its length, never concatenating its chunks', async () => {
    const body = Buffer.from(answerText(16_000));
    expect(body.length).toBeGreaterThan(2_500_000);
    server = await startScriptedServer([inBlocks(body, { 'content-length': body.length })]);
    const c = client(server.url);
    // A first exchange loads the HTTP client, so that only this answer's buffers are counted.
    await c.callResults(QUERY);
    const concat = vi.spyOn(Buffer, 'concat');
    const allocUnsafe = vi.spyOn(Buffer, 'allocUnsafe');
    const r = await c.callResults(QUERY);
    expect(r.records).toHaveLength(16_000);
    expect(r.records[15_999]).toMatchObject({ campaign_lead_id: 16_000 });
    const joined = concat.mock.results.map((x) => (x.value as Buffer).length);
    expect(joined.filter((n) => n >= 1_000_000)).toEqual([]);
    const sizes = allocUnsafe.mock.calls.map(([n]) => n);
    expect(sizes.filter((n) => n >= 1_000_000)).toEqual([body.length]);
  });

  it('reads a chunked answer (no length announced) and a gzip answer right', async () => {
    const body = Buffer.from(answerText(6_000));
    const gz = zlib.gzipSync(body);
    server = await startScriptedServer([
      inBlocks(body, {}),
      inBlocks(gz, { 'content-length': gz.length, 'content-encoding': 'gzip' }),
    ]);
    const c = client(server.url);
    const chunked = await c.callResults(QUERY);
    const gzipped = await c.callResults(QUERY);
    expect(chunked.records).toHaveLength(6_000);
    expect(gzipped.records).toEqual(chunked.records);
  });

  it('refuses a body shorter than announced, and one longer, as before', async () => {
    const short = await rawServer((body) => [head(body.length + 50), body]);
    const long = await rawServer((body) => [head(body.length - 5), body]);
    try {
      for (const [s, code] of [
        [short, 'ECONNRESET'],
        [long, 'HPE_INVALID_CONSTANT'],
      ] as const) {
        const report = await client(s.url)
          .callResults(QUERY)
          .catch((e: unknown) => e);
        expect(report).toBeInstanceOf(ApiError);
        expect((report as ApiError).message).toContain(
          `broke after the request was sent (${code}) (gave up after 2 attempts)`,
        );
        const imported = await client(s.url)
          .importLeads('k', [{ phone_number: '0912345678' }])
          .catch((e: unknown) => e);
        expect(imported).toBeInstanceOf(ApiError);
        expect((imported as ApiError).kind).toBe('uncertain');
      }
    } finally {
      short.close();
      long.close();
    }
  });
});

describe('AnswerBytes', () => {
  const chunks = (text: string, size: number) =>
    Array.from({ length: Math.ceil(text.length / size) }, (_, i) =>
      Buffer.from(text.slice(i * size, (i + 1) * size)),
    );

  it('copies the chunks into the one buffer it reserved for the announced length', () => {
    const text = 'abcdefghij'.repeat(100);
    const b = new AnswerBytes(1000, 64 * 1024 * 1024);
    expect(b.reserved).toBe(1000);
    for (const c of chunks(text, 64)) b.add(c);
    expect(b.bytes().toString()).toBe(text);
    expect(b.bytes().buffer.byteLength).toBeGreaterThanOrEqual(1000);
  });

  it('reserves nothing without a length, or for one over the cap, and still reads it all', () => {
    const text = 'x'.repeat(300);
    for (const b of [new AnswerBytes(undefined, 1000), new AnswerBytes(5000, 1000)]) {
      expect(b.reserved).toBe(0);
      for (const c of chunks(text, 7)) b.add(c);
      expect(b.bytes().toString()).toBe(text);
    }
  });

  it('keeps every byte of a body longer than announced, and only those of a shorter one', () => {
    const longer = new AnswerBytes(10, 1000);
    for (const c of chunks('0123456789ABCDEF', 4)) longer.add(c);
    expect(longer.bytes().toString()).toBe('0123456789ABCDEF');
    const shorter = new AnswerBytes(10, 1000);
    shorter.add(Buffer.from('0123'));
    expect(shorter.bytes().toString()).toBe('0123');
  });

  it('reads a Content-Length header only when it is a number of bytes', () => {
    expect(announcedLength('123')).toBe(123);
    expect(announcedLength(['7'])).toBe(7);
    for (const v of [undefined, '', '-1', '1e3', '12abc', '99999999999999999999'])
      expect(announcedLength(v)).toBeUndefined();
  });
});
