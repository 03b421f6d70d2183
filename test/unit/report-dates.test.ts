import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { UsageError } from '../../src/errors.js';
import { t } from '../../src/messages/index.js';
import { useCliWords } from '../../src/cli/render/advice.js';
import {
  addDays,
  addSecond,
  compareLocal,
  dayNumber,
  endOfDay,
  formatServiceDate,
  instantToWall,
  isValidLocal,
  nowByIntl,
  nowIn,
  parseWhen,
  resolveRange,
  startOfDay,
  type LocalDateTime,
} from '../../src/report/dates.js';
import { daysInMonth, isServiceDate } from '../../src/api/spec.js';

const VN = 'Asia/Ho_Chi_Minh';
/** 2026-11-21T17:30:00Z is 2026-11-22 00:30:00 in Ho Chi Minh City (UTC+7): the day rolls over. */
const NOW = new Date('2026-11-21T17:30:00Z');
const opts = { now: NOW, timeZone: VN };

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

/** The instant parseWhen gives, on the wall clock of the zone it was read in. */
function when(input: string, role: 'from' | 'to', now = NOW, timeZone = VN): string {
  return formatServiceDate(instantToWall(parseWhen(input, role, { now, timeZone }), timeZone));
}

function usageError(fn: () => unknown): UsageError {
  try {
    fn();
  } catch (e) {
    expect(e).toBeInstanceOf(UsageError);
    return e as UsageError;
  }
  throw new Error('expected a UsageError');
}

/** An arbitrary valid LocalDateTime in 2000..2100. */
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

describe('nowIn', () => {
  it('gives the wall-clock time in the zone, rolling over to the next day', () => {
    expect(formatServiceDate(nowIn(VN, NOW))).toBe('2026-11-22 00:30:00');
    expect(formatServiceDate(nowIn('UTC', NOW))).toBe('2026-11-21 17:30:00');
    expect(formatServiceDate(nowIn('America/New_York', NOW))).toBe('2026-11-21 12:30:00');
  });

  it.each(['UTC', 'Etc/UTC', 'Asia/Ho_Chi_Minh', 'Asia/Saigon'])(
    'in %s (a fixed offset, worked out without ICU) agrees with Intl at every instant since 1976',
    (zone) => {
      fc.assert(
        fc.property(fc.integer({ min: Date.UTC(1976, 0, 1), max: Date.UTC(2200, 0, 1) }), (ms) => {
          expect(nowIn(zone, new Date(ms))).toEqual(nowByIntl(zone, new Date(ms)));
        }),
        {
          numRuns: 2_000,
          // The end of the Date range: the wall clock 7 hours ahead is no longer a date (NaN
          // before session 15's review), and ICU still answers.
          examples: [
            [8.64e15],
            [8.64e15 - 1_000],
            [8.64e15 - 7 * 3_600_000],
            [8.64e15 - 7 * 3_600_000 + 1],
          ],
        },
      );
    },
  );

  it('refuses a Date that is not one, in a fixed zone as in any other', () => {
    for (const zone of ['UTC', VN, 'Europe/Paris'])
      expect(() => nowIn(zone, new Date(Number.NaN))).toThrow(RangeError);
  });

  it('truncates to the second and writes midnight as 00', () => {
    expect(nowIn('UTC', new Date('2026-01-01T00:00:00.999Z'))).toEqual(at('2026-01-01 00:00:00'));
    expect(nowIn(VN, new Date('2026-12-31T16:59:59.5Z'))).toEqual(at('2026-12-31 23:59:59'));
    expect(nowIn(VN, new Date('2026-12-31T17:00:00Z'))).toEqual(at('2027-01-01 00:00:00'));
  });

  it.each([
    ['Europe/Paris', '2026-03-29T00:30:00Z', '2026-03-29 01:30:00'], // CET, before the jump
    ['Europe/Paris', '2026-03-29T01:30:00Z', '2026-03-29 03:30:00'], // CEST, after it
    ['Europe/Paris', '2026-10-25T00:30:00Z', '2026-10-25 02:30:00'], // first 02:30 (CEST)
    ['Europe/Paris', '2026-10-25T01:30:00Z', '2026-10-25 02:30:00'], // second 02:30 (CET)
    ['America/New_York', '2026-03-08T06:59:59Z', '2026-03-08 01:59:59'],
    ['America/New_York', '2026-03-08T07:00:00Z', '2026-03-08 03:00:00'],
    ['America/New_York', '2026-11-01T05:30:00Z', '2026-11-01 01:30:00'],
    ['America/New_York', '2026-11-01T06:30:00Z', '2026-11-01 01:30:00'],
  ])('follows DST in %s at %s', (zone, instant, expected) => {
    expect(formatServiceDate(nowIn(zone, new Date(instant)))).toBe(expected);
  });

  it('refuses an unknown zone naming the option (the CLI checks --tz before)', () => {
    const e = usageError(() => nowIn('Mars/Olympus_Mons', NOW));
    expect(e.message).toBe('timeZone "Mars/Olympus_Mons": unknown time zone');
    expect(e.hint).toContain('Asia/Ho_Chi_Minh');
    expect(e.exitCode).toBe(2);
  });
});

