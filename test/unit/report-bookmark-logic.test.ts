/**
 * The pure side of report bookmarks (issue 17, items 1 and 2): the settle duration, the range of
 * each run (next-from = previous-to + 1 s on the service's clock, whatever the zones), and the
 * `-o` placeholders. The property tests run random sequences of runs and check that no second of
 * the service's clock is fetched twice or skipped.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { UsageError } from '../../src/errors.js';
import {
  DEFAULT_SETTLE_MS,
  bookmarkRange,
  parseDuration,
  parseServiceWall,
} from '../../src/report/bookmark-range.js';
import { formatDurationFlag as formatDuration } from '../../src/text.js';
import { statusSet } from '../../src/report/bookmark.js';
import {
  addSecond,
  compareLocal,
  formatServiceDate,
  wallSeconds,
  type LocalDateTime,
} from '../../src/report/dates.js';
import { checkOutputName, expandOutputName } from '../../src/report/output-name.js';

const VN = 'Asia/Ho_Chi_Minh';
/** User and service zones: with and without DST, odd offsets, a zone that skipped a day. */
const ZONES = [
  VN,
  'Europe/Paris',
  'UTC',
  'America/New_York',
  'America/Santiago',
  'Australia/Lord_Howe',
  'Asia/Kathmandu',
  'Pacific/Chatham',
] as const;

function thrown(f: () => unknown): UsageError {
  try {
    f();
  } catch (e) {
    expect(e).toBeInstanceOf(UsageError);
    return e as UsageError;
  }
  throw new Error('no error thrown');
}

/** Reference conversion, independent of dates.ts: Intl's wall clock of an instant. */
function wallOf(ms: number, timeZone: string): string {
  const f = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  });
  const p = Object.fromEntries(f.formatToParts(new Date(ms)).map((x) => [x.type, x.value]));
  return `${p.year}-${p.month}-${p.day} ${p.hour === '24' ? '00' : p.hour}:${p.minute}:${p.second}`;
}

describe('--settle durations', () => {
  it.each([
    ['0', 0],
    ['00', 0],
    ['90s', 90_000],
    ['90m', 5_400_000],
    ['1h', 3_600_000],
    ['1H', 3_600_000],
    ['1h30m', 5_400_000],
    ['30m1h', 5_400_000],
    ['2d', 172_800_000],
    [' 45m ', 2_700_000],
    ['31d', 31 * 86_400_000],
  ])('%j is %d ms', (text, ms) => {
    expect(parseDuration(text)).toBe(ms);
  });

  it.each([
    ['90', 'a number needs a unit'],
    ['', 'not a duration cacs understands'],
    ['1 h', 'not a duration cacs understands'],
    ['1w', 'not a duration cacs understands'],
    ['-1h', 'not a duration cacs understands'],
    ['1.5h', 'not a duration cacs understands'],
    ['1h1h', 'the unit h is given twice'],
    ['32d', 'at most 31 days'],
    ['99999999999999999999s', 'too long'],
  ])('%j is refused: %s', (text, why) => {
    const e = thrown(() => parseDuration(text));
    expect(e.message).toBe(`--settle ${JSON.stringify(text)}: ${why}`);
    expect(e.hint).toMatch(/90s, 30m, 1h, 1h30m/);
    expect(e.exitCode).toBe(2);
  });

  it('the default is one hour', () => {
    expect(DEFAULT_SETTLE_MS).toBe(parseDuration('1h'));
  });

  it('formatDuration gives back what parseDuration reads (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 31 * 86_400 }), (s) => {
        expect(parseDuration(formatDuration(s * 1000))).toBe(s * 1000);
      }),
    );
    expect(formatDuration(5_400_000)).toBe('1h30m');
    expect(formatDuration(0)).toBe('0s');
  });
});

