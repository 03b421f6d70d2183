import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CacsClient, type ClientOptions } from '../../src/api/client.js';
import { ApiError } from '../../src/api/errors.js';
import { InterruptedError } from '../../src/errors.js';
import { RetryBudget } from '../../src/api/retry.js';
import { messages } from '../../src/api/spec.js';
import { startEmulator, type RunningEmulator } from '../../src/emulator/index.js';
import { VERSION } from '../../src/version.js';
import { closedPort, hangUp, html, json, raw, startScriptedServer } from '../helpers/servers.js';
import { fastSleep } from '../helpers/sleep.js';

const FAST = { baseDelayMs: 1, maxDelayMs: 5, maxAttempts: 4 };
const LEAD = { phone_number: '0912345678', name: 'Nguyễn Văn A' };

function client(url: string, extra: Partial<ClientOptions> = {}): CacsClient {
  return new CacsClient({
    baseUrl: url,
    token: 'emulator-token',
    retry: FAST,
    timeoutMs: 2000,
    ...extra,
  });
}

async function failure(p: Promise<unknown>): Promise<ApiError> {
  const e = await p.then(
    () => undefined,
    (err: unknown) => err,
  );
  expect(e).toBeInstanceOf(ApiError);
  return e as ApiError;
}

describe('client against the emulator', () => {
  let emu: RunningEmulator;
  beforeAll(async () => {
    emu = await startEmulator({ port: 0, campaigns: [{ key: 'summer' }] });
  });
  afterAll(() => emu.close());

  it('imports and reads the "s/t" success form', async () => {
    const r = await client(emu.url).importLeads('summer', [LEAD, { phone_number: '0912345678' }]);
    expect(r).toMatchObject({ imported: 1, total: 2, skipped: 1, unparsedMessage: false });
  });

  it('reads call results with the record count', async () => {
    const r = await client(emu.url).callResults({
      campaign_key: 'summer',
      start_date: '2000-01-01 00:00:00',
      end_date: '2000-01-31 23:59:59',
    });
    expect(r.records).toEqual([]);
    expect(r.count).toBe(0);
  });

  // Each spec message of section 7 → typed error with the parameter and the exit code.
  it.each([
    [
      'import: token absent',
      (c: CacsClient) => c.importLeads('summer', [LEAD]),
      '',
      'missing_header',
      'access_token',
      4,
    ],
    [
      'import: token not matching',
      (c: CacsClient) => c.importLeads('summer', [LEAD]),
      'wrong',
      'header_mismatch',
      'access_token',
      4,
    ],
    [
      'import: campaign_key absent',
      (c: CacsClient) => c.importLeads('', [LEAD]),
      undefined,
      'missing_parameter',
      'campaign_key',
      4,
    ],
    [
      'import: campaign_key not matching',
      (c: CacsClient) => c.importLeads('winter', [LEAD]),
      undefined,
      'parameter_mismatch',
      'campaign_key',
      4,
    ],
    [
      'import: data wrong format',
      (c: CacsClient) => c.importLeads('summer', []),
      undefined,
      'wrong_format',
      'data',
      1,
    ],
    [
      'import: phone_number wrong format',
      (c: CacsClient) => c.importLeads('summer', [{ phone_number: '12' }]),
      undefined,
      'wrong_format',
      'phone_number',
      1,
    ],
    [
      'report: token absent',
      (c: CacsClient) =>
        c.callResults({ campaign_key: 'summer', start_date: '2026-01-01', end_date: '2026-01-02' }),
      '',
      'missing_header',
      'access_token',
      4,
    ],
    [
      'report: token not matching',
      (c: CacsClient) =>
        c.callResults({ campaign_key: 'summer', start_date: '2026-01-01', end_date: '2026-01-02' }),
      'wrong',
      'header_mismatch',
      'access_token',
      4,
    ],
    [
      'report: campaign_key absent',
      (c: CacsClient) =>
        c.callResults({ campaign_key: '', start_date: '2026-01-01', end_date: '2026-01-02' }),
      undefined,
      'missing_parameter',
      'campaign_key',
      4,
    ],
    [
      'report: campaign_key not matching',
      (c: CacsClient) =>
        c.callResults({ campaign_key: 'nope', start_date: '2026-01-01', end_date: '2026-01-02' }),
      undefined,
      'parameter_mismatch',
      'campaign_key',
      4,
    ],
    [
      'report: dates absent',
      (c: CacsClient) => c.callResults({ campaign_key: 'summer', start_date: '', end_date: '' }),
      undefined,
      'missing_dates',
      undefined,
      2,
    ],
    [
      'report: start_date wrong format',
      (c: CacsClient) =>
        c.callResults({ campaign_key: 'summer', start_date: '2026/01/01', end_date: '2026-01-02' }),
      undefined,
      'wrong_format',
      'start_date',
      2,
    ],
    [
      'report: start_date too long',
      (c: CacsClient) =>
        c.callResults({
          campaign_key: 'summer',
          start_date: '2026-01-01 00:00:00.000',
          end_date: '2026-01-02',
        }),
      undefined,
      'over_max_length',
      'start_date',
      2,
    ],
    [
      'report: end_date wrong format',
      (c: CacsClient) =>
        c.callResults({ campaign_key: 'summer', start_date: '2026-01-01', end_date: '2026-02-30' }),
      undefined,
      'wrong_format',
      'end_date',
      2,
    ],
    [
      'report: end_date too long',
      (c: CacsClient) =>
        c.callResults({
          campaign_key: 'summer',
          start_date: '2026-01-01',
          end_date: '2026-01-02 00:00:00 +07',
        }),
      undefined,
      'over_max_length',
      'end_date',
      2,
    ],
    [
      'report: start later than end',
      (c: CacsClient) =>
        c.callResults({ campaign_key: 'summer', start_date: '2026-01-05', end_date: '2026-01-02' }),
      undefined,
      'start_after_end',
      undefined,
      2,
    ],
    [
      'report: over 31 days',
      (c: CacsClient) =>
        c.callResults({
          campaign_key: 'summer',
          start_date: '2026-01-01 00:00:00',
          end_date: '2026-02-01 00:00:01',
        }),
      undefined,
      'range_too_long',
      undefined,
      2,
    ],
    [
      'report: ref_id without data',
      (c: CacsClient) =>
        c.callResults({
          campaign_key: 'summer',
          start_date: '2026-01-01',
          end_date: '2026-01-02',
          ref_id: 'KH1',
        }),
      undefined,
      'ref_id_not_found',
      undefined,
      1,
    ],
  ] as const)('%s', async (_name, call, token, code, param, exit) => {
    const c = client(emu.url, token === undefined ? {} : { token });
    const e = await failure(call(c));
    expect(e.kind).toBe('final');
    expect(e.service?.code).toBe(code);
    expect(e.service?.param).toBe(param);
    expect(e.exitCode).toBe(exit);
  });

  it('reads the "n leads were imported" form', async () => {
    const count = await startEmulator({ port: 0, messageStyle: 'count' });
    try {
      const r = await client(count.url).importLeads('summer', [LEAD]);
      expect(r).toMatchObject({ imported: 1, skipped: 0 });
      expect(r.total).toBeUndefined();
    } finally {
      await count.close();
    }
  });

  it('never resends an import whose answer was lost after processing (uncertain)', async () => {
    const drop = await startEmulator({ port: 0, faults: { dropAfterRate: 1 } });
    try {
      const e = await failure(client(drop.url).importLeads('summer', [LEAD]));
      expect(e.kind).toBe('uncertain');
      expect(drop.store.importRequests).toBe(1);
      expect(drop.store.received).toHaveLength(1);
    } finally {
      await drop.close();
    }
  });

  it('treats a response timeout after sending as uncertain and does not resend', async () => {
    const hang = await startEmulator({ port: 0, faults: { hang: true } });
    try {
      const e = await failure(client(hang.url, { timeoutMs: 300 }).importLeads('summer', [LEAD]));
      expect(e.kind).toBe('uncertain');
      expect(e.message).toMatch(/no answer .* within 300 ms after sending/);
      expect(hang.store.importRequests).toBe(1);
    } finally {
      await hang.close();
    }
  });

  it('answers 413 as too large without retrying', async () => {
    const small = await startEmulator({ port: 0, maxBatch: 1 });
    try {
      const e = await failure(
        client(small.url).importLeads('summer', [LEAD, { phone_number: '0987654321' }]),
      );
      expect(e.tooLarge).toBe(true);
      expect(small.store.importRequests).toBe(1);
    } finally {
      await small.close();
    }
  });
});

