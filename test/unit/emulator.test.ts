import { mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { Agent, request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import got from 'got';
import { afterEach, describe, expect, it } from 'vitest';
import { IMPORT_PATH, REPORT_PATH, messages, type Lead } from '../../src/api/spec.js';
import {
  generateAttempts,
  startEmulator,
  type EmulatorOptions,
  type EmulatorRecord,
  type RunningEmulator,
} from '../../src/emulator/index.js';
import { formatServiceTime } from '../../src/emulator/generator.js';

const running: RunningEmulator[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((em) => em.close()));
});

async function start(opts: EmulatorOptions = {}): Promise<RunningEmulator> {
  const em = await startEmulator({ port: 0, ...opts });
  running.push(em);
  return em;
}

interface Sent {
  method?: 'GET' | 'POST' | 'PUT';
  headers?: Record<string, string>;
  /** An object is sent as JSON, a string as is. */
  body?: unknown;
  timeoutMs?: number;
}

async function send(em: RunningEmulator, path: string, opts: Sent = {}) {
  const res = await got(em.url + path, {
    method: opts.method ?? (path === REPORT_PATH ? 'GET' : 'POST'),
    allowGetBody: true,
    headers: { 'content-type': 'application/json', access_token: em.token, ...opts.headers },
    body: typeof opts.body === 'string' ? opts.body : JSON.stringify(opts.body ?? {}),
    throwHttpErrors: false,
    retry: { limit: 0 },
    ...(opts.timeoutMs ? { timeout: { request: opts.timeoutMs } } : {}),
  });
  const json = () =>
    JSON.parse(res.body) as { result: string; message: string; records?: EmulatorRecord[] };
  return { status: res.statusCode, headers: res.headers, text: res.body, json };
}

const importLeads = (em: RunningEmulator, body: unknown, opts: Sent = {}) =>
  send(em, IMPORT_PATH, { ...opts, body });
const report = (em: RunningEmulator, body: unknown, opts: Sent = {}) =>
  send(em, REPORT_PATH, { ...opts, body });

async function message(reply: Promise<Awaited<ReturnType<typeof send>>>): Promise<string> {
  const res = await reply;
  expect(res.status).toBe(200);
  return res.json().message;
}

const lead = (phone: string, extra: Partial<Lead> = {}): Lead => ({
  phone_number: phone,
  ...extra,
});
const fixedNow = (iso: string) => () => new Date(iso);

