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
