/**
 * Merging the records of many report requests (date windows × status groups) into one record
 * per lead, deterministically: the same set of records, added in any order and in any number of
 * `add` calls, gives deep-equal output (see the rules below for the one documented exception).
 *
 * Rules, per lead (key: String(campaign_lead_id), so 7 and "7" are the same lead):
 * - campaign_lead_id: a number if any record gave it as a number, else the string.
 * - Lead-level fields (campaign_id, campaign_name, ref_id, phone_number, lead_name, and any
 *   field the spec does not list): the first non-empty value (not null/undefined, not a blank
 *   string) wins, in the order records were added. The caller adds in window order (oldest
 *   window first), so the result does not depend on which request finished first. This is the
 *   only order-dependent rule, and only when the service gives one lead different non-empty
 *   values. With no non-empty value: a string ('' before ' ') wins over null, so the result
 *   stays order-independent.
 * - Attempts (data): deduplicated by (session, date_time, phone_number, status) compared as
 *   strings (null is distinct from "null"). The service may return only the attempts inside
 *   each window, or all of a lead's attempts in every window: both merge to the same result.
 *   When duplicates differ in their other fields, the one with the most non-empty fields wins,
 *   then the smallest canonical JSON — never "whichever came first".
 *   Sorted by date_time (string order suits 'yyyy-mm-dd HH:mm:ss'; null first), then session
 *   (numeric when both are integer-like), then status, then phone_number: a total order.
 * - call: max(every `call` value seen for the lead, parsed as a number; the number of merged
 *   attempts). The service's `call` is the lead's total number of calls, while a window (or a
 *   status filter) may carry only some of its attempts: taking the max never under-counts what
 *   was seen and never double-counts a lead seen in several windows. It stays a number if any
 *   input gave a number, and is a string only when every non-null input was a string.
 *
 * Output is sorted by compareLeadIds. Memory: one merged record per lead, in Maps keyed by
 * strings.
 */

import { ATTEMPT_FIELDS, RECORD_FIELDS, type CallAttempt, type CallRecord } from '../api/spec.js';
import { phoneKey } from '../leads/normalize.js';

const KNOWN_LEAD_FIELD_SET: ReadonlySet<string> = new Set([...RECORD_FIELDS, 'data']);
const MERGED_FIELDS = ['campaign_id', 'campaign_name', 'ref_id', 'phone_number', 'lead_name'];

const INTEGER_LIKE = /^-?\d+$/;

function integerLike(v: string | number): string | undefined {
  if (typeof v === 'number') return Number.isSafeInteger(v) ? String(v) : undefined;
  return INTEGER_LIKE.test(v) ? v : undefined;
}

