/**
 * The two zones of `cacs report` (issue 14, finding 4): dates are read in the user's zone
 * (--tz / timezone) and sent on the service's wall clock (serviceTimezone). Checked against
 * Intl.DateTimeFormat used independently of src/report/dates.ts.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addSecond,
  compareLocal,
  dayNumber,
  describeRange,
  formatServiceDate,
  instantToWall,
  parseWhen,
  resolveRange,
  wallSeconds,
  wallToInstant,
  type LocalDateTime,
} from '../../src/report/dates.js';
import { splitWindows } from '../../src/report/windows.js';

const VN = 'Asia/Ho_Chi_Minh';
const PARIS = 'Europe/Paris';

/** Zones with DST gaps and repeats, half-hour and 45-minute offsets, midnight changes. */
const ZONES = [
  VN,
  PARIS,
  'UTC',
  'America/New_York',
  'America/Santiago', // DST starts at midnight: 00:00 does not exist on that day
  'America/St_Johns', // UTC−3:30 / −2:30
  'Australia/Lord_Howe', // a 30-minute DST shift
  'Asia/Kathmandu', // UTC+5:45
  'Pacific/Chatham', // UTC+12:45 / +13:45
  'Asia/Tehran', // DST until 2022
  'Pacific/Apia', // skipped 2011-12-30 entirely
] as const;

/** The reference: Intl's own formatting, 'yyyy-mm-dd HH:mm:ss' in a zone. */
const refFormatters = new Map<string, Intl.DateTimeFormat>();
function ref(ms: number, timeZone: string): string {
  let f = refFormatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-GB', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    });
    refFormatters.set(timeZone, f);
  }
  const p = Object.fromEntries(f.formatToParts(new Date(ms)).map((x) => [x.type, x.value]));
  return `${p.year}-${p.month}-${p.day} ${p.hour === '24' ? '00' : p.hour}:${p.minute}:${p.second}`;
}

function at(s: string): LocalDateTime {
  const [y, mo, d, h, mi, sec] = s.split(/[- :]/).map(Number) as number[];
  return { y: y!, mo: mo!, d: d!, h: h!, mi: mi!, s: sec! };
}

const utc = (iso: string) => Date.parse(iso);
const arbZone = fc.constantFrom(...ZONES);
/** Whole-second instants from 2000 to 2037. */
const arbInstant = fc
  .integer({ min: Date.UTC(2000, 0, 1) / 1000, max: Date.UTC(2037, 11, 31) / 1000 })
  .map((s) => s * 1000);

