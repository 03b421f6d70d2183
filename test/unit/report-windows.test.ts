import fc from 'fast-check';
import { daysInMonth } from '../../src/api/spec.js';
import { describe, expect, it } from 'vitest';
import { UsageError } from '../../src/errors.js';
import { useCliWords } from '../../src/cli/render/advice.js';
import {
  addDays,
  addSecond,
  compareLocal,
  dayNumber,
  formatServiceDate,
  wallSeconds,
  type LocalDateTime,
} from '../../src/report/dates.js';
import {
  halveWindow,
  splitWindowForSize,
  splitWindows,
  statusGroups,
  windowSeconds,
  type Window,
} from '../../src/report/windows.js';

function at(s: string): LocalDateTime {
  const m = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})$/.exec(s);
  if (!m) throw new Error(`bad test date ${s}`);
  return {
    y: Number(m[1]),
    mo: Number(m[2]),
    d: Number(m[3]),
    h: Number(m[4]),
    mi: Number(m[5]),
    s: Number(m[6]),
  };
}

const show = (ws: Window[]): string[][] =>
  ws.map((w) => [formatServiceDate(w.start), formatServiceDate(w.end)]);

const arbLocal = fc
  .record({
    y: fc.integer({ min: 2000, max: 2100 }),
    mo: fc.integer({ min: 1, max: 12 }),
    d: fc.integer({ min: 1, max: 31 }),
    h: fc.integer({ min: 0, max: 23 }),
    mi: fc.integer({ min: 0, max: 59 }),
    s: fc.integer({ min: 0, max: 59 }),
  })
  .map((t) => ({ ...t, d: Math.min(t.d, daysInMonth(t.y, t.mo)) }));

/** Two LocalDateTimes in order, often close together (so short ranges are well covered). */
const arbRange = fc
  .oneof(
    fc.tuple(arbLocal, arbLocal),
    fc
      .tuple(arbLocal, fc.integer({ min: 0, max: 200 }), fc.integer({ min: 0, max: 3000 }))
      .map(([a, days, secs]) => {
        // Move forward by whole days, then by seconds, with calendar arithmetic only.
        let b = addDays(a, days);
        for (let i = 0; i < secs; i++) b = addSecond(b);
        return [a, b] as [LocalDateTime, LocalDateTime];
      }),
  )
  .map(([a, b]) => (compareLocal(a, b) <= 0 ? [a, b] : [b, a]) as [LocalDateTime, LocalDateTime])
  .filter(([, b]) => b.y <= 2100);

/** Calendar days a window touches. */
const calendarDays = (w: Window): number => dayNumber(w.end) - dayNumber(w.start) + 1;

const same = (a: LocalDateTime, b: LocalDateTime | undefined): boolean =>
  b !== undefined && compareLocal(a, b) === 0;

/** The first problem with ws as an exact, ordered cover of [from, to], or undefined. */
function coverProblem(ws: Window[], from: LocalDateTime, to: LocalDateTime): string | undefined {
  if (ws.length === 0) return 'no windows';
  if (!same(from, ws[0]?.start)) return 'first window does not start at from';
  if (!same(to, ws.at(-1)?.end)) return 'last window does not end at to';
  for (const [i, w] of ws.entries()) {
    if (compareLocal(w.start, w.end) > 0) return `window ${i} ends before it starts`;
    const next = ws[i + 1];
    if (next && !same(addSecond(w.end), next.start)) return `gap or overlap after window ${i}`;
  }
  return undefined;
}

function expectExactCover(ws: Window[], from: LocalDateTime, to: LocalDateTime): void {
  expect(coverProblem(ws, from, to)).toBeUndefined();
}

