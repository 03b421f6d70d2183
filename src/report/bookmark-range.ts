/**
 * The range of an incremental report (`cacs report --bookmark`), worked out from where the last
 * successful run ended. Pure: no I/O, the current instant passed in.
 *
 * The service reads `start_date`/`end_date` as an inclusive range of whole seconds of its own wall
 * clock, and cacs keeps an attempt when its `date_time` (the same clock) lies within it. So a
 * bookmark keeps the last second it covered *on the service's clock* (`coveredUntil`), and the next
 * run starts one wall-clock second later: consecutive runs share no second and skip none, whatever
 * the user's zone and even across a daylight-saving change of the service's zone (its wall-clock
 * strings are what the attempts carry). The end is an instant (`--to` read in the user's zone, or
 * now minus the settle time) written on the service's clock.
 */
import { OPTION_DEFAULTS } from '../defaults.js';
import { UsageError } from '../errors.js';
import { t } from '../messages/index.js';
import {
  addSecond,
  compareLocal,
  formatReaderDate,
  instantToWall,
  isValidLocal,
  parseWhen,
  wallToInstant,
  type Instant,
  type LocalDateTime,
  type ReportRange,
} from './dates.js';

/** How long calls are left to settle unless `--settle` says otherwise. */
export const DEFAULT_SETTLE_MS = OPTION_DEFAULTS.settleMs;
/** The longest `--settle` accepted. */
export const MAX_SETTLE_MS = 31 * 86_400_000;

const UNIT_MS: Readonly<Record<string, number>> = {
  s: 1000,
  m: 60_000,
  h: 3_600_000,
  d: 86_400_000,
};

export const DURATION_HINT = (): string => t('report.duration.hint');

/**
 * A duration such as `1h`, `90m`, `1h30m`, `45s`, `2d` or `0`, in milliseconds. Units s, m, h, d
 * (case-insensitive), in any order, each at most once; a bare number other than 0 is refused (is
 * `90` seconds or minutes?). Throws a UsageError naming `flag`.
 */
export function parseDuration(text: string, flag = '--settle'): number {
  const value = text.trim();
  const fail = (why: string) =>
    new UsageError(t('report.duration.invalid', { flag, value: JSON.stringify(text), why }), {
      hint: DURATION_HINT(),
    });
  if (/^0+$/.test(value)) return 0;
  if (/^\d+$/.test(value)) throw fail(t('report.duration.noUnit'));
  if (!/^(?:\d+[smhd])+$/i.test(value)) throw fail(t('report.duration.unknown'));
  let ms = 0;
  const seen = new Set<string>();
  for (const m of value.matchAll(/(\d+)([smhd])/gi)) {
    const unit = m[2]!.toLowerCase();
    if (seen.has(unit)) throw fail(t('report.duration.twice', { unit }));
    seen.add(unit);
    const n = Number(m[1]);
    if (!Number.isSafeInteger(n)) throw fail(t('report.duration.tooLong'));
    ms += n * UNIT_MS[unit]!;
  }
  if (ms > MAX_SETTLE_MS) throw fail(t('report.duration.max'));
  return ms;
}

/**
 * A stored service time ('yyyy-mm-dd HH:mm:ss') as a person reads it (`25/11/2026 14:05:00` in
 * Vietnamese); any other text as it is.
 */
export function readerWall(text: string): string {
  const parsed = parseServiceWall(text);
  return parsed === undefined ? text : formatReaderDate(parsed);
}

/** 'yyyy-mm-dd HH:mm:ss' (a stored covered-until) as a LocalDateTime; undefined when it is not one. */
export function parseServiceWall(text: unknown): LocalDateTime | undefined {
  if (typeof text !== 'string') return undefined;
  const m = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})$/.exec(text);
  if (!m) return undefined;
  const [y, mo, d, h, mi, s] = m.slice(1).map(Number) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const t = { y, mo, d, h, mi, s };
  return isValidLocal(t) ? t : undefined;
}

export interface BookmarkRangeOptions {
  /** The last second the bookmark covers, on the service's clock; undefined: its first run. */
  coveredUntil?: LocalDateTime;
  /** `--from`: where a first run starts (ignored when `coveredUntil` is set). */
  from?: string;
  /** `--to`; default: now minus `settleMs`. */
  to?: string;
  /** Calls younger than this are left for the next run (when `to` is not given). */
  settleMs: number;
  now: Date;
  /** The user's zone (`--tz`): `from` and `to` are read in it. */
  timeZone: string;
  /** The service's zone: its wall clock is what is sent. */
  serviceTimeZone: string;
}

export interface BookmarkRange {
  /**
   * The range to fetch. When `empty`, `from` is later than `to` (`from` is where the next run
   * starts, `to` where this one would have ended) and nothing is fetched.
   */
  range: ReportRange;
  empty: boolean;
}

/**
 * The range of a bookmarked run: from one second after `coveredUntil` (or from `from` on a first
 * run) to `to` (or now − settle), both on the service's wall clock. Throws a UsageError when a
 * first run has no `from`, or a date is malformed.
 */
export function bookmarkRange(opts: BookmarkRangeOptions): BookmarkRange {
  const zones = { now: opts.now, timeZone: opts.timeZone };
  const end: Instant =
    opts.to !== undefined
      ? parseWhen(opts.to, 'to', zones)
      : // At least the second before now: with --settle 0 the second now is in is not over,
        // and a call dated in it after this run asked would be in neither this run (asked too
        // early) nor the next (which starts one second later): review, session 16.
        Math.floor((opts.now.getTime() - Math.max(opts.settleMs, 1000)) / 1000) * 1000;
  let from: LocalDateTime;
  let fromInstant: Instant;
  if (opts.coveredUntil !== undefined) {
    // One wall-clock second after the last one covered: exact on the service's clock.
    from = addSecond(opts.coveredUntil);
    fromInstant = wallToInstant(from, opts.serviceTimeZone);
  } else {
    // Callers say more.
    if (opts.from === undefined) throw new UsageError(t('report.range.noFrom', { from: '--from' }));
    fromInstant = parseWhen(opts.from, 'from', zones);
    from = instantToWall(fromInstant, opts.serviceTimeZone);
  }
  const to = instantToWall(end, opts.serviceTimeZone);
  return {
    range: {
      timeZone: opts.timeZone,
      serviceTimeZone: opts.serviceTimeZone,
      fromInstant,
      toInstant: end,
      userFrom: instantToWall(fromInstant, opts.timeZone),
      userTo: instantToWall(end, opts.timeZone),
      from,
      to,
    },
    empty: compareLocal(from, to) > 0,
  };
}
