/**
 * Reading lead files: bytes → text (BOM, UTF-8 checked strictly, or --encoding) → rows.
 * CSV (delimiter detected among , ; TAB |), a JSON array (or {"data": [...]}), or NDJSON.
 * Every structural problem is a UsageError naming the file and the line: nothing is sent.
 * Rows are streamed: a file is never held in memory whole (JSON arrays excepted, up to
 * inputLimits.jsonBytes); a CSV row or NDJSON line is at most inputLimits.rowBytes.
 * Headers and values come out in Unicode NFC, whatever the encoding (see "Unicode composition").
 */
import { freeSpace as statfsFree } from '../atomic-write.js';
import { formatBytes } from '../text.js';
import { createHash, type Hash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { isUtf8 } from 'node:buffer';
import type { Readable } from 'node:stream';
import { removeOnExit } from '../cleanup.js';
import { ENV } from '../config/env.js';
import { InterruptedError, UsageError } from '../errors.js';
import { FastCsvParser, lineBreaks } from './csv-fast.js';

export type InputFormat = 'csv' | 'json' | 'ndjson' | 'xlsx';
export const INPUT_FORMATS: readonly InputFormat[] = ['csv', 'json', 'ndjson', 'xlsx'];
export const DELIMITERS = [',', ';', '\t', '|'] as const;

export interface InputOptions {
  format?: InputFormat;
  delimiter?: string;
  encoding?: string;
  /** xlsx: sheet name or 1-based number (default: the first visible sheet). */
  sheet?: string;
}

/** What the first look at a file decided. */
export interface InputInfo {
  /** The path read (a spooled temp file for stdin). */
  path: string;
  /** How the input is named in messages and output file names ("leads.csv", "stdin"). */
  displayName: string;
  format: InputFormat;
  /** 'utf8' unless a BOM or --encoding said otherwise. */
  encoding: string;
  bom: boolean;
  delimiter: string;
  size: number;
  sheet?: string;
}

export interface Row {
  /** 1-based line of the row's start (CSV, NDJSON) or element number (JSON array). */
  line: number;
  values: string[];
}

export interface RowSource {
  headers: string[];
  /**
   * Call fn for every data row, in order; resolves when the input is exhausted. The fast CSV
   * reader also awaits `afterChunk` after the rows of each chunk read (back-pressure).
   */
  each(fn: (row: Row) => void, opts?: { afterChunk?: () => Promise<void> | void }): Promise<void>;
  /** The content hash (as hashFile computes it), when reading the file whole computed it on the way. */
  contentHash?: () => string | undefined;
  /**
   * SHA-256 of each READ_CHUNK-sized block of the file, when the fast CSV reader read it whole:
   * a second read given them (openRows' `verify`) fails with InputChangedError at the first
   * block that differs.
   */
  blockDigests?: () => readonly Buffer[] | undefined;
  /**
   * Let go of the file when `each` will not be called (the caller refused the headers): a
   * reader that keeps the file open after the header row closes it. Harmless after `each`.
   */
  close?: () => Promise<void>;
}

export interface OpenRowsOptions {
  /** Block digests from an earlier whole read: the file must still be exactly those bytes. */
  verify?: readonly Buffer[];
}

/** The file is no longer what an earlier read of it saw. */
export class InputChangedError extends Error {
  constructor(readonly displayName: string) {
    super(`${displayName} changed while it was being imported`);
    this.name = 'InputChangedError';
  }
}

/**
 * Limits on what is read into memory at once (DESIGN.md "Limits against hostile or broken
 * answers"): going over one is a UsageError (exit 2) naming the file and line. Mutable for tests.
 */
export { formatBytes };

export const inputLimits = {
  /** Longest CSV row (csv-parse's max_record_size) and longest NDJSON line, in bytes of UTF-8. */
  rowBytes: 1_000_000,
  /** Largest JSON (array) file, which is parsed whole (about 5 times its size in memory): 128 MiB. */
  jsonBytes: 128 * 1024 * 1024,
};

const READ_CHUNK = 256 * 1024;
/** Bytes of UTF-8 decoded and handed to the fast CSV parser at a time. */
const TEXT_SLICE = 32 * 1024;

// --------------------------------------------------------------------------------------------
// Unicode composition (NFC)
//
// Every header and value a reader hands on is in NFC, whatever the encoding: decomposed text
// (macOS, windows-1258's combining tone marks, NFD UTF-16) reaches the service composed, as
// precomposed input does. NFC is applied to whole values, after parsing, never to decoded text
// chunks: a value is complete by then, so a chunk boundary between a letter and its tone mark
// (or inside a run of marks) cannot leave it uncomposed, and a delimiter is never composed
// with a mark that follows it. The decoders only have to hand on whole code points.

/**
 * Code units from which a string may not be NFC. Nothing below U+0300 decomposes, composes
 * with the character before it or is reordered (every NFC_QC No/Maybe and ccc≠0 character is
 * above), so ASCII and Latin-1 text — one-byte strings in V8, which this never matches —
 * skips normalize().
 */
const MAY_COMPOSE = /[\u0300-\uffff]/;
/**
 * A code point that may compose with, or be reordered around, the character before it: the
 * combining marks (every character with ccc≠0 or NFC_QC=Maybe is one) and the Hangul vowel and
 * final jamo (NFC_QC=Maybe, composed into the syllable before them).
 */
const COMBINES_BACKWARD = /^[\p{M}\u1161-\u1175\u11a8-\u11c2]/u;

/** A header or value in NFC. */
export function nfc(value: string): string {
  return MAY_COMPOSE.test(value) ? value.normalize('NFC') : value;
}

/**
 * Whether every value parsed from `text` — alone, or after text that passed this test — is NFC
 * as it is: `text` is NFC and does not begin with a character that could compose or reorder
 * with what came before it. (A substring of NFC text cut before such a starter, or at a
 * delimiter, is NFC too.) One scan of the text where a value-by-value normalize() would cost
 * a call per value: text that fails has its values composed one by one.
 */
export function composedText(text: string): boolean {
  if (!MAY_COMPOSE.test(text)) return true;
  return !COMBINES_BACKWARD.test(text) && text.normalize('NFC') === text;
}

/** The same rows with every header and value in NFC (for readers that decode whole values). */
function composed(source: RowSource): RowSource {
  return {
    ...source,
    headers: source.headers.map(nfc),
    each: (fn, opts) =>
      source.each((row) => {
        const values = row.values;
        for (let i = 0; i < values.length; i++) values[i] = nfc(values[i]!);
        fn(row);
      }, opts),
  };
}

function where(info: Pick<InputInfo, 'displayName'>, line?: number): string {
  return line === undefined ? info.displayName : `${info.displayName}:${line}`;
}

/** Guess the format from the extension (stdin and unknown extensions: csv). */
export function formatFromName(name: string): InputFormat {
  const ext = path.extname(name).toLowerCase();
  if (ext === '.json') return 'json';
  if (ext === '.ndjson' || ext === '.jsonl') return 'ndjson';
  return 'csv';
}

/** Default for spoolStdin's `limit` (setting import.stdinLimit, env CACS_STDIN_LIMIT): 1 GiB. */
export const DEFAULT_SPOOL_LIMIT = 1024 ** 3;
/** Spooling stops rather than leave less than this free in the spool's folder. */
export const SPOOL_FREE_MARGIN = 64 * 1024 * 1024;
/** Free space is looked at again after each this many bytes spooled. */
const SPOOL_FREE_CHECK_EVERY = 16 * 1024 * 1024;

export interface SpoolOptions {
  /** How the input is named in messages ("stdin", or the path of a pipe given by name). */
  displayName?: string;
  /** Most bytes kept; more is a UsageError, raised as soon as the limit is passed. */
  limit?: number;
  /** --encoding: a UTF-16/32 input may hold NUL bytes, so the early binary check is skipped. */
  encoding?: string;
  /** Folder the spool folder is made in (default: os.tmpdir(), i.e. $TMPDIR or /tmp). */
  dir?: string;
  /** Bytes free for an unprivileged user in a folder (tests); undefined when unknown. */
  freeSpace?: (dir: string) => number | undefined;
  /** Ctrl-C: stop reading at once (InterruptedError, exit 130), even while no data comes. */
  signal?: AbortSignal;
}

function binaryInputError(displayName: string, bom: boolean): UsageError {
  return new UsageError(
    `${displayName}: looks like a binary file (it contains NUL bytes), not CSV or JSON`,
    {
      hint: bom
        ? undefined
        : 'If it is UTF-16 text without a byte order mark, pass --encoding utf-16le.',
    },
  );
}

/**
 * Whether NUL bytes at the start of an input mean it is not a lead file: not when it is UTF-16
 * or UTF-32 (by BOM or --encoding), nor a zip/xlsx or old .xls file (inspectInput names those).
 */
function nulMeansBinary(head: Buffer, encoding: string | undefined): boolean {
  if (encoding !== undefined && /^(utf-?16|utf-?32|ucs-?2|ucs-?4)/i.test(encoding)) return false;
  const bom = detectBom(head);
  if (bom !== undefined && bom.encoding !== 'utf8') return false;
  const sig = head.readUInt32BE(0);
  return sig !== 0x504b0304 && sig !== 0xd0cf11e0;
}

/**
 * Copy stdin (or a pipe or device given by name) to a private temp file so it can be read
 * twice (preflight, then sending). Bounded: a UsageError (nothing sent), with the temp folder
 * removed, as soon as the input passes `limit` bytes, as soon as its first 256 KiB show NUL
 * bytes (binary, e.g. /dev/zero), or when the spool's folder would keep less than
 * SPOOL_FREE_MARGIN free (looked at before and every 16 MiB while spooling).
 */
export async function spoolStdin(
  stdin: NodeJS.ReadableStream,
  opts: SpoolOptions = {},
): Promise<{ path: string; cleanup(): void }> {
  const name = opts.displayName ?? 'stdin';
  const limit = opts.limit ?? DEFAULT_SPOOL_LIMIT;
  const root = opts.dir ?? os.tmpdir();
  const freeSpace = opts.freeSpace ?? statfsFree;
  const noRoom = (written: number, free: number | undefined) =>
    new UsageError(
      free === undefined
        ? `${name}: the disk holding ${root} is full (${formatBytes(written)} of the input copied there)`
        : written === 0
          ? `${name}: only ${formatBytes(free)} free in ${root}; cacs needs at least ${formatBytes(SPOOL_FREE_MARGIN)} free there to keep a copy of the input`
          : `${name}: not enough free space in ${root}: ${formatBytes(written)} of the input copied, ${formatBytes(free)} left free (cacs leaves at least ${formatBytes(SPOOL_FREE_MARGIN)})`,
      {
        hint: 'Free some space, set TMPDIR to a folder with more room, or import the file by name instead of through a pipe.',
      },
    );
  const free0 = freeSpace(root);
  if (free0 !== undefined && free0 < SPOOL_FREE_MARGIN) throw noRoom(0, free0);

  const dir = fs.mkdtempSync(path.join(root, 'cacs-stdin-'));
  const file = path.join(dir, 'stdin');
  const forget = removeOnExit(dir);
  const cleanup = () => {
    fs.rmSync(dir, { recursive: true, force: true });
    forget();
  };
  let written = 0;
  const interrupted = () =>
    new InterruptedError(`interrupted while reading ${name}: nothing was sent`);
  const onAbort = () => (stdin as Partial<Readable>).destroy?.(interrupted());
  opts.signal?.addEventListener('abort', onAbort, { once: true });
  try {
    if (opts.signal?.aborted) throw interrupted();
    const fh = await fs.promises.open(file, 'wx', 0o600);
    try {
      let nextFreeCheck = SPOOL_FREE_CHECK_EVERY;
      /** The first bytes, until there are enough to tell a BOM or a zip signature. */
      let head: Buffer = Buffer.alloc(0);
      let checkNul: boolean | undefined;
      for await (const data of stdin as AsyncIterable<Buffer | string>) {
        if (opts.signal?.aborted) throw interrupted();
        const chunk = typeof data === 'string' ? Buffer.from(data) : data;
        if (chunk.length === 0) continue;
        if (written < READ_CHUNK) {
          if (checkNul === undefined) {
            head = Buffer.concat([head, chunk.subarray(0, 4)]);
            if (head.length >= 4) {
              checkNul = nulMeansBinary(head, opts.encoding);
              if (checkNul && head.includes(0)) throw binaryInputError(name, false);
            }
          }
          if (checkNul && chunk.subarray(0, READ_CHUNK - written).includes(0))
            throw binaryInputError(name, false);
        }
        if (written + chunk.length > limit) {
          throw new UsageError(
            `${name}: more than ${formatBytes(limit)}, the most cacs keeps of an input read through a pipe`,
            {
              hint: `Import the file by name (cacs import leads.csv), or raise the limit with ${ENV.stdinLimit}=<size> or import.stdinLimit in the configuration (e.g. 4GiB).`,
            },
          );
        }
        if (written + chunk.length >= nextFreeCheck) {
          const free = freeSpace(dir);
          if (free !== undefined && free - chunk.length < SPOOL_FREE_MARGIN)
            throw noRoom(written, free);
          nextFreeCheck = written + chunk.length + SPOOL_FREE_CHECK_EVERY;
        }
        for (let off = 0; off < chunk.length;) {
          const { bytesWritten } = await fh.write(chunk, off, chunk.length - off);
          off += bytesWritten;
        }
        written += chunk.length;
      }
      // Fewer than 4 bytes in all: still no NUL allowed.
      if (checkNul === undefined && head.includes(0)) throw binaryInputError(name, false);
    } finally {
      await fh.close();
    }
  } catch (e) {
    cleanup();
    const code = (e as { code?: string }).code;
    if (code === 'ENOSPC' || code === 'EDQUOT') throw noRoom(written, undefined);
    if (!(e instanceof UsageError) && typeof code === 'string' && /^E[A-Z]+$/.test(code))
      throw new UsageError(`${name}: cannot read it into ${root} (${code})`);
    throw e;
  } finally {
    opts.signal?.removeEventListener('abort', onAbort);
  }
  return { path: file, cleanup };
}

/**
 * Whether a path names something read like stdin — a pipe (FIFO, `<(…)`, /dev/stdin on a
 * pipe) or a character device — which has no size and may be read only once: the CLI spools
 * it with spoolStdin. False for regular files and anything that cannot be looked at.
 */
export function isStreamInput(file: string): boolean {
  try {
    const st = fs.statSync(file);
    return st.isFIFO() || st.isCharacterDevice();
  } catch {
    return false;
  }
}

/**
 * The content hash of a file (the journal key): SHA-256 over the SHA-256 of each 256 KB block
 * in turn. A hash list rather than one hash of the bytes, so the preflight, which needs each
 * block's digest anyway (the sending pass checks them), gets the file's hash at no extra cost.
 */
export async function hashFile(file: string): Promise<string> {
  const h = createHash('sha256');
  for await (const block of fileBlocks(file)) h.update(blockDigest(block));
  return h.digest('hex');
}

function blockDigest(block: Buffer): Buffer {
  return createHash('sha256').update(block).digest();
}

function detectBom(head: Buffer): { encoding: string; length: number } | undefined {
  if (head[0] === 0xef && head[1] === 0xbb && head[2] === 0xbf)
    return { encoding: 'utf8', length: 3 };
  if (head[0] === 0xff && head[1] === 0xfe) return { encoding: 'utf-16le', length: 2 };
  if (head[0] === 0xfe && head[1] === 0xff) return { encoding: 'utf-16be', length: 2 };
  return undefined;
}

/** Look at the start of a file: encoding, format, delimiter. */
export async function inspectInput(
  file: string,
  displayName: string,
  opts: InputOptions,
): Promise<InputInfo> {
  let stat: fs.Stats;
  try {
    stat = fs.statSync(file);
  } catch (e) {
    const code = (e as { code?: string }).code;
    throw new UsageError(
      code === 'ENOENT'
        ? `${displayName}: no such file`
        : `${displayName}: cannot read (${code ?? 'error'})`,
    );
  }
  if (stat.isDirectory()) throw new UsageError(`${displayName}: is a folder, not a file`);
  if (!stat.isFile()) {
    // A pipe or device has no size and may be read only once: the CLI spools those first
    // (isStreamInput, spoolStdin); block devices and sockets are never lead files.
    const kind = stat.isFIFO()
      ? 'a pipe (FIFO)'
      : stat.isCharacterDevice()
        ? 'a character device'
        : stat.isBlockDevice()
          ? 'a block device (a disk)'
          : stat.isSocket()
            ? 'a socket'
            : 'not a regular file';
    throw new UsageError(`${displayName}: is ${kind}, not a lead file`, {
      hint:
        stat.isFIFO() || stat.isCharacterDevice()
          ? 'Give a regular file, or pipe the data in: cacs import - < <file>.'
          : 'Give a regular file (CSV, JSON, NDJSON or .xlsx).',
    });
  }
  const fd = fs.openSync(file, 'r');
  const head = Buffer.alloc(Math.min(READ_CHUNK, stat.size));
  try {
    fs.readSync(fd, head, 0, head.length, 0);
  } finally {
    fs.closeSync(fd);
  }
  if (stat.size === 0) throw new UsageError(`${displayName}: the file is empty`);
  if (head[0] === 0xd0 && head[1] === 0xcf && head[2] === 0x11 && head[3] === 0xe0) {
    throw new UsageError(`${displayName}: this is an old Excel .xls (or password-protected) file`, {
      hint: 'Save it from Excel as .xlsx, or as "CSV UTF-8 (Comma delimited)", and import that file.',
    });
  }
  if (head[0] === 0x50 && head[1] === 0x4b && head[2] === 0x03 && head[3] === 0x04) {
    const { isXlsx } = await import('./xlsx.js');
    if (opts.format !== undefined && opts.format !== 'xlsx') {
      throw new UsageError(`${displayName}: this is a zip or Excel file, not ${opts.format}`);
    }
    if (!isXlsx(head)) {
      throw new UsageError(`${displayName}: this is a zip file, not a lead file`, {
        hint: 'Unzip it first, or save the sheet from Excel as .xlsx or "CSV UTF-8".',
      });
    }
    return {
      path: file,
      displayName,
      format: 'xlsx',
      encoding: 'utf8',
      // The rejects file gets a BOM so Excel opens its Vietnamese text correctly.
      bom: true,
      delimiter: ',',
      size: stat.size,
      ...(opts.sheet !== undefined ? { sheet: opts.sheet } : {}),
    };
  }
  if (opts.sheet !== undefined)
    throw new UsageError(`--sheet: ${displayName} is not an Excel (.xlsx) file`);
  if (opts.format === 'xlsx')
    throw new UsageError(`${displayName}: not an Excel (.xlsx) file (no zip signature)`);
  const bom = detectBom(head);
  let encoding = bom?.encoding ?? 'utf8';
  if (opts.encoding !== undefined) {
    const { default: iconv } = await import('iconv-lite');
    if (!iconv.encodingExists(opts.encoding)) {
      throw new UsageError(`--encoding ${opts.encoding}: unknown encoding`, {
        hint: 'Examples: utf8, utf-16le, windows-1258 (Vietnamese), windows-1252, latin1.',
      });
    }
    if (!bom) encoding = opts.encoding;
  }
  const sample = decodeSample(head.subarray(bom?.length ?? 0), encoding, head.length === stat.size);
  if (sample.includes('\u0000')) {
    throw binaryInputError(displayName, bom !== undefined);
  }
  const format = opts.format ?? formatFromName(displayName);
  const delimiter = format === 'csv' ? (opts.delimiter ?? detectDelimiter(sample)) : ',';
  return {
    path: file,
    displayName,
    format,
    encoding,
    bom: bom !== undefined,
    delimiter,
    size: stat.size,
  };
}

function decodeSample(bytes: Buffer, encoding: string, complete: boolean): string {
  if (encoding === 'utf8') {
    // A sample may end inside a character: only complain about bytes before the last few.
    try {
      return new TextDecoder('utf-8', { fatal: true }).decode(bytes, { stream: !complete });
    } catch {
      return new TextDecoder('utf-8').decode(bytes);
    }
  }
  return new TextDecoder(
    encoding === 'utf-16be' ? 'utf-16be' : encoding === 'utf-16le' ? 'utf-16le' : 'latin1',
  ).decode(bytes);
}

/**
 * The delimiter among , ; TAB | that splits the first lines most consistently. Counting skips
 * quoted text. A file with one column (only phone numbers) gets ','.
 */
export function detectDelimiter(sample: string): string {
  const lines: string[] = [];
  let cur = '';
  let quoted = false;
  for (let i = 0; i < sample.length && lines.length < 21; i++) {
    const ch = sample[i]!;
    if (ch === '"') quoted = !quoted;
    if (!quoted && (ch === '\n' || ch === '\r')) {
      if (cur.trim() !== '') lines.push(cur);
      cur = '';
      continue;
    }
    cur += ch;
  }
  if (cur.trim() !== '' && lines.length < 21) lines.push(cur);
  const count = (line: string, d: string) => {
    let n = 0;
    let q = false;
    for (const ch of line) {
      if (ch === '"') q = !q;
      else if (!q && ch === d) n++;
    }
    return n;
  };
  let best = ',';
  let bestScore = 0;
  for (const d of DELIMITERS) {
    const header = count(lines[0] ?? '', d);
    if (header === 0) continue;
    const rest = lines.slice(1);
    const consistent = rest.filter((l) => count(l, d) === header).length;
    // Consistency first, then how many columns it makes.
    const score = (rest.length === 0 ? 1 : consistent / rest.length) * 1000 + header;
    if (score > bestScore) {
      best = d;
      bestScore = score;
    }
  }
  return best;
}

/**
 * Raw UTF-8 chunks of the whole file (BOM dropped), checked with buffer.isUtf8: csv-parse
 * decodes fields itself, so decoding to strings first would only make it re-encode them.
 * A multi-byte character cut by a chunk boundary is checked with the next chunk.
 */
async function* utf8Chunks(info: InputInfo): AsyncGenerator<Buffer> {
  const start = info.bom ? 3 : 0;
  const stream = fs.createReadStream(info.path, { start, highWaterMark: READ_CHUNK });
  let carry: Buffer = Buffer.alloc(0);
  let offset = start;
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    const bytes: Buffer = carry.length > 0 ? Buffer.concat([carry, chunk]) : chunk;
    const cut = completeLength(bytes);
    if (!isUtf8(bytes.subarray(0, cut))) throw invalidUtf8(info, bytes, offset - carry.length);
    carry = Buffer.from(bytes.subarray(cut));
    offset += chunk.length;
    yield chunk;
  }
  if (carry.length > 0) throw invalidUtf8(info, carry, offset - carry.length);
}