describe('splitWindows', () => {
  it('splits 100 days into 4 windows of at most 31 calendar days', () => {
    const ws = splitWindows(at('2026-01-01 00:00:00'), at('2026-04-10 23:59:59'), 31);
    expect(show(ws)).toEqual([
      ['2026-01-01 00:00:00', '2026-01-31 23:59:59'],
      ['2026-02-01 00:00:00', '2026-03-03 23:59:59'],
      ['2026-03-04 00:00:00', '2026-04-03 23:59:59'],
      ['2026-04-04 00:00:00', '2026-04-10 23:59:59'],
    ]);
  });

  it('splits ten years by the day into one window a day, covering them exactly', () => {
    const from = at('2026-01-01 10:00:00');
    const to = at('2036-01-01 09:00:00');
    const ws = splitWindows(from, to, 1);
    expect(ws).toHaveLength(dayNumber(to) - dayNumber(from) + 1);
    expectExactCover(ws, from, to);
  });

  it('starts mid-day and ends exactly at to', () => {
    const ws = splitWindows(at('2026-11-01 15:30:00'), at('2026-11-05 08:00:00'), 2);
    expect(show(ws)).toEqual([
      ['2026-11-01 15:30:00', '2026-11-02 23:59:59'],
      ['2026-11-03 00:00:00', '2026-11-04 23:59:59'],
      ['2026-11-05 00:00:00', '2026-11-05 08:00:00'],
    ]);
  });

  it('gives one window when the range fits, including a single second', () => {
    const t = at('2026-11-01 10:00:00');
    expect(show(splitWindows(t, t, 31))).toEqual([['2026-11-01 10:00:00', '2026-11-01 10:00:00']]);
    expect(show(splitWindows(at('2026-02-01 00:00:00'), at('2026-03-03 23:59:59'), 31))).toEqual([
      ['2026-02-01 00:00:00', '2026-03-03 23:59:59'],
    ]);
  });

  it('ends a window exactly at to when to is a window boundary, and starts one at midnight', () => {
    expect(show(splitWindows(at('2026-11-01 00:00:00'), at('2026-11-02 00:00:00'), 1))).toEqual([
      ['2026-11-01 00:00:00', '2026-11-01 23:59:59'],
      ['2026-11-02 00:00:00', '2026-11-02 00:00:00'],
    ]);
    expect(show(splitWindows(at('2026-11-01 00:00:00'), at('2026-11-02 23:59:59'), 1))).toEqual([
      ['2026-11-01 00:00:00', '2026-11-01 23:59:59'],
      ['2026-11-02 00:00:00', '2026-11-02 23:59:59'],
    ]);
  });

  it('crosses leap days and years by the calendar', () => {
    expect(show(splitWindows(at('2027-12-20 00:00:00'), at('2028-03-01 12:00:00'), 31))).toEqual([
      ['2027-12-20 00:00:00', '2028-01-19 23:59:59'],
      ['2028-01-20 00:00:00', '2028-02-19 23:59:59'],
      ['2028-02-20 00:00:00', '2028-03-01 12:00:00'],
    ]);
  });

  it.each([0, 32, -1, 1.5, Number.NaN])('refuses windowDays %s', (n) => {
    expect(() => splitWindows(at('2026-01-01 00:00:00'), at('2026-01-02 00:00:00'), n)).toThrow(
      RangeError,
    );
  });

  it('refuses from later than to', () => {
    expect(() => splitWindows(at('2026-01-02 00:00:00'), at('2026-01-01 00:00:00'), 31)).toThrow(
      RangeError,
    );
  });

  it('covers any range exactly, in order, within the limits (property)', () => {
    fc.assert(
      fc.property(arbRange, fc.integer({ min: 1, max: 31 }), ([from, to], n) => {
        // At most 400 windows: a century split by the day is 36,525 of them and takes seconds,
        // while the number is not the point (an example above covers ten years by the day).
        fc.pre(dayNumber(to) - dayNumber(from) + 1 <= 400 * n);
        const ws = splitWindows(from, to, n);
        expectExactCover(ws, from, to);
        const problems: string[] = [];
        for (const [i, w] of ws.entries()) {
          if (calendarDays(w) > n) problems.push(`window ${i} spans more than ${n} days`);
          if (wallSeconds(w.end) - wallSeconds(w.start) >= 31 * 86_400) {
            problems.push(`window ${i} is longer than 31 days`);
          }
          // Every window but the first starts at midnight; every one but the last ends at 23:59:59.
          if (i > 0 && (w.start.h | w.start.mi | w.start.s) !== 0) {
            problems.push(`window ${i} does not start at 00:00:00`);
          }
          if (i < ws.length - 1 && !(w.end.h === 23 && w.end.mi === 59 && w.end.s === 59)) {
            problems.push(`window ${i} does not end at 23:59:59`);
          }
          // Full windows are exactly n days long (only the first and last can be shorter).
          if (i > 0 && i < ws.length - 1 && calendarDays(w) !== n) {
            problems.push(`window ${i} is not ${n} days`);
          }
        }
        expect(problems).toEqual([]);
        // The fewest windows possible for this day span.
        const span = dayNumber(to) - dayNumber(from) + 1;
        expect(ws).toHaveLength(Math.ceil(span / n));
      }),
      { numRuns: 300 },
    );
  });
});

