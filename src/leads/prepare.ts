/**
 * The preflight pass: read every row, map columns, normalise, validate and dedupe, before any
 * request; rejected rows go straight to the rejects file. The preflight's read also yields the
 * input's content hash and a SHA-256 per block (every reader reads through a BlockTrail). The
 * sending pass then gets the valid leads, in input order, in one of two ways (sendingPass;
 * the reads themselves are in sending.ts):
 *  - a second read of a CSV input: the preflight keeps one bit per row (valid or not); the
 *    second read checks every block against the preflight's digests before parsing it, so
 *    exactly the bytes that were validated are sent, and parsing overlaps the sending. No copy
 *    of the leads is written to disk;
 *  - a spool file (one `line<TAB>json` per lead), written by the preflight, for JSON, NDJSON
 *    and xlsx (parsed whole, or twice).
 * The input is thus read once before the first request and once while sending (CSV) — and
 * once more, checked the same way, only to list the original values of service rejects and
 * uncertain leads of a spooled input.
 * Memory stays flat: no row is kept once handled (the dedupe set keeps 12–24 bytes per phone,
 * and is let go when the preflight is over: nothing returned keeps it alive).
 */
import fs from 'node:fs';
import { UsageError } from '../errors.js';
import { t, tCount } from '../messages/index.js';
import type { LeadField } from '../api/spec.js';
import {
  ColumnError,
  chooseColumns,
  planColumns,
  type ChosenColumns,
  type ColumnPlan,
  type Layout,
} from './columns.js';
import {
  NORMALIZATIONS,
  NORMALIZATION_KINDS,
  normalizeHomePhone,
  normalizePhone,
  isTrimmable,
  trimField,
  type NormalizationKind,
  type PhoneResult,
} from './normalize.js';

export type { NormalizationKind };
import { PhoneSet } from './phoneset.js';
import { openRows } from '../input/rows.js';
import type { InputInfo, RowSource } from '../input/types.js';
import { REJECTS_META_COLUMNS, SidecarWriter, isRejectsHeader } from './rejects.js';
import { RowBits, readSpool, rereadLeads, spoolLine, type LeadEntry } from './sending.js';
import { createValidator } from './validate.js';
import { isAllocatedMobile } from './carrier.js';

export interface PrepareOptions {
  map: Partial<Record<LeadField, string>>;
  ignoreUnmapped: boolean;
  normalize: boolean;
  dedupe: boolean;
  phonePattern: string;
  /** home_phone's rule (default DEFAULT_HOME_PHONE_PATTERN). */
  homePhonePattern?: string;
  /** A centre's own test numbers, refused as placeholders. */
  placeholderNumbers?: readonly string[];
  /**
   * For a real run: where valid leads are spooled if sendingPass says so. Omitted on a dry run
   * (then `Prepared.leads` is undefined).
   */
  sending?: { spoolPath: string };
  rejects: (headers: string[]) => SidecarWriter;
  /** Rows not sent by design (in-file duplicates, do-not-call, leads the campaign already has). */
  skipped: (headers: string[]) => SidecarWriter;
  /**
   * Whether a valid, deduped lead is held back by design (a do-not-call list, then the campaign
   * ledger): its skip code and reason, or undefined to send it.
   */
  holdBack?: (phone: string) => { code: SkipCode; reason: string } | undefined;
  /**
   * Held back before validation and the in-file dedupe (a person erased by `cacs forget`): every
   * row of theirs is listed with this code — a repeat of their number too (not a duplicate), a
   * row of theirs another field would have rejected too (not a reject).
   */
  holdBackFirst?: (phone: string) => { code: SkipCode; reason: string } | undefined;
  /**
   * Config `import.allocatedOnly`: a 10-digit number in no allocated mobile range
   * (carrier.ts) is held back (skip code `phone_unallocated`) instead of only counted.
   */
  allocatedOnly?: boolean;
  /** Config `import.columns`: applied where the file has the column (columns.ts chooseColumns). */
  columnsIfPresent?: Partial<Record<LeadField, string>>;
  /** Config `import.layouts`, and `--layout`. */
  layouts?: readonly Layout[];
  layout?: string;
  /** Now and then while reading: rows read, and the share of the input read (0 to 1) when known. */
  onProgress?: (rowsRead: number, fraction: number | undefined) => void;
}

/** Codes of rows not sent by design (the skipped file). */
export type SkipCode =
  | 'duplicate'
  | 'already_imported'
  | 'uncertain_earlier'
  | 'suppressed'
  | 'phone_unallocated'
  /** Erased on request (`cacs forget`, issue 26): never imported again. */
  | 'erased';