/** Length of the prefix that ends on a character boundary (at most 3 bytes are held back). */
function completeLength(b: Buffer): number {
  for (let back = 1; back <= Math.min(3, b.length); back++) {
    const byte = b[b.length - back]!;
    if ((byte & 0xc0) === 0x80) continue; // continuation byte: look further back
    const need = byte >= 0xf0 ? 4 : byte >= 0xe0 ? 3 : byte >= 0xc0 ? 2 : 1;
    return need > back ? b.length - back : b.length;
  }
  return b.length;
}

/** Decoded text chunks of the whole file (BOM dropped); invalid UTF-8 is a UsageError. */
async function* textChunks(info: InputInfo): AsyncGenerator<string> {
  const start = info.bom ? (info.encoding === 'utf8' ? 3 : 2) : 0;
  const stream = fs.createReadStream(info.path, { start, highWaterMark: READ_CHUNK });
  if (info.encoding === 'utf8') {
    const decoder = new TextDecoder('utf-8', { fatal: true });
    let offset = start;
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      try {
        yield decoder.decode(chunk, { stream: true });
      } catch {
        throw invalidUtf8(info, chunk, offset);
      }
      offset += chunk.length;
    }
    try {
      const tail = decoder.decode();
      if (tail) yield tail;
    } catch {
      throw invalidUtf8(info, Buffer.alloc(0), offset);
    }
    return;
  }
  const { default: iconv } = await import('iconv-lite');
  // Legacy code pages (windows-1258 above all) write Vietnamese with combining tone marks; the
  // readers compose whole values (composed()), so the text is handed on as decoded. Only a
  // surrogate pair is never cut: some decoders (iconv-lite's UTF-16BE) end a chunk's text
  // after the high surrogate, and a lone surrogate would become U+FFFD when csv-parse encodes
  // the chunk. The TextDecoder above never cuts one.
  const decoder = iconv.getDecoder(info.encoding);
  let held = '';
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    let text = held + decoder.write(chunk);
    held = '';
    const last = text.charCodeAt(text.length - 1);
    if (last >= 0xd800 && last <= 0xdbff) {
      held = text.slice(-1);
      text = text.slice(0, -1);
    }
    if (text) yield text;
  }
  const tail = held + (decoder.end() ?? '');
  if (tail) yield tail;
}

