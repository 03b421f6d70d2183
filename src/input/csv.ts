/**
 * CSV rows: the fast reader (csv-fast.ts) for well-formed UTF-8, csv-parse for everything else
 * and wherever the fast reader gives up; csv-parse's errors in the operator's words.
 */
import { UsageError } from '../errors.js';
import { t, tCount } from '../messages/index.js';
import { BlockTrail, InputChangedError, share } from './bytes.js';
import { FastCsvParser, lineBreaks } from './csv-fast.js';
import { textChunks, utf8Chunks, utf8Strings } from './decode.js';
import { composed, composedText, nfc } from './unicode.js';
import {
  inputLimits,
  where,
  type InputInfo,
  type OpenRowsOptions,
  type Row,
  type RowSource,
} from './types.js';

function delimiterName(d: string): string {
  return d === '\t' ? 'TAB' : `"${d}"`;
}

/**
 * Which CSV reader openRows uses. `fast` (the default) tries FastCsvParser first and falls
 * back to csv-parse where it gives up; tests switch it off to compare the two.
 */
export const csvReader = { fast: true, fallbacks: 0 };

/** Whether openRows reads this input with the fast CSV reader first. */
export function readsFast(info: InputInfo): boolean {
  return (
    csvReader.fast &&
    info.format === 'csv' &&
    info.encoding === 'utf8' &&
    FastCsvParser.supports(info.delimiter)
  );
}

/**
 * CSV through FastCsvParser. Where it gives up, csv-parse reads the file from the start and
 * the rows already handed on (a prefix of csv-parse's, see csv-fast.ts) are skipped: the
 * caller sees one stream of rows either way, and csv-parse's error if there is one.
 */
export async function openCsvFast(info: InputInfo, opts: OpenRowsOptions): Promise<RowSource> {
  const trail = new BlockTrail(info.displayName, opts.verify);
  const chunks = utf8Strings(info, trail);
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
      return parser.end();
    }
    compose = !composedText(next.value) || (compose && parser.holding);
    return parser.push(next.value);
  };
  /** csv-parse, once the fast parser gave up: its read's trail is the one that counts. */
  let fallback: RowSource | undefined;
  const fallBack = async (): Promise<RowSource> => {
    await chunks.return(undefined);
    csvReader.fallbacks++;
    fallback = await openCsvParse(info, opts);
    return fallback;
  };
  try {
    while (headers === undefined && !done)
      if (!(await pull())) return { ...(await fallBack()), fellBack: () => true };
  } catch (e) {
    await chunks.return(undefined);
    throw e;
  }
  if (headers === undefined)
    throw new UsageError(t('input.csv.noHeader', { file: info.displayName }));
  return {
    headers,
    contentHash: () => (fallback ?? trail).contentHash(),
    blockDigests: () => (fallback ? fallback.blockDigests() : trail.digests()),
    fellBack: () => fallback !== undefined,
    fractionRead: () => fallback?.fractionRead?.() ?? share(trail.bytes, info.size),
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
        }, eachOpts);
        return;
      }
      if (rows === 0 && opts.noRowsOk !== true)
        throw new UsageError(t('input.csv.headerOnly', { file: info.displayName }));
    },
  };
}

