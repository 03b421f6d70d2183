/**
 * The preflight pass: read every row, map columns, normalise, validate and dedupe, before any
 * request. Valid leads go to a spool file (one `line<TAB>json` per lead, in input order) that
 * the sending pass streams from; rejected rows go straight to the rejects file. Memory stays
 * flat: no row is kept once handled (the dedupe set keeps 16 bytes per phone number).
 */
import fs from 'node:fs';
import { UsageError } from '../errors.js';
import type { LeadField } from '../api/spec.js';
import { ColumnError, planColumns, type ColumnPlan } from './columns.js';
import {
  NORMALIZATION_KINDS,
  PHONE_COUNTRY_CODE,
  PHONE_EXCEL_NUMBER,
  PHONE_LEADING_ZERO,
  PHONE_SEPARATORS,
  normalizeHomePhone,
  normalizePhone,
  trimField,
  type NormalizationKind,
  type PhoneResult,
} from './normalize.js';

export type { NormalizationKind };
import { PhoneSet } from './phoneset.js';
import { openRows, type InputInfo } from './read.js';
import { REJECTS_META_COLUMNS, SidecarWriter } from './rejects.js';
import { createValidator } from './validate.js';

export interface PrepareOptions {
  map: Partial<Record<LeadField, string>>;
  ignoreUnmapped: boolean;
  normalize: boolean;
  dedupe: boolean;
  phonePattern: string;
  /** Where valid leads are spooled; omitted on a dry run. */
  spoolPath?: string;
  rejects: (headers: string[]) => SidecarWriter;
  onProgress?: (rowsRead: number, bytesHint: number) => void;
}

export interface NormalizationSample {
  line: number;
  field: string;
  before: string;
  after: string;
}

export interface Prepared {
  /** The input's columns as the rejects file repeats them. */
  headers: string[];
  plan: ColumnPlan;
  /** The input was a cacs rejects file: its line, code and reason columns were skipped. */
  readRejectsFile: boolean;
  total: number;
  valid: number;
  rejectedByCode: Record<string, number>;
  rejected: number;
  duplicates: number;
  normalizedRows: number;
  normalizedByKind: Record<NormalizationKind, number>;
  samples: NormalizationSample[];
  rejects: SidecarWriter;
  /** SHA-256 of the input's bytes when the reader computed it while reading (journal key). */
  contentHash?: string;
}

const PHONE_KINDS: Array<[number, NormalizationKind]> = [
  [PHONE_SEPARATORS, 'phone_separators'],
  [PHONE_COUNTRY_CODE, 'phone_country_code'],
  [PHONE_LEADING_ZERO, 'phone_leading_zero'],
  [PHONE_EXCEL_NUMBER, 'phone_excel_number'],
];

function isRejectsHeader(headers: readonly string[]): boolean {
  return REJECTS_META_COLUMNS.every((c, i) => headers[i] === c);
}

