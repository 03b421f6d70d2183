/**
 * Dates for `cacs report`: parsing `--from` / `--to`, converting between zones, and calendar
 * arithmetic.
 *
 * Two zones are involved (DESIGN.md, "Report semantics"):
 * - the **service's** zone (`serviceTimezone`, default Asia/Ho_Chi_Minh): the wall clock the
 *   service reads `start_date` / `end_date` in and writes `date_time` in;
 * - the **user's** zone (`--tz` / `timezone`, default: the service's): the zone dates given
 *   without an offset, and the words now / today / yesterday / Nd, are read in.
 *
 * A value is parsed into an instant (epoch milliseconds, whole seconds): an ISO 8601 value with
 * an offset or `Z` names one directly; any other value is a wall-clock time in the user's zone,
 * resolved to an instant by {@link wallToInstant}. The instants are then written as wall-clock
 * strings `yyyy-mm-dd HH:mm:ss` of the service's zone: that is what is sent, and what windows and
 * the attempt filter work on.
 *
 * Wall-clock times that do not exist or exist twice (daylight saving time) are resolved by one
 * rule, the one of Temporal's `disambiguation: 'compatible'`, java.time and most `date`
 * implementations:
 * - a time inside a **gap** (spring forward; 02:30 on 2026-03-29 in Europe/Paris) is moved
 *   forward by the length of the gap (03:30 CEST);
 * - a time inside a **repeated** hour (fall back; 02:30 on 2026-10-25 in Europe/Paris) is the
 *   earlier of the two instants (02:30 CEST, the first pass).
 * A date alone means the first instant of that day as `--from`, and the last second before the
 * next day begins as `--to` — both in the user's zone, whatever daylight saving time does there.
 *
 * A `LocalDateTime` is a calendar date and a time of day with no zone attached. Calendar
 * arithmetic on it is on (year, month, day) and (hour, minute, second): "one day later" is the
 * next calendar date at the same wall-clock time, never "86,400 seconds later".
 *
 * Nothing here does I/O; the current instant is always passed in (`now`).
 */

import { daysInMonth } from '../api/spec.js';
import { UsageError } from '../errors.js';
import { t } from '../messages/index.js';
import { currentLanguage } from '../messages/language.js';

/** A wall-clock date and time, without a zone. Months are 1..12, hours 0..23. */
export interface LocalDateTime {
  y: number;
  mo: number;
  d: number;
  h: number;
  mi: number;
  s: number;
}

/**
 * The forms a start or end of range accepts, for error hints: in the language set when this
 * module loaded (the hint a parse error carries is said in the current one).
 */
export const WHEN_FORMS_HINT: string = t('report.when.forms.hint');

/** The largest N accepted in `Nd`. */
export const MAX_DAYS_AGO = 3650;

const SECONDS_PER_DAY = 86_400;

// ---------------------------------------------------------------------------------------------
// Calendar helpers (proleptic Gregorian, valid for any year; no Date involved).

/** Day number of a calendar date: days since 1970-01-01 (Howard Hinnant's days_from_civil). */
export function dayNumber(t: Pick<LocalDateTime, 'y' | 'mo' | 'd'>): number {
  const y = t.mo <= 2 ? t.y - 1 : t.y;
  const era = Math.floor(y / 400);
  const yoe = y - era * 400;
  const mp = (t.mo + 9) % 12;
  const doy = Math.floor((153 * mp + 2) / 5) + t.d - 1;
  const doe = yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy;
  return era * 146_097 + doe - 719_468;
}

/** The calendar date of a day number (inverse of dayNumber; civil_from_days). */
function dateOfDayNumber(n: number): { y: number; mo: number; d: number } {
  const z = n + 719_468;
  const era = Math.floor(z / 146_097);
  const doe = z - era * 146_097;
  const yoe = Math.floor(
    (doe - Math.floor(doe / 1460) + Math.floor(doe / 36_524) - Math.floor(doe / 146_096)) / 365,
  );
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100));
  const mp = Math.floor((5 * doy + 2) / 153);
  const d = doy - Math.floor((153 * mp + 2) / 5) + 1;
  const mo = mp < 10 ? mp + 3 : mp - 9;
  return { y: yoe + era * 400 + (mo <= 2 ? 1 : 0), mo, d };
}

