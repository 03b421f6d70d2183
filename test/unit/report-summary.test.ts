/**
 * The report's statistics (src/report/summary.ts), checked against plain re-computations: the
 * 24-hour rule against a brute force over every pair of calls, the percentiles against sorting
 * and picking, the permitted hours at their boundaries and against a comparison of the clock
 * text, undated attempts, the empty report.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { CallAttempt, CallRecord } from '../../src/api/spec.js';
import { UsageError } from '../../src/errors.js';
import { summarize as librarySummarize } from '../../src/index.js';
import { parseCallHours, summarize, SummaryBuilder } from '../../src/report/summary.js';

const DAY = 86_400;

function attempt(over: Partial<CallAttempt> = {}): CallAttempt {
  return {
    session: '1',
    wait_time: 10,
    talk_time: 0,
    phone_number: '0912345678',
    date_time: '2026-11-02 09:00:00',
    status: 'NO ANSWER',
    retry: 0,
    key_press: '',
    ...over,
  };
}

function record(id: number, data: CallAttempt[], phone = '0912345678'): CallRecord {
  return {
    campaign_id: 1,
    campaign_name: 'Summer',
    campaign_lead_id: id,
    ref_id: `KH-${id}`,
    phone_number: phone,
    lead_name: `Lead ${id}`,
    call: data.length,
    data,
  };
}

/** Seconds since 2026-11-01 00:00 → 'yyyy-mm-dd HH:mm:ss' (a wall clock, no zone). */
function wall(s: number): string {
  return new Date(Date.UTC(2026, 10, 1) + s * 1000).toISOString().slice(0, 19).replace('T', ' ');
}

describe('the 24-hour rule', () => {
  /** Brute force: for each call, the calls in the 24 hours starting with it; the most. */
  function worst(times: number[]): number {
    let best = 0;
    for (const a of times) {
      let n = 0;
      for (const b of times) if (b >= a && b - a < DAY) n++;
      best = Math.max(best, n);
    }
    return best;
  }

  /** A second in 4 days; often on a 6-hour mark or just before one (24 hours apart, or not quite). */
  const callTime = fc.oneof(
    fc.integer({ min: 0, max: 4 * DAY }),
    fc.integer({ min: 0, max: 16 }).map((k) => k * 21_600),
    fc.integer({ min: 1, max: 16 }).map((k) => k * 21_600 - 1),
  );

  it('finds exactly the numbers a brute force over all pairs finds, with their busiest 24 hours', () => {
    fc.assert(
      fc.property(
        // Up to 12 numbers, each called at up to 8 times within 4 days (to the second).
        fc.array(fc.array(callTime, { minLength: 1, maxLength: 8 }), {
          minLength: 1,
          maxLength: 12,
        }),
        fc.integer({ min: 1, max: 4 }),
        (numbers, max) => {
          const records = numbers.map((times, i) =>
            record(
              i + 1,
              times.map((t, j) =>
                attempt({
                  session: String(j),
                  date_time: wall(t),
                  phone_number: `09100000${10 + i}`,
                }),
              ),
            ),
          );
          const s = summarize(records, { compliance: { maxCallsPer24h: max } });
          const expected = numbers
            .map((times, i) => ({ phone: `09100000${10 + i}`, calls: worst(times) }))
            .filter((n) => n.calls > max);
          expect(s.compliance.overLimit.numbers).toBe(expected.length);
          expect(s.compliance.overLimit.calls).toBe(expected.reduce((n, e) => n + e.calls, 0));
          const got = new Map(s.compliance.overLimit.samples.map((x) => [x.phone_number, x]));
          expect([...got.keys()].sort()).toEqual(expected.map((e) => e.phone).sort());
          for (const e of expected) {
            const sample = got.get(e.phone)!;
            expect(sample.calls).toBe(e.calls);
            // The stretch named holds that many calls, within 24 hours.
            const times = numbers[Number(e.phone.slice(-2)) - 10]!;
            const from = times.find((t) => wall(t) === sample.from);
            const to = times.find((t) => wall(t) === sample.to);
            expect(from).toBeDefined();
            expect(to).toBeDefined();
            expect(to! - from!).toBeLessThan(DAY);
            expect(times.filter((t) => t >= from! && t <= to!).length).toBe(e.calls);
          }
          expect(s.compliance.violations).toBe(
            s.compliance.outsideHours.attempts + expected.length,
          );
        },
      ),
      { numRuns: 300 },
    );
  });

  it('a call exactly 24 hours after another is within the limit; one second less is not', () => {
    const at = (...times: number[]) =>
      summarize([
        record(
          1,
          times.map((t, i) => attempt({ session: String(i), date_time: wall(t) })),
        ),
      ]).compliance.overLimit;
    expect(at(9 * 3600, 9 * 3600 + DAY).numbers).toBe(0);
    expect(at(9 * 3600, 9 * 3600 + DAY - 1)).toMatchObject({
      numbers: 1,
      calls: 2,
      samples: [
        {
          phone_number: '0912345678',
          calls: 2,
          from: '2026-11-01 09:00:00',
          to: '2026-11-02 08:59:59',
        },
      ],
    });
  });

  it('counts one subscriber however the number is written, across leads', () => {
    const records = [
      record(1, [attempt({ phone_number: '+84 912 345 678', date_time: '2026-11-02 09:00:00' })]),
      record(2, [attempt({ phone_number: '0912345678', date_time: '2026-11-02 10:00:00' })]),
      // An old 11-digit mobile and its 10-digit successor (Decree 91 counts the subscriber).
      record(3, [attempt({ phone_number: '01662345678', date_time: '2026-11-02 09:00:00' })]),
      record(4, [attempt({ phone_number: '0362345678', date_time: '2026-11-02 11:00:00' })]),
      // No number on the attempt: the lead's.
      record(5, [attempt({ phone_number: '', date_time: '2026-11-02 09:00:00' })], '0987000111'),
      record(6, [attempt({ phone_number: null, date_time: '2026-11-02 12:00:00' })], '0987000111'),
    ];
    // The library's summarize (and cacs report) normalise as the import does.
    const s = librarySummarize(records);
    expect(s.compliance.overLimit.samples.map((x) => [x.phone_number, x.calls])).toEqual([
      ['0362345678', 2],
      ['0912345678', 2],
      ['0987000111', 2],
    ]);
    // Without a numberKey, numbers are compared as written.
    expect(
      summarize(records).compliance.overLimit.samples.map((x) => [x.phone_number, x.calls]),
    ).toEqual([['0987000111', 2]]);
  });
});

