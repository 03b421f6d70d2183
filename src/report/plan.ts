/**
 * A report's plan: the range, windows and status groups, worked out before any request is sent
 * (`planReport`, `planRange`). Light on purpose: the library's entry point exports these
 * synchronous functions without loading the report's fetching and writing (service.ts).
 */
import { DEFAULTS } from '../defaults.js';
import { isValidTimeZone } from './formats.js';
import { LIMITS } from '../api/spec.js';
import { UsageError } from '../errors.js';
import { compareLocal, resolveRange, type ReportRange } from './dates.js';
import { splitWindows, statusGroups, type Window } from './windows.js';
import { t } from '../messages/index.js';

/** The service's zone unless told otherwise (the spec's service is in Vietnam). */
export const DEFAULT_SERVICE_TIME_ZONE = DEFAULTS.serviceTimezone;
/** Days per request: the service answers at most 31 days at a time. */
export const DEFAULT_WINDOW_DAYS = DEFAULTS['report.windowDays'];
/** Report requests in flight at once. */
export const DEFAULT_REPORT_CONCURRENCY = DEFAULTS['report.concurrency'];

/** What decides which requests a report makes. */
export interface ReportPlanOptions {
  /**
   * Start of the range, in the forms `cacs report --from` takes: `2026-11-01`,
   * `2026-11-01 08:00`, `7d` (7 days ago), `today`, `now`…
   */
  from: string;
  /** End of the range (same forms); default: now. */
  to?: string;
  /** Statuses to keep, comma-separated (`"CONNECTED,BUSY"`) or as a list; default: all. */
  status?: string | readonly string[];
  /** The zone `from` and `to` are read in (IANA name); default: `serviceTimeZone`. */
  timeZone?: string;
  /** The service's zone: its wall clock is what is sent; default `Asia/Ho_Chi_Minh`. */
  serviceTimeZone?: string;
  /** Days per request (1–31); default 31. */
  windowDays?: number;
  /** "Now", for `to`'s default and relative dates; default: the current time. */
  now?: Date;
}

/** The requests a report will make, worked out before any is sent. */
export interface ReportPlan {
  range: ReportRange;
  windows: Window[];
  /** Comma-joined status filters, one request each per window (`undefined`: no filter). */
  statusGroups: Array<string | undefined>;
  /** windows × status groups (before any window is halved). */
  requests: number;
}

/** Progress of a report: requests answered out of those known so far. */
/** Works out the range, windows and status groups; throws UsageError on a bad date or status. */
export function planReport(opts: ReportPlanOptions): ReportPlan {
  const serviceTimeZone = opts.serviceTimeZone ?? DEFAULT_SERVICE_TIME_ZONE;
  const timeZone = opts.timeZone ?? serviceTimeZone;
  // The zone named is the option given: timeZone, when not given, is the service's.
  for (const [name, zone] of [
    ['serviceTimeZone', serviceTimeZone],
    ...(opts.timeZone !== undefined ? ([['timeZone', opts.timeZone]] as const) : []),
  ] as const) {
    if (!isValidTimeZone(zone))
      throw new UsageError(t('report.unknownTimeZone', { name, zone: JSON.stringify(zone) }), {
        hint: t('report.unknownTimeZone.hint'),
      });
  }
  checkWindowDays(opts.windowDays);
  const range = resolveRange(opts.from, opts.to, {
    now: opts.now ?? new Date(),
    timeZone,
    serviceTimeZone,
  });
  return planRange(range, opts);
}

function checkWindowDays(windowDays: number | undefined): number {
  const days = windowDays ?? DEFAULT_WINDOW_DAYS;
  if (!Number.isInteger(days) || days < 1 || days > LIMITS.reportDays) {
    throw new UsageError(t('report.windowDays.invalid', { max: LIMITS.reportDays }));
  }
  return days;
}

/**
 * The plan for a range already resolved (an incremental report's: see openBookmark). A range
 * whose `from` is later than its `to` (nothing new yet) has no window and makes no request: the
 * report is empty.
 */
export function planRange(
  range: ReportRange,
  opts: Pick<ReportPlanOptions, 'status' | 'windowDays'> = {},
): ReportPlan {
  const windowDays = checkWindowDays(opts.windowDays);
  const windows =
    compareLocal(range.from, range.to) > 0 ? [] : splitWindows(range.from, range.to, windowDays);
  const status = typeof opts.status === 'string' ? opts.status : opts.status?.join(',');
  const groups = statusGroups(status);
  return { range, windows, statusGroups: groups, requests: windows.length * groups.length };
}