/** Offset of the first byte that breaks UTF-8's structure (for the error message only). */
function firstInvalidUtf8(b: Buffer): number {
  let i = 0;
  while (i < b.length) {
    const c = b[i]!;
    const need =
      c < 0x80
        ? 0
        : c >= 0xc2 && c < 0xe0
          ? 1
          : c >= 0xe0 && c < 0xf0
            ? 2
            : c >= 0xf0 && c < 0xf5
              ? 3
              : -1;
    if (need < 0) return i;
    for (let k = 1; k <= need; k++) if (i + k >= b.length || (b[i + k]! & 0xc0) !== 0x80) return i;
    i += need + 1;
  }
  return b.length;
}

function invalidUtf8(info: InputInfo, chunk: Buffer, offset: number): UsageError {
  const before = fs.readFileSync(info.path).subarray(0, offset + firstInvalidUtf8(chunk));
  let line = 1;
  for (const b of before) if (b === 0x0a) line++;
  return new UsageError(`${where(info, line)}: the file is not valid UTF-8`, {
    hint: 'Pass its encoding, e.g. --encoding windows-1258 (Vietnamese Windows) or --encoding windows-1252, or save it as UTF-8.',
  });
}

/** Whether openRows reads this input with the fast CSV reader (which offers blockDigests). */
export function readsFast(info: InputInfo): boolean {
  return (
    csvReader.fast &&
    info.format === 'csv' &&
    info.encoding === 'utf8' &&
    FastCsvParser.supports(info.delimiter)
  );
}

