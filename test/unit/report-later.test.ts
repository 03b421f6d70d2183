/**
 * A large report answer waits for its turn to be merged as its bytes, its records read when
 * merged (issue 22 item 10, issue 25: CallResultsResult.later): over real HTTP with a scripted
 * server, the records read later are the records read at once — batch boundaries, a token
 * echoed JSON-escaped and a record at fault past the first batch included — and a report
 * fetched that way is the same report.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../src/api/errors.js';
import type { CallRecord } from '../../src/api/spec.js';
import { createClient } from '../../src/index.js';
import { fetchReport } from '../../src/report/fetch.js';
import type { Window } from '../../src/report/windows.js';
import {
  json,
  jsonEscapes,
  raw,
  startScriptedServer,
  type ScriptedServer,
} from '../helpers/servers.js';

const TOKEN = 'tok-LATER-5a4b3c2d1e';

const attempt = (lead: number, k: number) => ({
  session: `s${lead}-${k}`,
  wait_time: k,
  talk_time: 20 + (lead % 7),
  phone_number: `09${String(10_000_000 + lead).slice(-8)}`,
  date_time: `2026-11-2${k} 09:${String(lead % 60).padStart(2, '0')}:00`,
  status: lead % 3 === 0 ? 'NO ANSWER' : 'ANSWERED',
  retry: k,
  key_press: '',
});
const record = (lead: number, extra: Record<string, unknown> = {}) => ({
  campaign_id: 7,
  campaign_name: 'Thu đông',
  campaign_lead_id: lead,
  ref_id: `KH-${lead}`,
  phone_number: `09${String(10_000_000 + lead).slice(-8)}`,
  lead_name: `Nguyễn Văn ${lead}`,
  call: 2,
  data: [attempt(lead, 0), attempt(lead, 1)],
  ...extra,
});
/** About 1 MB of records: several of the reader's 256 kB batches. */
const MANY = Array.from({ length: 2500 }, (_, i) => record(i + 1));
const answer = (records: unknown[]) => ({
  result: 'success',
  message: `Have ${records.length} records found`,
  records,
});
/** MANY as an answer whose record `i` echoes the token JSON-escaped in its name. */
const echoedAt = (i: number) =>
  JSON.stringify(answer(MANY.map((r, k) => (k === i ? { ...r, lead_name: 'ECHO' } : r)))).replace(
    '"ECHO"',
    `"x ${jsonEscapes(TOKEN).join('')} y"`,
  );
const QUERY = { campaign_key: 'AUTUMN', start_date: '2026-11-20', end_date: '2026-11-21' };

/** The two ways an answer read later is read: a batch at a time, or whole (small enough). */
const WAYS: [string, number | undefined][] = [
  ['a batch at a time', 0],
  ['whole', undefined],
];

const servers: ScriptedServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()));
});
async function serve(...scripts: Parameters<typeof startScriptedServer>[0]) {
  const s = await startScriptedServer(scripts);
  servers.push(s);
  return s;
}

/** Read later, a batch at a time (readWholeUpTo 0), or whole when small enough (the default). */
async function readLater(
  client: ReturnType<typeof createClient>,
  readWholeUpTo?: number,
): Promise<{ records: CallRecord[]; batches: number; length: number }> {
  const r = await client.callResults(
    QUERY,
    readWholeUpTo === undefined ? { laterFrom: 0 } : { laterFrom: 0, readWholeUpTo },
  );
  expect(r.records).toEqual([]);
  expect(r.later).toBeDefined();
  const records: CallRecord[] = [];
  let batches = 0;
  for (const batch of r.later!.batches()) {
    batches++;
    records.push(...batch);
  }
  return { records, batches, length: r.later!.length };
}

