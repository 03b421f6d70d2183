/**
 * The rejects and uncertain files: CSV with `line, code, reason`, then the input's original
 * columns and values, so the file can be fixed and imported again (cacs skips the first three
 * columns when it reads such a file). Written through the atomic-write helper: a random
 * temporary name beside the target (exclusive, no symlink followed, mode 0600), renamed when
 * complete.
 */
import fs from 'node:fs';
import path from 'node:path';
import { AtomicFile, assertCanWrite } from '../atomic-write.js';
import { csvLineWriter, type CsvLine } from '../csv-writer.js';
import { FailureError, UsageError } from '../errors.js';
import { t, type MessageId } from '../messages/index.js';
import { CANNOT_WRITE } from '../messages/why.js';
import { WrittenHash, type SidecarKind, type WrittenFiles } from './written-files.js';

export const REJECTS_META_COLUMNS = ['line', 'code', 'reason'] as const;

export type { SidecarKind };

/**
 * "<input file name>.<kind>.csv" in `dir` ("leads.csv" → "leads.csv.rejects.csv"): the whole
 * name, so leads.csv and leads.json never share a sidecar. Importing a fixed
 * "leads.csv.rejects.csv" writes "leads.csv.rejects.csv.rejects.csv": a sidecar never replaces
 * the file being imported (a run that stops early would lose its unsent rows).
 */
export function defaultSidecarPath(dir: string, displayName: string, kind: SidecarKind): string {
  return path.join(dir, `${path.basename(displayName)}.${kind}.csv`);
}

/** Whether two paths name the same file (symlinks and relative paths resolved). */
export function sameFile(a: string, b: string): boolean {
  return realPath(a) === realPath(b);
}

/** The file's real path (one file reached through a symlink is one file), else its absolute path. */
export function realPath(p: string): string {
  try {
    return fs.realpathSync(p);
  } catch {
    return path.resolve(p);
  }
}

/**
 * A sidecar file could not be written: a usage error (exit 2) when the folder cannot take it
 * (permissions, read-only, not a folder), a failure (exit 1) when the disk gave way.
 */
export function sidecarWriteError(file: string, e: unknown, kind: SidecarKind = 'rejects'): Error {
  const code = (e as NodeJS.ErrnoException | undefined)?.code;
  // A pipe (`--rejects >(head)`) whose reader went away: the list it got is cut short.
  if (code === 'EPIPE')
    return new UsageError(t('leads.sidecar.pipeClosed', { file }), {
      hint: t('leads.sidecar.pipeClosed.hint'),
      cause: e,
    });
  if (code === undefined || !Object.hasOwn(CANNOT_WRITE, code)) return e as Error;
  const why = t(CANNOT_WRITE[code as keyof typeof CANNOT_WRITE]);
  const what = t('leads.sidecar.cannotWrite', {
    file: path.basename(file),
    dir: path.dirname(file),
    why,
  });
  // The rejects file can be chosen (the CLI's --rejects); the other lists go where it would.
  const rejects = kind === 'rejects';
  if (code === 'ENOSPC' || code === 'EDQUOT' || code === 'EFBIG' || code === 'EIO') {
    return new FailureError(what, {
      category: 'write_failed',
      hint: rejects
        ? t('leads.sidecar.rejects.diskFull.hint')
        : t('leads.sidecar.lists.diskFull.hint'),
      cause: e,
    });
  }
  return new UsageError(what, {
    hint: rejects
      ? t('leads.sidecar.rejects.notWritable.hint')
      : t('leads.sidecar.lists.notWritable.hint'),
    cause: e,
  });
}

/**
 * Check before anything is sent that `file` can be written (see assertCanWrite: created in its
 * folder, or a pipe or device opened); throws the same clear errors as a failed write.
 */
export function checkSidecarFolder(file: string, kind: SidecarKind): void {
  try {
    assertCanWrite(file);
  } catch (e) {
    throw sidecarWriteError(file, e, kind);
  }
}

