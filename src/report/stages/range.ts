/**
 * The report's first stage, plan range: which range is fetched and with which requests, from
 * the dates asked for or, in a bookmarked run, from where the bookmark's last run ended. Data
 * only: nothing is fetched, nothing is printed (the bookmark's notes are returned).
 */
import type { BookmarkHandle } from '../bookmark.js';
import { planReport, type ReportPlan, type ReportPlanOptions } from '../plan.js';

export interface RangeStageOptions extends Omit<ReportPlanOptions, 'from'> {
  /** Where the range starts (needed unless a bookmark knows it). */
  from?: string;
  /** The open bookmark of a bookmarked run: the range starts where its last run ended. */
  bookmark?: Pick<BookmarkHandle, 'plan' | 'notes'>;
  /** A bookmarked run leaves calls younger than this for its next run. */
  settleMs?: number;
}

export interface RangeStage {
  plan: ReportPlan;
  /** A bookmarked run with nothing new to fetch (no request is to be made). */
  empty: boolean;
  /** Lines for a person about the bookmark (its earlier run left pending, and the like). */
  notes: string[];
}

/** The plan of a report run (a `UsageError` for a bad date, zone or window length). */
export function planRangeStage(options: RangeStageOptions): RangeStage {
  const { bookmark, settleMs, ...rest } = options;
  if (bookmark !== undefined) {
    const planned = bookmark.plan({
      ...(rest.from !== undefined ? { from: rest.from } : {}),
      ...(rest.to !== undefined ? { to: rest.to } : {}),
      ...(settleMs !== undefined ? { settleMs } : {}),
      ...(rest.now !== undefined ? { now: rest.now } : {}),
      ...(rest.timeZone !== undefined ? { timeZone: rest.timeZone } : {}),
      ...(rest.serviceTimeZone !== undefined ? { serviceTimeZone: rest.serviceTimeZone } : {}),
      ...(rest.windowDays !== undefined ? { windowDays: rest.windowDays } : {}),
    });
    return { plan: planned.plan, empty: planned.empty, notes: bookmark.notes.splice(0) };
  }
  // No from: planReport says it is required, in the library's words.
  return { plan: planReport({ ...rest, from: rest.from! }), empty: false, notes: [] };
}