/** Open the rows of an input after inspectInput. */
export async function openRows(info: InputInfo, opts: OpenRowsOptions = {}): Promise<RowSource> {
  if (opts.verify !== undefined && !readsFast(info))
    throw new Error('openRows: verify needs the fast CSV reader');
  if (info.format === 'csv') return readsFast(info) ? openCsvFast(info, opts) : openCsvParse(info);
  if (info.format === 'xlsx') {
    const { openXlsx } = await import('./xlsx.js');
    return composed(
      await openXlsx(
        info.path,
        info.displayName,
        info.sheet !== undefined ? { sheet: info.sheet } : {},
      ),
    );
  }
  if (info.format === 'ndjson') return openNdjson(info);
  return openJson(info);
}

// --------------------------------------------------------------------------------------------
// CSV

const CSV_MESSAGES: Record<string, string> = {
  CSV_QUOTE_NOT_CLOSED: 'a quoted value is never closed (a " is missing)',
  CSV_RECORD_INCONSISTENT_FIELDS_LENGTH:
    'this row has a different number of columns than the header',
  CSV_INVALID_CLOSING_QUOTE: 'a closing quote is followed by other characters',
  CSV_NON_TRIMABLE_CHAR_AFTER_CLOSING_QUOTE: 'a closing quote is followed by other characters',
  CSV_MAX_RECORD_SIZE: 'a row is too large (an unclosed quote?)',
};