/**
 * A row rejected, held back or left uncertain, as data: its input line, code and reason (as in
 * the sidecar files), and its values keyed by the input's column headers (a header that repeats
 * keeps its last value; a short row's missing cells are '', cells beyond the header are left
 * out).
 */
export interface ImportRow {
  line: number;
  code: string;
  reason: string;
  values: Record<string, string>;
}

/** Where a sidecar's rows go: the file, and/or a list kept as data of at most `maxRows` rows. */
export interface RowSink {
  file: boolean;
  /** Keep rows as data, up to this many (further rows are counted, not kept). */
  maxRows?: number;
}

/** The CLI's sink: the file only. */
export const FILE_ONLY: RowSink = { file: true };

/** Rows kept as data, up to a cap; `truncated` once a row did not fit. */
export class RowList {
  readonly rows: ImportRow[] = [];
  truncated = false;

  constructor(
    private readonly headers: readonly string[],
    private readonly max: number,
  ) {}

  add(line: number, code: string, reason: string, values: readonly string[]): void {
    if (this.rows.length >= this.max) {
      this.truncated = true;
      return;
    }
    // fromEntries: a header such as "__proto__" stays an ordinary key. Each value is copied
    // (flattened): it may be a slice of a 32 KB piece of the reader's text, kept alive otherwise.
    const record = Object.fromEntries(this.headers.map((h, i) => [h, copyString(values[i] ?? '')]));
    this.rows.push({ line, code: copyString(code), reason: copyString(reason), values: record });
  }

  clear(): void {
    this.rows.length = 0;
    this.truncated = false;
  }
}

/** A string that shares no memory with `s` (V8 keeps slices of big strings as views). */
function copyString(s: string): string {
  return s.length === 0 ? '' : Buffer.from(s, 'utf8').toString('utf8');
}

/** "kept X: this run's … are in Y", per list. */
const KEPT = {
  rejects: 'leads.sidecar.kept.rejects',
  skipped: 'leads.sidecar.kept.skipped',
  uncertain: 'leads.sidecar.kept.uncertain',
} as const satisfies Record<SidecarKind, MessageId>;

export class SidecarWriter {
  private out: AtomicFile | undefined;
  /** The name being written (`file`, or a numbered one beside it when `file` is kept). */
  private at: string;
  private hash: WrittenHash | undefined;
  /**
   * Rows as UTF-8 bytes: a row's text is built from slices of the reader's decoded text, and a
   * string kept as text would keep each whole 32 KB slice alive until the next flush (+50 MB of
   * peak RSS in a 1M-row dry run with two sidecars).
   */
  private chunks: Buffer[] = [];
  private bytes = 0;
  private readonly line: CsvLine;
  private readonly toFile: boolean;
  /** The rows kept as data (when the sink asks for them). */
  readonly rows: RowList | undefined;
  count = 0;

  constructor(
    readonly file: string,
    private readonly headers: readonly string[],
    private readonly delimiter: string,
    private readonly bom: boolean,
    private readonly kind: SidecarKind = 'rejects',
    sink: RowSink = FILE_ONLY,
    /** What cacs wrote before: a file changed since, or not cacs's, is kept (see claim). */
    private readonly written?: WrittenFiles,
    private readonly onNote?: (line: string) => void,
    /** Masks the access token in each row written (the token never goes into a list). */
    private readonly mask?: (text: string) => string,
  ) {
    this.at = file;
    this.line = csvLineWriter(delimiter);
    this.toFile = sink.file;
    this.rows = sink.maxRows !== undefined ? new RowList(headers, sink.maxRows) : undefined;
  }