describe('emulator: import validation (spec 7.1)', () => {
  const ok = { campaign_key: 'summer', data: [lead('0912345678')] };
  const cases: Array<[string, Record<string, unknown> | string, Record<string, string>, string]> = [
    ['access_token absent', ok, { access_token: '' }, messages.missingHeader('access_token')],
    [
      'access_token not matching',
      ok,
      { access_token: 'nope' },
      messages.headerMismatch('access_token'),
    ],
    ['campaign_key absent', { data: ok.data }, {}, messages.missingParameter('campaign_key')],
    [
      'campaign_key empty',
      { campaign_key: '', data: ok.data },
      {},
      messages.missingParameter('campaign_key'),
    ],
    [
      'campaign_key too long',
      { ...ok, campaign_key: 'k'.repeat(33) },
      {},
      messages.overMaxLength('campaign_key'),
    ],
    [
      'campaign_key unknown',
      { ...ok, campaign_key: 'winter' },
      {},
      messages.parameterMismatch('campaign_key'),
    ],
    ['body not JSON', '{"campaign_key":', {}, messages.wrongFormat('data')],
    ['data absent', { campaign_key: 'summer' }, {}, messages.wrongFormat('data')],
    ['data not an array', { campaign_key: 'summer', data: {} }, {}, messages.wrongFormat('data')],
    ['data empty', { campaign_key: 'summer', data: [] }, {}, messages.wrongFormat('data')],
    [
      'data holds a non-object',
      { campaign_key: 'summer', data: [lead('0912345678'), 'x'] },
      {},
      messages.wrongFormat('data'),
    ],
    [
      'unknown lead field',
      { campaign_key: 'summer', data: [{ ...lead('0912345678'), age: '3' }] },
      {},
      messages.wrongFormat('data'),
    ],
    [
      'non-string field value',
      { campaign_key: 'summer', data: [{ ...lead('0912345678'), name: 7 }] },
      {},
      messages.wrongFormat('data'),
    ],
    [
      'phone_number absent',
      { campaign_key: 'summer', data: [lead('0912345678'), { name: 'A' }] },
      {},
      messages.wrongFormat('phone_number'),
    ],
    [
      'phone_number a number',
      { campaign_key: 'summer', data: [{ phone_number: 912345678 }] },
      {},
      messages.wrongFormat('phone_number'),
    ],
    [
      'phone_number not digits',
      { campaign_key: 'summer', data: [lead('0912-345-678')] },
      {},
      messages.wrongFormat('phone_number'),
    ],
    [
      'phone_number not 0xxxxxxxxx',
      { campaign_key: 'summer', data: [lead('091234567')] },
      {},
      messages.wrongFormat('phone_number'),
    ],
    [
      'name too long',
      { campaign_key: 'summer', data: [lead('0912345678', { name: 'n'.repeat(101) })] },
      {},
      messages.overMaxLength('name'),
    ],
    [
      'email too long',
      { campaign_key: 'summer', data: [lead('0912345678', { email: 'e'.repeat(51) })] },
      {},
      messages.overMaxLength('email'),
    ],
    [
      'home_phone not digits',
      { campaign_key: 'summer', data: [lead('0912345678', { home_phone: '028-1234' })] },
      {},
      messages.wrongFormat('home_phone'),
    ],
  ];

  it.each(cases)('%s', async (_name, body, headers, expected) => {
    const em = await start();
    expect(await message(importLeads(em, body, { headers }))).toBe(expected);
    expect(em.store.leads('summer')).toHaveLength(0);
    expect(em.store.received).toHaveLength(0);
    expect(em.store.importRequests).toBe(1);
  });

  it('refuses the whole request when one lead is invalid', async () => {
    const em = await start();
    const data = [lead('0912345678'), lead('0912345679'), lead('12')];
    expect(await message(importLeads(em, { campaign_key: 'summer', data }))).toBe(
      messages.wrongFormat('phone_number'),
    );
    expect(em.store.leads('summer')).toHaveLength(0);
  });

  it('counts lengths in characters, not bytes or UTF-16 units', async () => {
    const em = await start();
    const name = '😀'.repeat(100); // 100 characters, 200 UTF-16 units, 400 bytes
    const res = await importLeads(em, {
      campaign_key: 'summer',
      data: [lead('0912345678', { name })],
    });
    expect(res.json().message).toBe(messages.imported(1, 1));
  });

  it('applies a stricter service-side phonePattern', async () => {
    const em = await start({ phonePattern: '^09\\d{8}$' });
    const data = [lead('0912345678'), lead('0312345678')];
    expect(await message(importLeads(em, { campaign_key: 'summer', data }))).toBe(
      messages.wrongFormat('phone_number'),
    );
    expect(
      await message(importLeads(em, { campaign_key: 'summer', data: [lead('0912345678')] })),
    ).toBe(messages.imported(1, 1));
  });
});

