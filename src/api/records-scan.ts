/**
 * Reading a report answer's `records` from its bytes a batch of records at a time, so that the
 * whole answer never exists as one string (nor as a scrubbed copy of it): a byte scanner finds
 * the top-level object's members and, in its `records` array, where each record begins and ends
 * (it tracks strings, escapes and nesting, nothing more); every piece is then read by JSON.parse,
 * which checks it. Whatever the scanner is unsure of — not an object, `records` not an array or
 * named twice, a piece JSON.parse refuses, anything after the object — gives undefined, and the
 * caller reads the answer whole as before: the same value, or the same error, as JSON.parse.
 */

/** Records are parsed in batches of about this many bytes (each batch one small string). */
const BATCH_BYTES = 256 * 1024;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COMMA = 0x2c;
const COLON = 0x3a;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;

const isSpace = (b: number | undefined) => b === 0x20 || b === 0x0a || b === 0x0d || b === 0x09;

export interface ScannedAnswer {
  /**
   * The answer without its records: its text with the records array given as `[]`, read by
   * `parse` (a JSON.parse that may clean the text first).
   */
  rest: unknown;
  /** The records, in order, each batch's text cleaned (see `parse`) before JSON.parse. */
  records: unknown[];
  /** Whether the text outside the records held a backslash (a JSON escape). */
  restEscaped: boolean;
}

/**
 * The answer in `buf` from `start` (after any byte order mark) read as {rest, records}, or
 * undefined when it is not a JSON object with a single `records` array the scanner can read
 * (the caller then parses the whole text). `parse` reads one piece of text (the caller cleans
 * secrets out of it first); `onBatch` is told of each batch of records with whether its text held
 * a backslash.
 */
export function scanRecordsAnswer(
  buf: Uint8Array,
  start: number,
  parse: (text: string) => unknown,
  onBatch?: (records: unknown[], escaped: boolean) => void,
): ScannedAnswer | undefined {
  const shape = scanAnswerShape(buf, start, parse);
  if (shape === undefined) return undefined;
  const records: unknown[] = [];
  for (const batch of recordBatches(buf, shape.bounds, parse)) {
    if (batch === undefined) return undefined;
    try {
      onBatch?.(batch.records, batch.escaped);
    } catch {
      return undefined;
    }
    for (const record of batch.records) records.push(record);
  }
  return { rest: shape.rest, records, restEscaped: shape.restEscaped };
}

/** An answer's members without its records, and where each record's text lies. */
export interface AnswerShape {
  /** As ScannedAnswer.rest. */
  rest: unknown;
  /** Each record's text from bounds[2k] to bounds[2k + 1] (byte offsets in the answer). */
  bounds: Int32Array;
  /** The number of records listed. */
  count: number;
  restEscaped: boolean;
}

function text(buf: Uint8Array, from: number, to: number): string {
  return Buffer.from(buf.buffer, buf.byteOffset + from, to - from).toString('utf8');
}

/**
 * The records at `bounds` (scanAnswerShape) read a batch of about BATCH_BYTES at a time, each
 * with whether its text held a backslash; undefined for a batch JSON.parse refuses or that is
 * not as many records as the scan found (the answer must then be read whole).
 */
export function* recordBatches(
  buf: Uint8Array,
  bounds: Int32Array,
  parse: (text: string) => unknown,
): Generator<{ records: unknown[]; escaped: boolean } | undefined> {
  for (let r = 0; r < bounds.length;) {
    const from = bounds[r]!;
    let to = bounds[r + 1]!;
    let count = 1;
    r += 2;
    while (r < bounds.length && bounds[r + 1]! - from <= BATCH_BYTES) {
      to = bounds[r + 1]!;
      count++;
      r += 2;
    }
    const batchText = text(buf, from, to);
    let batch: unknown;
    try {
      batch = parse(`[${batchText}]`);
    } catch {
      yield undefined;
      return;
    }
    if (!Array.isArray(batch) || batch.length !== count) {
      yield undefined;
      return;
    }
    yield { records: batch, escaped: batchText.includes('\\') };
  }
}

/**
 * The structure of the answer in `buf` from `start`: its members other than `records` parsed
 * (by `parse`), and where each record lies (not parsed: see recordBatches), or undefined as for
 * scanRecordsAnswer.
 */
