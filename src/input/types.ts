/**
 * What the input layer hands on: an input's description (InputInfo, from inspectInput) and its
 * rows (RowSource, from openRows), whatever the format.
 */

/** The input formats cacs reads: `--format`'s choices and the library's `format` option. */
export const INPUT_FORMATS = ['csv', 'json', 'ndjson', 'xlsx'] as const;
export type InputFormat = (typeof INPUT_FORMATS)[number];
export { DELIMITERS } from '../options.js';

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
  /** The file's modification time (ms) when it was looked at. */
  modified?: number;
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
   * Call fn for every data row, in order; resolves when the input is exhausted. The CSV
   * readers also await `afterChunk` after the rows of each chunk read (back-pressure).
   */
  each(fn: (row: Row) => void, opts?: { afterChunk?: () => Promise<void> | void }): Promise<void>;
  /**
   * The content hash (as hashFile computes it) of exactly the bytes this read parsed, once it
   * has read the whole file (after `each`); undefined before, and on a checked read (`verify`).
   */
  contentHash(): string | undefined;
  /**
   * SHA-256 of each READ_CHUNK-sized block of the file, once this read is complete (as
   * contentHash): a later read given them (openRows' `verify`) fails with InputChangedError
   * at the first block that differs, before parsing it.
   */
  blockDigests(): readonly Buffer[] | undefined;
  /** CSV: whether the fast reader gave way to csv-parse (a later read can start there). */
  fellBack?: () => boolean;
  /** How much of the input `each` has read so far, 0 to 1 (for progress; an estimate). */
  fractionRead?: () => number;
  /**
   * Let go of the file when `each` will not be called (the caller refused the headers): a
   * reader that keeps the file open after the header row closes it. Harmless after `each`.
   */
  close?: () => Promise<void>;
}

export interface OpenRowsOptions {
  /** Block digests from an earlier whole read: the file must still be exactly those bytes. */
  verify?: readonly Buffer[];
  /** CSV: read with csv-parse from the start (an earlier read of these bytes had to). */
  csvParse?: boolean;
  /**
   * CSV: a header row without data rows is no error (a cacs list that `cacs forget` emptied,
   * read for its codes: review, session 16); for an input to import it is one.
   */
  noRowsOk?: boolean;
}

/**
 * Limits on what is read into memory at once (DESIGN.md "Limits against hostile or broken
 * answers"): going over one is a UsageError (exit 2) naming the file and line. Mutable for tests.
 */

export const inputLimits = {
  /** Longest CSV row (csv-parse's max_record_size) and longest NDJSON line, in bytes of UTF-8. */
  rowBytes: 1_000_000,
  /** Largest JSON (array) file, which is parsed whole (about 5 times its size in memory): 128 MiB. */
  jsonBytes: 128 * 1024 * 1024,
};

export function where(info: Pick<InputInfo, 'displayName'>, line?: number): string {
  return line === undefined ? info.displayName : `${info.displayName}:${line}`;
}