describe('emulator: import success', () => {
  it('answers s/t, stores leads with ids, and logs the processed request', async () => {
    const now = fixedNow('2026-03-10T03:00:00Z');
    const em = await start({ now });
    const data = [lead('0912345678', { name: 'An', ref_id: 'C1' }), lead('0987654321')];
    const res = await importLeads(em, { campaign_key: 'summer', data });
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.json()).toEqual({ result: 'success', message: '2/2 leads were imported' });
    expect(em.store.leads('summer')).toEqual([
      { campaign_lead_id: 1, importedAt: now(), lead: data[0] },
      { campaign_lead_id: 2, importedAt: now(), lead: data[1] },
    ]);
    expect(em.store.received).toEqual([
      {
        at: now(),
        campaign: 'summer',
        leads: 2,
        imported: 2,
        phones: ['0912345678', '0987654321'],
      },
    ]);
  });

  it('uses the count form with messageStyle "count"', async () => {
    const em = await start({ messageStyle: 'count' });
    const data = [lead('0912345678'), lead('0987654321')];
    expect(await message(importLeads(em, { campaign_key: 'summer', data }))).toBe(
      '2 leads were imported',
    );
  });

  it('skips phone numbers the campaign already holds (s < t)', async () => {
    const em = await start();
    await importLeads(em, {
      campaign_key: 'summer',
      data: [lead('0900000001'), lead('0900000002')],
    });
    const data = [lead('0900000002'), lead('0900000003'), lead('0900000003')];
    expect(await message(importLeads(em, { campaign_key: 'summer', data }))).toBe(
      '1/3 leads were imported',
    );
    expect(em.store.leads('summer').map((l) => l.lead.phone_number)).toEqual([
      '0900000001',
      '0900000002',
      '0900000003',
    ]);
    expect(em.store.received.map((r) => [r.leads, r.imported])).toEqual([
      [2, 2],
      [3, 1],
    ]);
  });

  it('stores every lead with skipExisting false', async () => {
    const em = await start({ skipExisting: false });
    const data = [lead('0900000001'), lead('0900000001')];
    expect(await message(importLeads(em, { campaign_key: 'summer', data }))).toBe(
      '2/2 leads were imported',
    );
    expect(em.store.leads('summer')).toHaveLength(2);
  });

  it('answers 413 for a data array over maxBatch, processing nothing', async () => {
    const em = await start({ maxBatch: 2 });
    const data = [lead('0900000001'), lead('0900000002'), lead('0900000003')];
    const res = await importLeads(em, { campaign_key: 'summer', data });
    expect(res.status).toBe(413);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(em.store.leads('summer')).toHaveLength(0);
    expect(await message(importLeads(em, { campaign_key: 'summer', data: data.slice(0, 2) }))).toBe(
      '2/2 leads were imported',
    );
  });

  it('checks auth and campaign before the 413', async () => {
    const em = await start({ maxBatch: 1 });
    const data = [lead('0900000001'), lead('0900000002')];
    expect(await message(importLeads(em, { campaign_key: 'nope', data }))).toBe(
      messages.parameterMismatch('campaign_key'),
    );
  });

  it('serves several campaigns with their own ids and names', async () => {
    const em = await start({ campaigns: [{ key: 'a' }, { key: 'b', name: 'Bee', id: 42 }] });
    expect(em.campaigns).toEqual([
      { key: 'a', name: 'a', id: 1 },
      { key: 'b', name: 'Bee', id: 42 },
    ]);
    expect(await message(importLeads(em, { campaign_key: 'b', data: [lead('0900000001')] }))).toBe(
      '1/1 leads were imported',
    );
    expect(em.store.leads('b')).toHaveLength(1);
    expect(em.store.leads('a')).toHaveLength(0);
  });
});

