/**
 * Splitting one report request into many the service accepts: date windows of at most
 * `--window-days` calendar days (the service refuses more than 31 days), and `--status` lists
 * packed into groups of at most 40 characters. Pure; LocalDateTimes on the service's wall clock
 * throughout (dates.ts converts the user's range to it first), so a window's days are calendar
 * days of the service's zone.
 */

import { LIMITS } from '../api/spec.js';
import { UsageError } from '../errors.js';
import { t } from '../messages/index.js';
import {
  addDays,
  compareLocal,
  dayNumber,
  endOfDay,
  formatServiceDate,
  fromWallSeconds,
  startOfDay,
  wallSeconds,
  type LocalDateTime,
} from './dates.js';

/** A closed interval [start, end] of wall-clock seconds; both ends are sent to the service. */
export interface Window {
  start: LocalDateTime;
  end: LocalDateTime;
}

/**
 * Split [from, to] into windows of at most `windowDays` calendar days. The first starts at
 * `from` (possibly mid-day); each ends at min(to, its first day + windowDays − 1 at 23:59:59);
 * the next starts at the following day's 00:00:00 — one second later, so there is no gap and
 * no overlap. The last ends exactly at `to`. from === to gives one one-second window.
 */
export function splitWindows(from: LocalDateTime, to: LocalDateTime, windowDays: number): Window[] {
  if (!Number.isInteger(windowDays) || windowDays < 1 || windowDays > LIMITS.reportDays) {
    throw new RangeError(`windowDays must be an integer from 1 to ${LIMITS.reportDays}`);
  }
  if (compareLocal(from, to) > 0) {
    throw new RangeError(
      `splitWindows: from ${formatServiceDate(from)} is later than to ${formatServiceDate(to)}`,
    );
  }
  const windows: Window[] = [];
  let start = from;
  for (;;) {
    const limit = endOfDay(addDays(start, windowDays - 1));
    if (compareLocal(limit, to) >= 0) {
      windows.push({ start, end: to });
      return windows;
    }
    windows.push({ start, end: limit });
    start = startOfDay(addDays(limit, 1));
  }
}

/**
 * Halve a window the service answered "Over 31 days" for: split at a day boundary, the first
 * half taking ceil(days / 2) of the calendar days the window touches, the second the rest.
 * The halves cover the window exactly. undefined when the window lies within one calendar day
 * (it cannot be split at a day boundary).
 */
export function halveWindow(w: Window): [Window, Window] | undefined {
  const days = dayNumber(w.end) - dayNumber(w.start) + 1;
  if (days < 2) return undefined;
  const firstDays = Math.ceil(days / 2);
  const firstEnd = endOfDay(addDays(w.start, firstDays - 1));
  return [
    { start: w.start, end: firstEnd },
    { start: startOfDay(addDays(w.start, firstDays)), end: w.end },
  ];
}

/**
 * The grid an answer that was too large is split on, coarsest first (seconds of the service's
 * wall clock): calendar days, then hours, then 30, 15 and 5 minutes, then single minutes. Each
 * divides the one before it, so every piece starts on a round time and pieces never overlap.
 */
export const SPLIT_GRID_SECONDS: readonly number[] = [86_400, 3_600, 1_800, 900, 300, 60];

/** Seconds a window covers (both ends included: [10:00:00, 10:00:59] is 60). */
export function windowSeconds(w: Window): number {
  return wallSeconds(w.end) - wallSeconds(w.start) + 1;
}

/**
 * Split a window whose answer was too large into two that cover it exactly (the first ends one
 * second before the second starts): at the boundary of the coarsest grid step in
 * {@link SPLIT_GRID_SECONDS} that falls inside the window, the one nearest its middle (the
 * earlier of two as near). A day becomes 12 h + 12 h, 12 h → 6 h, 6 h → 3 h, 3 h → 1 h + 2 h,
 * 1 h → 30 min, 30 min → 15 min, 15 min → 5 + 10 min, 5 min → 2 + 3 min, … down to windows
 * within one minute, which give undefined (no finer split).
 */
export function splitWindowForSize(w: Window): [Window, Window] | undefined {
  const start = wallSeconds(w.start);
  const end = wallSeconds(w.end);
  const middle = (start + end + 1) / 2;
  for (const step of SPLIT_GRID_SECONDS) {
    // Boundaries b with start < b <= end: the second half starts at b.
    const first = Math.floor(start / step) * step + step;
    if (first > end) continue;
    const last = Math.floor(end / step) * step;
    let b = Math.round((middle - first) / step) * step + first;
    // Nearest to the middle; on a tie (x.5 steps) Math.round goes up: take the earlier.
    if (b - middle === step / 2) b -= step;
    b = Math.min(Math.max(b, first), last);
    return [
      { start: w.start, end: fromWallSeconds(b - 1) },
      { start: fromWallSeconds(b), end: w.end },
    ];
  }
  return undefined;
}

/**
 * Split a `--status` value into groups the service accepts. Statuses are separated by commas
 * only (a status may contain spaces, e.g. `NO ANSWER`); each is trimmed, empties are dropped,
 * and case-insensitive duplicates are dropped (the first spelling is kept). The rest are packed
 * greedily, in order, into comma-joined groups (no spaces) of at most `maxLength` characters.
 * No statuses at all gives [undefined]: one request without a status filter.
 */
export function statusGroups(
  status: string | undefined,
  maxLength: number = LIMITS.status,
): Array<string | undefined> {
  if (status === undefined) return [undefined];
  const seen = new Set<string>();
  const statuses: string[] = [];
  for (const raw of status.split(',')) {
    const s = raw.trim();
    if (s === '') continue;
    const key = s.toLowerCase();
    if (seen.has(key)) continue;
    seen.add(key);
    if (s.length > maxLength) {
      // Named as the library's option; the CLI's words name its flag (--status).
      throw new UsageError(
        t('report.status.tooLong', {
          flag: 'status',
          value: JSON.stringify(s),
          max: maxLength,
          length: s.length,
        }),
        {
          hint: t('report.status.tooLong.hint', { max: maxLength }),
        },
      );
    }
    statuses.push(s);
  }
  if (statuses.length === 0) return [undefined];
  const groups: string[] = [];
  let current = '';
  for (const s of statuses) {
    if (current === '') current = s;
    else if (current.length + 1 + s.length <= maxLength) current += `,${s}`;
    else {
      groups.push(current);
      current = s;
    }
  }
  groups.push(current);
  return groups;
}
