/**
 * The summary's defaults and the call-hours rule, apart from the statistics so that the
 * settings can check them without loading more: statuses counted as answered, and the
 * compliance rules of Decree 91/2020/ND-CP, art. 12 (advertising calls only between 08:00 and
 * 17:00, and at most one call to a number in 24 hours, unless the subscriber agreed otherwise).
 * They are settings (`report.answeredStatuses`, `compliance.callHours`,
 * `compliance.maxCallsPer24h`), not law: the README says so.
 */
import { DEFAULTS } from '../defaults.js';
import { UsageError } from '../errors.js';
import { t } from '../messages/index.js';

/** Statuses counted as answered unless configured (`report.answeredStatuses`). */
export const DEFAULT_ANSWERED_STATUSES: readonly string[] = DEFAULTS['report.answeredStatuses'];
/** Decree 91/2020/ND-CP, art. 12: advertising calls between 8:00 and 17:00 … */
export const DEFAULT_CALL_HOURS = DEFAULTS['compliance.callHours'];
/** … and at most once per 24 hours to one number. */
export const DEFAULT_MAX_CALLS_PER_24H = DEFAULTS['compliance.maxCallsPer24h'];

const HOURS = /^(\d{1,2}):(\d{2})\s*[-–]\s*(\d{1,2}):(\d{2})$/;

/**
 * `HH:mm-HH:mm` → [start, end) in seconds of the day (`24:00` may end it); throws a UsageError
 * on a malformed one, or one that does not start before it ends (hours across midnight are not
 * supported).
 */
export function parseCallHours(s: string): [number, number] {
  const m = HOURS.exec(String(s).trim());
  const bad = () => new UsageError(t('report.callHours.invalid', { value: JSON.stringify(s) }));
  if (m === null) throw bad();
  const [h1, m1, h2, m2] = m.slice(1).map(Number) as [number, number, number, number];
  if (h1 > 23 || m1 > 59 || h2 > 24 || m2 > 59 || (h2 === 24 && m2 !== 0)) throw bad();
  const start = h1 * 3600 + m1 * 60;
  const end = h2 * 3600 + m2 * 60;
  if (start >= end) throw bad();
  return [start, end];
}
