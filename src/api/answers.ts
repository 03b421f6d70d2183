/**
 * Checking the shape of the service's answers before anything is built on them: a success that
 * cannot be true is an unexpected answer, never a success (DESIGN.md, "Limits against hostile
 * or broken answers").
 */
import { t } from '../messages/index.js';
import { parseImportMessage, parseServiceMessage, type ImportCounts } from './spec.js';

/** Why import counts cannot be true for a batch of `sent` leads, or undefined when they can. */
export function impossibleImportCounts(counts: ImportCounts, sent: number): string | undefined {
  const { imported, total } = counts;
  if (!Number.isSafeInteger(imported)) return t('api.counts.hugeImported', { imported });
  if (imported > sent) return t('api.counts.importedOverSent', { imported, sent });
  if (total !== undefined) {
    if (!Number.isSafeInteger(total)) return t('api.counts.hugeTotal');
    if (imported > total) return t('api.counts.importedOverTotal', { imported, total });
    if (total !== sent) return t('api.counts.totalNotSent', { total, sent });
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
    return {
      unexpected: t('api.answer.message.notCount', { kind: describe(message) }),
      impossible: false,
    };
  }
  if (text.trim() === '') return { unexpected: t('api.answer.message.empty'), impossible: false };
  if (parseServiceMessage(text).code !== 'unknown') {
    return { unexpected: t('api.answer.successWithError'), impossible: true };
  }
  const loose = /^\s*([-+]?[\d.,\s]*\d)\s*(?:\/\s*([-+]?[\d.,\s]*\d)\s*)?leads?\s/i.exec(text);
  if (loose) {
    const nums = [loose[1], loose[2]].filter((n): n is string => n !== undefined);
    if (nums.some((n) => n.startsWith('-')))
      return { unexpected: t('api.answer.count.negative'), impossible: true };
    if (nums.some((n) => n.startsWith('+')))
      return { unexpected: t('api.answer.count.signed'), impossible: false };
    if (nums.some((n) => /[.,\s]/.test(n)))
      return { unexpected: t('api.answer.count.notWhole'), impossible: true };
  }
  return {
    unexpected: t('api.answer.notTemplate'),
    impossible: false,
  };
}

const isScalar = (v: unknown) =>
  v === null || (typeof v !== 'object' && typeof v !== 'function' && typeof v !== 'symbol');
const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

function describe(v: unknown): string {
  if (v === null) return 'null';
  if (v === undefined) return t('api.value.absent');
  if (Array.isArray(v)) return t('api.value.list');
  return typeof v === 'object' ? t('api.value.object') : t('api.value.kind', { kind: typeof v });
}

/**
 * The first problem with a report answer's records (spec 2.2), or undefined. Field types are not
 * fixed by the spec, so scalars of any kind are accepted; what is refused is what cannot be a
 * record: not an object, no lead id, attempts that are not a list of objects, nested values.
 */
export function recordsProblem(records: unknown, offset = 0): string | undefined {
  if (!Array.isArray(records)) return t('api.records.notList', { kind: describe(records) });
  // Messages are built only for the record at fault: a valid answer of 70,000 attempts
  // allocates nothing here.
  const at = (i: number) => t('api.records.record', { n: offset + i + 1 });
  const lead = (i: number, id: unknown) =>
    t('api.records.lead', { n: offset + i + 1, id: String(id) });
  for (let i = 0; i < records.length; i++) {
    const r: unknown = records[i];
    if (!isObject(r)) return t('api.records.notObject', { what: at(i), kind: describe(r) });
    const id = r.campaign_lead_id;
    if (
      !(typeof id === 'number' && Number.isFinite(id)) &&
      !(typeof id === 'string' && id.trim() !== '')
    )
      return t('api.records.noLeadId', { what: at(i), kind: describe(id) });
    for (const k in r) {
      if (k === 'data') continue;
      const v = r[k];
      if (!isScalar(v))
        return t('api.records.field', { what: lead(i, id), key: k, kind: describe(v) });
    }
    const data = r.data;
    if (data === undefined || data === null) continue;
    if (!Array.isArray(data))
      return t('api.records.field', { what: lead(i, id), key: 'data', kind: describe(data) });
    for (let j = 0; j < data.length; j++) {
      const a: unknown = data[j];
      if (!isObject(a))
        return t('api.records.attempt.notObject', {
          what: lead(i, id),
          attempt: j + 1,
          kind: describe(a),
        });
      for (const k in a) {
        const v = a[k];
        if (!isScalar(v))
          return t('api.records.attempt.field', {
            what: lead(i, id),
            attempt: j + 1,
            key: k,
            kind: describe(v),
          });
      }
    }
  }
  return undefined;
}

/** The number of records a call_result answer lists (read already, or to be read later). */
export function listedCount(r: {
  records: readonly unknown[];
  later?: { length: number };
}): number {
  return r.later?.length ?? r.records.length;
}

/**
 * Whether an answer contradicts itself: its "Have <n> records found" is not the number of
 * records it lists (report and reconcile ask such an answer again, then stop).
 */
export function miscounted(r: {
  count?: number;
  records: readonly unknown[];
  later?: { length: number };
}): boolean {
  return r.count !== undefined && r.count !== listedCount(r);
}