describe('emulator: report validation (spec 7.2)', () => {
  const ok = { campaign_key: 'summer', start_date: '2026-01-01', end_date: '2026-01-02 23:59:59' };
  const cases: Array<[string, Record<string, unknown> | string, Record<string, string>, string]> = [
    ['access_token absent', ok, { access_token: '' }, messages.missingHeader('access_token')],
    [
      'access_token not matching',
      ok,
      { access_token: 'nope' },
      messages.headerMismatch('access_token'),
    ],
    [
      'campaign_key absent',
      { ...ok, campaign_key: undefined },
      {},
      messages.missingParameter('campaign_key'),
    ],
    ['body not JSON', '{oops', {}, messages.missingParameter('campaign_key')],
    [
      'campaign_key unknown',
      { ...ok, campaign_key: 'winter' },
      {},
      messages.parameterMismatch('campaign_key'),
    ],
    ['start_date absent', { ...ok, start_date: undefined }, {}, messages.missingDates()],
    ['end_date empty', { ...ok, end_date: '' }, {}, messages.missingDates()],
    [
      'start_date too long',
      { ...ok, start_date: '2026-01-01 00:00:000' },
      {},
      messages.overMaxLength('start_date'),
    ],
    [
      'end_date too long',
      { ...ok, end_date: '2026-01-02 23:59:590' },
      {},
      messages.overMaxLength('end_date'),
    ],
    [
      'start_date wrong format',
      { ...ok, start_date: '2026-13-01' },
      {},
      messages.wrongFormat('start_date'),
    ],
    [
      'start_date not a date',
      { ...ok, start_date: '01/01/2026' },
      {},
      messages.wrongFormat('start_date'),
    ],
    [
      'end_date wrong format',
      { ...ok, end_date: '2026-02-30' },
      {},
      messages.wrongFormat('end_date'),
    ],
    ['end_date a number', { ...ok, end_date: 20260102 }, {}, messages.wrongFormat('end_date')],
    [
      'start_date later than end_date',
      { ...ok, start_date: '2026-01-03' },
      {},
      messages.startAfterEnd(),
    ],
    ['range over 31 days', { ...ok, end_date: '2026-02-01 00:00:01' }, {}, messages.over31Days()],
    ['status too long', { ...ok, status: 'A'.repeat(41) }, {}, messages.overMaxLength('status')],
    ['ref_id too long', { ...ok, ref_id: 'r'.repeat(33) }, {}, messages.overMaxLength('ref_id')],
    ['ref_id without data', { ...ok, ref_id: 'C-404' }, {}, messages.refIdNotFound('C-404')],
  ];

  it.each(cases)('%s', async (_name, body, headers, expected) => {
    const em = await start();
    expect(await message(report(em, body, { headers }))).toBe(expected);
  });

  it.each([
    ['2026-01-01 00:00:00', '2026-01-31 23:59:59'],
    ['2026-01-01', '2026-02-01'],
    ['2026-01-01 00:00:00', '2026-02-01 00:00:00'],
    ['2026-01-05 10:00:00', '2026-01-05 10:00:00'],
  ])('accepts %s .. %s', async (start_date, end_date) => {
    const em = await start();
    const res = await report(em, { campaign_key: 'summer', start_date, end_date });
    expect(res.json()).toEqual({
      result: 'success',
      message: messages.recordsFound(0),
      records: [],
    });
  });

  it('logs the parsed body of each report request', async () => {
    const em = await start();
    const body = {
      campaign_key: 'summer',
      start_date: '2026-01-01',
      end_date: '2026-01-02',
      status: 'BUSY',
    };
    await report(em, body);
    expect(em.store.reportRequests.map((r) => r.body)).toEqual([body]);
  });
});