describe('parseWhen: every form × role (clock: 2026-11-22 00:30:00 in Ho Chi Minh City)', () => {
  it.each([
    ['2026-11-01', '2026-11-01 00:00:00', '2026-11-01 23:59:59'],
    ['2026-11-01 08:15:30', '2026-11-01 08:15:30', '2026-11-01 08:15:30'],
    ['2026-11-01 08:15', '2026-11-01 08:15:00', '2026-11-01 08:15:00'],
    ['2026-11-01T08:15:30', '2026-11-01 08:15:30', '2026-11-01 08:15:30'],
    ['2026-11-01T08:15', '2026-11-01 08:15:00', '2026-11-01 08:15:00'],
    ['2026-11-01t08:15', '2026-11-01 08:15:00', '2026-11-01 08:15:00'],
    ['2026-11-01  08:15:30', '2026-11-01 08:15:30', '2026-11-01 08:15:30'],
    ['  2026-11-01  ', '2026-11-01 00:00:00', '2026-11-01 23:59:59'],
    ['2026-11-01 00:00:00', '2026-11-01 00:00:00', '2026-11-01 00:00:00'],
    ['2026-11-01 23:59:59', '2026-11-01 23:59:59', '2026-11-01 23:59:59'],
    ['2024-02-29', '2024-02-29 00:00:00', '2024-02-29 23:59:59'],
    ['2000-02-29', '2000-02-29 00:00:00', '2000-02-29 23:59:59'],
    ['now', '2026-11-22 00:30:00', '2026-11-22 00:30:00'],
    ['NOW', '2026-11-22 00:30:00', '2026-11-22 00:30:00'],
    ['today', '2026-11-22 00:00:00', '2026-11-22 23:59:59'],
    ['Today', '2026-11-22 00:00:00', '2026-11-22 23:59:59'],
    ['yesterday', '2026-11-21 00:00:00', '2026-11-21 23:59:59'],
    [' YESTERDAY ', '2026-11-21 00:00:00', '2026-11-21 23:59:59'],
    ['0d', '2026-11-22 00:00:00', '2026-11-22 23:59:59'],
    ['1d', '2026-11-21 00:00:00', '2026-11-21 23:59:59'],
    ['7D', '2026-11-15 00:00:00', '2026-11-15 23:59:59'],
    ['22d', '2026-10-31 00:00:00', '2026-10-31 23:59:59'],
    ['365d', '2025-11-22 00:00:00', '2025-11-22 23:59:59'],
    ['3650d', '2016-11-24 00:00:00', '2016-11-24 23:59:59'],
    // As Vietnamese write them: day first, hour without its leading zero (issue 27).
    ['25/11/2026', '2026-11-25 00:00:00', '2026-11-25 23:59:59'],
    ['5/1/2026', '2026-01-05 00:00:00', '2026-01-05 23:59:59'],
    ['05/01/2026', '2026-01-05 00:00:00', '2026-01-05 23:59:59'],
    ['25/11/2026 14:05', '2026-11-25 14:05:00', '2026-11-25 14:05:00'],
    ['25/11/2026 9:05', '2026-11-25 09:05:00', '2026-11-25 09:05:00'],
    ['25/11/2026  9:05:30', '2026-11-25 09:05:30', '2026-11-25 09:05:30'],
    ['29/02/2024', '2024-02-29 00:00:00', '2024-02-29 23:59:59'],
    ['31/12/2025 23:59:59', '2025-12-31 23:59:59', '2025-12-31 23:59:59'],
    ['2026-11-01 8:00', '2026-11-01 08:00:00', '2026-11-01 08:00:00'],
  ])('%j', (input, asFrom, asTo) => {
    expect(when(input, 'from')).toBe(asFrom);
    expect(when(input, 'to')).toBe(asTo);
  });

  it('uses the zone for relative forms, not the machine: UTC is still on the 21st', () => {
    expect(when('today', 'from', NOW, 'UTC')).toBe('2026-11-21 00:00:00');
    expect(when('yesterday', 'from', NOW, 'UTC')).toBe('2026-11-20 00:00:00');
    expect(when('now', 'to', NOW, 'UTC')).toBe('2026-11-21 17:30:00');
    // Absolute values are wall-clock times of the zone they are read in.
    expect(when('2026-11-01 08:00', 'from', NOW, 'America/New_York')).toBe('2026-11-01 08:00:00');
    expect(parseWhen('2026-11-01 08:00', 'from', { now: NOW, timeZone: 'America/New_York' })).toBe(
      Date.parse('2026-11-01T08:00:00-05:00'),
    );
  });

  it('crosses month and year boundaries', () => {
    const newYear = new Date('2027-01-01T01:00:00Z'); // 08:00 on 2027-01-01 in Ho Chi Minh City
    expect(when('yesterday', 'from', newYear)).toBe('2026-12-31 00:00:00');
    expect(when('1d', 'to', newYear)).toBe('2026-12-31 23:59:59');
    const march = new Date('2028-03-01T03:00:00Z'); // leap year
    expect(when('1d', 'from', march)).toBe('2028-02-29 00:00:00');
    expect(when('366d', 'from', march)).toBe('2027-03-01 00:00:00');
  });
});