describe('client failure classes (scripted servers)', () => {
  it('retries an HTML 503 page, then succeeds', async () => {
    const s = await startScriptedServer([
      html(503, 'Service Unavailable'),
      html(503, 'Service Unavailable'),
      json(200, { result: 'success', message: messages.imported(1, 1) }),
    ]);
    try {
      const r = await client(s.url).importLeads('summer', [LEAD]);
      expect(r.imported).toBe(1);
      expect(s.seen).toHaveLength(3);
    } finally {
      await s.close();
    }
  });

  it('honours Retry-After on 429 (seconds)', async () => {
    const s = await startScriptedServer([
      json(429, { message: 'slow down' }, { 'retry-after': '1' }),
      json(200, { result: 'success', message: messages.imported(1) }),
    ]);
    try {
      const sleep = fastSleep();
      await client(s.url, { sleep }).importLeads('summer', [LEAD]);
      expect(sleep.waits).toEqual([1000]);
      expect(s.seen).toHaveLength(2);
    } finally {
      await s.close();
    }
  });

  it('waits with the real timer by default, and an abort cuts the wait short', async () => {
    const s = await startScriptedServer([html(503, 'down')]);
    try {
      const ac = new AbortController();
      const c = client(s.url, {
        signal: ac.signal,
        random: () => 1,
        retry: { baseDelayMs: 30_000, maxDelayMs: 30_000, maxAttempts: 3 },
      });
      const p = c.importLeads('summer', [LEAD]).then(
        () => undefined,
        (e: unknown) => e,
      );
      await new Promise((r) => setTimeout(r, 300));
      // Still waiting for its second attempt: the real timer, not an injected one.
      expect(s.seen).toHaveLength(1);
      ac.abort();
      // The wait was 30 s, the test's limit: settling at all is the abort cutting it short.
      expect(await p).toBeInstanceOf(InterruptedError);
      expect(s.seen).toHaveLength(1);
    } finally {
      await s.close();
    }
  });

  it('gives an injected wait the signal: an abort interrupts it too', async () => {
    const s = await startScriptedServer([html(503, 'down')]);
    try {
      const ac = new AbortController();
      const sleep = fastSleep();
      const c = client(s.url, { signal: ac.signal, sleep, onRetry: () => ac.abort() });
      await expect(c.importLeads('summer', [LEAD])).rejects.toBeInstanceOf(InterruptedError);
      expect(sleep.waits).toHaveLength(1);
      expect(s.seen).toHaveLength(1);
    } finally {
      await s.close();
    }
  });

  it('fails fast when Retry-After is longer than the cap', async () => {
    const s = await startScriptedServer([html(503, 'Maintenance', { 'retry-after': '3600' })]);
    try {
      const e = await failure(client(s.url).importLeads('summer', [LEAD]));
      expect(e.message).toMatch(/asks to wait 3600 s, longer than the 60 s cacs waits/);
      expect(e.exitCode).toBe(1);
      expect(s.seen).toHaveLength(1);
    } finally {
      await s.close();
    }
  });

  it.each([
    ['100000000000000000000', 'a day or more'],
    ['9'.repeat(400), 'a day or more'],
    ['86400', 'a day or more'],
    ['86399', '86399 s'],
  ])(
    'a Retry-After of %s s is said as %s (session 24: 1e20 was printed as digits)',
    async (header, said) => {
      const s = await startScriptedServer([html(503, 'Maintenance', { 'retry-after': header })]);
      try {
        const e = await failure(client(s.url).importLeads('summer', [LEAD]));
        expect(e.message).toContain(`asks to wait ${said}, longer than the 60 s cacs waits`);
        expect(s.seen).toHaveLength(1);
      } finally {
        await s.close();
      }
    },
  );

  it('gives up on a service that keeps failing, within the attempts', async () => {
    const s = await startScriptedServer([html(503, 'down')]);
    try {
      const e = await failure(client(s.url).importLeads('summer', [LEAD]));
      expect(e.exhausted).toBe(true);
      expect(e.message).toMatch(/HTTP 503 \(gave up after 4 attempts\)/);
      expect(s.seen).toHaveLength(4);
    } finally {
      await s.close();
    }
  });

  it('shares one retry budget across requests', async () => {
    const s = await startScriptedServer([html(503, 'down')]);
    try {
      const budget = new RetryBudget(2);
      const c = client(s.url, { budget, retry: { ...FAST, maxAttempts: 10 } });
      await failure(c.importLeads('summer', [LEAD]));
      await failure(c.importLeads('summer', [LEAD]));
      expect(s.seen).toHaveLength(4); // 1 + 2 retries, then 1 with an empty budget
    } finally {
      await s.close();
    }
  });

  it('retries connection refused, then fails with exit code 1', async () => {
    const port = await closedPort();
    const retries: number[] = [];
    const e = await failure(
      client(`http://127.0.0.1:${port}`, { onRetry: (i) => retries.push(i.attempt) }).importLeads(
        'summer',
        [LEAD],
      ),
    );
    expect(e.kind).toBe('retryable');
    expect(e.exitCode).toBe(1);
    expect(e.message).toMatch(
      /cannot reach 127\.0\.0\.1:\d+: connection refused \(gave up after 4 attempts\)/,
    );
    expect(retries).toEqual([1, 2, 3]);
  });

  it('does not resend an import after a hang-up (uncertain), but retries a report', async () => {
    const s = await startScriptedServer([
      hangUp,
      hangUp,
      json(200, { result: 'success', message: messages.recordsFound(0), records: [] }),
    ]);
    try {
      const e = await failure(client(s.url).importLeads('summer', [LEAD]));
      expect(e.kind).toBe('uncertain');
      expect(s.seen).toHaveLength(1);
      const r = await client(s.url).callResults({
        campaign_key: 'k',
        start_date: '2026-01-01',
        end_date: '2026-01-02',
      });
      expect(r.records).toEqual([]);
      expect(s.seen).toHaveLength(3);
    } finally {
      await s.close();
    }
  });

  it.each([500, 502, 504])('treats HTTP %i on import as uncertain', async (status) => {
    const s = await startScriptedServer([html(status, 'oops')]);
    try {
      const e = await failure(client(s.url).importLeads('summer', [LEAD]));
      expect(e.kind).toBe('uncertain');
      expect(s.seen).toHaveLength(1);
    } finally {
      await s.close();
    }
  });

  it('treats an unreadable 2xx body as uncertain', async () => {
    const s = await startScriptedServer([raw(200, '<html>proxy login</html>')]);
    try {
      const e = await failure(client(s.url).importLeads('summer', [LEAD]));
      expect(e.kind).toBe('uncertain');
      expect(e.message).toMatch(/body cacs cannot read: <html>proxy login<\/html>/);
    } finally {
      await s.close();
    }
  });

  it('reads a service error on a 4xx status, and a bare 4xx as a final failure', async () => {
    const s = await startScriptedServer([
      json(401, { result: 'error', message: messages.headerMismatch('access_token') }),
      html(404, 'Not Found'),
    ]);
    try {
      const e1 = await failure(client(s.url).importLeads('summer', [LEAD]));
      expect(e1.service?.code).toBe('header_mismatch');
      expect(e1.exitCode).toBe(4);
      const e2 = await failure(client(s.url).importLeads('summer', [LEAD]));
      expect(e2.kind).toBe('final');
      expect(e2.exitCode).toBe(1);
      expect(e2.message).toMatch(/HTTP 404/);
    } finally {
      await s.close();
    }
  });

  it('makes the batch uncertain when a success message cannot be read as a count (issue 22)', async () => {
    const s = await startScriptedServer([json(200, { result: 'success', message: 'OK' })]);
    try {
      const e = await failure(client(s.url).importLeads('summer', [LEAD, LEAD]));
      expect(e.kind).toBe('uncertain');
      expect(e.message).toContain('"OK", which is not an answer the spec describes for 2 leads');
    } finally {
      await s.close();
    }
  });

  it('does not follow redirects, so the token never reaches another host', async () => {
    const other = await startScriptedServer([
      json(200, { result: 'success', message: '1 leads were imported' }),
    ]);
    const s = await startScriptedServer([
      raw(302, '', { location: `${other.url}/api/cacs/v1/import_lead` }),
    ]);
    try {
      const e = await failure(client(s.url).importLeads('summer', [LEAD]));
      expect(e.kind).toBe('final');
      expect(e.message).toMatch(/HTTP 302 \(a redirect to .*\); cacs does not follow redirects/);
      expect(other.seen).toHaveLength(0);
    } finally {
      await s.close();
      await other.close();
    }
  });

  it('sends the token header, JSON, a User-Agent, and GET with a body', async () => {
    const s = await startScriptedServer([
      json(200, { result: 'success', message: '1 leads were imported' }),
      json(200, { result: 'success', message: 'Have 0 records found', records: [] }),
    ]);
    try {
      const c = client(s.url, { token: 'T0KEN' });
      await c.importLeads('summer', [LEAD]);
      await c.callResults({
        campaign_key: 'summer',
        start_date: '2026-01-01 00:00:00',
        end_date: '2026-01-31 23:59:59',
        status: 'BUSY,NO ANSWER',
        ref_id: 'R1',
      });
      const [imp, rep] = s.seen;
      expect(imp).toMatchObject({ method: 'POST', url: '/api/cacs/v1/import_lead' });
      expect(imp?.headers.access_token).toBe('T0KEN');
      expect(imp?.headers['content-type']).toBe('application/json');
      expect(imp?.headers['user-agent']).toBe(`cacs/${VERSION}`);
      expect(JSON.parse(imp?.body ?? '')).toEqual({ campaign_key: 'summer', data: [LEAD] });
      expect(rep).toMatchObject({ method: 'GET', url: '/api/cacs/v1/call_result' });
      expect(JSON.parse(rep?.body ?? '')).toEqual({
        campaign_key: 'summer',
        start_date: '2026-01-01 00:00:00',
        end_date: '2026-01-31 23:59:59',
        status: 'BUSY,NO ANSWER',
        ref_id: 'R1',
      });
    } finally {
      await s.close();
    }
  });

  it('keeps a base URL path prefix', async () => {
    const s = await startScriptedServer([
      json(200, { result: 'success', message: '1 leads were imported' }),
    ]);
    try {
      await client(`${s.url}/gateway`).importLeads('summer', [LEAD]);
      expect(s.seen[0]?.url).toBe('/gateway/api/cacs/v1/import_lead');
    } finally {
      await s.close();
    }
  });

  it('masks the token in the verbose trace', async () => {
    const token = 'SENTINEL-TOKEN-42';
    const s = await startScriptedServer([
      html(503, 'x'),
      json(200, { result: 'success', message: '1 leads were imported' }),
    ]);
    const lines: string[] = [];
    try {
      await client(s.url, { token, log: (l) => lines.push(l) }).importLeads('summer', [LEAD]);
      expect(lines.join('\n')).toContain('access_token: ***');
      expect(lines.join('\n')).not.toContain(token);
      expect(lines.some((l) => l.startsWith('< 503'))).toBe(true);
    } finally {
      await s.close();
    }
  });
});