export async function openCsvParse(
  info: InputInfo,
  opts: OpenRowsOptions = {},
): Promise<RowSource> {
  const trail = new BlockTrail(info.displayName, opts.verify);
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
  // Awaited by settle(); a caller that stops after the header (a column that maps to nothing)
  // closes the source instead, and a broken row csv-parse already read must not then end the
  // process as an unhandled rejection with a stack trace.
  finished.catch(() => undefined);
  let afterChunk: (() => Promise<void> | void) | undefined;
  let release: () => void = () => {};
  const gate = new Promise<void>((r) => (release = r));
  const feed = (async () => {
    try {
      const chunks: AsyncIterable<string | Buffer> =
        info.encoding === 'utf8' ? utf8Chunks(info, trail) : textChunks(info, trail);
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
        await afterChunk?.();
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
      throw failure instanceof UsageError || failure instanceof InputChangedError
        ? failure
        : csvError(info, failure, recordStart, headers);
    }
  };
  try {
    await headerSeen;
  } catch {
    await settle();
  }
  if (headers === undefined) {
    await settle();
    throw new UsageError(t('input.csv.noHeader', { file: info.displayName }));
  }
  return composed({
    headers,
    contentHash: () => trail.contentHash(),
    blockDigests: () => trail.digests(),
    fractionRead: () => share(trail.bytes, info.size),
    close: async () => {
      if (handler !== undefined) return;
      handler = () => {};
      failure ??= new Error('closed');
      release(); // the feed stops at its next chunk, closing the file
      await feed;
      parser.destroy();
    },
    async each(fn, eachOpts) {
      handler = fn;
      afterChunk = eachOpts?.afterChunk;
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
      if (rows === 0 && opts.noRowsOk !== true)
        throw new UsageError(t('input.csv.headerOnly', { file: info.displayName }));
    },
  });
}

/** Line breaks inside a record's values (CRLF counted once). */
function recordLineBreaks(values: readonly string[]): number {
  let n = 0;
  for (const v of values) n += lineBreaks(v);
  return n;
}

/** The start of a value for a message: at most 30 characters, on one line. */
function clip(value: string): string {
  const one = value.replace(/[\r\n\t]+/g, ' ');
  return [...one].length > 30 ? `${[...one].slice(0, 30).join('')}…` : one;
}

/** "leads.csv:3, column 2 (name)": 1-based, with the header's name when it has one. */
function atColumn(
  where: string,
  index: number | undefined,
  headers: readonly string[] | undefined,
): string {
  if (index === undefined || !Number.isInteger(index) || index < 0) return where;
  const name = headers?.[index]?.trim();
  return name
    ? t('input.csv.at.columnNamed', { where, n: index + 1, name })
    : t('input.csv.at.column', { where, n: index + 1 });
}

/**
 * csv-parse's errors (their codes, as csv-parse 6 documents them at csv.js.org/parse/errors)
 * in the operator's words: the file, the line and the column (1-based, by header name when the
 * header is read), what is wrong, and what to do. Codes csv-parse raises only for options cacs
 * does not use keep its message.
 */
export function csvError(
  info: Pick<InputInfo, 'displayName' | 'delimiter'>,
  e: unknown,
  recordStart: number,
  headers?: readonly string[],
): Error {
  if (e instanceof UsageError) return e;
  const err = e as {
    code?: string;
    lines?: number;
    index?: number;
    field?: string;
    record?: unknown;
    message?: string;
  };
  const code = (err.code ?? '').replace(/^CSV_/, '');
  // An unclosed quote is noticed at the end of the file: it opened in the record that began at
  // recordStart. The other errors are on the line csv-parse was reading.
  const line =
    typeof err.lines === 'number' && code !== 'QUOTE_NOT_CLOSED' ? err.lines : recordStart;
  const at = atColumn(where(info, line), err.index, headers);
  const d = delimiterName(info.delimiter);
  const quoteHint = t('input.csv.quoteHint');
  switch (code) {
    case 'INVALID_OPENING_QUOTE': {
      const before = typeof err.field === 'string' ? clip(err.field) : undefined;
      return before !== undefined
        ? new UsageError(t('input.csv.strayQuoteAfter', { at, before }), {
            hint: t('input.csv.strayQuoteAfter.hint', { before }),
          })
        : new UsageError(t('input.csv.strayQuote', { at }), {
            hint: t('input.csv.strayQuote.hint', { quoteHint }),
          });
    }
    case 'QUOTE_NOT_CLOSED':
      return new UsageError(t('input.csv.notClosed', { at }), {
        hint: t('input.csv.notClosed.hint', { quoteHint }),
      });
    case 'INVALID_CLOSING_QUOTE':
    case 'NON_TRIMABLE_CHAR_AFTER_CLOSING_QUOTE':
      return new UsageError(t('input.csv.afterClosing', { at, delimiter: d }), {
        hint: t('input.csv.afterClosing.hint', { quoteHint }),
      });
    case 'RECORD_INCONSISTENT_FIELDS_LENGTH':
    case 'RECORD_INCONSISTENT_COLUMNS': {
      const got = Array.isArray(err.record) ? err.record.length : undefined;
      const want = headers?.length;
      return new UsageError(
        got !== undefined && want !== undefined
          ? t('input.csv.width', {
              where: where(info, line),
              values: tCount('input.csv.values', got),
              columns: tCount('input.csv.columns', want),
            })
          : t('input.csv.widthUnknown', { where: where(info, line) }),
        { hint: t('input.csv.width.hint', { delimiter: d }) },
      );
    }
    case 'MAX_RECORD_SIZE':
      return new UsageError(t('input.csv.tooLarge', { at }), {
        hint: t('input.csv.tooLarge.hint', { quoteHint }),
      });
    default:
      return new UsageError(
        t('input.csv.other', { where: where(info, line), reason: err.message ?? String(e) }),
      );
  }
}