describe('parseWhen: day first is the same instant as year first (property)', () => {
  it('dd/mm/yyyy [H:mm[:ss]], padded or not, equals yyyy-mm-dd [HH:mm[:ss]]', () => {
    const pad = (n: number) => String(n).padStart(2, '0');
    fc.assert(
      fc.property(arbLocal, fc.boolean(), fc.constantFrom(0, 1, 2), (t, padded, time) => {
        const p = padded ? pad : String;
        const iso = `${t.y}-${pad(t.mo)}-${pad(t.d)}`;
        const vn = `${p(t.d)}/${p(t.mo)}/${t.y}`;
        const clock = [``, ` ${p(t.h)}:${pad(t.mi)}`, ` ${p(t.h)}:${pad(t.mi)}:${pad(t.s)}`][time]!;
        const isoClock = [``, ` ${pad(t.h)}:${pad(t.mi)}`, ` ${pad(t.h)}:${pad(t.mi)}:${pad(t.s)}`][
          time
        ]!;
        for (const role of ['from', 'to'] as const) {
          expect(parseWhen(vn + clock, role, opts)).toBe(parseWhen(iso + isoClock, role, opts));
        }
      }),
    );
  });
});

describe('parseWhen across DST changes', () => {
  const cases: Array<[string, string, string, string, string]> = [
    // zone, instant, today, yesterday (= 1d), 2d
    ['Europe/Paris', '2026-03-29T00:30:00Z', '2026-03-29', '2026-03-28', '2026-03-27'],
    ['Europe/Paris', '2026-03-29T10:00:00Z', '2026-03-29', '2026-03-28', '2026-03-27'],
    ['Europe/Paris', '2026-03-29T21:59:59Z', '2026-03-29', '2026-03-28', '2026-03-27'],
    ['Europe/Paris', '2026-03-29T22:00:00Z', '2026-03-30', '2026-03-29', '2026-03-28'],
    ['Europe/Paris', '2026-03-30T10:00:00Z', '2026-03-30', '2026-03-29', '2026-03-28'],
    ['Europe/Paris', '2026-10-25T00:30:00Z', '2026-10-25', '2026-10-24', '2026-10-23'],
    ['Europe/Paris', '2026-10-25T01:30:00Z', '2026-10-25', '2026-10-24', '2026-10-23'],
    ['Europe/Paris', '2026-10-25T22:59:59Z', '2026-10-25', '2026-10-24', '2026-10-23'],
    ['Europe/Paris', '2026-10-25T23:00:00Z', '2026-10-26', '2026-10-25', '2026-10-24'],
    ['Europe/Paris', '2026-10-26T00:30:00Z', '2026-10-26', '2026-10-25', '2026-10-24'],
    ['America/New_York', '2026-03-08T05:30:00Z', '2026-03-08', '2026-03-07', '2026-03-06'],
    ['America/New_York', '2026-03-09T03:59:59Z', '2026-03-08', '2026-03-07', '2026-03-06'],
    ['America/New_York', '2026-03-09T04:00:00Z', '2026-03-09', '2026-03-08', '2026-03-07'],
    ['America/New_York', '2026-11-01T06:30:00Z', '2026-11-01', '2026-10-31', '2026-10-30'],
    ['America/New_York', '2026-11-02T04:59:59Z', '2026-11-01', '2026-10-31', '2026-10-30'],
    ['America/New_York', '2026-11-02T05:00:00Z', '2026-11-02', '2026-11-01', '2026-10-31'],
  ];
  it.each(cases)('%s at %s', (timeZone, instant, today, yesterday, twoDaysAgo) => {
    const now = new Date(instant);
    expect(when('today', 'from', now, timeZone)).toBe(`${today} 00:00:00`);
    expect(when('today', 'to', now, timeZone)).toBe(`${today} 23:59:59`);
    expect(when('0d', 'from', now, timeZone)).toBe(`${today} 00:00:00`);
    expect(when('yesterday', 'from', now, timeZone)).toBe(`${yesterday} 00:00:00`);
    expect(when('yesterday', 'to', now, timeZone)).toBe(`${yesterday} 23:59:59`);
    expect(when('1d', 'from', now, timeZone)).toBe(`${yesterday} 00:00:00`);
    expect(when('1d', 'to', now, timeZone)).toBe(`${yesterday} 23:59:59`);
    expect(when('2d', 'from', now, timeZone)).toBe(`${twoDaysAgo} 00:00:00`);
  });
});