describe('halveWindow', () => {
  it('halves at a day boundary, ceil then floor', () => {
    const h = halveWindow({ start: at('2026-01-01 00:00:00'), end: at('2026-01-31 23:59:59') });
    expect(h && show(h)).toEqual([
      ['2026-01-01 00:00:00', '2026-01-16 23:59:59'],
      ['2026-01-17 00:00:00', '2026-01-31 23:59:59'],
    ]);
    const g = halveWindow({ start: at('2026-01-01 12:00:00'), end: at('2026-01-02 01:00:00') });
    expect(g && show(g)).toEqual([
      ['2026-01-01 12:00:00', '2026-01-01 23:59:59'],
      ['2026-01-02 00:00:00', '2026-01-02 01:00:00'],
    ]);
    const e = halveWindow({ start: at('2026-01-01 00:00:00'), end: at('2026-01-04 00:00:00') });
    expect(e && show(e)).toEqual([
      ['2026-01-01 00:00:00', '2026-01-02 23:59:59'],
      ['2026-01-03 00:00:00', '2026-01-04 00:00:00'],
    ]);
  });

  it('gives undefined within one calendar day', () => {
    expect(
      halveWindow({ start: at('2026-01-01 00:00:00'), end: at('2026-01-01 23:59:59') }),
    ).toBeUndefined();
    const t = at('2026-01-01 10:00:00');
    expect(halveWindow({ start: t, end: t })).toBeUndefined();
  });

  it('halves cover the window exactly (property)', () => {
    fc.assert(
      fc.property(arbRange, ([from, to]) => {
        const w = { start: from, end: to };
        const h = halveWindow(w);
        const days = calendarDays(w);
        if (days === 1) {
          expect(h).toBeUndefined();
          return;
        }
        expect(h).toBeDefined();
        const [a, b] = h as [Window, Window];
        expectExactCover([a, b], from, to);
        expect(calendarDays(a)).toBe(Math.ceil(days / 2));
        expect(calendarDays(b)).toBe(Math.floor(days / 2));
        // Repeated halving ends in one-day windows covering the original (the retry loop
        // terminates); checked on spans of up to 400 days to keep the test fast.
        if (days <= 400) {
          let ws: Window[] = [w];
          for (let i = 0; i < 10; i++) ws = ws.flatMap((x) => halveWindow(x) ?? [x]);
          expectExactCover(ws, from, to);
          expect(ws.every((x) => calendarDays(x) === 1)).toBe(true);
          expect(ws).toHaveLength(days);
        }
      }),
      { numRuns: 300 },
    );
  });
});