/**
 * Wall-clock seconds since 1970-01-01 00:00:00 of the same (zone-less) clock: a compact key for
 * comparing and measuring LocalDateTimes. It is not an instant.
 */
export function wallSeconds(t: LocalDateTime): number {
  return dayNumber(t) * SECONDS_PER_DAY + t.h * 3600 + t.mi * 60 + t.s;
}

/** The LocalDateTime of a {@link wallSeconds} value (its inverse). */
export function fromWallSeconds(n: number): LocalDateTime {
  const day = Math.floor(n / SECONDS_PER_DAY);
  const r = n - day * SECONDS_PER_DAY;
  return {
    ...dateOfDayNumber(day),
    h: Math.floor(r / 3600),
    mi: Math.floor((r % 3600) / 60),
    s: r % 60,
  };
}

/** Negative when a is earlier than b, 0 when equal, positive when later. */
export function compareLocal(a: LocalDateTime, b: LocalDateTime): number {
  return wallSeconds(a) - wallSeconds(b);
}

/** The same wall-clock time n calendar days later (n may be negative). */
export function addDays(t: LocalDateTime, n: number): LocalDateTime {
  return { ...dateOfDayNumber(dayNumber(t) + n), h: t.h, mi: t.mi, s: t.s };
}

/** The next wall-clock second (23:59:59 rolls over to the next day's 00:00:00). */
export function addSecond(t: LocalDateTime): LocalDateTime {
  if (t.s < 59) return { ...t, s: t.s + 1 };
  if (t.mi < 59) return { ...t, mi: t.mi + 1, s: 0 };
  if (t.h < 23) return { ...t, h: t.h + 1, mi: 0, s: 0 };
  return startOfDay(addDays(t, 1));
}

/** 00:00:00 of t's day. */
export function startOfDay(t: LocalDateTime): LocalDateTime {
  return { y: t.y, mo: t.mo, d: t.d, h: 0, mi: 0, s: 0 };
}

/** 23:59:59 of t's day. */
export function endOfDay(t: LocalDateTime): LocalDateTime {
  return { y: t.y, mo: t.mo, d: t.d, h: 23, mi: 59, s: 59 };
}

/** Whether the fields form a real date and time (2026-02-30 and 24:00 do not). */
export function isValidLocal(t: LocalDateTime): boolean {
  const ints = [t.y, t.mo, t.d, t.h, t.mi, t.s].every(Number.isInteger);
  return (
    ints &&
    t.mo >= 1 &&
    t.mo <= 12 &&
    t.d >= 1 &&
    t.d <= daysInMonth(t.y, t.mo) &&
    t.h >= 0 &&
    t.h <= 23 &&
    t.mi >= 0 &&
    t.mi <= 59 &&
    t.s >= 0 &&
    t.s <= 59
  );
}

function pad(n: number, width: number): string {
  return String(n).padStart(width, '0');
}

/** 'yyyy-mm-dd HH:mm:ss', zero-padded: the form cacs always sends. */
export function formatServiceDate(t: LocalDateTime): string {
  return (
    `${pad(t.y, 4)}-${pad(t.mo, 2)}-${pad(t.d, 2)} ` +
    `${pad(t.h, 2)}:${pad(t.mi, 2)}:${pad(t.s, 2)}`
  );
}

// ---------------------------------------------------------------------------------------------
// "Now" in a time zone.

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (f === undefined) {
    try {
      f = new Intl.DateTimeFormat('en-US', {
        timeZone,
        calendar: 'gregory',
        numberingSystem: 'latn',
        hourCycle: 'h23',
        year: 'numeric',
        month: 'numeric',
        day: 'numeric',
        hour: 'numeric',
        minute: 'numeric',
        second: 'numeric',
      });
    } catch (e) {
      throw new UsageError(
        t('report.unknownTimeZone', { name: 'timeZone', zone: JSON.stringify(timeZone) }),
        {
          hint: t('report.timeZone.unknown.hint'),
          cause: e,
        },
      );
    }
    formatters.set(timeZone, f);
  }
  return f;
}

/**
 * Zones whose offset from UTC (minutes east) has not changed since 1976: their wall clock is
 * worked out without ICU (whose first formatter of a zone costs ≈ 5 ms of a report's start-up).
 * Vietnam has kept UTC+7 since 1975; test/unit/report-dates.test.ts checks these against Intl.
 */