describe('emulator: report results', () => {
  const day = 86_400_000;
  const base = Date.parse('2026-01-01T00:00:00+07:00');

  /** 150 leads imported every 17 hours from 2026-01-01 (Hanoi time), spread over 100+ days. */
  async function seeded(opts: EmulatorOptions = {}) {
    const em = await start(opts);
    for (let i = 0; i < 150; i++) {
      const phone = `09${String(i).padStart(8, '0')}`;
      em.store.addLead(
        'summer',
        lead(phone, { ref_id: `C${i}`, name: `Lead ${i}` }),
        new Date(base + i * 17 * 3_600_000),
      );
    }
    return em;
  }

  const expectedAttempts = (em: RunningEmulator, seed = 1) =>
    em.store.leads('summer').map((l) => ({
      id: l.campaign_lead_id,
      attempts: generateAttempts(seed, 1, l.campaign_lead_id, l.importedAt, l.lead.phone_number),
    }));

  async function records(
    em: RunningEmulator,
    body: Record<string, unknown>,
  ): Promise<EmulatorRecord[]> {
    const res = (await report(em, { campaign_key: 'summer', ...body })).json();
    expect(res.result).toBe('success');
    expect(res.message).toBe(messages.recordsFound(res.records?.length ?? -1));
    return res.records ?? [];
  }

  it('returns exactly the leads with an attempt in the window, with only those attempts', async () => {
    const em = await seeded();
    const [from, to] = ['2026-02-10 00:00:00', '2026-02-20 12:00:00'];
    const found = await records(em, { start_date: from, end_date: to });
    const inWindow = (t: number) =>
      t >= Date.parse(`${from.replace(' ', 'T')}+07:00`) &&
      t <= Date.parse(`${to.replace(' ', 'T')}+07:00`);
    const expected = expectedAttempts(em)
      .map(({ id, attempts }) => ({
        id,
        data: attempts.filter((a) => inWindow(a.time)).map((a) => a.entry),
      }))
      .filter((r) => r.data.length > 0);
    expect(expected.length).toBeGreaterThan(5);
    expect(found.map((r) => [r.campaign_lead_id, r.data])).toEqual(
      expected.map((r) => [r.id, r.data]),
    );
    for (const r of found) {
      expect(r.call).toBe(r.data.length);
      for (const a of r.data) expect(a.date_time >= from && a.date_time <= to).toBe(true);
    }
  });

  it('returns records in the documented shape', async () => {
    const em = await seeded({ campaigns: [{ key: 'summer', name: 'Summer campaign', id: 1 }] });
    const [first] = await records(em, { start_date: '2026-01-01', end_date: '2026-01-02' });
    expect(first).toMatchObject({
      campaign_id: 1,
      campaign_name: 'Summer campaign',
      campaign_lead_id: 1,
      ref_id: 'C0',
      phone_number: '0900000000',
      lead_name: 'Lead 0',
    });
    const attempt = first?.data[0];
    expect(attempt).toEqual({
      session: expect.stringMatching(
        /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/,
      ),
      wait_time: expect.any(Number),
      talk_time: expect.any(Number),
      phone_number: '0900000000',
      date_time: '2026-01-01 00:00:00', // the first call is placed in the import's second
      status: expect.any(String),
      retry: 0,
      key_press: expect.stringMatching(/^\d?$/),
    });
  });

  it('filters by status, including values with a space', async () => {
    const em = await seeded();
    const window = { start_date: '2026-01-01', end_date: '2026-01-31 23:59:59' };
    const noAnswer = await records(em, { ...window, status: 'NO ANSWER' });
    expect(noAnswer.length).toBeGreaterThan(3);
    expect(noAnswer.flatMap((r) => r.data.map((a) => a.status))).toSatisfy((s: string[]) =>
      s.every((x) => x === 'NO ANSWER'),
    );
    const two = await records(em, { ...window, status: ' BUSY , NO ANSWER ' });
    const statuses = new Set(two.flatMap((r) => r.data.map((a) => a.status)));
    expect([...statuses].sort()).toEqual(['BUSY', 'NO ANSWER']);
    const all = await records(em, window);
    expect(two.length).toBeLessThan(all.length);
  });

  it('restricts to one lead with ref_id', async () => {
    const em = await seeded();
    const found = await records(em, {
      start_date: '2026-01-01',
      end_date: '2026-01-10',
      ref_id: 'C3',
    });
    expect(found.map((r) => r.campaign_lead_id)).toEqual([4]);
    const res = await report(em, {
      campaign_key: 'summer',
      start_date: '2026-03-01',
      end_date: '2026-03-10',
      ref_id: 'C3',
    });
    expect(res.json().message).toBe(messages.refIdNotFound('C3'));
  });

  it("attemptsStyle 'all' returns attempts outside the window too", async () => {
    const options = { seed: 7 };
    const probe = await seeded(options);
    const target = expectedAttempts(probe, 7).find((l) => l.attempts.length >= 2);
    if (!target) throw new Error('no lead with two attempts');
    const cut = formatServiceTime(target.attempts[0]?.time ?? 0);
    const body = { start_date: cut.slice(0, 10), end_date: cut, ref_id: `C${target.id - 1}` };
    const [windowed] = await records(probe, body);
    expect(windowed?.data).toHaveLength(1);
    const all = await seeded({ ...options, attemptsStyle: 'all' });
    const [full] = await records(all, body);
    expect(full?.data).toEqual(target.attempts.map((a) => a.entry));
    expect(full?.call).toBe(target.attempts.length);
  });

  it('is deterministic for a seed', async () => {
    const body = { start_date: '2026-02-01', end_date: '2026-02-28 23:59:59' };
    const a = await records(await seeded({ seed: 5 }), body);
    const b = await records(await seeded({ seed: 5 }), body);
    const c = await records(await seeded({ seed: 6 }), body);
    expect(a).toEqual(b);
    expect(a.length).toBeGreaterThan(10);
    expect(c).not.toEqual(a);
  });

  it('shows leads imported over HTTP in a report for the import day', async () => {
    const em = await start({ now: fixedNow('2026-03-10T03:00:00Z') }); // 10:00 in Hanoi
    await importLeads(em, { campaign_key: 'summer', data: [lead('0912345678', { name: 'An' })] });
    const [rec] = await records(em, { start_date: '2026-03-10', end_date: '2026-03-10 23:59:59' });
    expect(rec).toMatchObject({
      campaign_lead_id: 1,
      phone_number: '0912345678',
      lead_name: 'An',
      ref_id: '',
    });
    expect(rec?.data[0]?.date_time.slice(0, 10)).toBe('2026-03-10');
    expect(em.store.leads('summer')).toHaveLength(1);
  });

  it('answers a repeated query alike, and anew once the campaign gains a lead', async () => {
    const em = await start({ now: fixedNow('2026-03-10T03:00:00Z') });
    const query = { start_date: '2026-03-10', end_date: '2026-03-10 23:59:59' };
    await importLeads(em, { campaign_key: 'summer', data: [lead('0912345678')] });
    const first = await report(em, { campaign_key: 'summer', ...query });
    const again = await report(em, { campaign_key: 'summer', ...query });
    expect(again.text).toBe(first.text);
    expect(first.json().records).toHaveLength(1);
    expect(again.headers['content-length']).toBe(String(Buffer.byteLength(first.text)));
    // Another status filter or ref_id is another query.
    expect((await records(em, { ...query, status: 'NO SUCH STATUS' })).length).toBe(0);
    expect(await message(report(em, { campaign_key: 'summer', ...query, ref_id: 'nobody' }))).toBe(
      messages.refIdNotFound('nobody'),
    );

    await importLeads(em, { campaign_key: 'summer', data: [lead('0912345679')] });
    const after = await records(em, query);
    expect(after.map((r) => r.phone_number)).toEqual(['0912345678', '0912345679']);
    expect(em.store.reportRequests).toHaveLength(5);
  });

  it('starts in the second of the import and keeps all attempts within 20 hours of it', () => {
    for (let id = 1; id <= 500; id++) {
      const at = new Date(base + id * day + (id % 1000));
      const attempts = generateAttempts(3, 1, id, at, '0900000000');
      expect(attempts.length).toBeGreaterThanOrEqual(1);
      expect(attempts.length).toBeLessThanOrEqual(3);
      expect(attempts[0]?.time).toBe(Math.floor(at.getTime() / 1000) * 1000);
      for (let i = 1; i < attempts.length; i++)
        expect(attempts[i]!.time - attempts[i - 1]!.time).toBeGreaterThanOrEqual(300_000);
      expect(attempts.at(-1)?.time).toBeLessThanOrEqual(at.getTime() + 20 * 3_600_000);
      attempts.forEach((a, i) => {
        expect(a.entry.retry).toBe(i);
        expect(a.entry.talk_time > 0).toBe(a.entry.status === 'ANSWERED');
        if (i < attempts.length - 1) expect(a.entry.status).not.toBe('ANSWERED');
      });
    }
  });
});