function delimiterName(d: string): string {
  return d === '\t' ? 'TAB' : `"${d}"`;
}

/**
 * Which CSV reader openRows uses. `fast` (the default) tries FastCsvParser first and falls
 * back to csv-parse where it gives up; tests switch it off to compare the two.
 */
export const csvReader = { fast: true, fallbacks: 0 };

/**
 * A file in blocks of exactly READ_CHUNK bytes (the last one shorter), however reads split.
 * One buffer is reused: a block is only valid until the next one is asked for (a new buffer
 * per block left up to tens of MB of dead ones waiting for the garbage collector).
 */
async function* fileBlocks(file: string): AsyncGenerator<Buffer> {
  const fh = await fs.promises.open(file, 'r');
  const block = Buffer.allocUnsafe(READ_CHUNK);
  try {
    for (;;) {
      let filled = 0;
      while (filled < READ_CHUNK) {
        const { bytesRead } = await fh.read(block, filled, READ_CHUNK - filled, null);
        if (bytesRead === 0) break;
        filled += bytesRead;
      }
      if (filled > 0) yield filled < READ_CHUNK ? block.subarray(0, filled) : block;
      if (filled < READ_CHUNK) return;
    }
  } finally {
    await fh.close();
  }
}

/**
 * Decoded text chunks of a UTF-8 file (BOM dropped), each checked with buffer.isUtf8. Each
 * block's SHA-256 (the BOM's block too) is collected in `digests` and fed to `hash`, so a
 * complete read also yields hashFile's content hash without a second pass — or, with
 * `verify`, compared with the digests of an earlier read.
 */