const FIXED_OFFSET_MINUTES: ReadonlyMap<string, number> = new Map([
  ['UTC', 0],
  ['Etc/UTC', 0],
  ['Asia/Ho_Chi_Minh', 420],
  ['Asia/Saigon', 420],
]);
const FIXED_SINCE = Date.UTC(1976, 0, 1);
/** The last instant a Date can hold (ECMA-262: ±8.64e15 ms from 1970). */
const MAX_DATE_MS = 8.64e15;

/** The wall-clock time in `timeZone` at the instant `now`, to the second. */
export function nowIn(timeZone: string, now: Date): LocalDateTime {
  const fixed = FIXED_OFFSET_MINUTES.get(timeZone);
  const ms = now.getTime();
  // The wall clock must itself be a date: within the last hours of the Date range (8.64e15 ms)
  // it is not, and ICU answers (review, session 15).
  if (fixed !== undefined && ms >= FIXED_SINCE && ms + fixed * 60_000 <= MAX_DATE_MS) {
    const w = new Date(ms + fixed * 60_000);
    return {
      y: w.getUTCFullYear(),
      mo: w.getUTCMonth() + 1,
      d: w.getUTCDate(),
      h: w.getUTCHours(),
      mi: w.getUTCMinutes(),
      s: w.getUTCSeconds(),
    };
  }
  return nowByIntl(timeZone, now);
}

/**
 * nowIn's wall clock as ICU gives it, for any zone (and what the fixed-offset zones are checked
 * against in test/unit/report-dates.test.ts).
 */
export function nowByIntl(timeZone: string, now: Date): LocalDateTime {
  const f = formatterFor(timeZone);
  if (Number.isNaN(now.getTime())) throw new RangeError('nowIn: invalid Date');
  const parts: Record<string, number> = {};
  for (const p of f.formatToParts(now)) {
    if (p.type !== 'literal') parts[p.type] = Number(p.value);
  }
  const get = (k: string): number => {
    const v = parts[k];
    if (v === undefined || !Number.isInteger(v)) {
      throw new Error(`nowIn: Intl gave no ${k} for ${timeZone}`);
    }
    return v;
  };
  // Some ICU versions write midnight as 24 even with h23; that is 00 of the same day.
  const h = get('hour') % 24;
  return {
    y: get('year'),
    mo: get('month'),
    d: get('day'),
    h,
    mi: get('minute'),
    s: get('second'),
  };
}

// ---------------------------------------------------------------------------------------------
// Instants and wall clocks.

/** An instant: epoch milliseconds, a whole number of seconds. */
export type Instant = number;

const MS_PER_DAY = SECONDS_PER_DAY * 1000;

/** The wall-clock time in `timeZone` at an instant (nowIn for an Instant). */
export function instantToWall(t: Instant, timeZone: string): LocalDateTime {
  return nowIn(timeZone, new Date(t));
}

/** The zone's offset from UTC at an instant, in ms (east positive), to the second. */
function offsetAt(t: Instant, timeZone: string): number {
  const whole = Math.floor(t / 1000) * 1000;
  return wallSeconds(instantToWall(whole, timeZone)) * 1000 - whole;
}

/**
 * The instant a wall-clock time in `timeZone` names. In a gap (the clock jumps forward) the time
 * is moved forward by the gap's length; in a repeated hour (the clock goes back) it is the earlier
 * instant. (Temporal's 'compatible' disambiguation; assumes at most one offset change within a
 * day of t, which holds for every IANA zone since 1970.)
 */
export function wallToInstant(t: LocalDateTime, timeZone: string): Instant {
  const w = wallSeconds(t) * 1000;
  // The offsets a day before and a day after: a wall time is one of w − offset.
  const before = offsetAt(w - MS_PER_DAY, timeZone);
  const after = offsetAt(w + MS_PER_DAY, timeZone);
  const names = (c: Instant) => wallSeconds(instantToWall(c, timeZone)) * 1000 === w;
  const candidates = [w - before, w - after].filter(names);
  if (candidates.length > 0) return Math.min(...candidates);
  // A gap: the time read with the offset in force before it, which lands after the jump.
  return w - before;
}

// ---------------------------------------------------------------------------------------------
// Parsing --from / --to.