describe('percentiles (nearest rank) and totals', () => {
  it('are what sorting and picking give', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 5000 }), { maxLength: 60 }),
        fc.array(fc.integer({ min: 0, max: 5000 }), { maxLength: 60 }),
        (waits, talks) => {
          const records = [
            record(1, [
              ...waits.map((w, i) => attempt({ session: `w${i}`, wait_time: w })),
              ...talks.map((t, i) =>
                attempt({
                  session: `t${i}`,
                  wait_time: null,
                  talk_time: String(t),
                  status: 'ANSWERED',
                }),
              ),
            ]),
          ];
          const s = summarize(records);
          const pick = (values: number[], p: number) => {
            if (values.length === 0) return null;
            const sorted = [...values].sort((a, b) => a - b);
            return sorted[Math.ceil((p / 100) * sorted.length) - 1] ?? sorted[0];
          };
          const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);
          expect(s.waitTime).toEqual({
            count: waits.length,
            median: pick(waits, 50),
            p90: pick(waits, 90),
            total: sum(waits),
          });
          expect(s.talkTime).toEqual({
            count: talks.length,
            median: pick(talks, 50),
            p90: pick(talks, 90),
            total: sum(talks),
          });
          // Buckets: every answered talk time in exactly one.
          const bounds = [0, 30, 60, 120, 300, 600, 1200, Infinity];
          expect(s.talkTimeBuckets.map((b) => b.attempts)).toEqual(
            bounds
              .slice(0, -1)
              .map((lo, i) => talks.filter((t) => t >= lo && t < bounds[i + 1]!).length),
          );
        },
      ),
      { numRuns: 300 },
    );
  });

  it('the median of 1, 2, 3, 4 is 2 (nearest rank), its p90 4; of one value, that value', () => {
    const s = summarize([
      record(
        1,
        [1, 4, 2, 3].map((w, i) => attempt({ session: String(i), wait_time: w })),
      ),
    ]);
    expect(s.waitTime).toMatchObject({ median: 2, p90: 4, total: 10 });
    expect(summarize([record(1, [attempt({ wait_time: 7 })])]).waitTime).toMatchObject({
      median: 7,
      p90: 7,
    });
  });

  it('leaves out durations that are missing, blank, negative or not numbers', () => {
    const s = summarize([
      record(1, [
        attempt({ session: '1', wait_time: null }),
        attempt({ session: '2', wait_time: '' }),
        attempt({ session: '3', wait_time: -5 }),
        attempt({ session: '4', wait_time: 'soon' }),
        attempt({ session: '5', wait_time: '12' }),
      ]),
    ]);
    expect(s.waitTime).toEqual({ count: 1, median: 12, p90: 12, total: 12 });
  });
});