describe('emulator: attempts are never in the future (issue 14, finding 5)', () => {
  const T = Date.parse('2026-03-10T03:00:07.250Z'); // 10:00:07.25 in Hanoi

  it('a lead imported over HTTP has its first call in a report asked a moment later', async () => {
    let now = T;
    const em = await start({ now: () => new Date(now) });
    await importLeads(em, { campaign_key: 'summer', data: [lead('0912345678')] });
    now = T + 400; // the report follows the import
    const res = (
      await report(em, {
        campaign_key: 'summer',
        start_date: '2026-03-10 00:00:00',
        end_date: '2026-03-10 10:00:07', // "now", to the second
      })
    ).json();
    expect(res.records).toHaveLength(1);
    expect(res.records?.[0]?.data[0]?.date_time).toBe('2026-03-10 10:00:07');
  });

  it('returns only attempts whose time has come; later ones appear as time passes', async () => {
    for (const attemptsStyle of ['window', 'all'] as const) {
      let now = T;
      const em = await start({ now: () => new Date(now), seed: 9, attemptsStyle });
      for (let i = 0; i < 20; i++)
        em.store.addLead('summer', lead(`09${1000000 + i}0`), new Date(T));
      const schedule = em.store
        .leads('summer')
        .map((l) => generateAttempts(9, 1, l.campaign_lead_id, l.importedAt, l.lead.phone_number));
      const target = schedule.findIndex((a) => a.length >= 2);
      expect(target).toBeGreaterThanOrEqual(0);
      const second = schedule[target]![1]!.time;
      const whole = { campaign_key: 'summer', start_date: '2026-03-01', end_date: '2026-03-12' };
      const seen = async () => {
        const res = (await report(em, whole)).json();
        const all = (res.records ?? []).flatMap((r) => r.data);
        for (const a of all) expect(a.date_time <= formatServiceTime(now)).toBe(true);
        return res.records?.find((r) => r.campaign_lead_id === target + 1)?.data.length;
      };
      // At the import: every lead's first call, and nothing later.
      const first = (await report(em, whole)).json().records ?? [];
      expect(first.map((r) => r.data.map((a) => a.retry))).toEqual(schedule.map(() => [0]));
      expect(await seen()).toBe(1);
      now = second - 1000;
      expect(await seen()).toBe(1); // a memoised answer too
      now = second;
      expect(await seen()).toBe(2);
      now = T + 2 * 86_400_000;
      expect(await seen()).toBe(schedule[target]!.length);
      const done = (await report(em, whole)).json().records ?? [];
      expect(done.flatMap((r) => r.data)).toHaveLength(schedule.flat().length);
    }
  });
});

