/**
 * The rules of `--recycle` (DESIGN.md "Outcomes back to the operator"): which leads get another
 * round of calls. Pure: the caller gives each lead's outcome and keeps the counts. A lead is
 * excluded by the first rule, in this order, that excludes it (the stderr summary counts each
 * rule): erased by `cacs forget` (consent withdrawn: never brought back), not imported, not called, answered (or any status not in `statuses`), attempts at
 * `maxAttempts` or more, last call less than `minGapMs` ago, on a do-not-call list, the same
 * phone already in the file.
 */
import { UsageError } from '../../errors.js';
import { t } from '../../messages/index.js';
import { formatServiceDate, instantToWall } from '../dates.js';
import type { Outcome } from './aggregate.js';

/** Why a lead is not in the recycle file (the keys of the summary's counts). */
export const RECYCLE_RULES = [
  'erased',
  'notImported',
  'invalidPhone',
  'notCalled',
  'status',
  'maxAttempts',
  'minGap',
  'doNotCall',
  'duplicate',
] as const;
export type RecycleRule = (typeof RECYCLE_RULES)[number];

export interface RecycleRules {
  /** Statuses (as the service spells them) that call for another round. */
  statuses: ReadonlySet<string>;
  /** Excluded from a lead's `maxAttempts`-th attempt on (undefined: no limit). */
  maxAttempts: number | undefined;
  /** The latest last call that is recycled, 'yyyy-mm-dd HH:mm:ss' on the service's clock. */
  lastCallBy: string;
  /** The do-not-call list a normalised phone is on, if any. */
  doNotCall: ((phone: string) => string | undefined) | undefined;
  /** Whether a phone (any written form) was erased by `cacs forget` (undefined: nobody was). */
  erased?: ((phone: string) => boolean) | undefined;
  /**
   * Whether an import would refuse the row's phone (as written): the recycle file is
   * import-ready, rejects none (a row matched by its ref_id may hold a number never fixed).
   */
  phoneRefused?: ((phone: string, written: string) => boolean) | undefined;
}

/** The default gap: one day (the one-call-per-24-hours rule). */
export const DEFAULT_MIN_GAP_MS = 24 * 3_600_000;

const UNIT_MS: Record<string, number> = { m: 60_000, h: 3_600_000, d: 86_400_000 };
/** Longest gap taken: a year. */
const MAX_GAP_MS = 366 * 86_400_000;

/** `90m`, `24h`, `7d` (or `0`) in ms; a UsageError naming `flag` otherwise. */
export function parseGap(text: string, flag = '--min-gap'): number {
  const m = /^\s*(\d{1,6})([mhd])\s*$/i.exec(text);
  if (/^\s*0+\s*$/.test(text)) return 0;
  const ms = m === null ? NaN : Number(m[1]) * UNIT_MS[m[2]!.toLowerCase()]!;
  if (!(ms >= 0) || ms > MAX_GAP_MS) {
    throw new UsageError(t('outcomes.recycle.badGap', { flag, value: JSON.stringify(text) }), {
      hint: t('outcomes.recycle.badGap.hint', { flag }),
    });
  }
  return ms;
}

/** The latest last call at least `gapMs` before `now`, on the service's wall clock. */
export function lastCallBy(now: Date, gapMs: number, serviceTimeZone: string): string {
  return formatServiceDate(instantToWall(now.getTime() - gapMs, serviceTimeZone));
}

/**
 * The rule that keeps a lead out of the recycle file, or undefined to recycle it. `notImported`:
 * the history says its row was refused at import.
 */
export function recycleVerdict(
  outcome: Outcome | undefined,
  phone: string,
  rules: RecycleRules,
  notImported = false,
  /** The phone as the row writes it (an import without normalisation sends that). */
  written = phone,
): Exclude<RecycleRule, 'duplicate'> | undefined {
  if (phone !== '' && rules.erased?.(phone) === true) return 'erased';
  if (notImported) return 'notImported';
  if (rules.phoneRefused?.(phone, written) === true) return 'invalidPhone';
  if (outcome === undefined || outcome.attempts === 0) return 'notCalled';
  if (!rules.statuses.has(outcome.lastStatus ?? '')) return 'status';
  if (rules.maxAttempts !== undefined && outcome.attempts >= rules.maxAttempts)
    return 'maxAttempts';
  if (outcome.last === undefined || outcome.last > rules.lastCallBy) return 'minGap';
  if (rules.doNotCall?.(phone) !== undefined) return 'doNotCall';
  return undefined;
}

/**
 * The statuses recycled by default: every status seen that is not counted as answered. Since
 * the service's statuses are open-ended, the rule is "not answered" rather than a list.
 */
export function recycleStatusSet(
  statuses: readonly string[] | undefined,
  answered: ReadonlySet<string>,
): ReadonlySet<string> {
  // Compared without regard to case, as report.answeredStatuses is (`answered`: upper case).
  const listed = statuses === undefined ? undefined : new Set(statuses.map((s) => s.toUpperCase()));
  return {
    has: (s: string) =>
      listed !== undefined ? listed.has(s.toUpperCase()) : !answered.has(s.toUpperCase()),
  } as ReadonlySet<string>;
}