describe('statusGroups', () => {
  it('gives one unfiltered request without statuses', () => {
    expect(statusGroups(undefined)).toEqual([undefined]);
    expect(statusGroups('')).toEqual([undefined]);
    expect(statusGroups(' , ,, ')).toEqual([undefined]);
  });

  it('splits on commas only, trims, and keeps spaces inside a status', () => {
    expect(statusGroups(' ANSWERED , NO ANSWER,BUSY ')).toEqual(['ANSWERED,NO ANSWER,BUSY']);
  });

  it('drops empties and case-insensitive duplicates, keeping the first spelling', () => {
    expect(statusGroups('Busy,,ANSWERED,busy, BUSY ,answered,Failed')).toEqual([
      'Busy,ANSWERED,Failed',
    ]);
  });

  it('packs greedily in order into groups of at most 40 characters', () => {
    const input = 'ANSWERED,NO ANSWER,BUSY,FAILED,CONGESTION,CANCELLED,VOICEMAIL';
    expect(input.length).toBeGreaterThan(40);
    const groups = statusGroups(input);
    expect(groups).toEqual(['ANSWERED,NO ANSWER,BUSY,FAILED', 'CONGESTION,CANCELLED,VOICEMAIL']);
    // Exactly 40 fits in one group.
    const forty = `${'A'.repeat(19)},${'B'.repeat(20)}`;
    expect(forty).toHaveLength(40);
    expect(statusGroups(forty)).toEqual([forty]);
    expect(statusGroups(`${forty}x`)).toEqual(['A'.repeat(19), `${'B'.repeat(20)}x`]);
    expect(statusGroups('A'.repeat(40))).toEqual(['A'.repeat(40)]);
  });

  it('takes another maximum length', () => {
    expect(statusGroups('a,b,c,d,e', 3)).toEqual(['a,b', 'c,d', 'e']);
  });

  it('refuses a single status longer than the limit, naming the option (the CLI: --status)', () => {
    const long = 'X'.repeat(41);
    let error: unknown;
    try {
      statusGroups(`ANSWERED,${long}`);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(UsageError);
    expect((error as UsageError).message).toBe(
      `status: "${long}" is longer than 40 characters (41)`,
    );
    expect((error as UsageError).hint).toContain('at most 40 characters');
    useCliWords();
    expect(() => statusGroups(long)).toThrow(
      `--status: "${long}" is longer than 40 characters (41)`,
    );
  });

  it('keeps every status in exactly one group, in order, each group ≤ 40 (property)', () => {
    const arbStatus = fc.oneof(
      fc.constantFrom('ANSWERED', 'NO ANSWER', 'BUSY', 'FAILED', 'no answer', 'Busy'),
      fc.stringMatching(/^[A-Za-z][A-Za-z _-]{0,38}[A-Za-z]$/),
      fc.constantFrom('', ' ', '  '),
    );
    fc.assert(
      fc.property(fc.array(arbStatus, { maxLength: 30 }), (list) => {
        const input = list.join(',');
        const groups = statusGroups(input);
        const expected: string[] = [];
        const seen = new Set<string>();
        for (const raw of list) {
          const s = raw.trim();
          if (s === '' || seen.has(s.toLowerCase())) continue;
          seen.add(s.toLowerCase());
          expected.push(s);
        }
        if (expected.length === 0) {
          expect(groups).toEqual([undefined]);
          return;
        }
        for (const g of groups) {
          expect(typeof g).toBe('string');
          expect((g as string).length).toBeLessThanOrEqual(40);
        }
        expect(groups.flatMap((g) => (g as string).split(','))).toEqual(expected);
        // Greedy: no group could have taken the next group's first status.
        for (let i = 0; i + 1 < groups.length; i++) {
          const next = (groups[i + 1] as string).split(',')[0] as string;
          expect((groups[i] as string).length + 1 + next.length).toBeGreaterThan(40);
        }
      }),
      { numRuns: 500 },
    );
  });
});

describe('splitWindowForSize', () => {
  const split = (from: string, to: string) =>
    show(splitWindowForSize({ start: at(from), end: at(to) }) ?? []);

  it('halves a day on round times: 12 h, 6 h, 3 h, 1 h, then 30, 15, 5 and 1 minutes', () => {
    expect(split('2026-11-25 00:00:00', '2026-11-25 23:59:59')).toEqual([
      ['2026-11-25 00:00:00', '2026-11-25 11:59:59'],
      ['2026-11-25 12:00:00', '2026-11-25 23:59:59'],
    ]);
    expect(split('2026-11-25 00:00:00', '2026-11-25 02:59:59')).toEqual([
      ['2026-11-25 00:00:00', '2026-11-25 00:59:59'],
      ['2026-11-25 01:00:00', '2026-11-25 02:59:59'],
    ]);
    expect(split('2026-11-25 10:00:00', '2026-11-25 10:59:59')).toEqual([
      ['2026-11-25 10:00:00', '2026-11-25 10:29:59'],
      ['2026-11-25 10:30:00', '2026-11-25 10:59:59'],
    ]);
    expect(split('2026-11-25 10:00:00', '2026-11-25 10:14:59')).toEqual([
      ['2026-11-25 10:00:00', '2026-11-25 10:04:59'],
      ['2026-11-25 10:05:00', '2026-11-25 10:14:59'],
    ]);
    // A window starting mid-minute (--from now): cut on the minute.
    expect(split('2026-11-25 10:17:23', '2026-11-25 10:18:59')).toEqual([
      ['2026-11-25 10:17:23', '2026-11-25 10:17:59'],
      ['2026-11-25 10:18:00', '2026-11-25 10:18:59'],
    ]);
    // Several days: on a day boundary.
    expect(split('2026-11-01 00:00:00', '2026-11-04 23:59:59')).toEqual([
      ['2026-11-01 00:00:00', '2026-11-02 23:59:59'],
      ['2026-11-03 00:00:00', '2026-11-04 23:59:59'],
    ]);
    // Within one minute: no finer split.
    expect(split('2026-11-25 10:17:00', '2026-11-25 10:17:59')).toEqual([]);
    expect(split('2026-11-25 10:17:05', '2026-11-25 10:17:05')).toEqual([]);
  });

  it('splits any window into two that cover it exactly, until each lies within one minute (property)', () => {
    fc.assert(
      fc.property(arbRange, ([from, to]) => {
        const halves = splitWindowForSize({ start: from, end: to });
        const oneMinute = Math.floor(wallSeconds(from) / 60) === Math.floor(wallSeconds(to) / 60);
        if (halves === undefined) {
          // (Not `return expect(…)`: fast-check takes a returned non-undefined value as a verdict.)
          expect(oneMinute).toBe(true);
          return undefined;
        }
        expect(oneMinute).toBe(false);
        expectExactCover(halves, from, to);
        for (const h of halves) {
          expect(windowSeconds(h)).toBeLessThan(windowSeconds({ start: from, end: to }));
        }
        // The cut is on a round time: a whole minute at least.
        expect(halves[1].start.s).toBe(0);
        return undefined;
      }),
    );
  });
});
