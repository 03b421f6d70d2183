/**
 * Suppression (do-not-call) lists (DESIGN.md "Vietnamese numbers and do-not-call lists"): files
 * of phone numbers that must not be called. A list is read through the input layer like a lead
 * file (CSV in any encoding cacs reads, .xlsx, JSON, NDJSON, or plain text with one number per
 * line), its phone column found by the lead aliases, every entry normalised with the very
 * function the leads' phone_number goes through (normalizePhone), and kept in a NumberSet.
 *
 * A list cacs cannot use is a UsageError (exit 2) naming the file (and the line, when the
 * reader knows it), thrown before anything is sent: an import never goes ahead without a list it
 * was given. Entries that are not phone numbers once normalised are ignored, counted and shown
 * (a few of them); a list that yields no number at all is refused (an export that came out empty
 * or a wrong column must not let every lead through).
 */
import fs from 'node:fs';
import { CacsError, UsageError } from '../errors.js';
import { DEFAULT_PHONE_PATTERN } from '../api/spec.js';
import { inspectInput } from '../input/inspect.js';
import { openRows } from '../input/rows.js';
import type { RowSource } from '../input/types.js';
import { fieldForHeader } from './columns.js';
import { normalizePhone, type PhoneResult } from './normalize.js';

// ---------------------------------------------------------------------------------------------
// The compact set

/** The nine digits after the trunk 0 of a `0` + 9-digit number as an integer, else -1. */
export function mobileKey(s: string): number {
  if (s.length !== 10 || s.charCodeAt(0) !== 48) return -1;
  let k = 0;
  for (let i = 1; i < 10; i++) {
    const d = s.charCodeAt(i) - 48;
    if (d < 0 || d > 9) return -1;
    k = k * 10 + d;
  }
  return k;
}

const CHUNK = 1 << 18;
/** Radix sort: two passes of 15 bits cover keys below 2^30 (10^9 − 1 < 2^30). */
const RADIX_BITS = 15;
const RADIX = 1 << RADIX_BITS;
const RADIX_MASK = RADIX - 1;
const EMPTY = new Uint32Array(0);

/**
 * A set of normalised phone numbers in 4 bytes each: a Vietnamese number (`0` + 9 digits) is
 * its nine significant digits as an integer (< 10^9 < 2^30), in one sorted Uint32Array
 * searched by bisection. Numbers of any other form (a wider import.phonePattern) go to a
 * small Set of strings. While a list is read, the integers collect in 1 MB chunks; seal()
 * radix-sorts them in two passes (chunks → scratch → the final array), letting go of each
 * chunk once it is read: at most 12 bytes per number at the peak, 4 after.
 */
export class NumberSet {
  private chunks: Uint32Array[] = [];
  private filled = CHUNK;
  private keys = new Uint32Array(0);
  private readonly other = new Set<string>();
  private sealed = false;

  /** Add a normalised number (before seal()). */
  add(phone: string): void {
    const k = mobileKey(phone);
    if (k < 0) this.other.add(phone);
    else this.addKey(k);
  }

  /** Add a `0` + 9-digit number by its mobileKey (before seal()). */
  addKey(k: number): void {
    if (this.filled === CHUNK) {
      this.chunks.push(new Uint32Array(CHUNK));
      this.filled = 0;
    }
    this.chunks[this.chunks.length - 1]![this.filled++] = k;
  }

  /** Sort and drop repeats; then has() may be asked. */
  seal(): this {
    if (this.sealed) return this;
    const chunks = this.chunks;
    this.chunks = [];
    const last = chunks.length - 1;
    const count = chunks.length === 0 ? 0 : last * CHUNK + this.filled;
    const lengthOf = (c: number) => (c === last ? this.filled : CHUNK);
    // Pass 1, by the low 15 bits: chunks → scratch.
    const counts = new Uint32Array(RADIX);
    for (let c = 0; c <= last; c++) {
      const chunk = chunks[c]!;
      for (let i = 0, n = lengthOf(c); i < n; i++) counts[chunk[i]! & RADIX_MASK]!++;
    }
    offsets(counts);
    const scratch = new Uint32Array(count);
    for (let c = 0; c <= last; c++) {
      const chunk = chunks[c]!;
      for (let i = 0, n = lengthOf(c); i < n; i++) {
        const k = chunk[i]!;
        scratch[counts[k & RADIX_MASK]!++] = k;
      }
      chunks[c] = EMPTY;
    }
    // Pass 2, by the high bits: scratch → all (stable, so all ends sorted).
    counts.fill(0);
    for (let i = 0; i < count; i++) counts[scratch[i]! >>> RADIX_BITS]!++;
    offsets(counts);
    const all = new Uint32Array(count);
    for (let i = 0; i < count; i++) {
      const k = scratch[i]!;
      all[counts[k >>> RADIX_BITS]!++] = k;
    }
    let unique = 0;
    for (let i = 0; i < count; i++) {
      const k = all[i]!;
      if (unique === 0 || all[unique - 1] !== k) all[unique++] = k;
    }
    // Many repeats: give the rest back; else keep the one buffer (no second copy).
    this.keys = unique < count * 0.9 ? all.slice(0, unique) : all.subarray(0, unique);
    this.sealed = true;
    return this;
  }

