/**
 * fetchReport merges each answer as soon as every earlier window is in: whatever order the
 * answers arrive in (and with windows halved on the way), the result is the in-order merge.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { CacsClient, CallResultsResult } from '../../src/api/client.js';
import { ApiError } from '../../src/api/errors.js';
import { messages, parseServiceMessage, type CallRecord } from '../../src/api/spec.js';
import { comparableTime, fetchReport } from '../../src/report/fetch.js';
import { RecordMerger } from '../../src/report/merge.js';
import { splitWindows } from '../../src/report/windows.js';

const day = (d: number) => ({ y: 2026, mo: 1, d, h: 0, mi: 0, s: 0 });
const end = (d: number) => ({ y: 2026, mo: 1, d, h: 23, mi: 59, s: 59 });

/** Records of the window starting on `startDay`: lead names differ between windows. */
function recordsFor(startDay: number): CallRecord[] {
  return [1, 2, 3].map((lead) => ({
    campaign_id: 1,
    campaign_name: 'c',
    campaign_lead_id: lead,
    ref_id: '',
    phone_number: `090000000${lead}`,
    lead_name: (startDay + lead) % 3 === 0 ? '' : `name from day ${startDay}`,
    call: 1,
    data: [
      {
        session: `s${lead}-${startDay}`,
        wait_time: 1,
        talk_time: 2,
        phone_number: `090000000${lead}`,
        date_time: `2026-01-${String(startDay).padStart(2, '0')} 10:00:00`,
        status: 'ANSWERED',
        retry: 0,
        key_press: '',
      },
    ],
  })) as unknown as CallRecord[];
}

function stubClient(delays: number[], halve: Set<number>): CacsClient {
  let n = 0;
  return {
    async callResults(q: { start_date: string; end_date: string }): Promise<CallResultsResult> {
      const startDay = Number(q.start_date.slice(8, 10));
      const endDay = Number(q.end_date.slice(8, 10));
      await new Promise((r) => setTimeout(r, delays[n++ % delays.length]));
      if (halve.has(startDay) && endDay - startDay === 3) {
        const message = messages.over31Days();
        throw new ApiError(message, {
          kind: 'final',
          service: { ...parseServiceMessage(message), message },
        });
      }
      return { records: recordsFor(startDay), message: '' };
    },
  } as unknown as CacsClient;
}

describe('fetchReport', () => {
  it('merges in window order whatever order the answers arrive in (property)', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.integer({ min: 0, max: 8 }), { minLength: 1, maxLength: 12 }),
        fc.integer({ min: 1, max: 5 }),
        fc.uniqueArray(fc.constantFrom(1, 5, 9, 13), { maxLength: 2 }),
        async (delays, concurrency, halve) => {
          const windows = splitWindows(day(1), end(16), 4);
          const result = await fetchReport({
            client: stubClient(delays, new Set(halve)),
            campaignKey: 'c',
            windows,
            statusGroups: [undefined],
            concurrency,
            signal: new AbortController().signal,
          });
          // The in-order merge of the windows as finally asked (halves in place of halved ones).
          const expected = new RecordMerger();
          for (const w of windows) {
            const start = w.start.d;
            const asked = (halve as number[]).includes(start) ? [start, start + 2] : [start];
            for (const d of asked) expected.add(recordsFor(d));
          }
          expect(result.records).toEqual(expected.result());
          expect(result.halved).toBe(halve.length);
        },
      ),
      { numRuns: 40 },
    );
  });
});

describe('comparableTime', () => {
  /** The rule as written in the module comment, with one regex. */
  const reference = (t: string | null | undefined): string | undefined => {
    if (typeof t !== 'string') return undefined;
    const m = /^(\d{4}-\d{2}-\d{2})[T ](\d{2}:\d{2})(:\d{2})?/.exec(t.trim());
    if (!m) return /^\d{4}-\d{2}-\d{2}$/.test(t.trim()) ? `${t.trim()} 00:00:00` : undefined;
    return `${m[1]} ${m[2]}${m[3] ?? ':00'}`;
  };

  it('reads the forms the spec leaves open', () => {
    expect(comparableTime('2026-01-05 10:00:07')).toBe('2026-01-05 10:00:07');
    expect(comparableTime('2026-01-05T10:00:07.123Z')).toBe('2026-01-05 10:00:07');
    expect(comparableTime('2026-01-05 10:00')).toBe('2026-01-05 10:00:00');
    expect(comparableTime(' 2026-01-05 ')).toBe('2026-01-05 00:00:00');
    expect(comparableTime('05/01/2026')).toBeUndefined();
    expect(comparableTime(null)).toBeUndefined();
  });

  it('agrees with the one-regex rule on any text (property)', () => {
    const chars = fc.constantFrom(...'0123456789-: T.Z٣'.split(''));
    const near = fc
      .tuple(
        fc.date({ min: new Date('1990-01-01'), max: new Date('2100-01-01'), noInvalidDate: true }),
        fc.integer({ min: 0, max: 18 }),
        fc.string({ unit: chars, maxLength: 3 }),
      )
      .map(([d, at, s]) => {
        const t = d.toISOString().replace('T', ' ').slice(0, 19);
        return t.slice(0, at) + s + t.slice(at + s.length);
      });
    fc.assert(
      fc.property(fc.oneof(near, fc.string({ unit: chars, maxLength: 25 })), (t) => {
        expect(comparableTime(t)).toBe(reference(t));
      }),
      { numRuns: 3000 },
    );
  });
});