describe('permitted hours', () => {
  const outside = (time: string, callHours?: string) =>
    summarize([record(1, [attempt({ date_time: `2026-11-02 ${time}` })])], {
      ...(callHours ? { compliance: { callHours } } : {}),
    }).compliance.outsideHours.attempts;

  it('08:00-17:00: 07:59:59 and 17:00:00 are outside, 08:00:00 and 16:59:59 inside', () => {
    expect(outside('07:59:59')).toBe(1);
    expect(outside('08:00:00')).toBe(0);
    expect(outside('16:59:59')).toBe(0);
    expect(outside('17:00:00')).toBe(1);
    expect(outside('00:00:00')).toBe(1);
    expect(outside('23:59:59')).toBe(1);
  });

  it('agree with comparing the clock text, for any hours and any time (often at a boundary)', () => {
    const hhmm = fc.tuple(fc.integer({ min: 0, max: 23 }), fc.integer({ min: 0, max: 59 }));
    const two = (n: number) => String(n).padStart(2, '0');
    fc.assert(
      fc.property(
        hhmm,
        hhmm,
        fc.integer({ min: 0, max: DAY - 1 }),
        // Half the times: the start or the end, or one second either side of it.
        fc.integer({ min: 0, max: 3 }),
        fc.integer({ min: -1, max: 1 }),
        ([h1, m1], [h2, m2], random, where, offset) => {
          const start = `${two(h1)}:${two(m1)}`;
          const end = `${two(h2)}:${two(m2)}`;
          fc.pre(start < end);
          const edge = where === 0 ? h1 * 3600 + m1 * 60 : h2 * 3600 + m2 * 60;
          const sod = where >= 2 ? random : Math.min(DAY - 1, Math.max(0, edge + offset));
          const clock = wall(sod).slice(11);
          const expected = clock < `${start}:00` || clock >= `${end}:00` ? 1 : 0;
          expect(outside(clock, `${start}-${end}`)).toBe(expected);
        },
      ),
      { numRuns: 500 },
    );
  });

  it('24:00 may end them; malformed hours are a UsageError naming the form', () => {
    expect(parseCallHours('08:00-24:00')).toEqual([8 * 3600, DAY]);
    expect(parseCallHours(' 8:30 – 17:00 ')).toEqual([8.5 * 3600, 17 * 3600]);
    for (const bad of [
      '17:00-08:00',
      '08:00-08:00',
      '8-17',
      '25:00-26:00',
      '08:60-17:00',
      '',
      '08:00-24:30',
    ])
      expect(() => parseCallHours(bad), bad).toThrow(UsageError);
    expect(() => parseCallHours('17:00-08:00')).toThrow(
      /expected HH:mm-HH:mm with the start before the end/,
    );
    expect(() => new SummaryBuilder({ compliance: { maxCallsPer24h: 0 } })).toThrow(UsageError);
    expect(() => new SummaryBuilder({ compliance: { maxCallsPer24h: 1.5 } })).toThrow(
      /whole number/,
    );
  });
});