describe('emulator: HTTP behaviour and faults', () => {
  const body = { campaign_key: 'summer', data: [lead('0912345678'), lead('0987654321')] };
  const reportBody = { campaign_key: 'summer', start_date: '2026-01-01', end_date: '2026-01-02' };

  it('answers 404 for an unknown path and 405 for a wrong method', async () => {
    const em = await start();
    const missing = await send(em, '/api/cacs/v2/import_lead', { body });
    expect([missing.status, missing.json()]).toEqual([
      404,
      { result: 'error', message: 'Not found' },
    ]);
    const wrong = await send(em, IMPORT_PATH, { method: 'GET', body });
    expect(wrong.status).toBe(405);
    expect(wrong.headers.allow).toBe('POST');
    expect((await send(em, REPORT_PATH, { method: 'POST', body: reportBody })).status).toBe(405);
    expect(em.store.leads('summer')).toHaveLength(0);
  });

  it('429 carries Retry-After and processes nothing', async () => {
    const em = await start({ faults: { rate429: 1, retryAfterSeconds: 3 } });
    const res = await importLeads(em, body);
    expect([res.status, res.headers['retry-after']]).toEqual([429, '3']);
    expect(em.store.leads('summer')).toHaveLength(0);
    expect(em.store.importRequests).toBe(1);
  });

  it('503 is an HTML page with Retry-After', async () => {
    const em = await start({ faults: { rate503: 1 } });
    for (const res of [await importLeads(em, body), await report(em, reportBody)]) {
      expect(res.status).toBe(503);
      expect(res.headers['retry-after']).toBe('1');
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.text).toMatch(/^<html>/);
    }
    expect(em.store.leads('summer')).toHaveLength(0);
    expect(em.store.reportRequests).toHaveLength(0);
  });

  it('dropBefore hangs up without processing', async () => {
    const em = await start({ faults: { dropBeforeRate: 1 } });
    await expect(importLeads(em, body)).rejects.toThrow();
    expect(em.store.leads('summer')).toHaveLength(0);
    expect(em.store.received).toHaveLength(0);
  });

  it('dropAfter processes the import, then hangs up', async () => {
    const em = await start({ faults: { dropAfterRate: 1 } });
    await expect(importLeads(em, body)).rejects.toThrow();
    expect(em.store.leads('summer')).toHaveLength(2);
    expect(em.store.received).toHaveLength(1);
    await expect(report(em, reportBody)).rejects.toThrow();
    expect(em.store.reportRequests).toHaveLength(1);
  });

  it('rate500After processes the import, then answers 500 HTML', async () => {
    const em = await start({ faults: { rate500After: 1 } });
    const res = await importLeads(em, body);
    expect(res.status).toBe(500);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(em.store.leads('summer')).toHaveLength(2);
  });

  it('hang never answers and processes nothing; close() still returns promptly', async () => {
    const em = await start({ faults: { hang: true } });
    await expect(importLeads(em, body, { timeoutMs: 300 })).rejects.toThrow(/timeout/i);
    expect(em.store.leads('summer')).toHaveLength(0);
    const pending = importLeads(em, body).catch((err: Error) => err);
    // The request never gets an answer: close() resolving at all (not at the test's timeout)
    // is the proof, and the pending request then fails.
    await em.close();
    expect(await pending).toBeInstanceOf(Error);
  });

  it('decides partial fault rates deterministically from the seed', async () => {
    const statuses = async (seed: number) => {
      const em = await start({ seed, faults: { rate429: 0.5 } });
      const out: number[] = [];
      for (let i = 0; i < 12; i++) out.push((await report(em, reportBody)).status);
      return out;
    };
    const a = await statuses(9);
    expect(await statuses(9)).toEqual(a);
    expect(new Set(a)).toEqual(new Set([200, 429]));
  });

  it('waits latencyMs before answering', async () => {
    const em = await start({ latencyMs: 200 });
    const t0 = Date.now();
    await report(em, reportBody);
    expect(Date.now() - t0).toBeGreaterThanOrEqual(190);
  });

  it('close() resolves promptly with an idle keep-alive connection open', async () => {
    const em = await startEmulator({ port: 0 });
    const agent = new Agent({ keepAlive: true });
    const payload = JSON.stringify(reportBody);
    const status = await new Promise<number | undefined>((resolve, reject) => {
      const req = httpRequest(
        em.url + REPORT_PATH,
        {
          method: 'GET',
          agent,
          headers: { access_token: em.token, 'content-length': Buffer.byteLength(payload) },
        },
        (res) => {
          res.resume();
          res.on('end', () => resolve(res.statusCode));
        },
      );
      req.on('error', reject);
      req.end(payload);
    });
    expect(status).toBe(200);
    expect(Object.keys(agent.freeSockets)).toHaveLength(1);
    // Waiting for the idle connection would take the server's keep-alive timeout (5 s): the
    // bound tells the two apart with room to spare on a loaded machine.
    const t0 = Date.now();
    await em.close();
    expect(Date.now() - t0).toBeLessThan(5000);
    agent.destroy();
  });

  it('rejects when the port is taken', async () => {
    const em = await start();
    await expect(startEmulator({ port: em.port })).rejects.toThrow(
      `port ${em.port} on 127.0.0.1 is already in use`,
    );
  });
});

