/**
 * The columns of `cacs report --join` (DESIGN.md "Outcomes back to the operator"): the outcome
 * columns appended to the lead file, and the file's own key columns (its phone, its ref_id),
 * found by the lead aliases or `map` as the import finds them. Every other column is carried
 * through untouched: none of them is ever an error.
 */
import { UsageError } from '../../errors.js';
import type { LeadField } from '../../api/spec.js';
import { fieldForHeader, foldHeader } from '../../leads/columns.js';
import { t } from '../../messages/index.js';

/** The outcome columns, in the order they are appended (their names are the contract's). */
export const OUTCOME_COLUMNS = [
  'call_status',
  'call_attempts',
  'first_call_at',
  'last_call_at',
  'talk_time_total',
  'answered',
  'campaign_lead_id',
  'carrier',
] as const;
export type OutcomeColumn = (typeof OUTCOME_COLUMNS)[number];

/** Where the file's keys are: its phone column and, when it has one, its ref_id column. */
export interface KeyColumns {
  phone: number;
  ref: number | undefined;
}

/**
 * The file's key columns. A UsageError (exit 2) naming the file when a header is already an
 * outcome column's name, when no phone column is found, or when two columns could be it.
 */
export function keyColumns(
  headers: readonly string[],
  file: string,
  map: Partial<Record<LeadField, string>> = {},
): KeyColumns {
  const outcomes = new Set<string>(OUTCOME_COLUMNS.map(foldHeader));
  const clash = headers.find((h) => outcomes.has(foldHeader(h)));
  if (clash !== undefined) {
    throw new UsageError(t('outcomes.join.columnClash', { file, column: clash }), {
      hint: t('outcomes.join.columnClash.hint'),
    });
  }
  const find = (field: LeadField): number | undefined => {
    const mapped = map[field];
    if (mapped !== undefined) {
      const i = headers.indexOf(mapped);
      const at = i >= 0 ? i : headers.findIndex((h) => foldHeader(h) === foldHeader(mapped));
      if (at < 0)
        throw new UsageError(t('outcomes.join.mapMissing', { file, field, column: mapped }));
      return at;
    }
    const found: number[] = [];
    headers.forEach((h, i) => {
      if (fieldForHeader(h) === field) found.push(i);
    });
    if (found.length > 1) {
      throw new UsageError(
        t('outcomes.join.ambiguous', {
          file,
          field,
          columns: found.map((i) => headers[i]!).join(', '),
        }),
        { hint: t('outcomes.join.ambiguous.hint', { field }) },
      );
    }
    return found[0];
  };
  const phone = find('phone_number');
  if (phone === undefined) {
    throw new UsageError(t('outcomes.join.noPhone', { file }), {
      hint: t('outcomes.join.noPhone.hint'),
    });
  }
  return { phone, ref: find('ref_id') };
}