export async function prepareLeads(info: InputInfo, opts: PrepareOptions): Promise<Prepared> {
  const source = await openRows(info);
  const readRejectsFile = isRejectsHeader(source.headers);
  const skip = readRejectsFile ? REJECTS_META_COLUMNS.length : 0;
  const headers = source.headers.slice(skip);
  let plan: ColumnPlan;
  try {
    plan = planColumns(headers, { map: opts.map, ignoreUnmapped: opts.ignoreUnmapped });
  } catch (e) {
    if (e instanceof ColumnError)
      throw new UsageError(`${info.displayName}: ${e.message}`, e.hint ? { hint: e.hint } : {});
    throw e;
  }
  const fieldIndex = plan.fieldIndex.map(([f, i]) => [f, i + skip] as const);
  const validator = createValidator(opts.phonePattern);
  const seen = new PhoneSet();
  const rejects = opts.rejects(headers);
  const byKind = Object.fromEntries(NORMALIZATION_KINDS.map((k) => [k, 0])) as Record<
    NormalizationKind,
    number
  >;
  const rejectedByCode: Record<string, number> = {};
  const samples: NormalizationSample[] = [];
  let total = 0;
  let valid = 0;
  let rejected = 0;
  let duplicates = 0;
  let normalizedRows = 0;
  const phone: PhoneResult = { value: '', changes: 0 };

  const spool = opts.spoolPath === undefined ? undefined : fs.openSync(opts.spoolPath, 'w', 0o600);
  let spoolBuffer = '';
  const reject = (line: number, values: string[], code: string, reason: string) => {
    rejects.add(line, code, reason, skip ? values.slice(skip) : values);
    if (code !== 'duplicate') rejectedByCode[code] = (rejectedByCode[code] ?? 0) + 1;
  };

  try {
    await source.each((row) => {
      total++;
      if ((total & 0x3fff) === 0) opts.onProgress?.(total, 0);
      const values = row.values;
      const lead: Record<string, string> = {};
      let trimmed = false;
      let phoneChanges = 0;
      for (const [field, index] of fieldIndex) {
        const raw = values[index] ?? '';
        let v = raw;
        if (opts.normalize) {
          v = trimField(raw);
          if (v.length !== raw.length) trimmed = true;
        }
        if (v !== '') lead[field] = v;
      }
      const originalPhone = lead.phone_number;
      if (opts.normalize) {
        if (originalPhone !== undefined) {
          const r = normalizePhone(originalPhone, phone);
          if (r.changes !== 0) {
            lead.phone_number = r.value;
            phoneChanges |= r.changes;
            if (samples.length < 5)
              samples.push({
                line: row.line,
                field: 'phone_number',
                before: originalPhone,
                after: r.value,
              });
          }
        }
        const home = lead.home_phone;
        if (home !== undefined) {
          const r = normalizeHomePhone(home, phone);
          if (r.changes !== 0) {
            lead.home_phone = r.value;
            phoneChanges |= r.changes;
          }
        }
        if (trimmed || phoneChanges !== 0) {
          normalizedRows++;
          if (trimmed) byKind.trimmed++;
          for (const [bit, kind] of PHONE_KINDS) if (phoneChanges & bit) byKind[kind]++;
        }
      }
      const rejection = validator.validate(lead, originalPhone);
      if (rejection) {
        rejected++;
        reject(row.line, values, rejection.code, rejection.reason);
        return;
      }
      if (opts.dedupe) {
        const first = seen.addOrGet(lead.phone_number!, row.line);
        if (first !== undefined) {
          duplicates++;
          reject(
            row.line,
            values,
            'duplicate',
            `phone_number ${lead.phone_number} already on line ${first}`,
          );
          return;
        }
      }
      valid++;
      if (spool !== undefined) {
        spoolBuffer += `${row.line}\t${JSON.stringify(lead)}\n`;
        if (spoolBuffer.length > 1 << 20) {
          fs.writeSync(spool, spoolBuffer);
          spoolBuffer = '';
        }
      }
    });
    if (spool !== undefined && spoolBuffer) fs.writeSync(spool, spoolBuffer);
  } catch (e) {
    rejects.discard();
    throw e;
  } finally {
    if (spool !== undefined) fs.closeSync(spool);
  }
  opts.onProgress?.(total, 0);
  return {
    headers,
    plan,
    readRejectsFile,
    total,
    valid,
    rejectedByCode,
    rejected,
    duplicates,
    normalizedRows,
    normalizedByKind: byKind,
    samples,
    rejects,
    ...(source.contentHash?.() !== undefined ? { contentHash: source.contentHash()! } : {}),
  };
}

/**
 * Read the spool back: valid leads in order, with their input lines, a read chunk's worth at a
 * time (one await per chunk, not per lead). Each lead's JSON stays bytes (a view into the chunk
 * read): request bodies are assembled from them without decoding and re-encoding UTF-8.
 */
export async function* readSpool(
  spoolPath: string,
): AsyncGenerator<Array<{ line: number; json: Buffer }>> {
  let tail: Buffer = Buffer.alloc(0);
  for await (const chunk of fs.createReadStream(spoolPath, { highWaterMark: 1 << 20 })) {
    const bytes: Buffer = tail.length > 0 ? Buffer.concat([tail, chunk as Buffer]) : chunk;
    const entries: Array<{ line: number; json: Buffer }> = [];
    let start = 0;
    let nl: number;
    while ((nl = bytes.indexOf(10, start)) >= 0) {
      // "<line>\t<json>\n": the line number is ASCII digits.
      let line = 0;
      let i = start;
      for (let c = bytes[i]!; c !== 9; c = bytes[++i]!) line = line * 10 + (c - 48);
      entries.push({ line, json: bytes.subarray(i + 1, nl) });
      start = nl + 1;
    }
    tail = Buffer.from(bytes.subarray(start));
    if (entries.length > 0) yield entries;
  }
}

/** The original values of some input lines (for service rejects and uncertain leads). */
export async function originalRows(
  info: InputInfo,
  lines: ReadonlySet<number>,
): Promise<Map<number, string[]>> {
  const out = new Map<number, string[]>();
  if (lines.size === 0) return out;
  const source = await openRows(info);
  const skip = isRejectsHeader(source.headers) ? REJECTS_META_COLUMNS.length : 0;
  await source.each((row) => {
    if (lines.has(row.line)) out.set(row.line, skip ? row.values.slice(skip) : row.values);
  });
  return out;
}