const ABSOLUTE =
  /^(\d{4})-(\d{2})-(\d{2})(?:(?:t|\s+)(\d{1,2}):(\d{2})(?::(\d{2})(?:[.,](\d{1,9}))?)?(z|[+-]\d{2}(?::?\d{2})?)?)?$/i;
/** The way Vietnamese write a date: day first, `25/11/2026`, `5/1/2026 9:05`, `25/11/2026 14:05:30`. */
const DAY_FIRST = /^(\d{1,2})\/(\d{1,2})\/(\d{4})(?:\s+(\d{1,2}):(\d{2})(?::(\d{2}))?)?$/;
/** Year first with slashes: which of the two others is the month is not guessed. */
const YEAR_SLASH = /^\d{4}\/\d{1,2}\/\d{1,2}(?:\s|$)/;
const DAYS_AGO = /^(\d+)d$/i;

/**
 * Parse one `--from` / `--to` value into an instant. Date-only forms (yyyy-mm-dd, today,
 * yesterday, Nd) are days of the user's zone: the day's first instant as `from`, its last second
 * as `to`; `now` is the current second either way; `yyyy-mm-dd HH:mm` means second 00. A time
 * with an offset or Z (`2026-11-23T10:00:00+01:00`, what `date -Is` prints; fractions of a
 * second are dropped) is that instant; any other time is a wall-clock time of the user's zone
 * (`opts.timeZone`), see wallToInstant for daylight saving time. Throws UsageError naming the
 * end (`from`, `to`: the library's option; the CLI words it as its flag, `--from`).
 */
export function parseWhen(
  input: string,
  role: 'from' | 'to',
  opts: { now: Date; timeZone: string },
): Instant {
  const flag = role;
  const text = input.trim();
  const word = text.toLowerCase();
  const zone = opts.timeZone;
  const dayValue = (day: LocalDateTime): Instant =>
    role === 'from'
      ? wallToInstant(startOfDay(day), zone)
      : wallToInstant(startOfDay(addDays(day, 1)), zone) - 1000;
  const fail = (why: string): UsageError =>
    new UsageError(t('report.when.invalid', { flag, input: JSON.stringify(input), why }), {
      hint: t('report.when.forms.hint'),
    });
  const today = () => nowIn(zone, opts.now);

  if (word === 'now') {
    today(); // checks the zone
    return Math.floor(opts.now.getTime() / 1000) * 1000;
  }
  if (word === 'today') return dayValue(today());
  if (word === 'yesterday') return dayValue(addDays(today(), -1));

  const ago = DAYS_AGO.exec(text);
  if (ago) {
    const n = Number(ago[1]);
    if (n > MAX_DAYS_AGO) throw fail(t('report.when.why.tooManyDaysAgo', { max: MAX_DAYS_AGO }));
    return dayValue(addDays(today(), -n));
  }

  if (YEAR_SLASH.test(text)) {
    throw fail(t('report.when.why.yearSlash'));
  }
  const vn = DAY_FIRST.exec(text);
  const m = vn
    ? [text, vn[3]!, vn[2]!, vn[1]!, vn[4], vn[5], vn[6], undefined, undefined]
    : ABSOLUTE.exec(text);
  if (!m || (m[7] !== undefined && m[8] === undefined)) {
    throw fail(t(text === '' ? 'report.when.why.empty' : 'report.when.why.unknown'));
  }
  const date = { y: Number(m[1]), mo: Number(m[2]), d: Number(m[3]) };
  if (!isValidLocal({ ...date, h: 0, mi: 0, s: 0 })) {
    throw fail(t(vn ? 'report.when.why.noSuchDayFirst' : 'report.when.why.noSuchDate'));
  }
  if (m[4] === undefined) {
    nowIn(zone, opts.now); // checks the zone
    return dayValue({ ...date, h: 0, mi: 0, s: 0 });
  }
  const time: LocalDateTime = {
    ...date,
    h: Number(m[4]),
    mi: Number(m[5]),
    s: m[6] === undefined ? 0 : Number(m[6]),
  };
  if (!isValidLocal(time)) throw fail(t('report.when.why.noSuchTime'));
  const offset = m[8];
  if (offset === undefined) return wallToInstant(time, zone);
  if (offset.toLowerCase() === 'z') return wallSeconds(time) * 1000;
  const o = /^([+-])(\d{2}):?(\d{2})?$/.exec(offset)!;
  const oh = Number(o[2]);
  const om = o[3] === undefined ? 0 : Number(o[3]);
  if (oh > 23 || om > 59) throw fail(t('report.when.why.noSuchOffset'));
  const sign = o[1] === '-' ? -1 : 1;
  return (wallSeconds(time) - sign * (oh * 3600 + om * 60)) * 1000;
}