/** A number in no allocated mobile range, for the summary's examples. */
export interface UnallocatedSample {
  line: number;
  phone: string;
}

export interface NormalizationSample {
  line: number;
  field: string;
  before: string;
  after: string;
}

/** A rejected row, for a dry run's examples: its line, code and reason. */
export interface RejectionSample {
  line: number;
  code: string;
  reason: string;
}

export interface Prepared {
  /** The input's columns as the rejects file repeats them. */
  headers: string[];
  plan: ColumnPlan;
  /** The saved layout the columns were read with, if any. */
  layout?: ChosenColumns['layout'];
  /** The input was a cacs rejects file: its line, code and reason columns were skipped. */
  readRejectsFile: boolean;
  /** Data rows read, blank rows included. */
  total: number;
  /**
   * Rows whose every cell is empty or white space (`;;;`, Excel's blank lines, `{}`): skipped,
   * neither rejected nor sent, and listed in no sidecar file.
   */
  blank: number;
  valid: number;
  rejectedByCode: Record<string, number>;
  rejected: number;
  duplicates: number;
  /** Rows held back by design, by code (duplicates included). */
  skippedByCode: Record<string, number>;
  normalizedRows: number;
  normalizedByKind: Record<NormalizationKind, number>;
  /** Normalisations of phone_number, taken from rows that passed validation only. */
  samples: NormalizationSample[];
  /** The first rejected row of each code (at most REJECTION_SAMPLES). */
  rejectionSamples: RejectionSample[];
  /**
   * Valid, deduped leads whose 10-digit number is in no allocated mobile range (carrier.ts):
   * sent unless `allocatedOnly` (then held back as `phone_unallocated`).
   */
  unallocated: number;
  /** The first few of them (at most SAMPLES). */
  unallocatedSamples: UnallocatedSample[];
  rejects: SidecarWriter;
  skipped: SidecarWriter;
  /** The content hash of the bytes the preflight read (the journal key; see hashFile). */
  contentHash: string;
  /** The digest of each block the preflight read: a later read is checked against them. */
  digests: readonly Buffer[];
  /** The valid leads for the sending pass (see the module comment); undefined on a dry run. */
  leads?: () => AsyncIterable<LeadEntry[]>;
  /** Whether the row on this input line is a valid lead to send (real runs only). */
  isValidLine?: (line: number) => boolean;
}

interface BuiltLead {
  lead: Record<string, string>;
  /** phone_number before normalisation (for messages). */
  originalPhone: string | undefined;
  trimmed: boolean;
  /** PHONE_* bits of what normalisation changed in phone_number and home_phone. */
  phoneChanges: number;
}

/**
 * Row values → lead: mapped, trimmed and phone numbers normalised (both passes use it). The
 * object returned is the same for every row (read it before the next call).
 */
