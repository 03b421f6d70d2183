/**
 * Suppression (do-not-call) lists (DESIGN.md "Vietnamese numbers and do-not-call lists"): files
 * of phone numbers that must not be called. A list is read through the input layer like a lead
 * file (CSV in any encoding cacs reads, .xlsx, JSON, NDJSON: openRows), its phone column found
 * by the lead aliases; a plain list of one number per line, the common case, by a line scanner
 * over the input layer's decoding (readPlainList). Every entry is normalised with the very
 * function the leads' phone_number goes through (normalizePhone) and kept in a NumberSet.
 *
 * A list cacs cannot use is a UsageError (exit 2) naming the file (and the line, when the
 * reader knows it), thrown before anything is sent: an import never goes ahead without a list it
 * was given. Entries that are not phone numbers once normalised are ignored, counted and shown
 * (a few of them); a list that yields no number at all is refused (an export that came out empty
 * or a wrong column must not let every lead through).
 */
import fs from 'node:fs';
import path from 'node:path';
import { CacsError, UsageError } from '../errors.js';
import { t, tCount } from '../messages/index.js';
import { DEFAULT_PHONE_PATTERN } from '../api/spec.js';
import { BlockTrail } from '../input/bytes.js';
import { UndecodableInputError, textChunks, utf8Chunks } from '../input/decode.js';
import { inspectInput } from '../input/inspect.js';
import { openRows } from '../input/rows.js';
import type { InputInfo, RowSource } from '../input/types.js';
import { nfc } from '../input/unicode.js';
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

/**
 * Do-not-call lists as a library caller names them (a file name read against `cwd`, or
 * `{ path, name?, from? }`), as the sources Suppression.load reads.
 */
export function suppressionSources(
  lists: ReadonlyArray<string | { path: string; name?: string; from?: string }>,
  cwd: string,
): SuppressionSource[] {
  return lists.map((list) =>
    typeof list === 'string'
      ? { path: path.resolve(cwd, list), name: list, from: 'suppress' }
      : {
          path: path.resolve(cwd, list.path),
          name: list.name ?? list.path,
          from: list.from ?? 'suppress',
        },
  );
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
  /**
   * What the lists are read for, in the hint of a list that cannot be used: an import (default)
   * or a report's compliance check (`cacs report --summary`, `--fail-on-violations`).
   */
  purpose?: 'import' | 'report';
}

/** The first words of the hint of a list that cannot be used: what it stopped, and why. */
const STOPPED = {
  import: {
    unusable: () => t('leads.dnc.stopped.import.unusable'),
    empty: () => t('leads.dnc.stopped.import.empty'),
  },
  report: {
    unusable: () => t('leads.dnc.stopped.report.unusable'),
    empty: () => t('leads.dnc.stopped.report.empty'),
  },
} as const;

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
    throw new UsageError(t('leads.dnc.phonePattern', { pattern: JSON.stringify(phonePattern) }), {
      hint: t('leads.dnc.phonePattern.hint'),
      cause: e,
    });
  }
  return (p) => DIGITS.test(p) && pattern.test(p);
}

/**
 * Which column holds the numbers: the one column whose header is phone_number or one of its
 * aliases; in a file of one column, that column. `firstRow`: the column has no such header, so
 * its first row may be a number (a plain list without a header: see loadSuppressionList).
 */
function phoneColumn(
  headers: readonly string[],
  name: string,
): { column: number; firstRow: boolean } {
  const phones = headers.flatMap((h, i) => (fieldForHeader(h) === 'phone_number' ? [i] : []));
  if (phones.length === 1) return { column: phones[0]!, firstRow: false };
  if (phones.length > 1) {
    throw new UsageError(
      t('leads.dnc.phoneColumns', {
        name,
        count: phones.length,
        columns: phones.map((i) => JSON.stringify(headers[i])).join(', '),
      }),
      { hint: t('leads.dnc.phoneColumns.hint') },
    );
  }
  if (headers.length === 1) return { column: 0, firstRow: true };
  const shown = headers.slice(0, 10).map((h) => JSON.stringify(h));
  throw new UsageError(
    t('leads.dnc.noPhoneColumn', {
      name,
      columns: `${shown.join(', ')}${headers.length > 10 ? ', …' : ''}`,
    }),
    { hint: t('leads.dnc.noPhoneColumn.hint') },
  );
}