describe('records read later', () => {
  it('are the records read at once, in batches, and can be read again', async () => {
    const s = await serve(json(200, answer(MANY)));
    const client = createClient({ baseUrl: s.url, token: TOKEN });
    const now = await client.callResults(QUERY);
    expect(now.later).toBeUndefined();
    const later = await client.callResults(QUERY, { laterFrom: 0, readWholeUpTo: 0 });
    const first = [...later.later!.batches()];
    expect(first.length).toBeGreaterThan(2);
    expect(first.flat()).toEqual(now.records);
    expect([...later.later!.batches()].flat()).toEqual(now.records);
    expect(later.later!.length).toBe(MANY.length);
    expect(later.count).toBe(MANY.length);
  });

  it.each(WAYS)(
    'the first read hands out the objects the check parsed, unless released (issue 22 item 10), %s',
    async (_way, readWholeUpTo) => {
      const s = await serve(json(200, answer(MANY)), json(200, answer(MANY)));
      const client = createClient({ baseUrl: s.url, token: TOKEN });
      const parses = vi.spyOn(JSON, 'parse');
      try {
        const kept = await client.callResults(QUERY, { laterFrom: 0, readWholeUpTo });
        parses.mockClear();
        const first = [...kept.later!.batches()].flat();
        // No second parse: merged as soon as it arrives, the answer is parsed once.
        expect(parses).not.toHaveBeenCalled();
        expect(first).toEqual(MANY);
        // A second read parses the bytes again (the same values).
        expect([...kept.later!.batches()].flat()).toEqual(MANY);
        expect(parses).toHaveBeenCalled();

        const released = await client.callResults(QUERY, { laterFrom: 0, readWholeUpTo });
        released.later!.release();
        parses.mockClear();
        // Released (the answer waits for an earlier one): its objects were let go of, and it is
        // read again from its bytes.
        expect([...released.later!.batches()].flat()).toEqual(MANY);
        expect(parses).toHaveBeenCalled();
      } finally {
        parses.mockRestore();
      }
    },
  );

  it('an answer of at most readWholeUpTo bytes is parsed whole, a larger one a batch at a time', async () => {
    const s = await serve(...Array.from({ length: 4 }, () => json(200, answer(MANY))));
    const client = createClient({ baseUrl: s.url, token: TOKEN });
    const size = Buffer.byteLength(JSON.stringify(answer(MANY)));
    const parses = vi.spyOn(JSON, 'parse');
    try {
      // Exactly the size: one parse of the whole answer, its records handed out at once.
      const whole = await client.callResults(QUERY, { laterFrom: 0, readWholeUpTo: size });
      expect(parses).toHaveBeenCalledTimes(1);
      expect([...whole.later!.batches()]).toHaveLength(1);
      parses.mockClear();
      // One byte less: the batch reader (the answer's members, then each batch of records).
      const batches = await client.callResults(QUERY, { laterFrom: 0, readWholeUpTo: size - 1 });
      expect(parses.mock.calls.length).toBeGreaterThan(2);
      expect([...batches.later!.batches()].flat()).toEqual(MANY);
      // Read at once (no laterFrom), the same bound.
      parses.mockClear();
      const atOnce = await client.callResults(QUERY, { readWholeUpTo: size });
      expect(parses).toHaveBeenCalledTimes(1);
      parses.mockClear();
      const atOnceInBatches = await client.callResults(QUERY, { readWholeUpTo: size - 1 });
      expect(parses.mock.calls.length).toBeGreaterThan(2);
      expect(atOnceInBatches.records).toEqual(atOnce.records);
    } finally {
      parses.mockRestore();
    }
  });

  it('read at once, a batch at a time or whole, the records are the same and a token echoed JSON-escaped is masked', async () => {
    const s = await serve(raw(200, echoedAt(1800), { 'content-type': 'application/json' }));
    const client = createClient({ baseUrl: s.url, token: TOKEN });
    const whole = await client.callResults(QUERY);
    const batches = await client.callResults(QUERY, { readWholeUpTo: 0 });
    expect(whole.later).toBeUndefined();
    expect(batches.later).toBeUndefined();
    expect(batches.records).toEqual(whole.records);
    expect(whole.records).toHaveLength(MANY.length);
    expect(JSON.stringify(whole.records)).not.toContain(TOKEN);
    expect(whole.records[1800]!.lead_name).toMatch(/^x .* y$/);
  });

  it('an answer smaller than laterFrom is read at once', async () => {
    const s = await serve(json(200, answer(MANY)));
    const client = createClient({ baseUrl: s.url, token: TOKEN });
    const r = await client.callResults(QUERY, { laterFrom: 64 * 1024 * 1024 });
    expect(r.later).toBeUndefined();
    expect(r.records).toHaveLength(MANY.length);
  });

  it.each(WAYS)(
    'a token echoed JSON-escaped in a later batch is masked, %s',
    async (_way, readWholeUpTo) => {
      const s = await serve(raw(200, echoedAt(2000), { 'content-type': 'application/json' }));
      const client = createClient({ baseUrl: s.url, token: TOKEN });
      const now = await client.callResults(QUERY);
      const later = await readLater(client, readWholeUpTo);
      expect(later.records).toEqual(now.records);
      expect(JSON.stringify(later.records)).not.toContain(TOKEN);
      expect(later.records[2000]!.lead_name).not.toContain(TOKEN);
    },
  );

  it.each(WAYS)(
    'a record at fault past the first batch is named as when read at once, %s',
    async (_way, readWholeUpTo) => {
      const records = MANY.map((r, i) => (i === 2100 ? { ...r, campaign_lead_id: null } : r));
      const s = await serve(json(200, answer(records)));
      const client = createClient({ baseUrl: s.url, token: TOKEN });
      const now = await client.callResults(QUERY).catch((e: unknown) => e);
      const later = await client
        .callResults(QUERY, { laterFrom: 0, readWholeUpTo })
        .catch((e: unknown) => e);
      expect(now).toBeInstanceOf(ApiError);
      expect(later).toBeInstanceOf(ApiError);
      expect((later as ApiError).message).toBe((now as ApiError).message);
      expect((now as ApiError).message).toContain('2101');
    },
  );

  it.each(WAYS)(
    'a report fetched with its answers read later is the same report, %s',
    async (_way, readWholeUpTo) => {
      // Two windows whose leads overlap: the merge across windows sees both ways alike.
      const day1 = MANY.slice(0, 1500);
      const day2 = MANY.slice(1000).map((r) => ({ ...r, data: [attempt(r.campaign_lead_id, 2)] }));
      const script = (_req: unknown, res: import('node:http').ServerResponse, body: string) => {
        const q = JSON.parse(body) as { start_date: string };
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify(answer(q.start_date.startsWith('2026-11-20') ? day1 : day2)));
      };
      const s = await serve(script);
      const client = createClient({ baseUrl: s.url, token: TOKEN });
      const at = (d: number, h: number, mi: number, sec: number) =>
        ({ y: 2026, mo: 11, d, h, mi, s: sec }) as Window['start'];
      const windows: Window[] = [
        { start: at(20, 0, 0, 0), end: at(20, 23, 59, 59) },
        { start: at(21, 0, 0, 0), end: at(21, 23, 59, 59) },
      ];
      const fetch = (laterFrom: number) =>
        fetchReport({
          client,
          campaignKey: 'AUTUMN',
          windows,
          statusGroups: [undefined],
          concurrency: 2,
          laterFrom,
          readWholeUpTo,
          signal: new AbortController().signal,
        });
      const now = await fetch(Infinity);
      const later = await fetch(0);
      expect(later.records).toEqual(now.records);
      expect(later.records).toHaveLength(2500);
    },
  );
});