  has(phone: string): boolean {
    const k = mobileKey(phone);
    if (k < 0) return this.other.size > 0 && this.other.has(phone);
    const keys = this.keys;
    let lo = 0;
    let hi = keys.length - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >>> 1;
      const v = keys[mid]!;
      if (v < k) lo = mid + 1;
      else if (v > k) hi = mid - 1;
      else return true;
    }
    return false;
  }

  /** Distinct numbers held. */
  get size(): number {
    return this.keys.length + this.other.size;
  }

  /** Bytes held for the numbers (the array's buffer; about 64 per number of the other Set). */
  get bytes(): number {
    return this.keys.buffer.byteLength + this.other.size * 64;
  }
}

/** Counts → the start of each bucket, in place. */
function offsets(counts: Uint32Array): void {
  let sum = 0;
  for (let i = 0; i < counts.length; i++) {
    const n = counts[i]!;
    counts[i] = sum;
    sum += n;
  }
}

// ---------------------------------------------------------------------------------------------
// Lists

/** A list to read: where it is, how it is named, and where it was given (for messages). */
export interface SuppressionSource {
  /** Absolute path. */
  path: string;
  /** The name in messages and in the skipped file's reasons (the path as given). */
  name: string;
  /** Where the list was given: `--suppress`, `import.suppress (…config file…)`, `suppress`. */
  from: string;
}

/** What a list held, and what it did in this run. */
export interface SuppressionListSummary {
  /** The list's name (the path as given). */
  list: string;
  /** Its absolute path. */
  path: string;
  /** Distinct phone numbers in it, once normalised. */
  numbers: number;
  /** Entries that are not phone numbers once normalised (ignored). */
  ignored: number;
  /** Leads of this run held back because they are on it. */
  suppressed: number;
}

export interface SuppressionList extends SuppressionListSummary {
  set: NumberSet;
  /** A few of the ignored entries, for the note. */
  ignoredExamples: Array<{ line: number; value: string }>;
}

export interface LoadOptions {
  /** What a phone number must look like once normalised (import.phonePattern). */
  phonePattern?: string;
}

const LETTER = /\p{L}/u;
const DIGITS = /^\d+$/;
/** The CSV readers' refusal of a file with a first row only (a one-number list has one). */
const ONLY_A_HEADER = /: only a header row, no data rows$/;

/**
 * Whether a normalised entry is a phone number a lead could have (the validator's pattern), or
 * undefined for the default pattern (`0` + 9 digits: mobileKey ≥ 0).
 */
function phoneCheck(phonePattern: string): ((phone: string) => boolean) | undefined {
  if (phonePattern === DEFAULT_PHONE_PATTERN) return undefined;
  let pattern: RegExp;
  try {
    pattern = new RegExp(`^(?:${phonePattern})$`);
  } catch (e) {
    throw new UsageError(
      `the phone pattern ${JSON.stringify(phonePattern)} is not a valid regular expression`,
      {
        hint: 'fix import.phonePattern in the configuration (a JavaScript regular expression)',
        cause: e,
      },
    );
  }
  return (p) => DIGITS.test(p) && pattern.test(p);
}

/**
 * Which column holds the numbers: the one column whose header is phone_number or one of its
 * aliases; in a file of one column, that column, its first row a header when it has a letter
 * (else it is the first number: a plain list without a header).
 */
function phoneColumn(
  headers: readonly string[],
  name: string,
): { column: number; headerIsEntry: boolean } {
  const phones = headers.flatMap((h, i) => (fieldForHeader(h) === 'phone_number' ? [i] : []));
  if (phones.length === 1) return { column: phones[0]!, headerIsEntry: false };
  if (phones.length > 1) {
    throw new UsageError(
      `${name}: ${phones.length} columns look like the phone column (${phones.map((i) => JSON.stringify(headers[i])).join(', ')}); a do-not-call list needs exactly one`,
      {
        hint: 'Keep one phone column in the list, or save the numbers alone as a text file with one number per line.',
      },
    );
  }
  if (headers.length === 1) return { column: 0, headerIsEntry: !LETTER.test(headers[0]!) };
  const shown = headers.slice(0, 10).map((h) => JSON.stringify(h));
  throw new UsageError(
    `${name}: no phone column: none of its columns (${shown.join(', ')}${headers.length > 10 ? ', …' : ''}) is phone_number or one of its aliases`,
    {
      hint: 'Name the column of numbers phone_number (or phone, mobile, sdt, số điện thoại…), or save the numbers alone as a text file with one number per line.',
    },
  );
}

/** A failure reading a list, as the exit-2 error that names it and where it was given. */
function listError(e: unknown, src: SuppressionSource): unknown {
  const why =
    'Nothing was sent: cacs does not import without a do-not-call list it was given. ' +
    `Fix or replace the file, or remove it from ${src.from}.`;
  if (e instanceof CacsError) {
    return new UsageError(`do-not-call list ${e.message}`, {
      hint: e.hint !== undefined ? `${e.hint} ${why}` : why,
      cause: e,
    });
  }
  const code = (e as { code?: unknown } | null)?.code;
  if (typeof code === 'string') {
    return new UsageError(`do-not-call list ${src.name}: cannot read it (${code})`, {
      hint: why,
      cause: e,
    });
  }
  return e;
}