async function* utf8Strings(
  info: InputInfo,
  hash: Hash,
  digests: Buffer[],
  verify: readonly Buffer[] | undefined,
): AsyncGenerator<string> {
  let carry: Buffer = Buffer.alloc(0);
  let skip = info.bom ? 3 : 0;
  let offset = skip;
  let index = 0;
  for await (const read of fileBlocks(info.path)) {
    const digest = blockDigest(read);
    if (verify !== undefined) {
      const expected = verify[index];
      if (expected === undefined || !digest.equals(expected))
        throw new InputChangedError(info.displayName);
    } else {
      hash.update(digest);
      digests.push(digest);
    }
    index++;
    let chunk = read;
    if (skip > 0) {
      const drop = Math.min(skip, chunk.length);
      chunk = chunk.subarray(drop);
      skip -= drop;
    }
    const bytes: Buffer = carry.length > 0 ? Buffer.concat([carry, chunk]) : chunk;
    const cut = completeLength(bytes);
    if (!isUtf8(bytes.subarray(0, cut))) throw invalidUtf8(info, bytes, offset - carry.length);
    carry = Buffer.from(bytes.subarray(cut));
    offset += chunk.length;
    // Decoded in slices: a consumer between them (the sending pass) is never held up long, and
    // each string stays small enough for V8's young generation (a whole block's text would be
    // a large object, kept until a full collection: tens of MB more at a million rows).
    for (let i = 0; i < cut;) {
      let j = Math.min(cut, i + TEXT_SLICE);
      while (j < cut && (bytes[j]! & 0xc0) === 0x80) j--; // not inside a character
      yield bytes.toString('utf8', i, j);
      i = j;
    }
  }
  if (verify !== undefined && index !== verify.length)
    throw new InputChangedError(info.displayName);
  if (carry.length > 0) throw invalidUtf8(info, carry, offset - carry.length);
}

/**
 * CSV through FastCsvParser. Where it gives up, csv-parse reads the file from the start and
 * the rows already handed on (a prefix of csv-parse's, see csv-fast.ts) are skipped: the
 * caller sees one stream of rows either way, and csv-parse's error if there is one.
 */
async function openCsvFast(info: InputInfo, opts: OpenRowsOptions): Promise<RowSource> {
  const hash = createHash('sha256');
  let contentHash: string | undefined;
  const digests: Buffer[] = [];
  const chunks = utf8Strings(info, hash, digests, opts.verify);
  let headers: string[] | undefined;
  let handler: ((row: Row) => void) | undefined;
  const pending: Row[] = [];
  let rows = 0;
  /**
   * Whether the records parsed now may hold text that is not NFC (see composedText): the text
   * pushed fails the test, or the parser still holds the start of a record from such text.
   */
  let compose = false;
  const parser = new FastCsvParser(info.delimiter, (values, line) => {
    if (compose) for (let i = 0; i < values.length; i++) values[i] = nfc(values[i]!);
    if (headers === undefined) {
      headers = values;
      return;
    }
    rows++;
    if (handler) handler({ line, values });
    else pending.push({ line, values });
  });
  let done = false;
  /** Parse the next chunk; false when the fast parser gave up. */
  const pull = async (): Promise<boolean> => {
    const next = await chunks.next();
    if (next.done) {
      done = true;
      compose &&= parser.holding;
      if (!parser.end()) return false;
      contentHash = hash.digest('hex');
      return true;
    }
    compose = !composedText(next.value) || (compose && parser.holding);
    return parser.push(next.value);
  };
  const fallBack = async (): Promise<RowSource> => {
    await chunks.return(undefined);
    // The same bytes parse the same way: a second read that needs csv-parse read other bytes.
    if (opts.verify !== undefined) throw new InputChangedError(info.displayName);
    csvReader.fallbacks++;
    return openCsvParse(info);
  };
  try {
    while (headers === undefined && !done) if (!(await pull())) return await fallBack();
  } catch (e) {
    await chunks.return(undefined);
    throw e;
  }
  if (headers === undefined)
    throw new UsageError(`${info.displayName}: the file has no header row and no data`);
  return {
    headers,
    contentHash: () => contentHash,
    blockDigests: () => (contentHash === undefined ? undefined : digests),
    close: async () => {
      await chunks.return(undefined);
    },
    async each(fn, eachOpts) {
      let delivered = 0;
      handler = (row) => {
        delivered++;
        fn(row);
      };
      let ok = true;
      try {
        for (const row of pending.splice(0)) handler(row);
        while (ok && !done) {
          ok = await pull();
          await eachOpts?.afterChunk?.();
        }
      } finally {
        if (ok) await chunks.return(undefined);
      }
      if (!ok) {
        const rest = await fallBack();
        let skip = delivered;
        await rest.each((row) => {
          if (skip > 0) skip--;
          else fn(row);
        });
        return;
      }
      if (rows === 0) throw new UsageError(`${info.displayName}: only a header row, no data rows`);
    },
  };
}

