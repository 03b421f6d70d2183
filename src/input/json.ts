/**
 * JSON (an array of objects, or {"data": [...]}) and NDJSON (one object per line) rows: the
 * objects' keys are the columns.
 */
import { UsageError } from '../errors.js';
import { t } from '../messages/index.js';
import { formatBytes } from '../text.js';
import { BlockTrail, share } from './bytes.js';
import { textChunks } from './decode.js';
import { composed } from './unicode.js';
import {
  inputLimits,
  where,
  type InputInfo,
  type OpenRowsOptions,
  type RowSource,
} from './types.js';

// --------------------------------------------------------------------------------------------
// JSON and NDJSON: objects whose keys are the columns

function cell(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint')
    return String(value);
  return JSON.stringify(value);
}

/** What holds a lead: an element of a JSON array, or an NDJSON line. */
type Holder = 'element' | 'line';

function objectError(info: InputInfo, line: number, what: Holder, value: unknown): UsageError {
  const params = {
    where: where(info, line),
    kind: Array.isArray(value) ? t('input.json.aList') : value === null ? 'null' : typeof value,
  };
  return new UsageError(
    what === 'element'
      ? t('input.json.notObject.element', params)
      : t('input.json.notObject.line', params),
  );
}

function rowsFromObjects(
  info: InputInfo,
  objects: () => AsyncIterable<{ line: number; value: unknown }>,
  headers: string[],
  what: Holder,
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
            Array.isArray(v)
              ? t('input.json.field.list', { where: where(info, line), key: k })
              : t('input.json.field.object', { where: where(info, line), key: k }),
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
async function readAllText(info: InputInfo, trail: BlockTrail): Promise<string> {
  const max = inputLimits.jsonBytes;
  const tooLarge = () =>
    new UsageError(t('input.json.tooLarge', { file: info.displayName, max: formatBytes(max) }), {
      hint: t('input.json.tooLarge.hint'),
    });
  if (info.size > max) throw tooLarge();
  const parts: string[] = [];
  let bytes = 0;
  for await (const t of textChunks(info, trail)) {
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

/**
 * Why JSON.parse refused the text, in the catalog's words (V8's are English, and name a
 * position the message's line already gives); V8's own where none fits.
 */
export function parseFailure(e: unknown): string {
  const m = e instanceof Error ? e.message : String(e);
  if (/^Unexpected end of JSON input/.test(m)) return t('input.json.reason.end');
  if (/^Unterminated string in JSON/.test(m)) return t('input.json.reason.unterminated');
  if (/^Unexpected non-whitespace character after JSON/.test(m))
    return t('input.json.reason.after');
  if (/^Expected property name or '\}'/.test(m) || /^Expected double-quoted property name/.test(m))
    return t('input.json.reason.name');
  if (/^Expected ':' after property name/.test(m)) return t('input.json.reason.colon');
  if (/^Expected ',' or ('\}'|'\]') after/.test(m)) return t('input.json.reason.comma');
  if (/^Bad control character in string literal/.test(m)) return t('input.json.reason.control');
  if (/^Unexpected number in JSON/.test(m)) return t('input.json.reason.number');
  if (/^Bad escaped character in JSON/.test(m)) return t('input.json.reason.escape');
  const token = /^Unexpected token '(.{1,2})'/u.exec(m);
  if (token) return t('input.json.reason.token', { token: JSON.stringify(token[1]) });
  return m;
}

export async function openJson(info: InputInfo, opts: OpenRowsOptions = {}): Promise<RowSource> {
  const trail = new BlockTrail(info.displayName, opts.verify);
  const text = await readAllText(info, trail);
  let doc: unknown;
  try {
    doc = JSON.parse(text);
  } catch (e) {
    const m = /position (\d+)/.exec((e as Error).message);
    const line = m ? text.slice(0, Number(m[1])).split('\n').length : firstBadElementLine(text);
    throw new UsageError(
      t('input.json.invalid', { where: where(info, line), reason: parseFailure(e) }),
      { hint: t('input.json.invalid.hint') },
    );
  }
  const list = Array.isArray(doc)
    ? doc
    : typeof doc === 'object' && doc !== null && Array.isArray((doc as { data?: unknown }).data)
      ? (doc as { data: unknown[] }).data
      : undefined;
  if (!list) {
    throw new UsageError(t('input.json.notList', { file: info.displayName }));
  }
  if (list.length === 0) throw new UsageError(t('input.json.empty', { file: info.displayName }));
  const headers = keysOf(list);
  let taken = 0;
  const objects = async function* () {
    for (let i = 0; i < list.length; i++) {
      taken = i + 1;
      yield { line: i + 1, value: list[i] };
    }
  };
  return composed({
    headers,
    each: rowsFromObjects(info, objects, headers, 'element'),
    contentHash: () => trail.contentHash(),
    blockDigests: () => trail.digests(),
    fractionRead: () => share(taken, list.length),
  });
}

/**
 * NDJSON lines as parsed values; a broken line, or one longer than inputLimits.rowBytes, is a
 * UsageError naming it. Linear in the input: each chunk is searched for line breaks once, and
 * the pieces of a line that spans chunks are kept in a list until its end is found. A line over
 * the limit fails as soon as the limit is passed, without reading the rest of it.
 */
async function* ndjsonValues(
  info: InputInfo,
  trail: BlockTrail,
): AsyncGenerator<{ line: number; value: unknown }> {
  const max = inputLimits.rowBytes;
  /** The current line's text so far, from earlier chunks. */
  let pending: string[] = [];
  let pendingBytes = 0;
  let line = 0;
  const parseLine = (s: string, n: number) => {
    try {
      return JSON.parse(s) as unknown;
    } catch (e) {
      throw new UsageError(
        t('input.json.invalid', { where: where(info, n), reason: parseFailure(e) }),
        { hint: t('input.ndjson.invalid.hint') },
      );
    }
  };
  const tooLong = (n: number) =>
    new UsageError(
      t('input.ndjson.lineTooLong', { where: where(info, n), max: formatBytes(max) }),
      {
        hint: t('input.ndjson.lineTooLong.hint'),
      },
    );
  /** The line's size without its line break ("\n" and a "\r" before it). */
  const contentBytes = (bytes: number, last: string) => (last.endsWith('\r') ? bytes - 1 : bytes);
  for await (const text of textChunks(info, trail)) {
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

export async function openNdjson(info: InputInfo, opts: OpenRowsOptions = {}): Promise<RowSource> {
  // A first pass collects the keys, so every row maps through the same columns.
  const keys = new Set<string>();
  let count = 0;
  const first = new BlockTrail(info.displayName, opts.verify);
  for await (const { line, value } of ndjsonValues(info, first)) {
    if (typeof value !== 'object' || value === null || Array.isArray(value))
      throw objectError(info, line, 'line', value);
    for (const k of Object.keys(value)) keys.add(k);
    count++;
  }
  if (count === 0) throw new UsageError(t('input.ndjson.empty', { file: info.displayName }));
  const headers = [...keys];
  let complete = false;
  let second: BlockTrail | undefined;
  return composed({
    headers,
    // The rows' pass is checked against the keys' pass: the same bytes, or InputChangedError.
    each: async (fn) => {
      const trail = new BlockTrail(info.displayName, opts.verify ?? first.digests());
      second = trail;
      await rowsFromObjects(info, () => ndjsonValues(info, trail), headers, 'line')(fn);
      complete = true;
    },
    contentHash: () => (complete ? first.contentHash() : undefined),
    blockDigests: () => (complete ? first.digests() : undefined),
    fractionRead: () => share(second?.bytes ?? 0, info.size),
  });
}