/** Read one list (see the module comment). */
export async function loadSuppressionList(
  src: SuppressionSource,
  opts: LoadOptions = {},
): Promise<SuppressionList> {
  const isPhone = phoneCheck(opts.phonePattern ?? DEFAULT_PHONE_PATTERN);
  const set = new NumberSet();
  const ignoredExamples: SuppressionList['ignoredExamples'] = [];
  let ignored = 0;
  const into: PhoneResult = { value: '', changes: 0 };
  const take = (raw: string, line: number) => {
    // Blank entries are no entries (normalisation trims them to '').
    const phone = normalizePhone(raw, into).value;
    if (phone === '') return;
    const k = mobileKey(phone);
    if (isPhone === undefined ? k >= 0 : isPhone(phone)) {
      if (k >= 0) set.addKey(k);
      else set.add(phone);
      return;
    }
    ignored++;
    if (ignoredExamples.length < 3) ignoredExamples.push({ line, value: raw });
  };
  let source: RowSource | undefined;
  try {
    const info = await inspectInput(src.path, src.name, {});
    source = await openRows(info);
    const { column, headerIsEntry } = phoneColumn(source.headers, src.name);
    if (headerIsEntry) take(source.headers[column]!, 1);
    try {
      await source.each((row) => take(row.values[column] ?? '', row.line));
    } catch (e) {
      // A list of one number without a header is one row: no data row after it.
      if (!(headerIsEntry && e instanceof UsageError && ONLY_A_HEADER.test(e.message))) throw e;
    }
  } catch (e) {
    throw listError(e, src);
  } finally {
    await source?.close?.();
  }
  set.seal();
  if (set.size === 0) {
    throw new UsageError(
      `do-not-call list ${src.name}: no phone number in it${ignored > 0 ? ` (${ignored.toLocaleString('en-US')} ${ignored === 1 ? 'entry is not a phone number' : 'entries are not phone numbers'}, e.g. line ${ignoredExamples[0]!.line}: ${JSON.stringify(ignoredExamples[0]!.value)})` : ''}`,
      {
        hint:
          'An empty or unreadable list is refused, so that an export that came out empty never lets every lead through. ' +
          `Check the file, or remove it from ${src.from}.`,
      },
    );
  }
  return {
    list: src.name,
    path: src.path,
    numbers: set.size,
    ignored,
    suppressed: 0,
    set,
    ignoredExamples,
  };
}

/**
 * The lists of one import, in the order given. find() answers for a lead's phone number as the
 * preflight has it; it is normalised once more (normalizePhone is idempotent), so that a listed
 * number is found even when the import runs with normalisation off.
 */
export class Suppression {
  private readonly into: PhoneResult = { value: '', changes: 0 };

  private constructor(readonly lists: readonly SuppressionList[]) {}

  /**
   * Read every list (one file named twice is read once), one after another; the first that
   * cannot be used stops the import (UsageError).
   */
  static async load(sources: readonly SuppressionSource[], opts: LoadOptions = {}) {
    const lists: SuppressionList[] = [];
    const seen = new Set<string>();
    for (const src of sources) {
      let key = src.path;
      try {
        key = fs.realpathSync(src.path);
      } catch {
        // Not there: loadSuppressionList says so.
      }
      if (seen.has(key)) continue;
      seen.add(key);
      lists.push(await loadSuppressionList(src, opts));
    }
    return new Suppression(lists);
  }

  /** The first list holding this number (counted as a lead it held back), or undefined. */
  holdBack(phone: string): { code: 'suppressed'; reason: string } | undefined {
    const normal = normalizePhone(phone, this.into).value;
    for (const list of this.lists) {
      if (list.set.has(normal)) {
        list.suppressed++;
        return { code: 'suppressed', reason: `on do-not-call list ${list.list}` };
      }
    }
    return undefined;
  }

  summary(): SuppressionListSummary[] {
    return this.lists.map(({ list, path, numbers, ignored, suppressed }) => ({
      list,
      path,
      numbers,
      ignored,
      suppressed,
    }));
  }

  /** Lines for the user: the entries each list had that are not phone numbers. */
  notes(): string[] {
    return this.lists
      .filter((l) => l.ignored > 0)
      .map(
        (l) =>
          `do-not-call list ${l.list}: ${l.ignored.toLocaleString('en-US')} ${l.ignored === 1 ? 'entry is' : 'entries are'} not a phone number once normalised and ${l.ignored === 1 ? 'was' : 'were'} ignored (${l.ignoredExamples.map((x) => `line ${x.line}: ${JSON.stringify(x.value.length > 40 ? `${x.value.slice(0, 40)}…` : x.value)}`).join('; ')}${l.ignored > l.ignoredExamples.length ? '; …' : ''})`,
      );
  }
}