describe('parseWhen: bad inputs', () => {
  it.each([
    ['2026-02-30', 'no such date'],
    ['2026-02-29', 'no such date'],
    ['1900-02-29', 'no such date'],
    ['2026-13-01', 'no such date'],
    ['2026-00-10', 'no such date'],
    ['2026-04-31', 'no such date'],
    ['2026-01-00', 'no such date'],
    ['2026-02-30 10:00:00', 'no such date'],
    ['2026-01-01 24:00:00', 'no such time'],
    ['2026-01-01 24:00', 'no such time'],
    ['2026-01-01 23:60', 'no such time'],
    ['2026-01-01 23:59:60', 'no such time'],
    ['3651d', 'at most 3650 days ago (3650d)'],
    ['99999999999999999999d', 'at most 3650 days ago (3650d)'],
    ['', 'empty date'],
    ['   ', 'empty date'],
    ['tomorrow', 'not a date or time cacs understands'],
    [
      '2026/11/01',
      'yyyy/mm/dd is not read (the order of month and day would be a guess): write yyyy-mm-dd or dd/mm/yyyy',
    ],
    [
      '2026/1/2 10:00',
      'yyyy/mm/dd is not read (the order of month and day would be a guess): write yyyy-mm-dd or dd/mm/yyyy',
    ],
    ['11/25/2026', 'no such date (dd/mm/yyyy: the day comes first)'],
    ['31/04/2026', 'no such date (dd/mm/yyyy: the day comes first)'],
    ['29/02/2026', 'no such date (dd/mm/yyyy: the day comes first)'],
    ['25/11/2026 24:00', 'no such time'],
    ['25/11/2026 9:60', 'no such time'],
    ['25/11/26', 'not a date or time cacs understands'],
    ['25/11/2026T09:00', 'not a date or time cacs understands'],
    ['25/11/2026 09:00+07:00', 'not a date or time cacs understands'],
    ['25-11-2026', 'not a date or time cacs understands'],
    ['125/11/2026', 'not a date or time cacs understands'],
    ['2026-1-1', 'not a date or time cacs understands'],
    ['26-11-01', 'not a date or time cacs understands'],
    ['2026-11-01 008:00', 'not a date or time cacs understands'],
    ['2026-11-01 08', 'not a date or time cacs understands'],
    ['2026-11-01 08:00:00.000', 'not a date or time cacs understands'],
    ['2026-11-01T08:00Z:00', 'not a date or time cacs understands'],
    ['2026-11-01Z', 'not a date or time cacs understands'],
    ['2026-11-01T08:00:00+1', 'not a date or time cacs understands'],
    ['2026-11-01T08:00:00 +01:00', 'not a date or time cacs understands'],
    ['2026-11-01T08:00:00+24:00', 'no such offset'],
    ['2026-11-01T08:00:00+01:60', 'no such offset'],
    ['-1d', 'not a date or time cacs understands'],
    ['1.5d', 'not a date or time cacs understands'],
    ['d', 'not a date or time cacs understands'],
    ['7 d', 'not a date or time cacs understands'],
    ['now-1d', 'not a date or time cacs understands'],
  ])('%j → %s', (input, why) => {
    for (const role of ['from', 'to'] as const) {
      const e = usageError(() => parseWhen(input, role, opts));
      expect(e.message).toBe(`${role} ${JSON.stringify(input)}: ${why}`);
      // Said when thrown, in the words active now (the library's, or the CLI's after an
      // in-process CLI run in this worker): compared in the same words.
      expect(e.hint).toBe(t('report.when.forms.hint'));
      expect(e.exitCode).toBe(2);
    }
  });

  it('gives the documented message for an impossible date', () => {
    const e = usageError(() => parseWhen('2026-02-30', 'from', opts));
    expect(e.message).toBe('from "2026-02-30": no such date');
    expect(e.hint).toMatch(/yyyy-mm-dd.*now, today, yesterday, or Nd/s);
  });

  it('escapes control characters in the echoed input', () => {
    const e = usageError(() => parseWhen('x\u001b[31m', 'to', opts));
    expect(e.message).toBe('to "x\\u001b[31m": not a date or time cacs understands');
  });
});