function leadBuilder(
  fieldIndex: ReadonlyArray<readonly [LeadField, number]>,
  normalize: boolean,
): (values: readonly string[]) => BuiltLead {
  const phone: PhoneResult = { value: '', changes: 0 };
  const fields = fieldIndex.map(([field]) => field);
  const indexes = fieldIndex.map(([, index]) => index);
  const built: BuiltLead = { lead: {}, originalPhone: undefined, trimmed: false, phoneChanges: 0 };
  return (values) => {
    const lead: Record<string, string> = {};
    let trimmed = false;
    let phoneChanges = 0;
    for (let i = 0; i < fields.length; i++) {
      const field = fields[i]!;
      const raw = values[indexes[i]!] ?? '';
      let v = raw;
      if (normalize) {
        v = trimField(raw);
        if (v.length !== raw.length) trimmed = true;
      }
      if (v !== '') putField(lead, field, v);
    }
    const originalPhone = lead.phone_number;
    if (normalize) {
      if (originalPhone !== undefined) {
        const r = normalizePhone(originalPhone, phone);
        if (r.changes !== 0) {
          lead.phone_number = r.value;
          phoneChanges |= r.changes;
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
    }
    built.lead = lead;
    built.originalPhone = originalPhone;
    built.trimmed = trimmed;
    built.phoneChanges = phoneChanges;
    return built;
  };
}

/**
 * `lead[field] = value` as a named store for every lead field: a store with the field as a
 * variable key sees every field's name at one place and falls back to V8's slow generic store
 * (≈ 9 ms of each pass over 200,000 rows of five fields, measured); each named store below sees
 * one name, and the leads of one file share their objects' shape as before.
 */
export function putField(lead: Record<string, string>, field: LeadField, value: string): void {
  switch (field) {
    case 'phone_number':
      lead.phone_number = value;
      return;
    case 'name':
      lead.name = value;
      return;
    case 'contact_name':
      lead.contact_name = value;
      return;
    case 'company':
      lead.company = value;
      return;
    case 'email':
      lead.email = value;
      return;
    case 'address':
      lead.address = value;
      return;
    case 'home_phone':
      lead.home_phone = value;
      return;
    case 'ref_id':
      lead.ref_id = value;
      return;
    case 'field01':
      lead.field01 = value;
      return;
    case 'field02':
      lead.field02 = value;
      return;
    case 'field03':
      lead.field03 = value;
      return;
    case 'field04':
      lead.field04 = value;
      return;
    case 'field05':
      lead.field05 = value;
      return;
    case 'field06':
      lead.field06 = value;
      return;
    case 'field07':
      lead.field07 = value;
      return;
    case 'field08':
      lead.field08 = value;
      return;
    case 'field09':
      lead.field09 = value;
      return;
    case 'field10':
      lead.field10 = value;
      return;
    default:
      lead[field as string] = value;
  }
}

/** The phone number's own changes (normalize.ts NORMALIZATIONS; trimming is counted per field). */
const PHONE_KINDS = NORMALIZATIONS.filter(([, kind]) => kind !== 'trimmed');
/** The PHONE_* bits samples are kept for. */
const SAMPLED_KINDS = PHONE_KINDS.reduce((bits, [bit]) => bits | bit, 0);
/** Samples of phone_number changes: the first few, and the first of every other kind. */
const SAMPLES = 5;
/** Samples of rejections: the first row of each code, up to this many codes. */
export const REJECTION_SAMPLES = 5;

/** A row whose every cell is empty or white space (as trimField trims it). */
export function isBlankRow(values: readonly string[]): boolean {
  for (let i = 0; i < values.length; i++) {
    const v = values[i]!;
    // Most rows: the first cell starts with something other than white space.
    if (v.length > 0 && (!isTrimmable(v.charCodeAt(0)) || trimField(v) !== '')) return false;
  }
  return true;
}

/**
 * How the sending pass gets the valid leads of an input, decided here only: CSV is read again
 * (checked against the preflight's read), every other format is spooled by the preflight.
 */
export function sendingPass(info: Pick<InputInfo, 'format'>): 'reread' | 'spool' {
  return info.format === 'csv' ? 'reread' : 'spool';
}

export async function prepareLeads(info: InputInfo, opts: PrepareOptions): Promise<Prepared> {
  const source = await openRows(info);
  try {
    return await prepareRows(info, source, opts);
  } finally {
    // A refused header (no phone column…) never reaches source.each: let go of the file.
    await source.close?.();
  }
}

async function prepareRows(
  info: InputInfo,
  source: RowSource,
  opts: PrepareOptions,
): Promise<Prepared> {
  const readRejectsFile = isRejectsHeader(source.headers);
  const skip = readRejectsFile ? REJECTS_META_COLUMNS.length : 0;
  const headers = source.headers.slice(skip);
  // JSON and NDJSON have the keys of every object as their columns: none at all means every
  // object is `{}`, rows that are blank (review, session 16: said as "no phone column").
  if (source.headers.length === 0 && (info.format === 'json' || info.format === 'ndjson')) {
    let total = 0;
    await source.each(() => {
      total++;
    });
    if (total > 0) throw blankOnlyError(info, total);
  }
  let plan: ColumnPlan;
  let chosen: ChosenColumns;
  try {
    chosen = chooseColumns(headers, {
      map: opts.map,
      ...(opts.columnsIfPresent ? { columnsIfPresent: opts.columnsIfPresent } : {}),
      ...(opts.layouts ? { layouts: opts.layouts } : {}),
      ...(opts.layout !== undefined ? { layout: opts.layout } : {}),
    });
    plan = planColumns(headers, { map: chosen.map, ignoreUnmapped: opts.ignoreUnmapped });
  } catch (e) {
    if (e instanceof ColumnError)
      throw new UsageError(`${info.displayName}: ${e.message}`, e.hint ? { hint: e.hint } : {});
    throw e;
  }
  const fieldIndex = plan.fieldIndex.map(([f, i]) => [f, i + skip] as const);
  // Columns past the last header (a trailing delimiter): every row must leave them empty.
  const mustBeEmpty = (plan.mustBeEmpty ?? []).map((i) => i + skip);
  const build = leadBuilder(fieldIndex, opts.normalize);
  const validator = createValidator(opts.phonePattern, {
    ...(opts.homePhonePattern !== undefined ? { homePhonePattern: opts.homePhonePattern } : {}),
    ...(opts.placeholderNumbers ? { placeholderNumbers: opts.placeholderNumbers } : {}),
  });
  // About one number per 64 bytes of input (rows of a name and a phone and more are longer).
  const seen = new PhoneSet(info.size / 64);
  const rejects = opts.rejects(headers);
  const ledgerCheck = opts.holdBack;
  const heldFirst = opts.holdBackFirst;
  const skippedRows = opts.skipped(headers);
  const skippedByCode: Record<string, number> = {};
  const byKind = Object.fromEntries(NORMALIZATION_KINDS.map((k) => [k, 0])) as Record<
    NormalizationKind,
    number
  >;
  const rejectedByCode: Record<string, number> = {};
  const samples: NormalizationSample[] = [];
  const rejectionSamples: RejectionSample[] = [];
  const unallocatedSamples: UnallocatedSample[] = [];
  let unallocated = 0;
  const allocatedOnly = opts.allocatedOnly === true;
  let sampledKinds = 0;
  let total = 0;
  let blank = 0;
  let valid = 0;
  let rejected = 0;
  let duplicates = 0;
  let normalizedRows = 0;

  const pass = opts.sending ? sendingPass(info) : undefined;
  const bits = pass === 'reread' ? new RowBits() : undefined;
  const validLines = pass !== undefined ? new RowBits() : undefined;
  const spool = pass === 'spool' ? fs.openSync(opts.sending!.spoolPath, 'w', 0o600) : undefined;
  let spoolBuffer = '';
  const reject = (line: number, values: string[], code: string, reason: string) => {
    rejects.add(line, code, reason, skip ? values.slice(skip) : values);
    const before = rejectedByCode[code] ?? 0;
    rejectedByCode[code] = before + 1;
    if (before === 0 && rejectionSamples.length < REJECTION_SAMPLES)
      rejectionSamples.push({ line, code, reason });
  };
  const holdBack = (line: number, values: string[], code: SkipCode, reason: string) => {
    skippedRows.add(line, code, reason, skip ? values.slice(skip) : values);
    skippedByCode[code] = (skippedByCode[code] ?? 0) + 1;
  };

  const fraction = source.fractionRead;
  const progress = () => opts.onProgress?.(total, fraction?.());
  try {
    await source.each(
      (row) => {
        const ordinal = total++;
        // Readers without chunks (JSON, xlsx) report every 16,384 rows.
        if ((total & 0x3fff) === 0) progress();
        const values = row.values;
        for (let k = 0; k < mustBeEmpty.length; k++) {
          const v = values[mustBeEmpty[k]!];
          if (v !== undefined && v !== '' && trimField(v) !== '')
            throw new UsageError(
              t('leads.columns.valueWithoutHeader', {
                where: `${info.displayName}:${row.line}`,
                n: mustBeEmpty[k]! - skip + 1,
              }),
              { hint: t('leads.columns.noHeader.hint') },
            );
        }
        if (isBlankRow(values)) {
          blank++;
          return;
        }
        const { lead, originalPhone, trimmed, phoneChanges } = build(values);
        // An erased person's row, whatever else it holds (a name too long, a home_phone that is
        // no number): erased, never rejected into the rejects list (review, session 19). Only a
        // number that is one can have been erased.
        if (heldFirst !== undefined && lead.phone_number !== undefined) {
          const held = heldFirst(lead.phone_number);
          if (held !== undefined) {
            holdBack(row.line, values, held.code, held.reason);
            return;
          }
        }
        const rejection = validator.validate(lead, originalPhone);
        if (rejection) {
          rejected++;
          reject(row.line, values, rejection.code, rejection.reason);
          return;
        }
        // Normalised rows are counted among those that pass, as the samples are taken: a row
        // refused (a landline written `024 3826 1234`) was not changed into anything sent.
        if (trimmed || phoneChanges !== 0) {
          normalizedRows++;
          if (trimmed) byKind.trimmed++;
          for (const [bit, kind] of PHONE_KINDS) if (phoneChanges & bit) byKind[kind]++;
        }
        // Samples come from rows that pass: a dry run shows what would be sent.
        if (phoneChanges !== 0) {
          const newKind = phoneChanges & SAMPLED_KINDS & ~sampledKinds;
          if ((samples.length < SAMPLES || newKind !== 0) && originalPhone !== lead.phone_number) {
            sampledKinds |= phoneChanges;
            samples.push({
              line: row.line,
              field: 'phone_number',
              before: originalPhone!,
              after: lead.phone_number!,
            });
          }
        }
        if (opts.dedupe) {
          const first = seen.addOrGet(lead.phone_number!, row.line);
          if (first !== undefined) {
            duplicates++;
            holdBack(
              row.line,
              values,
              'duplicate',
              t('leads.duplicate', { phone: String(lead.phone_number), line: first }),
            );
            return;
          }
        }
        const phone = lead.phone_number!;
        if (phone.length === 10 && phone.charCodeAt(0) === 48 && !isAllocatedMobile(phone)) {
          unallocated++;
          if (unallocatedSamples.length < SAMPLES)
            unallocatedSamples.push({ line: row.line, phone });
          if (allocatedOnly) {
            holdBack(row.line, values, 'phone_unallocated', t('leads.skip.unallocated', { phone }));
            return;
          }
        }
        if (ledgerCheck !== undefined) {
          const held = ledgerCheck(lead.phone_number!);
          if (held !== undefined) {
            holdBack(row.line, values, held.code, held.reason);
            return;
          }
        }
        valid++;
        validLines?.set(row.line);
        if (bits !== undefined) {
          bits.set(ordinal);
        } else if (spool !== undefined) {
          spoolBuffer += spoolLine(row.line, lead);
          if (spoolBuffer.length > 1 << 20) {
            fs.writeSync(spool, spoolBuffer);
            spoolBuffer = '';
          }
        }
      },
      // The CSV readers report after every chunk: the file's share read moves smoothly.
      { afterChunk: progress },
    );
    if (spool !== undefined && spoolBuffer) fs.writeSync(spool, spoolBuffer);
  } catch (e) {
    rejects.discard();
    skippedRows.discard();
    throw e;
  } finally {
    if (spool !== undefined) fs.closeSync(spool);
  }
  if (total > 0 && blank === total) {
    rejects.discard();
    skippedRows.discard();
    throw blankOnlyError(info, total);
  }
  const contentHash = source.contentHash();
  const digests = source.blockDigests();
  if (contentHash === undefined || digests === undefined)
    throw new Error('prepareLeads: the reader did not read the whole input');
  // Made by functions outside this one: a closure made here would keep this function's whole
  // scope alive while sending, the dedupe set (12–24 bytes per phone) included.
  let leads: (() => AsyncIterable<LeadEntry[]>) | undefined;
  if (spool !== undefined) {
    leads = spoolPass(opts.sending!.spoolPath);
  } else if (bits !== undefined) {
    const csvParse = source.fellBack?.() === true;
    leads = rereadPass(info, { verify: digests, csvParse }, bits, build, skip);
  }
  progress();
  return {
    headers,
    plan,
    ...(chosen.layout ? { layout: chosen.layout } : {}),
    readRejectsFile,
    total,
    blank,
    valid,
    rejectedByCode,
    rejected,
    duplicates,
    skippedByCode,
    normalizedRows,
    normalizedByKind: byKind,
    samples,
    rejectionSamples,
    unallocated,
    unallocatedSamples,
    rejects,
    skipped: skippedRows,
    contentHash,
    digests,
    ...(leads ? { leads } : {}),
    ...(validLines ? { isValidLine: lineTest(validLines) } : {}),
  };
}

/** An input whose every data row (`total` of them, at least one) is blank: exit 2. */
function blankOnlyError(info: InputInfo, total: number): UsageError {
  return new UsageError(tCount('leads.blankOnly', total, { file: info.displayName }), {
    hint: t('leads.blankOnly.hint'),
  });
}

/** The sending pass's leads from the spool (a closure over the path only). */
function spoolPass(spoolPath: string): () => AsyncIterable<LeadEntry[]> {
  return () => readSpool(spoolPath);
}

/** The sending pass's leads from a second, checked read (a closure over what it needs only). */
function rereadPass(
  info: InputInfo,
  read: { verify: readonly Buffer[]; csvParse: boolean },
  bits: RowBits,
  build: (values: readonly string[]) => BuiltLead,
  skip: number,
): () => AsyncIterable<LeadEntry[]> {
  return () => rereadLeads(info, read, bits, build, skip);
}

function lineTest(lines: RowBits): (line: number) => boolean {
  return (line) => lines.has(line);
}