async function openCsvParse(info: InputInfo): Promise<RowSource> {
  const { parse } = await import('csv-parse');
  // Records are handled synchronously as csv-parse emits them: no per-record info object, no
  // async iteration per row (both showed up as the top costs in profiles).
  const parser = parse({
    delimiter: info.delimiter,
    encoding: 'utf8',
    skip_empty_lines: true,
    relax_quotes: false,
    max_record_size: inputLimits.rowBytes,
  });
  const live = () => (parser as unknown as { info: { lines: number; empty_lines: number } }).info;

  // csv-parse's line count is where a record ends, and it counts a CRLF inside quotes twice:
  // lines are therefore counted here, from the line breaks inside a record's values.
  let prevEnd = 0;
  let prevReported = 0;
  let prevEmpty = 0;
  let headers: string[] | undefined;
  let handler: ((row: Row) => void) | undefined;
  const pending: Row[] = [];
  let failure: unknown;
  let rows = 0;

  const headerSeen = new Promise<void>((resolve, reject) => {
    parser.on('data', (record: string[]) => {
      if (failure !== undefined) return;
      const at = live();
      const line = prevEnd + 1 + (at.empty_lines - prevEmpty);
      let end = line;
      if (at.lines - prevReported - (at.empty_lines - prevEmpty) > 1)
        end += recordLineBreaks(record);
      prevEnd = end;
      prevReported = at.lines;
      prevEmpty = at.empty_lines;
      if (headers === undefined) {
        headers = record;
        resolve();
        return;
      }
      rows++;
      const row = { line, values: record };
      if (!handler) {
        pending.push(row);
        return;
      }
      try {
        handler(row);
      } catch (e) {
        failure = e;
        parser.destroy();
      }
    });
    parser.once('error', reject);
    parser.once('end', () => resolve());
    parser.once('close', () => resolve());
  });
  const finished = new Promise<void>((resolve, reject) => {
    parser.once('end', resolve);
    parser.once('close', resolve);
    parser.once('error', reject);
  });
  let release: () => void = () => {};
  const gate = new Promise<void>((r) => (release = r));
  const feed = (async () => {
    try {
      const chunks: AsyncIterable<string | Buffer> =
        info.encoding === 'utf8' ? utf8Chunks(info) : textChunks(info);
      for await (const text of chunks) {
        if (failure !== undefined || parser.destroyed) return;
        // After the header, wait until someone takes the rows.
        if (headers !== undefined && handler === undefined) await gate;
        if (!parser.write(text)) {
          await new Promise<void>((r) => {
            parser.once('drain', r);
            parser.once('close', r);
          });
        }
      }
      parser.end();
    } catch (e) {
      failure ??= e;
      parser.destroy();
    }
  })();

  const settle = async () => {
    // Both are awaited (a header that cannot be read rejects both): an unawaited rejection
    // would end the process with a stack trace.
    for (const p of [headerSeen, finished]) {
      try {
        await p;
      } catch (e) {
        failure ??= e;
      }
    }
    await feed;
    if (failure !== undefined) {
      // Where the record being read began: an unclosed quote is reported where it opened,
      // not at the end of the file where csv-parse notices it.
      const recordStart = prevEnd + 1 + (live().empty_lines - prevEmpty);
      throw failure instanceof UsageError ? failure : csvError(info, failure, recordStart);
    }
  };
  try {
    await headerSeen;
  } catch {
    await settle();
  }
  if (headers === undefined) {
    await settle();
    throw new UsageError(`${info.displayName}: the file has no header row and no data`);
  }
  return composed({
    headers,
    close: async () => {
      if (handler !== undefined) return;
      handler = () => {};
      failure ??= new Error('closed');
      release(); // the feed stops at its next chunk, closing the file
      await feed;
      parser.destroy();
    },
    async each(fn) {
      handler = fn;
      for (const row of pending.splice(0)) {
        if (failure !== undefined) break;
        try {
          fn(row);
        } catch (e) {
          failure = e;
          parser.destroy();
        }
      }
      release();
      await settle();
      if (rows === 0) throw new UsageError(`${info.displayName}: only a header row, no data rows`);
    },
  });
}

/** Line breaks inside a record's values (CRLF counted once). */
function recordLineBreaks(values: readonly string[]): number {
  let n = 0;
  for (const v of values) n += lineBreaks(v);
  return n;
}

function csvError(info: InputInfo, e: unknown, recordStart: number): Error {
  if (e instanceof UsageError) return e;
  const err = e as { code?: string; lines?: number; message?: string };
  const known = err.code ? CSV_MESSAGES[err.code] : undefined;
  const line =
    typeof err.lines === 'number' && err.code !== 'CSV_QUOTE_NOT_CLOSED' ? err.lines : recordStart;
  if (!known) {
    return new UsageError(
      `${where(info, line)}: cannot read this CSV: ${err.message ?? String(e)}`,
    );
  }
  const hint =
    err.code === 'CSV_RECORD_INCONSISTENT_FIELDS_LENGTH'
      ? `Columns are split on ${delimiterName(info.delimiter)}; if that is wrong, pass --delimiter. Values containing ${delimiterName(info.delimiter)} must be quoted.`
      : 'Fix the quoting on that line (a " inside a value is written "").';
  return new UsageError(`${where(info, line)}: ${known}`, { hint });
}

// --------------------------------------------------------------------------------------------
// JSON and NDJSON: objects whose keys are the columns

function cell(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint')
    return String(value);
  return JSON.stringify(value);
}

function objectError(info: InputInfo, line: number, what: string, value: unknown): UsageError {
  return new UsageError(
    `${where(info, line)}: expected ${what} to be an object of lead fields, got ${Array.isArray(value) ? 'a list' : value === null ? 'null' : typeof value}`,
  );
}

function rowsFromObjects(
  info: InputInfo,
  objects: () => AsyncIterable<{ line: number; value: unknown }>,
  headers: string[],
  what: string,
): RowSource['each'] {
  const index = new Map(headers.map((h, i) => [h, i]));
  return async (fn) => {
    for await (const { line, value } of objects()) {
      if (typeof value !== 'object' || value === null || Array.isArray(value))
        throw objectError(info, line, what, value);
      const values = new Array<string>(headers.length).fill('');
      for (const [k, v] of Object.entries(value)) {
        if (typeof v === 'object' && v !== null) {
          throw new UsageError(
            `${where(info, line)}: "${k}" holds ${Array.isArray(v) ? 'a list' : 'an object'}; lead fields are text or numbers`,
          );
        }
        values[index.get(k)!] = cell(v);
      }
      fn({ line, values });
    }
  };
}

function keysOf(objects: Iterable<unknown>): string[] {
  const keys = new Set<string>();
  for (const o of objects) {
    if (typeof o === 'object' && o !== null && !Array.isArray(o))
      for (const k of Object.keys(o)) keys.add(k);
  }
  return [...keys];
}

/** The whole text of a JSON file, refused (before or while reading) over inputLimits.jsonBytes. */
async function readAllText(info: InputInfo): Promise<string> {
  const max = inputLimits.jsonBytes;
  const tooLarge = () =>
    new UsageError(
      `${info.displayName}: the file is larger than ${formatBytes(max)}, the most cacs reads as one JSON document`,
      {
        hint: 'A JSON array is read whole into memory: write the leads as NDJSON (one object per line, .ndjson), or as CSV.',
      },
    );
  if (info.size > max) throw tooLarge();
  const parts: string[] = [];
  let bytes = 0;
  for await (const t of textChunks(info)) {
    parts.push(t);
    bytes += t.length;
    // A file that grew after it was looked at: characters are at most as many as bytes.
    if (bytes > max) throw tooLarge();
  }
  return parts.join('');
}