function compareStrings(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/**
 * Order of lead ids: integer-like ids (numbers, or strings of digits with an optional '-')
 * in numeric order — exact, with BigInt — before all other ids, which are in string (UTF-16
 * code unit) order. Ties in value ("007" and "7") are broken by string order, so the order is
 * total on strings; 7 and "7" compare equal.
 */
export function compareLeadIds(a: string | number, b: string | number): number {
  const ia = integerLike(a);
  const ib = integerLike(b);
  if (ia !== undefined && ib !== undefined) {
    const na = BigInt(ia);
    const nb = BigInt(ib);
    if (na !== nb) return na < nb ? -1 : 1;
    return compareStrings(ia, ib);
  }
  if (ia !== undefined) return -1;
  if (ib !== undefined) return 1;
  return compareStrings(String(a), String(b));
}

/** A lead id with its place in the output order worked out (see {@link compareLeadOrder}). */
export interface LeadOrder {
  readonly id: string;
  readonly int: string | undefined;
  readonly n: number | bigint | undefined;
}

export function leadOrder(id: string): LeadOrder {
  const i = integerLike(id);
  const n = i === undefined ? undefined : Number(i);
  return { id, int: i, n: n === undefined || Number.isSafeInteger(n) ? n : BigInt(i!) };
}

/** The order of compareLeadIds, on ids whose numeric value is worked out once. */
export function compareLeadOrder(a: LeadOrder, b: LeadOrder): number {
  if (a.n !== undefined && b.n !== undefined) {
    if (a.n < b.n) return -1;
    if (a.n > b.n) return 1;
    return compareStrings(a.int!, b.int!);
  }
  if (a.n !== undefined) return -1;
  if (b.n !== undefined) return 1;
  return compareStrings(a.id, b.id);
}

/** Ids sorted as compareLeadIds sorts them, each id's numeric value worked out once. */
export function sortLeadIds(ids: readonly string[]): string[] {
  return ids
    .map(leadOrder)
    .sort(compareLeadOrder)
    .map((k) => k.id);
}

function isEmpty(v: unknown): boolean {
  return v === null || v === undefined || (typeof v === 'string' && v.trim() === '');
}

/**
 * Whether two non-empty phone numbers of one lead are different numbers: compared as the
 * import normalises them (phoneKey), so `+84 912 345 001`, `0084912345001`, `0912345001` and
 * `912345001` (a number whose leading zero a spreadsheet dropped) are one number.
 */
function otherNumber(kept: unknown, incoming: unknown): boolean {
  if (isEmpty(kept) || isEmpty(incoming)) return false;
  return phoneKey(kept) !== phoneKey(incoming);
}

/** JSON with object keys sorted, for choosing among duplicates deterministically. */
function canonicalJson(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(canonicalJson).join(',')}]`;
  if (v !== null && typeof v === 'object') {
    const entries = Object.entries(v as Record<string, unknown>)
      .filter(([, x]) => x !== undefined)
      .sort(([ka], [kb]) => compareStrings(ka, kb));
    return `{${entries.map(([k, x]) => `${JSON.stringify(k)}:${canonicalJson(x)}`).join(',')}}`;
  }
  return JSON.stringify(v) ?? 'null';
}

function keyPart(v: unknown): string | null {
  return v === null || v === undefined ? null : String(v);
}

function nonEmptyCount(a: CallAttempt): number {
  return Object.values(a).filter((v) => !isEmpty(v)).length;
}

/** Whether candidate should replace kept among duplicate attempts. */
function preferAttempt(candidate: CallAttempt, kept: CallAttempt): boolean {
  const dc = nonEmptyCount(candidate) - nonEmptyCount(kept);
  if (dc !== 0) return dc > 0;
  return compareStrings(canonicalJson(candidate), canonicalJson(kept)) < 0;
}

/** null first, then string order. */
function compareNullable(a: string | null, b: string | null): number {
  if (a === null || b === null) return a === b ? 0 : a === null ? -1 : 1;
  return compareStrings(a, b);
}

function compareAttempts(a: CallAttempt, b: CallAttempt): number {
  const sa = keyPart(a.session);
  const sb = keyPart(b.session);
  return (
    compareNullable(keyPart(a.date_time), keyPart(b.date_time)) ||
    (sa === null || sb === null ? compareNullable(sa, sb) : compareLeadIds(sa, sb)) ||
    compareNullable(keyPart(a.status), keyPart(b.status)) ||
    compareNullable(keyPart(a.phone_number), keyPart(b.phone_number))
  );
}

function parseCall(v: unknown): number | undefined {
  if (typeof v === 'number') return Number.isFinite(v) ? v : undefined;
  if (typeof v !== 'string' || v.trim() === '') return undefined;
  const n = Number(v.trim());
  return Number.isFinite(n) ? n : undefined;
}

const ATTEMPT_FIELD_SET: ReadonlySet<string> = new Set(ATTEMPT_FIELDS);

/**
 * A copy of an attempt with its keys in a fixed order (the spec's fields, then any others
 * sorted), so the written output is byte-identical whatever order the service used.
 */
function normalizeAttempt(a: CallAttempt): CallAttempt {
  const raw = a as unknown as Record<string, unknown>;
  // The usual case: exactly the spec's fields, already in its order.
  let i = 0;
  let inOrder = true;
  for (const k in raw) {
    if (k !== ATTEMPT_FIELDS[i]) {
      inOrder = false;
      break;
    }
    i++;
  }
  if (inOrder && i === ATTEMPT_FIELDS.length) return a;
  const keys = Object.keys(raw);
  const out: Record<string, unknown> = {};
  for (const k of ATTEMPT_FIELDS) if (k in raw) out[k] = raw[k];
  const extras = keys.filter((k) => !ATTEMPT_FIELD_SET.has(k)).sort(compareStrings);
  for (const k of extras) out[k] = raw[k];
  return out as unknown as CallAttempt;
}

/**
 * A lead as the merger holds it, handed to `onChange` with its key: what {@link
 * RecordMerger.recordOf} makes the lead's record of, and a slot (`user`) the caller may keep its
 * own state of the lead in, so that it looks nothing up by key (36,500 leads in a year's report:
 * three lookups a lead fewer).
 */
export interface MergedLead {
  /** The caller's own state of the lead (undefined until set). */
  user: unknown;
  /** campaign_lead_id as the merger keeps it (a number if any record gave a number). */
  readonly id: string | number;
}

interface LeadEntry extends MergedLead {
  id: string | number;
  /** The lead's first record: its lead-level fields stand until a second record comes. */
  first: Record<string, unknown>;
  /** Merged lead-level fields (known and unknown), without campaign_lead_id, call and data; made on the second record. */
  fields: Map<string, unknown> | undefined;
  maxCall: number | undefined;
  /**
   * Bits: a `call` was seen as a number (SAW_NUMBER_CALL), as a string (SAW_STRING_CALL); a
   * record of this lead came with no attempt (LISTED_EMPTY: `data: []`, null or missing — the
   * lead is in the campaign and was listed for the range though not called in it; it is never
   * dropped). One number, not three booleans: an entry per lead, 36,500 in a year's report.
   */
  flags: number;
  /**
   * The first record's attempts as given; the later records' in `more` (duplicates included):
   * deduplicated by result(). Most leads come in one record: no list of lists for them.
   */
  data: CallAttempt[];
  more: CallAttempt[][] | undefined;
}

const SAW_NUMBER_CALL = 1;
const SAW_STRING_CALL = 2;
const LISTED_EMPTY = 4;

/**
 * A lead's merged `call` (module rules): the largest seen or its number of distinct attempts,
 * a string only when every `call` given was a string.
 */
function mergedCall(entry: LeadEntry, attempts: number): number | string {
  const total = Math.max(entry.maxCall ?? 0, attempts);
  return (entry.flags & (SAW_STRING_CALL | SAW_NUMBER_CALL)) === SAW_STRING_CALL
    ? String(total)
    : total;
}

/** Every record's attempts of a lead, as distinctAttempts takes them. */
function attemptLists(entry: LeadEntry): readonly CallAttempt[][] {
  return entry.more === undefined ? [entry.data] : [entry.data, ...entry.more];
}

/** Choose between the kept value and a new one for a lead-level field (see module rules). */
function mergeField(kept: unknown, incoming: unknown, present: boolean): unknown {
  if (!present) return incoming;
  if (!isEmpty(kept)) return kept;
  if (!isEmpty(incoming)) return incoming;
  // Both empty: a string beats null/undefined; among strings the smaller wins.
  if (typeof kept === 'string' && typeof incoming === 'string') {
    return compareStrings(incoming, kept) < 0 ? incoming : kept;
  }
  if (typeof incoming === 'string') return incoming;
  if (kept === undefined) return incoming;
  return kept;
}

/** Fields of a record the spec does not list. */
function unknownNames(record: Record<string, unknown>): string[] {
  let names: string[] | undefined;
  for (const name in record) if (!KNOWN_LEAD_FIELD_SET.has(name)) (names ??= []).push(name);
  return names ?? NONE;
}
const NONE: string[] = [];
/** A record's fields in the order {@link RecordMerger.recordOf} writes them, with none other. */
const VIEW_FIELDS: readonly string[] = [...RECORD_FIELDS, 'data'];
/** The `first` record of a lead made from a state: its fields are in `fields`. */
const EMPTY_FIRST: Record<string, unknown> = {};

/** The lead-level fields of a lead's first record, as merging it alone would set them. */
function leadFields(first: Record<string, unknown>): Map<string, unknown> {
  const fields = new Map<string, unknown>();
  for (const name of MERGED_FIELDS) fields.set(name, first[name]);
  for (const name of unknownNames(first)) fields.set(name, first[name]);
  return fields;
}

/**
 * A lead's attempts sorted by compareAttempts, one per key: two attempts compare equal exactly
 * when their (session, date_time, phone_number, status) key is the same, so duplicates end up
 * side by side and preferAttempt picks among them (whatever the order they came in).
 */
function distinctAttempts(lists: readonly CallAttempt[][]): readonly CallAttempt[] {
  // The usual case: one record whose attempts are already in order and distinct, kept as is.
  if (lists.length === 1 && strictlyOrdered(lists[0]!)) return lists[0]!;
  const sorted = (lists.length === 1 ? lists[0]!.slice() : lists.flat()).sort(compareAttempts);
  const out: CallAttempt[] = [];
  for (const a of sorted) {
    const last = out.length - 1;
    if (last >= 0 && compareAttempts(out[last]!, a) === 0) {
      if (preferAttempt(a, out[last]!)) out[last] = a;
    } else {
      out.push(a);
    }
  }
  return out;
}

function strictlyOrdered(list: readonly CallAttempt[]): boolean {
  for (let i = 1; i < list.length; i++)
    if (compareAttempts(list[i - 1]!, list[i]!) >= 0) return false;
  return true;
}

/**
 * The attempts to list, in spec field order: a plain copy of the array when nothing is left
 * out or reordered (the usual case), so a large report is not rebuilt attempt by attempt.
 */
function listed(
  attempts: readonly CallAttempt[],
  keep: ((attempt: CallAttempt) => boolean) | undefined,
): CallAttempt[] {
  let i = 0;
  for (; i < attempts.length; i++) {
    const a = attempts[i]!;
    if ((keep && !keep(a)) || normalizeAttempt(a) !== a) break;
  }
  if (i === attempts.length) return attempts.slice();
  const out = attempts.slice(0, i);
  for (; i < attempts.length; i++) {
    const a = attempts[i]!;
    if (!keep || keep(a)) out.push(normalizeAttempt(a));
  }
  return out;
}

function leadField(entry: LeadEntry, name: string): unknown {
  const v = entry.fields === undefined ? entry.first[name] : entry.fields.get(name);
  return v === undefined ? null : v;
}

/**
 * A lead's merged state, JSON-safe: what a spilled run keeps of it (spill.ts), merged again by
 * {@link RecordMerger.addState}. Merging the states of the records added so far with those of
 * the records added after gives what adding them all to one merger gives (the rules above are
 * associative): the output does not depend on where the records were cut into runs.
 */
export interface LeadState {
  /** campaign_lead_id as the merger keeps it (a number if any record gave a number). */
  i: string | number;
  /** Lead-level fields, in the order they were met: [name] when the value is undefined. */
  f: Array<[string] | [string, unknown]>;
  /** The largest `call` seen (parsed), or null. */
  m: number | null;
  /**
   * Bits: a `call` was seen as a number (1), as a string (2); some record listed the lead
   * with no attempts at all (4: kept as a lead with call 0, see LeadEntry.flags).
   */
  c: number;
  /** The distinct attempts so far, in output order (possibly none). */
  a: CallAttempt[];
}

/**
 * Rough bytes a record held by the merger takes, per record and per attempt: what
 * {@link RecordMerger.approxBytes} adds up (parsed JSON objects with their strings). Measured
 * on bench/report-big-server.js's answers (64,516 records of one attempt each: 68 MiB of heap
 * once parsed, ≈ 1,100 bytes a record; the lead's entry and map slot come on top): 650 and 400
 * (400 and 300 before issue 22 item 10's fourth round, which let the merger's heap reach 1.5
 * times the memory budget).
 */
export const RECORD_BYTES = 650;
export const ATTEMPT_BYTES = 400;

/** Merges call records per lead; see the module comment for the rules. */
export class RecordMerger {
  private leads = new Map<string, LeadEntry>();
  private bytes = 0;
  /**
   * The first lead (its key) the service gave two different phone numbers, in two records (the
   * first number is kept, by the rule above); kept through clear(). Told once, at the report's
   * end (report.fetch.numberClash): a service that mixes up its leads.
   */
  numberClash: string | undefined;

  /** A rough size of what the merger holds (RECORD_BYTES, ATTEMPT_BYTES), for a memory budget. */
  get approxBytes(): number {
    return this.bytes;
  }

  /** Forget every lead. */
  clear(): void {
    this.leads.clear();
    this.bytes = 0;
  }

  /** A merger (without onChange) holding every lead of this one, which is left empty. */
  detach(): RecordMerger {
    const taken = new RecordMerger();
    taken.leads = this.leads;
    taken.bytes = this.bytes;
    this.leads = new Map();
    this.bytes = 0;
    return taken;
  }

  /** The merged state of a lead, to merge again later ({@link addState}). */
  state(key: string): LeadState | undefined {
    const entry = this.leads.get(key);
    if (entry === undefined) return undefined;
    const fields = entry.fields ?? leadFields(entry.first);
    const f: LeadState['f'] = [];
    for (const [name, value] of fields) f.push(value === undefined ? [name] : [name, value]);
    return {
      i: entry.id,
      f,
      m: entry.maxCall ?? null,
      c: entry.flags,
      a: distinctAttempts(attemptLists(entry)).slice(),
    };
  }

  /**
   * Merge a lead's state (from {@link state}, possibly of another merger) as if the records it
   * was made of were added now.
   */
  addState(key: string, state: LeadState): void {
    this.bytes += RECORD_BYTES + ATTEMPT_BYTES * state.a.length;
    const entry = this.leads.get(key);
    if (entry === undefined) {
      const fields = new Map<string, unknown>();
      for (const pair of state.f) fields.set(pair[0], pair.length === 2 ? pair[1] : undefined);
      const entry: LeadEntry = {
        user: undefined,
        id: state.i,
        first: EMPTY_FIRST,
        fields,
        maxCall: state.m ?? undefined,
        flags: state.c & (SAW_NUMBER_CALL | SAW_STRING_CALL | LISTED_EMPTY),
        data: state.a,
        more: undefined,
      };
      this.leads.set(key, entry);
      this.onChange?.(key, entry);
    } else {
      if (typeof state.i === 'number') entry.id = state.i;
      const fields = (entry.fields ??= leadFields(entry.first));
      for (const pair of state.f) {
        const name = pair[0];
        const present = fields.has(name);
        const kept = fields.get(name);
        const incoming = pair.length === 2 ? pair[1] : undefined;
        const next = mergeField(kept, incoming, present);
        if (!present || next !== kept) fields.set(name, next);
        else if (name === 'phone_number' && otherNumber(kept, incoming)) this.numberClash ??= key;
      }
      if (state.m !== null)
        entry.maxCall = entry.maxCall === undefined ? state.m : Math.max(entry.maxCall, state.m);
      entry.flags |= state.c & (SAW_NUMBER_CALL | SAW_STRING_CALL | LISTED_EMPTY);
      (entry.more ??= []).push(state.a);
      this.onChange?.(key, entry);
    }
  }

  /**
   * @param onChange called with the key (`String(campaign_lead_id)`) of each lead a record is
   *   added to, and the lead, after the record is merged: what {@link record} (and
   *   {@link recordOf}) gives for it may have changed.
   */
  constructor(private readonly onChange?: (key: string, lead: MergedLead) => void) {}

  /** Add the records of one answer. Call in window order (oldest window first). */
  add(records: readonly CallRecord[]): void {
    for (const record of records) this.addOne(record);
  }

  /** Number of distinct leads so far. */
  get size(): number {
    return this.leads.size;
  }

  private addOne(record: CallRecord): void {
    const key = String(record.campaign_lead_id);
    const raw = record as unknown as Record<string, unknown>;
    const data = Array.isArray(record.data) ? record.data : [];
    this.bytes += RECORD_BYTES + ATTEMPT_BYTES * data.length;
    let entry = this.leads.get(key);
    if (entry === undefined) {
      entry = {
        user: undefined,
        id: record.campaign_lead_id,
        first: raw,
        fields: undefined,
        maxCall: undefined,
        flags: data.length === 0 ? LISTED_EMPTY : 0,
        data,
        more: undefined,
      };
      this.leads.set(key, entry);
    } else {
      if (typeof record.campaign_lead_id === 'number') entry.id = record.campaign_lead_id;
      const fields = (entry.fields ??= leadFields(entry.first));
      const merge = (name: string) => {
        const present = fields.has(name);
        const kept = fields.get(name);
        const next = mergeField(kept, raw[name], present);
        if (!present || next !== kept) fields.set(name, next);
        else if (name === 'phone_number' && otherNumber(kept, raw[name])) this.numberClash ??= key;
      };
      for (const name of MERGED_FIELDS) merge(name);
      // Fields the spec does not list; campaign_lead_id, call and data have rules of their own.
      for (const name in raw) if (!KNOWN_LEAD_FIELD_SET.has(name)) merge(name);
      (entry.more ??= []).push(data);
      if (data.length === 0) entry.flags |= LISTED_EMPTY;
    }

    const call = record.call;
    if (typeof call === 'number') entry.flags |= SAW_NUMBER_CALL;
    else if (typeof call === 'string') entry.flags |= SAW_STRING_CALL;
    const n = parseCall(call);
    if (n !== undefined)
      entry.maxCall = entry.maxCall === undefined ? n : Math.max(entry.maxCall, n);
    this.onChange?.(key, entry);
  }

  /** The leads' keys (`String(campaign_lead_id)`), in output order (compareLeadIds). */
  keys(): string[] {
    return sortLeadIds([...this.leads.keys()]);
  }

  /**
   * The merged records, sorted by campaign_lead_id. With `keep`, only the attempts it keeps are
   * listed and a lead left with none is dropped (its `call` still counts every attempt), unless
   * the service listed it with no attempt (`data: []`: in the campaign, not called in the
   * range), which is kept with `data: []`. Does not change the merger's state (the output's
   * arrays are its own).
   */
  result(keep?: (attempt: CallAttempt) => boolean): CallRecord[] {
    const out: CallRecord[] = [];
    for (const key of this.keys()) {
      const record = this.record(key, keep);
      if (record !== undefined) out.push(record);
    }
    return out;
  }

  /**
   * One lead's merged record as {@link result} lists it (its arrays its own), or undefined when
   * `keep` leaves it no attempt and the service never listed it without attempts (or no lead
   * has this key).
   */
  record(key: string, keep?: (attempt: CallAttempt) => boolean): CallRecord | undefined {
    const entry = this.leads.get(key);
    return entry === undefined ? undefined : this.recordOf(entry, keep);
  }

  /**
   * What {@link recordOf} gives, to read at once and let go of (a lead's text made of it): the
   * lead's only record itself when that is exactly the merged record — the spec's fields in the
   * spec's order and nothing else, `call` already the merged call, every attempt listed as it
   * came (in order, distinct, in the spec's field order, each kept). Otherwise recordOf's own
   * record. May share the merger's objects: never keep or change what it gives.
   */
  viewOf(lead: MergedLead, keep?: (attempt: CallAttempt) => boolean): CallRecord | undefined {
    const entry = lead as LeadEntry;
    if (entry.more !== undefined || entry.fields !== undefined) return this.recordOf(lead, keep);
    const raw = entry.first;
    let i = 0;
    for (const name in raw) {
      if (name !== VIEW_FIELDS[i] || raw[name] === undefined) return this.recordOf(lead, keep);
      i++;
    }
    if (i !== VIEW_FIELDS.length) return this.recordOf(lead, keep);
    const data = entry.data;
    if (raw.data !== data || !strictlyOrdered(data)) return this.recordOf(lead, keep);
    for (let a = 0; a < data.length; a++) {
      const attempt = data[a]!;
      if ((keep !== undefined && !keep(attempt)) || normalizeAttempt(attempt) !== attempt)
        return this.recordOf(lead, keep);
    }
    if (raw.call !== mergedCall(entry, data.length)) return this.recordOf(lead, keep);
    return raw as unknown as CallRecord;
  }

  /** {@link record} of a lead this merger handed to onChange (and holds: not detached since). */
  recordOf(lead: MergedLead, keep?: (attempt: CallAttempt) => boolean): CallRecord | undefined {
    const entry = lead as LeadEntry;
    const attempts = distinctAttempts(attemptLists(entry));
    const count = attempts.length;
    const data = listed(attempts, keep);
    if (keep && data.length === 0 && (entry.flags & LISTED_EMPTY) === 0) return undefined;
    const call = mergedCall(entry, count);
    const record: Record<string, unknown> = {
      campaign_id: leadField(entry, 'campaign_id'),
      campaign_name: leadField(entry, 'campaign_name'),
      campaign_lead_id: entry.id,
      ref_id: leadField(entry, 'ref_id'),
      phone_number: leadField(entry, 'phone_number'),
      lead_name: leadField(entry, 'lead_name'),
      call,
    };
    const fields = entry.fields;
    const extras =
      fields === undefined
        ? unknownNames(entry.first)
        : fields.size > MERGED_FIELDS.length
          ? [...fields.keys()].filter((k) => !KNOWN_LEAD_FIELD_SET.has(k))
          : NONE;
    if (extras.length > 0)
      for (const k of extras.sort(compareStrings)) record[k] = leadField(entry, k);
    record.data = data;
    return record as unknown as CallRecord;
  }
}