  add(line: number, code: string, reason: string, values: readonly string[]): void {
    this.rows?.add(line, code, reason, values);
    if (!this.toFile || this.fileFailed) {
      this.count++;
      return;
    }
    if (this.out === undefined) {
      const head = this.line([...REJECTS_META_COLUMNS, ...this.headers]);
      this.at = this.written?.claim(this.file, this.kind).path ?? this.file;
      try {
        this.out = AtomicFile.open(this.at);
      } catch (e) {
        throw sidecarWriteError(this.at, e, this.kind);
      }
      this.hash = this.out.direct ? undefined : new WrittenHash();
      this.push((this.bom ? '\ufeff' : '') + head);
    }
    this.push(this.line([String(line), code, reason, ...values]));
    this.count++;
    if (this.bytes > 65_536) this.flush();
  }

  private push(text: string): void {
    const b = Buffer.from(this.mask ? this.mask(text) : text);
    this.chunks.push(b);
    this.bytes += b.length;
  }

  private flush(): void {
    if (this.out === undefined || this.chunks.length === 0) return;
    const chunk = Buffer.concat(this.chunks);
    this.chunks = [];
    this.bytes = 0;
    try {
      this.out.writeSync(chunk);
    } catch (e) {
      this.dropFile();
      throw sidecarWriteError(this.at, e, this.kind);
    }
    this.hash?.update(chunk);
  }

  /**
   * Rename into place; returns the path written, or undefined when nothing was written. The
   * name is claimed again first: a file changed (or made) there while the run went on is kept,
   * and this one goes beside it. A kept file is said (onNote).
   */
  commit(): string | undefined {
    if (this.out === undefined) return undefined;
    this.flush();
    const out = this.out;
    this.out = undefined;
    let claim = this.written && !out.direct ? this.written.claim(this.file, this.kind) : undefined;
    /** The name the list was opened at (its temporary file resolved from it). */
    const opened = this.at;
    for (let tries = 1; ; tries++) {
      // Another name than the one opened: renamed there (else to what it resolved to: a
      // symlink's target, the link itself staying). Against the name opened, not the last
      // try's (review, session 21: a second try at the same numbered name went to the first).
      const moved = claim !== undefined && claim.path !== opened;
      if (claim) this.at = claim.path;
      // A name free when claimed is linked, not renamed: another run finishing the same list
      // name at this instant keeps its file, and this one is claimed again beside it (review,
      // session 21: two dry runs with one --rejects name lost one run's rows now and then).
      const fresh = claim?.free === true;
      try {
        out.commitSync(moved ? this.at : undefined, { noClobber: fresh });
        break;
      } catch (e) {
        if (fresh && (e as NodeJS.ErrnoException).code === 'EEXIST' && tries < 5) {
          // Only a free name now: what appeared is another run's, even if it reads as a list
          // cacs wrote for this input (it recorded it before this claim).
          claim = this.written!.claim(this.file, this.kind, this.at);
          continue;
        }
        out.discard();
        throw sidecarWriteError(this.at, e, this.kind);
      }
    }
    if (this.hash) this.written?.remember(this.at, this.hash.digest());
    if (claim?.kept !== undefined)
      this.onNote?.(t(KEPT[this.kind], { file: this.file, why: claim.kept, written: this.at }));
    return this.at;
  }

  /** Drop the temporary file and the rows kept (failed run, or a preflight done again). */
  discard(): void {
    this.rows?.clear();
    this.dropFile();
  }

  /**
   * The file could not be written: its temporary file goes, no more is written to it, and the
   * rows kept as data stay — the caller's only copy then (review, session 22: a library caller's
   * `rejectedRows` came back empty).
   */
  dropFile(): void {
    this.fileFailed = true;
    this.chunks = [];
    this.bytes = 0;
    this.out?.discard();
    this.out = undefined;
  }

  private fileFailed = false;
}

/** Whether a header row is a cacs rejects or skipped file's (its line, code and reason first). */
export function isRejectsHeader(headers: readonly string[]): boolean {
  return REJECTS_META_COLUMNS.every((c, i) => headers[i] === c);
}
