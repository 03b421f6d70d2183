/**
 * What `cacs forget` puts in place of a person's text in what the stores keep (journal records:
 * service messages may echo a number or a name), shared by the file and PostgreSQL stores
 * (issue 26).
 */

export const ERASED_TEXT = '[erased]';

/**
 * `value` (JSON-like: strings, arrays, plain objects) with every occurrence of one of `texts`
 * in its strings replaced by ERASED_TEXT (keys are left as they are); whether anything changed.
 */
export function blankTexts(
  value: unknown,
  texts: readonly string[],
): { value: unknown; changed: boolean } {
  if (typeof value === 'string') {
    let v = value;
    for (const x of texts) if (x !== '' && v.includes(x)) v = v.split(x).join(ERASED_TEXT);
    return { value: v, changed: v !== value };
  }
  if (Array.isArray(value)) {
    let changed = false;
    const out = value.map((x) => {
      const r = blankTexts(x, texts);
      changed ||= r.changed;
      return r.value;
    });
    return { value: out, changed };
  }
  if (value !== null && typeof value === 'object') {
    let changed = false;
    const out: Record<string, unknown> = {};
    for (const [k, x] of Object.entries(value)) {
      const r = blankTexts(x, texts);
      changed ||= r.changed;
      out[k] = r.value;
    }
    return { value: out, changed };
  }
  return { value, changed: false };
}

/**
 * A journal record with a person's texts blanked where they can be: its `reason`, the service's
 * words (which may echo a number or a name). The rest of a record is cacs's own — record kind,
 * batch id, line runs, state (`done`…), refusal code, header — and is never touched: a person's
 * cell that reads `done` or a ref_id `1` must not change what earlier runs settled (a `done`
 * blanked made every line of that batch unsent, and a rerun sent them again).
 */
export function blankJournalRecord(
  record: unknown,
  texts: readonly string[],
): { value: unknown; changed: boolean } {
  if (record === null || typeof record !== 'object' || Array.isArray(record))
    return { value: record, changed: false };
  const rec = record as Record<string, unknown>;
  if (typeof rec.reason !== 'string') return { value: record, changed: false };
  const r = blankTexts(rec.reason, texts);
  return r.changed
    ? { value: { ...rec, reason: r.value }, changed: true }
    : { value: record, changed: false };
}