describe('undated attempts and the empty report', () => {
  it('counts an attempt without a readable time, in no day or hour, and judges it by no clock rule', () => {
    const s = summarize([
      record(1, [
        attempt({ session: '1', date_time: null, status: 'ANSWERED', talk_time: 30 }),
        attempt({ session: '2', date_time: '2026-02-30 09:00:00' }),
        attempt({ session: '3', date_time: 'yesterday' }),
        attempt({ session: '4', date_time: '2026-11-02 25:00:00' }),
        attempt({ session: '5', date_time: '2026-11-02 06:00:00' }),
      ]),
    ]);
    expect(s.attempts).toBe(5);
    expect(s.undated).toBe(4);
    expect(s.answered).toMatchObject({ attempts: 1, rate: 0.2, leads: 1, leadRate: 1 });
    expect(s.perDay).toEqual([{ day: '2026-11-02', attempts: 1, statuses: { 'NO ANSWER': 1 } }]);
    expect(s.perHour.reduce((n, h) => n + h.attempts, 0)).toBe(1);
    expect(s.compliance.outsideHours.attempts).toBe(1);
    // Five calls to one number, but only one has a time: nothing to say about 24 hours.
    expect(s.compliance.overLimit.numbers).toBe(0);
  });

  it('gives zeros, nulls and empty lists for no records, a promise of the same for a stream', async () => {
    const expected = {
      leads: 0,
      attempts: 0,
      attemptsPerLead: 0,
      statuses: [],
      answered: { statuses: ['ANSWERED'], attempts: 0, rate: null, leads: 0, leadRate: null },
      waitTime: { count: 0, median: null, p90: null, total: 0 },
      talkTime: { count: 0, median: null, p90: null, total: 0 },
      perDay: [],
      keyPresses: [],
      undated: 0,
    };
    const s = summarize([]);
    expect(s).toMatchObject(expected);
    expect(s.perHour).toHaveLength(24);
    expect(s.perHour.every((h) => h.attempts === 0 && h.rate === null)).toBe(true);
    expect(s.compliance).toMatchObject({
      outsideHours: { attempts: 0, samples: [] },
      overLimit: { numbers: 0, calls: 0, samples: [] },
      suppressed: { checked: false, attempts: 0, numbers: 0, samples: [] },
      violations: 0,
      rules: {
        callHours: '08:00-17:00',
        maxCallsPer24h: 1,
        suppressionLists: [],
        origin: { callHours: 'default', maxCallsPer24h: 'default' },
      },
    });
    async function* none(): AsyncGenerator<CallRecord> {}
    await expect(summarize(none())).resolves.toEqual(s);
    // A lead without attempts is a lead.
    expect(summarize([record(1, [])])).toMatchObject({ leads: 1, attempts: 0, attemptsPerLead: 0 });
  });
});

describe('statuses, days and the do-not-call check', () => {
  it('counts answered statuses whatever their case, names an empty status, fills empty days', () => {
    const s = summarize(
      [
        record(1, [
          attempt({ session: '1', status: 'answered', date_time: '2026-11-02 09:00:00' }),
          attempt({ session: '2', status: 'CONNECTED', date_time: '2026-11-05 09:00:00' }),
          attempt({ session: '3', status: '', date_time: '2026-11-05 10:00:00', key_press: 3 }),
        ]),
      ],
      { answeredStatuses: ['ANSWERED', ' connected '] },
    );
    expect(s.answered).toMatchObject({ attempts: 2, statuses: ['ANSWERED', ' connected '] });
    expect(s.statuses.map((x) => x.status)).toEqual(['(none)', 'CONNECTED', 'answered']);
    expect(s.perDay.map((d) => [d.day, d.attempts])).toEqual([
      ['2026-11-02', 1],
      ['2026-11-03', 0],
      ['2026-11-04', 0],
      ['2026-11-05', 2],
    ]);
    expect(s.keyPresses).toEqual([{ key: '3', attempts: 1 }]);
  });

  it('counts calls to listed numbers with the list that holds them, dated or not', async () => {
    const listed = new Map([['0912345678', 'dnc.txt']]);
    const records = [
      record(1, [attempt({ session: '1' }), attempt({ session: '2', date_time: null })]),
      record(2, [attempt({ phone_number: '0987654321' })], '0987654321'),
    ];
    async function* stream(): AsyncGenerator<CallRecord> {
      yield* records;
    }
    const s = await summarize(stream(), {
      suppressed: (p) => listed.get(p),
      suppressionLists: ['dnc.txt'],
      ruleOrigins: { callHours: 'project config /x/.cacsrc.yaml' },
    });
    expect(s.compliance.suppressed).toMatchObject({ checked: true, attempts: 2, numbers: 1 });
    expect(s.compliance.suppressed.samples.map((x) => [x.campaign_lead_id, x.list])).toEqual([
      [1, 'dnc.txt'],
      [1, 'dnc.txt'],
    ]);
    expect(s.compliance.rules.origin).toEqual({
      callHours: 'project config /x/.cacsrc.yaml',
      maxCallsPer24h: 'default',
    });
    expect(s.compliance.violations).toBe(2);
  });
});
