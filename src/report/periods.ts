/**
 * The per-day counts of a summary grouped for a chart: days when they fit, else weeks (from
 * Monday), else months. One rule for the terminal view (summary-view.ts, at most 31 rows) and
 * the HTML page (html.ts, at most 62 bars: about two months of days), so a long range reads the
 * same way in both (issue 25 item 4).
 */
import type { DayCount } from './summary.js';

export type PeriodUnit = 'day' | 'week' | 'month';

export interface Period {
  /** `yyyy-mm-dd` (a day), the week's Monday `yyyy-mm-dd`, or `yyyy-mm` (a month). */
  key: string;
  /** The first and last day of the range in it (`yyyy-mm-dd`): a week or month at either end of
   * the range may be partial. */
  from: string;
  to: string;
  attempts: number;
  /** Attempts per status in it (only statuses seen). */
  statuses: Record<string, number>;
}

/** The Monday (`yyyy-mm-dd`) of the week a day is in. */
export function mondayOf(day: string): string {
  const t = new Date(`${day}T00:00:00Z`);
  t.setUTCDate(t.getUTCDate() - ((t.getUTCDay() + 6) % 7));
  return t.toISOString().slice(0, 10);
}

/** The day of the week of a `yyyy-mm-dd` day: 0 for Sunday to 6 for Saturday. */
export function weekdayOf(day: string): number {
  return new Date(`${day}T00:00:00Z`).getUTCDay();
}

/**
 * `days` as at most `maxRows` periods: the days themselves when there are no more than that,
 * else weeks from Monday when those are few enough, else months.
 */
export function groupDays(
  days: readonly DayCount[],
  maxRows: number,
): { unit: PeriodUnit; periods: Period[] } {
  const group = (key: (day: string) => string): Period[] => {
    const out: Period[] = [];
    for (const d of days) {
      const k = key(d.day);
      let p = out.at(-1);
      if (p === undefined || p.key !== k) {
        p = { key: k, from: d.day, to: d.day, attempts: 0, statuses: {} };
        out.push(p);
      }
      p.to = d.day;
      p.attempts += d.attempts;
      for (const [s, n] of Object.entries(d.statuses)) p.statuses[s] = (p.statuses[s] ?? 0) + n;
    }
    return out;
  };
  if (days.length <= maxRows) return { unit: 'day', periods: group((d) => d) };
  const weeks = group(mondayOf);
  if (weeks.length <= maxRows) return { unit: 'week', periods: weeks };
  return { unit: 'month', periods: group((d) => d.slice(0, 7)) };
}