describe('resolveRange', () => {
  it('defaults --to to now', () => {
    const r = resolveRange('7d', undefined, opts);
    expect(formatServiceDate(r.from)).toBe('2026-11-15 00:00:00');
    expect(formatServiceDate(r.to)).toBe('2026-11-22 00:30:00');
  });

  it('resolves both ends', () => {
    const r = resolveRange('2026-11-01', '2026-11-30', opts);
    expect(formatServiceDate(r.from)).toBe('2026-11-01 00:00:00');
    expect(formatServiceDate(r.to)).toBe('2026-11-30 23:59:59');
    const y = resolveRange('yesterday', 'yesterday', opts);
    expect(formatServiceDate(y.from)).toBe('2026-11-21 00:00:00');
    expect(formatServiceDate(y.to)).toBe('2026-11-21 23:59:59');
    const t = resolveRange('today', 'now', opts);
    expect(formatServiceDate(t.from)).toBe('2026-11-22 00:00:00');
    expect(formatServiceDate(t.to)).toBe('2026-11-22 00:30:00');
  });

  it('accepts from equal to to', () => {
    const r = resolveRange('2026-11-01 10:00', '2026-11-01 10:00:00', opts);
    expect(r.from).toEqual(r.to);
  });

  it('requires from (the library names its option; the CLI words it --from)', () => {
    const e = usageError(() => resolveRange(undefined, '2026-11-30', opts));
    expect(e.message).toBe('from is required');
    expect(e.hint).toContain('from "2026-11-01" and to "2026-11-30"');
    useCliWords();
    const cli = usageError(() => resolveRange(undefined, '2026-11-30', opts));
    expect(cli.message).toBe('--from is required');
    expect(cli.hint).toContain('--from 2026-11-01 --to 2026-11-30');
  });

  it('refuses from later than to, showing both resolved values', () => {
    const e = usageError(() => resolveRange('2026-11-30', '2026-11-01', opts));
    expect(e.message).toBe('from (2026-11-30 00:00:00) is later than to (2026-11-01 23:59:59)');
    const f = usageError(() => resolveRange('2026-12-01', undefined, opts));
    expect(f.message).toBe('from (2026-12-01 00:00:00) is later than to (2026-11-22 00:30:00)');
    expect(f.hint).toBe(
      "'to' defaults to now in Asia/Ho_Chi_Minh: give 'to', or an earlier 'from'.",
    );
    useCliWords();
    expect(usageError(() => resolveRange('2026-11-30', '2026-11-01', opts)).message).toBe(
      '--from (2026-11-30 00:00:00) is later than --to (2026-11-01 23:59:59)',
    );
    expect(usageError(() => resolveRange('2026-12-01', undefined, opts)).hint).toBe(
      '--to defaults to now in Asia/Ho_Chi_Minh; give --to, or an earlier --from.',
    );
    // today as --from, and now as --to, a second apart in the right order
    expect(() => resolveRange('now', 'today', opts)).not.toThrow();
  });

  it('names the end of the bad value: the option, or in the CLI the flag', () => {
    expect(usageError(() => resolveRange('2026-11-01', 'soon', opts)).message).toBe(
      'to "soon": not a date or time cacs understands',
    );
    expect(usageError(() => resolveRange('soon', undefined, opts)).message).toBe(
      'from "soon": not a date or time cacs understands',
    );
    useCliWords();
    expect(usageError(() => resolveRange('2026-11-01', 'soon', opts)).message).toBe(
      '--to "soon": not a date or time cacs understands',
    );
  });

  it('refuses an unknown zone naming the option', () => {
    const e = usageError(() => resolveRange('today', undefined, { now: NOW, timeZone: 'Nope/No' }));
    expect(e.message).toBe('timeZone "Nope/No": unknown time zone');
  });
});