/** A failure reading a list, as the exit-2 error that names it and where it was given. */
function listError(e: unknown, src: SuppressionSource, purpose: 'import' | 'report'): unknown {
  const why = t('leads.dnc.unusable.hint', {
    stopped: STOPPED[purpose].unusable(),
    from: src.from,
  });
  if (e instanceof CacsError) {
    // A list's encoding cannot be given (the lead file's is): the advice is to save it as UTF-8.
    const hint = e instanceof UndecodableInputError ? t('leads.dnc.encoding.hint') : e.hint;
    return new UsageError(t('leads.dnc.error', { message: e.message }), {
      hint: hint !== undefined ? `${hint} ${why}` : why,
      cause: e,
    });
  }
  const code = (e as { code?: unknown } | null)?.code;
  if (typeof code === 'string') {
    return new UsageError(t('leads.dnc.unreadable', { name: src.name, code }), {
      hint: why,
      cause: e,
    });
  }
  return e;
}

/** The entries of one read of a list: the numbers, and the entries that are no number. */
class Collector {
  readonly set = new NumberSet();
  ignored = 0;
  readonly ignoredExamples: SuppressionList['ignoredExamples'] = [];
  private readonly into: PhoneResult = { value: '', changes: 0 };

  constructor(private readonly isPhone: ((phone: string) => boolean) | undefined) {}

  /** Add an entry if it is a number once normalised; whether it was. */
  add(raw: string): boolean {
    const phone = normalizePhone(raw, this.into).value;
    const k = mobileKey(phone);
    if (this.isPhone === undefined ? k < 0 : !this.isPhone(phone)) return false;
    if (k >= 0) this.set.addKey(k);
    else this.set.add(phone);
    return true;
  }

  /** An entry of the list: added, or counted as ignored (blank entries are no entries). */
  take(raw: string, line: number): void {
    if (this.add(raw) || normalizePhone(raw, this.into).value === '') return;
    this.ignored++;
    if (this.ignoredExamples.length < 3) this.ignoredExamples.push({ line, value: raw });
  }

  /**
   * The first row of a one-column list: a header, unless it reads as a number or has no
   * letter (then it is an entry: a list without a header). An alias header is a header.
   */
  first(raw: string, line: number): void {
    if (fieldForHeader(raw) === 'phone_number' || this.add(raw)) return;
    if (!LETTER.test(raw)) this.take(raw, line);
  }
}

/** Longest line the plain-list reader carries over a chunk (the CSV readers' row limit). */
const MAX_LINE = 1_000_000;

/**
 * A plain list — one number per line, no quote, no delimiter: what most do-not-call exports
 * are — read by a line scanner over the input layer's decoding (its encodings, BOM and UTF-8
 * check, and its block reads), on bytes, without a string or a row object per line: a
 * `0` + 9-digit line is turned into its key from its bytes, any other line is decoded,
 * composed (NFC) and normalised like a lead's phone. (UTF-8, checked, is scanned as read;
 * text in other encodings is decoded, then scanned as UTF-8.) Lines are counted as the CSV
 * readers count them; blank lines are skipped. Returns false as soon as the text is not such
 * a list (a quote, a delimiter, a bare CR, a very long line): the caller then reads it through
 * openRows, which reads any CSV (or says exactly what is wrong with it).
 */
async function readPlainList(info: InputInfo, into: Collector): Promise<boolean> {
  const trail = new BlockTrail(info.displayName);
  const chunks: AsyncGenerator<Buffer | string> =
    info.encoding === 'utf8' ? utf8Chunks(info, trail) : textChunks(info, trail);
  const delimiter = info.delimiter.charCodeAt(0);
  let carry: Buffer | undefined;
  let line = 1;
  let first = true;
  /** One line's bytes [from, to) of b (without its LF); false: not a plain list. */
  const lineOf = (b: Buffer, from: number, to: number): boolean => {
    // CRLF: the CR goes; any other CR is a line ending the CSV readers must judge.
    let end = to;
    if (end > from && b[end - 1] === 13) end--;
    if (end === from) return true;
    if (!first && end - from === 10 && b[from] === 48) {
      let k = 0;
      let i = from + 1;
      for (; i < end; i++) {
        const d = b[i]! - 48;
        if (d < 0 || d > 9) break;
        k = k * 10 + d;
      }
      if (i === end) {
        into.set.addKey(k);
        return true;
      }
    }
    const raw = nfc(b.toString('utf8', from, end));
    if (raw.includes('\r')) return false;
    if (first) into.first(raw, line);
    else into.take(raw, line);
    first = false;
    return true;
  };
  try {
    for await (const piece of chunks) {
      const b = typeof piece === 'string' ? Buffer.from(piece, 'utf8') : piece;
      if (b.indexOf(34) >= 0 || b.indexOf(delimiter) >= 0) return false;
      let p = 0;
      if (carry !== undefined) {
        // The line begun in the chunks before ends in this one (or goes on).
        const lf = b.indexOf(10);
        const head = Buffer.concat([carry, lf < 0 ? b : b.subarray(0, lf)]);
        if (lf < 0) {
          if (head.length > MAX_LINE) return false;
          carry = head;
          continue;
        }
        carry = undefined;
        if (!lineOf(head, 0, head.length)) return false;
        line++;
        p = lf + 1;
      }
      for (;;) {
        const lf = b.indexOf(10, p);
        if (lf < 0) break;
        if (!lineOf(b, p, lf)) return false;
        line++;
        p = lf + 1;
      }
      if (p < b.length) {
        if (b.length - p > MAX_LINE) return false;
        // A copy: the reader may reuse its buffer.
        carry = Buffer.from(b.subarray(p));
      }
    }
    return carry === undefined || lineOf(carry, 0, carry.length);
  } finally {
    await chunks.return(undefined);
  }
}