/**
 * Node's JSON errors do not always give a position: find the line of the first element of the
 * top-level array that does not parse on its own (only on the error path).
 */
function firstBadElementLine(text: string): number | undefined {
  const open = text.indexOf('[');
  if (open < 0) return undefined;
  let depth = 0;
  let inString = false;
  let start = open + 1;
  for (let i = open + 1; i < text.length; i++) {
    const ch = text[i];
    if (inString) {
      if (ch === '\\') i++;
      else if (ch === '"') inString = false;
      continue;
    }
    if (ch === '"') inString = true;
    else if (ch === '{' || ch === '[') depth++;
    else if ((ch === '}' || ch === ']') && depth > 0) depth--;
    else if ((ch === ',' || ch === ']') && depth === 0) {
      const element = text.slice(start, i);
      if (element.trim() !== '') {
        try {
          JSON.parse(element);
        } catch {
          const lead = element.length - element.trimStart().length;
          return text.slice(0, start + lead).split('\n').length;
        }
      }
      if (ch === ']') return undefined;
      start = i + 1;
    }
  }
  const rest = text.slice(start);
  const lead = rest.length - rest.trimStart().length;
  return rest.trim() === '' ? undefined : text.slice(0, start + lead).split('\n').length;
}

async function openJson(info: InputInfo): Promise<RowSource> {
  const text = await readAllText(info);
  let doc: unknown;
  try {
    doc = JSON.parse(text);
  } catch (e) {
    const m = /position (\d+)/.exec((e as Error).message);
    const line = m ? text.slice(0, Number(m[1])).split('\n').length : firstBadElementLine(text);
    throw new UsageError(`${where(info, line)}: not valid JSON (${(e as Error).message})`, {
      hint: 'A lead file in JSON is an array of objects, or {"data": [...]}. For one object per line, use .ndjson.',
    });
  }
  const list = Array.isArray(doc)
    ? doc
    : typeof doc === 'object' && doc !== null && Array.isArray((doc as { data?: unknown }).data)
      ? (doc as { data: unknown[] }).data
      : undefined;
  if (!list) {
    throw new UsageError(`${info.displayName}: expected an array of leads or {"data": [...]}`);
  }
  if (list.length === 0) throw new UsageError(`${info.displayName}: the list of leads is empty`);
  const headers = keysOf(list);
  const objects = async function* () {
    for (let i = 0; i < list.length; i++) yield { line: i + 1, value: list[i] };
  };
  return composed({ headers, each: rowsFromObjects(info, objects, headers, 'element') });
}

/**
 * NDJSON lines as parsed values; a broken line, or one longer than inputLimits.rowBytes, is a
 * UsageError naming it. Linear in the input: each chunk is searched for line breaks once, and
 * the pieces of a line that spans chunks are kept in a list until its end is found. A line over
 * the limit fails as soon as the limit is passed, without reading the rest of it.
 */
async function* ndjsonValues(info: InputInfo): AsyncGenerator<{ line: number; value: unknown }> {
  const max = inputLimits.rowBytes;
  /** The current line's text so far, from earlier chunks. */
  let pending: string[] = [];
  let pendingBytes = 0;
  let line = 0;
  const parseLine = (s: string, n: number) => {
    try {
      return JSON.parse(s) as unknown;
    } catch (e) {
      throw new UsageError(`${where(info, n)}: not valid JSON (${(e as Error).message})`, {
        hint: 'NDJSON has one complete JSON object per line.',
      });
    }
  };
  const tooLong = (n: number) =>
    new UsageError(
      `${where(info, n)}: the line is longer than ${formatBytes(max)}, the most cacs reads as one NDJSON line`,
      {
        hint: 'NDJSON has one lead per line; a line this long is not one lead (line breaks lost, or not NDJSON?).',
      },
    );
  /** The line's size without its line break ("\n" and a "\r" before it). */
  const contentBytes = (bytes: number, last: string) => (last.endsWith('\r') ? bytes - 1 : bytes);
  for await (const text of textChunks(info)) {
    let start = 0;
    let nl: number;
    while ((nl = text.indexOf('\n', start)) >= 0) {
      const piece = text.slice(start, nl);
      start = nl + 1;
      line++;
      let s = piece;
      if (pending.length > 0) {
        const bytes = pendingBytes + Buffer.byteLength(piece);
        if (contentBytes(bytes, piece === '' ? pending[pending.length - 1]! : piece) > max)
          throw tooLong(line);
        pending.push(piece);
        s = pending.join('');
        pending = [];
        pendingBytes = 0;
      } else if (piece.length > max / 3 && contentBytes(Buffer.byteLength(piece), piece) > max) {
        throw tooLong(line);
      }
      s = s.trim();
      if (s !== '') yield { line, value: parseLine(s, line) };
    }
    if (start < text.length) {
      const rest = start === 0 ? text : text.slice(start);
      pending.push(rest);
      pendingBytes += Buffer.byteLength(rest);
      if (contentBytes(pendingBytes, rest) > max) throw tooLong(line + 1);
    }
  }
  line++;
  const last = pending.join('').trim();
  if (last !== '') yield { line, value: parseLine(last, line) };
}

async function openNdjson(info: InputInfo): Promise<RowSource> {
  // A first pass collects the keys, so every row maps through the same columns.
  const keys = new Set<string>();
  let count = 0;
  for await (const { line, value } of ndjsonValues(info)) {
    if (typeof value !== 'object' || value === null || Array.isArray(value))
      throw objectError(info, line, 'the line', value);
    for (const k of Object.keys(value)) keys.add(k);
    count++;
  }
  if (count === 0) throw new UsageError(`${info.displayName}: no leads (every line is empty)`);
  const headers = [...keys];
  return composed({
    headers,
    each: rowsFromObjects(info, () => ndjsonValues(info), headers, 'the line'),
  });
}