/** A report's range: instants, and the same two ends on the user's and the service's clocks. */
export interface ReportRange {
  /** The user's zone (--tz / timezone). */
  timeZone: string;
  /** The service's zone (serviceTimezone). */
  serviceTimeZone: string;
  fromInstant: Instant;
  toInstant: Instant;
  /** The ends on the user's wall clock (for messages). */
  userFrom: LocalDateTime;
  userTo: LocalDateTime;
  /** The ends on the service's wall clock: what is sent, split into windows and filtered on. */
  from: LocalDateTime;
  to: LocalDateTime;
}

/**
 * Resolve the report's range. `from` is required; `to` defaults to `now`. Both are computed
 * against the same `now`, read in `timeZone` (the user's zone), then written on the wall clock
 * of `serviceTimeZone` (default: the same zone). from later than to is a UsageError showing both
 * resolved values on the user's clock.
 */
export function resolveRange(
  from: string | undefined,
  to: string | undefined,
  opts: { now: Date; timeZone: string; serviceTimeZone?: string },
): ReportRange {
  if (from === undefined) {
    throw new UsageError(t('report.range.noFrom', { from: 'from' }), {
      hint: t('report.range.noFrom.hint', { from: 'from', to: 'to' }),
    });
  }
  const service = opts.serviceTimeZone ?? opts.timeZone;
  const start = parseWhen(from, 'from', opts);
  const end = to === undefined ? parseWhen('now', 'to', opts) : parseWhen(to, 'to', opts);
  const userFrom = instantToWall(start, opts.timeZone);
  const userTo = instantToWall(end, opts.timeZone);
  if (start > end) {
    throw new UsageError(
      t('report.range.reversed', {
        from: 'from',
        to: 'to',
        start: formatServiceDate(userFrom),
        end: formatServiceDate(userTo),
      }),
      {
        hint:
          to === undefined
            ? t('report.range.reversed.toNow.hint', {
                from: 'from',
                to: 'to',
                zone: opts.timeZone,
              })
            : t('report.range.reversed.hint'),
      },
    );
  }
  let sFrom = instantToWall(start, service);
  let sTo = instantToWall(end, service);
  // Only when the service's own clock goes back inside the range (a service zone with DST):
  // its wall-clock strings repeat there, and the pair is put in order.
  if (compareLocal(sFrom, sTo) > 0) [sFrom, sTo] = [sTo, sFrom];
  return {
    timeZone: opts.timeZone,
    serviceTimeZone: service,
    fromInstant: start,
    toInstant: end,
    userFrom,
    userTo,
    from: sFrom,
    to: sTo,
  };
}

/**
 * The range for the line on stderr: the user's clock and zone, and the service's when its zone
 * differs: `2026-11-23 00:00:00 → 2026-11-23 15:42:00 Europe/Paris (service: 2026-11-23 06:00:00
 * → 2026-11-23 21:42:00 Asia/Ho_Chi_Minh)`.
 */
export function describeRange(r: ReportRange): string {
  const range = {
    from: formatReaderDate(r.userFrom),
    to: formatReaderDate(r.userTo),
    zone: r.timeZone,
  };
  if (r.timeZone === r.serviceTimeZone) return t('report.range.describe', range);
  return t('report.range.describe.service', {
    ...range,
    serviceFrom: formatReaderDate(r.from),
    serviceTo: formatReaderDate(r.to),
    serviceZone: r.serviceTimeZone,
  });
}

/**
 * A wall-clock time for a person to read: `2026-11-25 14:05:00` ({@link formatServiceDate}), or
 * as Vietnamese readers write dates, `25/11/2026 14:05:00`, when messages are in Vietnamese.
 */
export function formatReaderDate(w: LocalDateTime): string {
  if (currentLanguage() !== 'vi') return formatServiceDate(w);
  return (
    `${pad(w.d, 2)}/${pad(w.mo, 2)}/${pad(w.y, 4)} ` +
    `${pad(w.h, 2)}:${pad(w.mi, 2)}:${pad(w.s, 2)}`
  );
}