describe('wallToInstant: gaps move forward, repeats take the earlier instant', () => {
  it.each([
    // zone, wall time, instant, why
    [PARIS, '2026-11-23 00:00:00', '2026-11-22T23:00:00Z', 'CET'],
    [PARIS, '2026-07-01 12:00:00', '2026-07-01T10:00:00Z', 'CEST'],
    [PARIS, '2026-03-29 01:59:59', '2026-03-29T00:59:59Z', 'last second before the gap'],
    [PARIS, '2026-03-29 02:00:00', '2026-03-29T01:00:00Z', 'gap start → 03:00 CEST'],
    [PARIS, '2026-03-29 02:30:00', '2026-03-29T01:30:00Z', 'in the gap → 03:30 CEST'],
    [PARIS, '2026-03-29 03:00:00', '2026-03-29T01:00:00Z', 'first second after the gap'],
    [PARIS, '2026-10-25 02:30:00', '2026-10-25T00:30:00Z', 'repeated → the first (CEST)'],
    [PARIS, '2026-10-25 03:00:00', '2026-10-25T02:00:00Z', 'after the repeat'],
    ['America/New_York', '2026-03-08 02:30:00', '2026-03-08T07:30:00Z', 'gap → 03:30 EDT'],
    ['America/New_York', '2026-11-01 01:30:00', '2026-11-01T05:30:00Z', 'repeated → EDT'],
    ['America/Santiago', '2026-09-06 00:00:00', '2026-09-06T04:00:00Z', 'midnight gap → 01:00'],
    ['Australia/Lord_Howe', '2026-10-04 02:15:00', '2026-10-03T15:45:00Z', '30-min gap → 02:45'],
    ['Asia/Kathmandu', '2026-11-23 00:00:00', '2026-11-22T18:15:00Z', 'UTC+5:45'],
    [VN, '2026-11-23 06:00:00', '2026-11-22T23:00:00Z', 'UTC+7 all year'],
  ])('%s %s → %s (%s)', (zone, wall, instant) => {
    expect(new Date(wallToInstant(at(wall), zone)).toISOString()).toBe(
      new Date(utc(instant)).toISOString(),
    );
  });

  it('agrees with Intl for any instant: the wall time names it, or an earlier instant of a repeat (property)', () => {
    fc.assert(
      fc.property(arbInstant, arbZone, (t, zone) => {
        const wall = ref(t, zone);
        const back = wallToInstant(at(wall), zone);
        expect(ref(back, zone)).toBe(wall);
        expect(back).toBeLessThanOrEqual(t);
        // back is the earliest instant with that wall time: none in the 3 hours before it.
        for (let k = 1; k <= 12; k++) expect(ref(back - k * 900_000, zone)).not.toBe(wall);
        // and instantToWall is Intl's wall time
        expect(formatServiceDate(instantToWall(t, zone))).toBe(wall);
      }),
      { numRuns: 400 },
    );
  });

  it('moves a wall time that does not exist forward by the gap (property)', () => {
    // Every quarter hour on the days clocks change, in zones with gaps.
    const days: Array<[string, string]> = [
      [PARIS, '2026-03-29'],
      ['America/New_York', '2026-03-08'],
      ['America/Santiago', '2026-09-06'],
      ['Australia/Lord_Howe', '2026-10-04'],
      ['Pacific/Chatham', '2026-09-27'],
    ];
    for (const [zone, day] of days) {
      let gaps = 0;
      for (let q = 0; q < 96; q++) {
        const wall = `${day} ${String(Math.floor(q / 4)).padStart(2, '0')}:${String((q % 4) * 15).padStart(2, '0')}:00`;
        const t = wallToInstant(at(wall), zone);
        if (ref(t, zone) === wall) continue;
        gaps++;
        // Not a wall time of any instant: read with the offset from before the gap, so it
        // lands later by the gap's length (offsets taken from Intl).
        const offset = (x: number) => wallSeconds(at(ref(x, zone))) * 1000 - x;
        const before = offset(t - 86_400_000);
        const gap = offset(t + 86_400_000) - before;
        expect(gap).toBeGreaterThan(0);
        expect(t).toBe(wallSeconds(at(wall)) * 1000 - before);
        expect(wallSeconds(at(ref(t, zone))) * 1000).toBe(wallSeconds(at(wall)) * 1000 + gap);
      }
      expect(gaps, `${zone} ${day}`).toBeGreaterThan(0);
    }
  });
});

