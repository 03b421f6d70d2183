/**
 * Checking the shape of the service's answers before anything is built on them: a success that
 * cannot be true is an unexpected answer, never a success (DESIGN.md, "Limits against hostile
 * or broken answers").
 */
import type { ImportCounts } from './spec.js';

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

const SCALAR = new Set(['string', 'number', 'boolean']);
const isScalar = (v: unknown) => v === null || v === undefined || SCALAR.has(typeof v);
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
  for (let i = 0; i < records.length; i++) {
    const r: unknown = records[i];
    const at = `record ${i + 1}`;
    if (!isObject(r)) return `${at} is ${describe(r)}, not an object`;
    const id = r.campaign_lead_id;
    if (
      !(typeof id === 'number' && Number.isFinite(id)) &&
      !(typeof id === 'string' && id.trim() !== '')
    )
      return `${at} has no campaign_lead_id (${describe(id)})`;
    for (const [k, v] of Object.entries(r)) {
      if (k === 'data') continue;
      if (!isScalar(v)) return `${at} (lead ${String(id)}): ${k} is ${describe(v)}`;
    }
    const data = r.data;
    if (data === undefined || data === null) continue;
    if (!Array.isArray(data)) return `${at} (lead ${String(id)}): data is ${describe(data)}`;
    for (let j = 0; j < data.length; j++) {
      const a: unknown = data[j];
      const where = `${at} (lead ${String(id)}), attempt ${j + 1}`;
      if (!isObject(a)) return `${where} is ${describe(a)}, not an object`;
      for (const [k, v] of Object.entries(a)) {
        if (!isScalar(v)) return `${where}: ${k} is ${describe(v)}`;
      }
    }
  }
  return undefined;
}