describe('calendar arithmetic', () => {
  it('formats zero-padded service dates that the spec accepts', () => {
    expect(formatServiceDate({ y: 2026, mo: 1, d: 2, h: 3, mi: 4, s: 5 })).toBe(
      '2026-01-02 03:04:05',
    );
    fc.assert(
      fc.property(arbLocal, (t) => {
        const s = formatServiceDate(t);
        expect(s).toHaveLength(19);
        expect(isServiceDate(s)).toBe(true);
        expect(instantToWall(parseWhen(s, 'from', opts), VN)).toEqual(t);
        expect(instantToWall(parseWhen(s, 'to', opts), VN)).toEqual(t);
      }),
    );
  });

  it('daysInMonth agrees with the calendar of Date', () => {
    for (let y = 1999; y <= 2101; y++) {
      for (let mo = 1; mo <= 12; mo++)
        expect(daysInMonth(y, mo)).toBe(new Date(Date.UTC(y, mo, 0)).getUTCDate());
    }
  });

  it('addDays is calendar arithmetic and keeps the time of day', () => {
    expect(addDays(at('2026-03-28 02:30:00'), 1)).toEqual(at('2026-03-29 02:30:00'));
    expect(addDays(at('2026-12-31 23:59:59'), 1)).toEqual(at('2027-01-01 23:59:59'));
    expect(addDays(at('2024-03-01 00:00:00'), -1)).toEqual(at('2024-02-29 00:00:00'));
    expect(addDays(at('2026-11-22 10:00:00'), -3650)).toEqual(at('2016-11-24 10:00:00'));
    expect(addDays(at('2026-11-22 10:00:00'), 0)).toEqual(at('2026-11-22 10:00:00'));
  });

  it('addDays matches Date.UTC and inverts itself', () => {
    fc.assert(
      fc.property(arbLocal, fc.integer({ min: -40_000, max: 40_000 }), (t, n) => {
        const r = addDays(t, n);
        expect(isValidLocal(r)).toBe(true);
        const u = new Date(Date.UTC(t.y, t.mo - 1, t.d + n));
        expect([r.y, r.mo, r.d]).toEqual([u.getUTCFullYear(), u.getUTCMonth() + 1, u.getUTCDate()]);
        expect(dayNumber(r) - dayNumber(t)).toBe(n);
        expect(addDays(r, -n)).toEqual(t);
      }),
    );
  });

  it('compareLocal orders like the formatted strings', () => {
    fc.assert(
      fc.property(arbLocal, arbLocal, (a, b) => {
        const sa = formatServiceDate(a);
        const sb = formatServiceDate(b);
        expect(Math.sign(compareLocal(a, b))).toBe(sa < sb ? -1 : sa > sb ? 1 : 0);
      }),
    );
  });

  it('startOfDay, endOfDay, addSecond', () => {
    const t = at('2026-11-22 13:14:15');
    expect(startOfDay(t)).toEqual(at('2026-11-22 00:00:00'));
    expect(endOfDay(t)).toEqual(at('2026-11-22 23:59:59'));
    expect(addSecond(at('2026-12-31 23:59:59'))).toEqual(at('2027-01-01 00:00:00'));
    expect(addSecond(at('2026-11-22 13:59:59'))).toEqual(at('2026-11-22 14:00:00'));
    expect(addSecond(at('2026-11-22 13:14:59'))).toEqual(at('2026-11-22 13:15:00'));
    fc.assert(
      fc.property(arbLocal, (x) => {
        expect(compareLocal(addSecond(x), x)).toBe(1);
      }),
    );
  });
});
