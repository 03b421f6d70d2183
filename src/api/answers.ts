/**
 * Checking the shape of the service's answers before anything is built on them: a success that
 * cannot be true is an unexpected answer, never a success (DESIGN.md, "Limits against hostile
 * or broken answers").
 */
import { parseImportMessage, parseServiceMessage, type ImportCounts } from './spec.js';

/** Why import counts cannot be true for a batch of `sent` leads, or undefined when they can. */
export function impossibleImportCounts(counts: ImportCounts, sent: number): string | undefined {
  const { imported, total } = counts;
  if (!Number.isSafeInteger(imported)) return `an imported count of ${imported} digits' size`;
  if (imported > sent) return `${imported} imported out of ${sent} sent`;
  if (total !== undefined) {
    if (!Number.isSafeInteger(total)) return `a total too large to be a count`;
    if (imported > total) return `${imported} imported out of a total of ${total}`;
    if (total !== sent) return `a total of ${total} for ${sent} leads sent`;
  }
  return undefined;
}

/** What a success answer to an import of `sent` leads says: counts, or why they cannot be trusted. */
export type ImportAnswerReading =
  | { imported: number; total?: number; skipped: number }
  | { unexpected: string; impossible: boolean };

/**
 * Read the message of an import answer whose result is "success" (spec 4.1) for a batch of
 * `sent` leads. The only reading that counts leads as imported is the spec's template as the
 * whole message with counts that can be true: "<s>/<t> leads were imported" with 0 ≤ s ≤ t and
 * t = sent, or "<n> leads were imported" with 0 ≤ n ≤ sent. Everything else — a sign, a
 * fraction, a count too large, text around the template, an error template, no message — is an
 * unexpected answer: the service said "success", so the batch may have been imported, and
 * nothing says how many (DESIGN.md: the batch is uncertain, never imported, never "not sent").
 */
export function readImportAnswer(message: unknown, sent: number): ImportAnswerReading {
  const text = typeof message === 'string' ? message : '';
  const counts = parseImportMessage(text);
  if (counts) {
    const impossible = impossibleImportCounts(counts, sent);
    if (impossible !== undefined) return { unexpected: impossible, impossible: true };
    const total = counts.total ?? sent;
    return {
      imported: counts.imported,
      ...(counts.total !== undefined ? { total: counts.total } : {}),
      skipped: total - counts.imported,
    };
  }
  if (typeof message !== 'string') {
    return { unexpected: `its message is ${describe(message)}, not a count`, impossible: false };
  }
  if (text.trim() === '') return { unexpected: 'its message is empty', impossible: false };
  if (parseServiceMessage(text).code !== 'unknown') {
    return { unexpected: "a success carrying one of the spec's error messages", impossible: true };
  }
  const loose = /^\s*([-+]?[\d.,\s]*\d)\s*(?:\/\s*([-+]?[\d.,\s]*\d)\s*)?leads?\s/i.exec(text);
  if (loose) {
    const nums = [loose[1], loose[2]].filter((n): n is string => n !== undefined);
    if (nums.some((n) => n.startsWith('-')))
      return { unexpected: 'a negative count', impossible: true };
    if (nums.some((n) => n.startsWith('+')))
      return { unexpected: 'a count with a sign', impossible: false };
    if (nums.some((n) => /[.,\s]/.test(n)))
      return { unexpected: 'a count that is not a whole number', impossible: true };
  }
  return {
    unexpected: 'not "<n> leads were imported" nor "<s>/<t> leads were imported"',
    impossible: false,
  };
}

const isScalar = (v: unknown) =>
  v === null || (typeof v !== 'object' && typeof v !== 'function' && typeof v !== 'symbol');
const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

function describe(v: unknown): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'a list';
  return typeof v === 'object' ? 'an object' : `a ${typeof v}`;
}

/**
 * The first problem with a report answer's records (spec 2.2), or undefined. Field types are not
 * fixed by the spec, so scalars of any kind are accepted; what is refused is what cannot be a
 * record: not an object, no lead id, attempts that are not a list of objects, nested values.
 */
export function recordsProblem(records: unknown): string | undefined {
  if (!Array.isArray(records)) return `records is ${describe(records)}, not a list`;
  // Messages are built only for the record at fault: a valid answer of 70,000 attempts
  // allocates nothing here.
  const at = (i: number) => `record ${i + 1}`;
  const lead = (i: number, id: unknown) => `${at(i)} (lead ${String(id)})`;
  for (let i = 0; i < records.length; i++) {
    const r: unknown = records[i];
    if (!isObject(r)) return `${at(i)} is ${describe(r)}, not an object`;
    const id = r.campaign_lead_id;
    if (
      !(typeof id === 'number' && Number.isFinite(id)) &&
      !(typeof id === 'string' && id.trim() !== '')
    )
      return `${at(i)} has no campaign_lead_id (${describe(id)})`;
    for (const k in r) {
      if (k === 'data') continue;
      const v = r[k];
      if (!isScalar(v)) return `${lead(i, id)}: ${k} is ${describe(v)}`;
    }
    const data = r.data;
    if (data === undefined || data === null) continue;
    if (!Array.isArray(data)) return `${lead(i, id)}: data is ${describe(data)}`;
    for (let j = 0; j < data.length; j++) {
      const a: unknown = data[j];
      if (!isObject(a)) return `${lead(i, id)}, attempt ${j + 1} is ${describe(a)}, not an object`;
      for (const k in a) {
        const v = a[k];
        if (!isScalar(v)) return `${lead(i, id)}, attempt ${j + 1}: ${k} is ${describe(v)}`;
      }
    }
  }
  return undefined;
}