describe('the range of a bookmarked run', () => {
  const base = { settleMs: DEFAULT_SETTLE_MS, timeZone: VN, serviceTimeZone: VN };

  it('a first run goes from --from to now minus the settle time', () => {
    const { range, empty } = bookmarkRange({
      ...base,
      from: '2026-11-20',
      now: new Date('2026-11-21T03:00:00.700Z'), // 10:00:00.7 in Ho Chi Minh City
    });
    expect(empty).toBe(false);
    expect(formatServiceDate(range.from)).toBe('2026-11-20 00:00:00');
    expect(formatServiceDate(range.to)).toBe('2026-11-21 09:00:00');
  });

  it('a later run starts one second after the last covered, on the service clock', () => {
    const { range } = bookmarkRange({
      ...base,
      coveredUntil: parseServiceWall('2026-11-21 23:59:59')!,
      now: new Date('2026-11-22T10:00:00Z'),
    });
    expect(formatServiceDate(range.from)).toBe('2026-11-22 00:00:00');
    expect(formatServiceDate(range.to)).toBe('2026-11-22 16:00:00');
    // The user's clock shows the same two ends.
    expect(formatServiceDate(range.userFrom)).toBe('2026-11-22 00:00:00');
  });

  it('the user zone only changes how --to is read and how the ends are shown', () => {
    const { range } = bookmarkRange({
      settleMs: 0,
      timeZone: 'Europe/Paris',
      serviceTimeZone: VN,
      coveredUntil: parseServiceWall('2026-11-22 05:59:59')!,
      to: '2026-11-22 12:00', // Paris (UTC+1) = 18:00 in Ho Chi Minh City
      now: new Date('2026-11-23T00:00:00Z'),
    });
    expect(formatServiceDate(range.from)).toBe('2026-11-22 06:00:00');
    expect(formatServiceDate(range.to)).toBe('2026-11-22 18:00:00');
    expect(formatServiceDate(range.userFrom)).toBe('2026-11-22 00:00:00');
    expect(formatServiceDate(range.userTo)).toBe('2026-11-22 12:00:00');
  });

  it('nothing new (the last run ended less than the settle time ago) is an empty range', () => {
    const r = bookmarkRange({
      ...base,
      coveredUntil: parseServiceWall('2026-11-22 09:00:00')!,
      now: new Date('2026-11-22T02:30:00Z'), // 09:30: to = 08:30
    });
    expect(r.empty).toBe(true);
    expect(formatServiceDate(r.range.from)).toBe('2026-11-22 09:00:01');
    expect(formatServiceDate(r.range.to)).toBe('2026-11-22 08:30:00');
    // One second is a range of its own: with --settle 0, the last second wholly past (at
    // 09:00:01.000 the second 09:00:00 is over; at 09:00:00.500 it is not, so nothing yet).
    const one = bookmarkRange({
      ...base,
      settleMs: 0,
      coveredUntil: parseServiceWall('2026-11-22 08:59:59')!,
      now: new Date('2026-11-22T02:00:01Z'),
    });
    expect(one.empty).toBe(false);
    expect(compareLocal(one.range.from, one.range.to)).toBe(0);
    expect(formatServiceDate(one.range.to)).toBe('2026-11-22 09:00:00');
    const notOver = bookmarkRange({
      ...base,
      settleMs: 0,
      coveredUntil: parseServiceWall('2026-11-22 08:59:59')!,
      now: new Date('2026-11-22T02:00:00.500Z'),
    });
    expect(notOver.empty).toBe(true);
  });

  it('a first run needs --from', () => {
    expect(() => bookmarkRange({ ...base, now: new Date() })).toThrow(/--from is required/);
  });

  it('reads stored covered-until strings strictly', () => {
    expect(parseServiceWall('2026-11-22 09:00:00')).toEqual({
      y: 2026,
      mo: 11,
      d: 22,
      h: 9,
      mi: 0,
      s: 0,
    });
    for (const bad of ['2026-11-22', '2026-02-30 00:00:00', '2026-11-22T09:00:00', 7, null])
      expect(parseServiceWall(bad)).toBeUndefined();
  });

  /** Random runs: their times, settle, and sometimes an explicit --to. */
  const arbRuns = fc.array(
    fc.record({
      // Minutes since the start; not sorted: a clock may go back, a --to may be early.
      at: fc.integer({ min: 0, max: 60 * 24 * 400 }),
      settleMin: fc.constantFrom(0, 1, 15, 60, 90, 24 * 60),
      toMin: fc.option(fc.integer({ min: -60 * 24 * 30, max: 60 * 24 * 400 }), { nil: undefined }),
      toSecond: fc.integer({ min: 0, max: 59 }),
    }),
    { minLength: 1, maxLength: 25 },
  );
  const START = Date.UTC(2025, 9, 20, 0, 0, 0); // DST changes of both hemispheres ahead

  it('consecutive runs neither overlap nor leave a gap, whatever the zones and run times (property)', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...ZONES),
        fc.constantFrom(...ZONES),
        arbRuns,
        fc.array(fc.integer({ min: 0, max: 400 * 86_400 }), { minLength: 20, maxLength: 20 }),
        (userZone, serviceZone, runs, attemptOffsets) => {
          let covered: LocalDateTime | undefined;
          const fetched: Array<{ from: string; to: string }> = [];
          for (const run of runs) {
            const to =
              run.toMin === undefined
                ? undefined
                : new Date(START + run.toMin * 60_000 + run.toSecond * 1000).toISOString();
            const r = bookmarkRange({
              ...(covered === undefined ? { from: new Date(START).toISOString() } : {}),
              ...(covered !== undefined ? { coveredUntil: covered } : {}),
              ...(to !== undefined ? { to } : {}),
              settleMs: run.settleMin * 60_000,
              now: new Date(START + run.at * 60_000 + 123),
              timeZone: userZone,
              serviceTimeZone: serviceZone,
            });
            // The end is the instant asked for, on the service's clock (checked with Intl).
            // (With --settle 0, the second before now's: now's second is not over.)
            const end =
              to !== undefined
                ? Date.parse(to)
                : START + run.at * 60_000 - Math.max(run.settleMin * 60_000, 1000);
            expect(formatServiceDate(r.range.to)).toBe(wallOf(end, serviceZone));
            if (covered !== undefined) {
              expect(formatServiceDate(r.range.from)).toBe(formatServiceDate(addSecond(covered)));
            }
            expect(r.empty).toBe(compareLocal(r.range.from, r.range.to) > 0);
            if (r.empty) continue;
            fetched.push({
              from: formatServiceDate(r.range.from),
              to: formatServiceDate(r.range.to),
            });
            covered = r.range.to;
          }
          // Contiguous: each range starts the second after the previous one ended.
          for (let i = 1; i < fetched.length; i++) {
            const prev = parseServiceWall(fetched[i - 1]!.to)!;
            expect(wallSeconds(parseServiceWall(fetched[i]!.from)!)).toBe(wallSeconds(prev) + 1);
          }
          // Every attempt (a service wall-clock second) up to the last covered one is in exactly
          // one range, and none after it.
          if (fetched.length === 0) return;
          const first = parseServiceWall(fetched[0]!.from)!;
          const last = parseServiceWall(fetched.at(-1)!.to)!;
          for (const off of attemptOffsets) {
            const t = wallOf(START + off * 1000, serviceZone);
            const inRanges = fetched.filter((f) => f.from <= t && t <= f.to).length;
            const covers = t >= formatServiceDate(first) && t <= formatServiceDate(last);
            expect(inRanges).toBe(covers ? 1 : 0);
          }
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe('bookmark keys', () => {
  it('a status filter is a set: order, spaces and repeats do not matter', () => {
    expect(statusSet('NO ANSWER, BUSY,BUSY,,ANSWERED')).toEqual(['ANSWERED', 'BUSY', 'NO ANSWER']);
    expect(statusSet(['BUSY', 'ANSWERED'])).toEqual(statusSet('ANSWERED,BUSY'));
    expect(statusSet(undefined)).toEqual([]);
  });
});

describe('-o placeholders', () => {
  const values = {
    from: { y: 2026, mo: 11, d: 21, h: 9, mi: 0, s: 1 },
    to: { y: 2026, mo: 11, d: 22, h: 8, mi: 59, s: 59 },
    today: { y: 2026, mo: 11, d: 22, h: 2, mi: 15, s: 0 },
  };

  it('fills in {from}, {to} (yyyymmdd-HHMMSS) and {date} (yyyy-mm-dd)', () => {
    expect(expandOutputName('/srv/r/calls-{from}-{to}.csv', values)).toBe(
      '/srv/r/calls-20261121-090001-20261122-085959.csv',
    );
    expect(expandOutputName('calls-{date}.csv', values)).toBe('calls-2026-11-22.csv');
    expect(expandOutputName('{date}/{date}-{to}.json', values)).toBe(
      '2026-11-22/2026-11-22-20261122-085959.json',
    );
    expect(checkOutputName('a-{to}-{date}.csv')).toEqual(['to', 'date']);
  });

  it('{{ and }} are literal braces; a name without braces is unchanged (property)', () => {
    expect(expandOutputName('x{{from}}-{from}.csv', values)).toBe('x{from}-20261121-090001.csv');
    expect(expandOutputName('a}b.csv', values)).toBe('a}b.csv');
    fc.assert(
      fc.property(
        fc.string().filter((s) => !s.includes('{') && !s.includes('}')),
        (name) => {
          expect(expandOutputName(name, values)).toBe(name);
        },
      ),
    );
  });

  it.each([
    ['calls-{day}.csv', 'unknown placeholder {day}'],
    ['calls-{}.csv', 'unknown placeholder {}'],
    ['calls-{FROM}.csv', 'unknown placeholder {FROM}'],
    ['calls-{date.csv', 'a { without its closing }'],
  ])('%s is exit 2: %s', (name, why) => {
    const e = thrown(() => checkOutputName(name));
    expect(e.message).toBe(`-o ${name}: ${why}`);
    expect(e.hint).toContain('{from} and {to}');
    expect(e.exitCode).toBe(2);
  });
});