/** Read a list through openRows: any format the input layer reads. */
async function readRows(info: InputInfo, into: Collector): Promise<void> {
  let source: RowSource | undefined;
  try {
    source = await openRows(info);
    const { column, firstRow } = phoneColumn(source.headers, info.displayName);
    if (firstRow) into.first(source.headers[column]!, 1);
    try {
      await source.each((row) => into.take(row.values[column] ?? '', row.line));
    } catch (e) {
      // A list of one number without a header is one row: no data row after it.
      if (!(firstRow && e instanceof UsageError && ONLY_A_HEADER.test(e.message))) throw e;
    }
  } finally {
    await source?.close?.();
  }
}

/** Read one list (see the module comment). */
export async function loadSuppressionList(
  src: SuppressionSource,
  opts: LoadOptions = {},
): Promise<SuppressionList> {
  const isPhone = phoneCheck(opts.phonePattern ?? DEFAULT_PHONE_PATTERN);
  let entries = new Collector(isPhone);
  try {
    // A pipe (`--suppress <(curl …)`) or a device: refused here, in a list's words.
    const stat = fs.statSync(src.path, { throwIfNoEntry: false });
    if (stat !== undefined && !stat.isFile() && !stat.isDirectory()) {
      throw new UsageError(t('leads.dnc.notFile', { name: src.name }), {
        hint: t('leads.dnc.notFile.hint'),
      });
    }
    const info = await inspectInput(src.path, src.name, {});
    if (info.format !== 'csv' || !(await readPlainList(info, entries))) {
      entries = new Collector(isPhone);
      await readRows(info, entries);
    }
  } catch (e) {
    throw listError(e, src, opts.purpose ?? 'import');
  }
  const { set, ignored, ignoredExamples } = entries;
  set.seal();
  if (set.size === 0) {
    throw new UsageError(
      ignored > 0
        ? tCount('leads.dnc.noPhone.ignored', ignored, {
            name: src.name,
            line: ignoredExamples[0]!.line,
            value: JSON.stringify(ignoredExamples[0]!.value),
          })
        : t('leads.dnc.noPhone', { name: src.name }),
      {
        hint: t('leads.dnc.noPhone.hint', {
          stopped: STOPPED[opts.purpose ?? 'import'].empty(),
          from: src.from,
        }),
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
        return { code: 'suppressed', reason: t('leads.dnc.reason', { list: list.list }) };
      }
    }
    return undefined;
  }

  /**
   * The name of the first list holding this number (normalised as holdBack does), or
   * undefined. Counts nothing: for questions about numbers that were not leads of this run
   * (the report's compliance check).
   */
  listOf(phone: string): string | undefined {
    const normal = normalizePhone(phone, this.into).value;
    for (const list of this.lists) if (list.set.has(normal)) return list.list;
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
      .map((l) =>
        tCount('leads.dnc.ignored', l.ignored, {
          list: l.list,
          examples: `${l.ignoredExamples
            .map((x) =>
              t('leads.dnc.example', {
                line: x.line,
                value: JSON.stringify(x.value.length > 40 ? `${x.value.slice(0, 40)}…` : x.value),
              }),
            )
            .join('; ')}${l.ignored > l.ignoredExamples.length ? '; …' : ''}`,
        }),
      );
  }
}