export function scanAnswerShape(
  buf: Uint8Array,
  start: number,
  parse: (text: string) => unknown,
): AnswerShape | undefined {
  const n = buf.length;
  let i = start;
  const skipSpace = () => {
    while (i < n && isSpace(buf[i])) i++;
  };
  /** From an opening quote at i: i just past the closing quote, or -1. */
  const skipString = (): boolean => {
    i++;
    while (i < n) {
      const b = buf[i]!;
      if (b === BACKSLASH) i += 2;
      else if (b === QUOTE) {
        i++;
        return true;
      } else i++;
    }
    return false;
  };
  /** Past one value (not checked: JSON.parse checks it later), or false. */
  const skipValue = (): boolean => {
    const b = buf[i];
    if (b === QUOTE) return skipString();
    if (b === OPEN_BRACE || b === OPEN_BRACKET) {
      let depth = 0;
      while (i < n) {
        const c = buf[i]!;
        if (c === QUOTE) {
          if (!skipString()) return false;
          continue;
        }
        if (c === OPEN_BRACE || c === OPEN_BRACKET) depth++;
        else if (c === CLOSE_BRACE || c === CLOSE_BRACKET) {
          depth--;
          if (depth === 0) {
            i++;
            return true;
          }
        }
        i++;
      }
      return false;
    }
    // A number, true, false or null: up to the next delimiter.
    const from = i;
    while (i < n) {
      const c = buf[i]!;
      if (c === COMMA || c === CLOSE_BRACE || c === CLOSE_BRACKET || isSpace(c)) break;
      if (c === QUOTE || c === OPEN_BRACE || c === OPEN_BRACKET || c === COLON) return false;
      i++;
    }
    return i > from;
  };

  skipSpace();
  if (buf[i] !== OPEN_BRACE) return undefined;
  i++;
  /** Where the records array's inside begins and ends (between its brackets). */
  let inner: [number, number] | undefined;
  let bounds = new Int32Array(1024);
  let used = 0;
  for (let first = true; ; first = false) {
    skipSpace();
    if (first && buf[i] === CLOSE_BRACE) {
      i++;
      break;
    }
    if (buf[i] !== QUOTE) return undefined;
    const keyStart = i;
    if (!skipString()) return undefined;
    let key: unknown;
    try {
      key = JSON.parse(text(buf, keyStart, i));
    } catch {
      return undefined;
    }
    skipSpace();
    if (buf[i] !== COLON) return undefined;
    i++;
    skipSpace();
    if (key === 'records') {
      if (inner !== undefined || buf[i] !== OPEN_BRACKET) return undefined;
      i++;
      const innerStart = i;
      skipSpace();
      if (buf[i] !== CLOSE_BRACKET) {
        for (;;) {
          skipSpace();
          const from = i;
          if (!skipValue()) return undefined;
          if (used + 2 > bounds.length) {
            const more = new Int32Array(bounds.length * 2);
            more.set(bounds);
            bounds = more;
          }
          bounds[used++] = from;
          bounds[used++] = i;
          skipSpace();
          if (buf[i] === COMMA) {
            i++;
            continue;
          }
          if (buf[i] === CLOSE_BRACKET) break;
          return undefined;
        }
      }
      inner = [innerStart, i];
      i++;
    } else if (!skipValue()) return undefined;
    skipSpace();
    if (buf[i] === COMMA) {
      i++;
      continue;
    }
    if (buf[i] === CLOSE_BRACE) {
      i++;
      break;
    }
    return undefined;
  }
  skipSpace();
  if (i !== n || inner === undefined) return undefined;

  try {
    const restText = text(buf, start, inner[0]) + text(buf, inner[1], n);
    const rest = parse(restText);
    if (typeof rest !== 'object' || rest === null || Array.isArray(rest)) return undefined;
    const placeholder = (rest as { records?: unknown }).records;
    if (!Array.isArray(placeholder) || placeholder.length !== 0) return undefined;
    return {
      rest,
      bounds: bounds.slice(0, used),
      count: used / 2,
      restEscaped: restText.includes('\\'),
    };
  } catch {
    return undefined;
  }
}