describe('emulator: persistence', () => {
  it('round-trips leads through statePath and keeps skipping known phones', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'cacs-emu-'));
    try {
      const statePath = join(dir, 'sub', 'state.json');
      const now = fixedNow('2026-03-10T03:00:00Z');
      const first = await start({ statePath, now });
      await importLeads(first, {
        campaign_key: 'summer',
        data: [lead('0900000001', { name: 'A' }), lead('0900000002')],
      });
      const body = { campaign_key: 'summer', start_date: '2026-03-10', end_date: '2026-03-11' };
      const before = (await report(first, body)).json();
      expect(before.records).toHaveLength(2);
      await first.close();
      const saved = JSON.parse(await readFile(statePath, 'utf8')) as {
        version: number;
        campaigns: Record<string, unknown>;
      };
      expect(saved.version).toBe(1);
      expect(saved.campaigns.summer).toMatchObject({ nextId: 3 });
      expect(await readdir(join(dir, 'sub'))).toEqual(['state.json']);

      const second = await start({ statePath, now });
      expect(second.store.leads('summer')).toEqual(first.store.leads('summer'));
      expect((await report(second, body)).json()).toEqual(before);
      const data = [lead('0900000002'), lead('0900000003')];
      expect(await message(importLeads(second, { campaign_key: 'summer', data }))).toBe(
        '1/2 leads were imported',
      );
      expect(second.store.leads('summer').map((l) => l.campaign_lead_id)).toEqual([1, 2, 3]);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('refuses a state file of another version', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'cacs-emu-'));
    try {
      const statePath = join(dir, 'state.json');
      await writeFile(statePath, JSON.stringify({ version: 2, campaigns: {} }));
      await expect(startEmulator({ port: 0, statePath })).rejects.toThrow(/version 1/);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