describe('resolveRange: read in --tz, sent on the service clock', () => {
  // 2026-11-23 23:30 in Ho Chi Minh City, 17:30 in Paris.
  const NOW = new Date('2026-11-23T16:30:00Z');
  const paris = { now: NOW, timeZone: PARIS, serviceTimeZone: VN };
  const fmt = (r: ReturnType<typeof resolveRange>) => [
    formatServiceDate(r.from),
    formatServiceDate(r.to),
  ];

  it('today in Paris is 06:00 → now (23:30) on the service clock', () => {
    const r = resolveRange('today', undefined, paris);
    expect(fmt(r)).toEqual(['2026-11-23 06:00:00', '2026-11-23 23:30:00']);
    expect(formatServiceDate(r.userFrom)).toBe('2026-11-23 00:00:00');
    expect(formatServiceDate(r.userTo)).toBe('2026-11-23 17:30:00');
    expect(describeRange(r)).toBe(
      '2026-11-23 00:00:00 → 2026-11-23 17:30:00 Europe/Paris (service: 2026-11-23 06:00:00 → 2026-11-23 23:30:00 Asia/Ho_Chi_Minh)',
    );
  });

  it('names one zone when the two are the same (the default)', () => {
    const r = resolveRange('today', undefined, { now: NOW, timeZone: VN });
    expect(fmt(r)).toEqual(['2026-11-23 00:00:00', '2026-11-23 23:30:00']);
    expect(describeRange(r)).toBe('2026-11-23 00:00:00 → 2026-11-23 23:30:00 Asia/Ho_Chi_Minh');
  });

  it('a --to date is the end of that day in the user zone', () => {
    expect(fmt(resolveRange('2026-11-20', '2026-11-20', paris))).toEqual([
      '2026-11-20 06:00:00',
      '2026-11-21 05:59:59',
    ]);
    expect(fmt(resolveRange('yesterday', 'yesterday', paris))).toEqual([
      '2026-11-22 06:00:00',
      '2026-11-23 05:59:59',
    ]);
    expect(fmt(resolveRange('7d', 'today', paris))).toEqual([
      '2026-11-16 06:00:00',
      '2026-11-24 05:59:59',
    ]);
  });

  it('a day of 23 or 25 hours in Paris stays that long on the service clock', () => {
    expect(fmt(resolveRange('2026-03-29', '2026-03-29', paris))).toEqual([
      '2026-03-29 06:00:00',
      '2026-03-30 04:59:59',
    ]);
    expect(fmt(resolveRange('2026-10-25', '2026-10-25', paris))).toEqual([
      '2026-10-25 05:00:00',
      '2026-10-26 05:59:59',
    ]);
  });

  it('a day that starts at 01:00 (Santiago, midnight gap) starts at its first instant', () => {
    const santiago = { now: NOW, timeZone: 'America/Santiago', serviceTimeZone: 'UTC' };
    const r = resolveRange('2026-09-06', '2026-09-06', santiago);
    expect(formatServiceDate(r.userFrom)).toBe('2026-09-06 01:00:00');
    expect(formatServiceDate(r.userTo)).toBe('2026-09-06 23:59:59');
    expect(fmt(r)).toEqual(['2026-09-06 04:00:00', '2026-09-07 02:59:59']);
    const before = resolveRange('2026-09-05', '2026-09-05', santiago);
    expect(fmt(before)).toEqual(['2026-09-05 04:00:00', '2026-09-06 03:59:59']);
  });

  it('resolves DST gaps and repeats of the user zone by the documented rule', () => {
    // 02:30 does not exist on 2026-03-29 in Paris: read as 03:30 CEST (01:30Z = 08:30 in Vietnam).
    const gap = resolveRange('2026-03-29 02:30', '2026-03-29 02:30', paris);
    expect(fmt(gap)).toEqual(['2026-03-29 08:30:00', '2026-03-29 08:30:00']);
    expect(formatServiceDate(gap.userFrom)).toBe('2026-03-29 03:30:00');
    // 02:30 happens twice on 2026-10-25: the first (CEST, 00:30Z = 07:30 in Vietnam).
    const twice = resolveRange('2026-10-25 02:30', '2026-10-25 02:30:00', paris);
    expect(fmt(twice)).toEqual(['2026-10-25 07:30:00', '2026-10-25 07:30:00']);
  });

  it('takes an offset or Z as given, whatever --tz says', () => {
    for (const timeZone of [PARIS, VN, 'America/New_York']) {
      const o = { now: NOW, timeZone, serviceTimeZone: VN };
      expect(fmt(resolveRange('2026-11-23T10:00:00+01:00', '2026-11-23T09:30:15Z', o))).toEqual([
        '2026-11-23 16:00:00',
        '2026-11-23 16:30:15',
      ]);
      expect(fmt(resolveRange('2026-11-23T16:00:00.999+07', '2026-11-23 10:00-0500', o))).toEqual([
        '2026-11-23 16:00:00',
        '2026-11-23 22:00:00',
      ]);
    }
  });

  it('refuses from after to by instants, showing the user clock', () => {
    expect(() => resolveRange('2026-11-23T10:00:00Z', '2026-11-23 10:59', paris)).toThrow(
      'from (2026-11-23 11:00:00) is later than to (2026-11-23 10:59:00)',
    );
  });

  it('user wall → instant → service wall agrees with Intl for random instants and zones (property)', () => {
    fc.assert(
      fc.property(arbInstant, arbZone, arbZone, (t, user, service) => {
        const wall = ref(t, user);
        const o = { now: new Date(t), timeZone: user, serviceTimeZone: service };
        const instant = parseWhen(wall, 'from', o);
        expect(ref(instant, user)).toBe(wall);
        const r = resolveRange(wall, wall, o);
        expect(formatServiceDate(r.from)).toBe(ref(instant, service));
        expect(formatServiceDate(r.to)).toBe(ref(instant, service));
        // Unless the wall time is repeated (then the first), it is the instant itself.
        if (ref(t - 3_600_000, user) !== wall && ref(t - 1_800_000, user) !== wall)
          expect(instant).toBe(t);
        // now and an explicit Z give the instant itself
        const z = resolveRange(new Date(t).toISOString(), 'now', o);
        expect(formatServiceDate(z.from)).toBe(ref(t, service));
        expect(formatServiceDate(z.to)).toBe(ref(t, service));
        // a date: from its first instant to its last second, in the user zone
        const day = resolveRange(wall.slice(0, 10), wall.slice(0, 10), o);
        expect(ref(day.fromInstant, user).slice(0, 10)).toBe(wall.slice(0, 10));
        expect(ref(day.fromInstant - 1000, user).slice(0, 10) < wall.slice(0, 10)).toBe(true);
        expect(ref(day.toInstant, user).slice(0, 10)).toBe(wall.slice(0, 10));
        expect(ref(day.toInstant + 1000, user).slice(0, 10) > wall.slice(0, 10)).toBe(true);
      }),
      { numRuns: 300 },
    );
  });

  it('windows over a converted range have no gap or overlap and cover exactly the range (property)', () => {
    const span = 200 * 86_400;
    fc.assert(
      fc.property(
        arbInstant,
        fc.integer({ min: 0, max: span }),
        arbZone,
        fc.constantFrom(VN, 'UTC', 'Asia/Kathmandu', 'America/St_Johns', PARIS),
        fc.integer({ min: 1, max: 31 }),
        fc.boolean(),
        (a, length, user, service, windowDays, asWall) => {
          const b = a + length * 1000;
          // The ends given as the user's wall clock, or as instants with Z.
          const give = (t: number) => (asWall ? ref(t, user) : new Date(t).toISOString());
          const o = { now: new Date(b), timeZone: user, serviceTimeZone: service };
          let r;
          try {
            r = resolveRange(give(a), give(b), o);
          } catch {
            // Two wall times inside a repeated hour can come out in the other order.
            fc.pre(false);
            return;
          }
          // The sent range is the instants on the service clock (Intl's).
          expect(formatServiceDate(r.from)).toBe(ref(r.fromInstant, service));
          fc.pre(
            compareLocal(r.from, r.to) <= 0 &&
              ref(r.toInstant, service) >= ref(r.fromInstant, service),
          );
          expect(formatServiceDate(r.to)).toBe(ref(r.toInstant, service));
          if (!asWall) expect([r.fromInstant, r.toInstant]).toEqual([a, b]);
          const windows = splitWindows(r.from, r.to, windowDays);
          expect(windows[0]!.start).toEqual(r.from);
          expect(windows.at(-1)!.end).toEqual(r.to);
          let seconds = 0;
          windows.forEach((w, i) => {
            expect(compareLocal(w.start, w.end)).toBeLessThanOrEqual(0);
            expect(dayNumber(w.end) - dayNumber(w.start)).toBeLessThan(windowDays);
            if (i > 0) expect(w.start).toEqual(addSecond(windows[i - 1]!.end));
            if (i > 0) expect(formatServiceDate(w.start).slice(11)).toBe('00:00:00');
            if (i < windows.length - 1) expect(formatServiceDate(w.end).slice(11)).toBe('23:59:59');
            seconds += wallSeconds(w.end) - wallSeconds(w.start) + 1;
          });
          expect(seconds).toBe(wallSeconds(r.to) - wallSeconds(r.from) + 1);
        },
      ),
      { numRuns: 300 },
    );
  });
});
