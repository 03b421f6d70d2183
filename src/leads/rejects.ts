/**
 * The rejects and uncertain files: CSV with `line, code, reason`, then the input's original
 * columns and values, so the file can be fixed and imported again (cacs skips the first three
 * columns when it reads such a file). Written to a temporary name, renamed when complete.
 */
import fs from 'node:fs';
import path from 'node:path';
import { removeOnExit } from '../cleanup.js';
import { csvLineWriter, type CsvLine } from '../csv.js';

export const REJECTS_META_COLUMNS = ['line', 'code', 'reason'] as const;

/**
 * "<input name>.rejects.csv" in the working directory ("leads.csv" → "leads.rejects.csv").
 * Importing a fixed "leads.rejects.csv" writes "leads.rejects.rejects.csv": a sidecar never
 * replaces the file being imported (a run that stops early would lose its unsent rows).
 */
export function defaultSidecarPath(
  cwd: string,
  displayName: string,
  kind: 'rejects' | 'uncertain',
): string {
  const base = path.basename(displayName);
  const ext = path.extname(base);
  const stem = ext && base.length > ext.length ? base.slice(0, -ext.length) : base;
  return path.join(cwd, `${stem}.${kind}.csv`);
}

/** Whether two paths name the same file (symlinks and relative paths resolved). */
export function sameFile(a: string, b: string): boolean {
  const real = (p: string) => {
    try {
      return fs.realpathSync(p);
    } catch {
      return path.resolve(p);
    }
  };
  return real(a) === real(b);
}

export class SidecarWriter {
  private fd: number | undefined;
  private readonly tmp: string;
  private buffer = '';
  private forget: () => void = () => {};
  private readonly line: CsvLine;
  count = 0;

  constructor(
    readonly file: string,
    private readonly headers: readonly string[],
    private readonly delimiter: string,
    private readonly bom: boolean,
  ) {
    this.tmp = `${file}.tmp-${process.pid}`;
    this.line = csvLineWriter(delimiter);
  }

  add(line: number, code: string, reason: string, values: readonly string[]): void {
    if (this.fd === undefined) {
      fs.mkdirSync(path.dirname(this.file), { recursive: true });
      this.fd = fs.openSync(this.tmp, 'w', 0o600);
      this.forget = removeOnExit(this.tmp);
      const head = this.line([...REJECTS_META_COLUMNS, ...this.headers]);
      fs.writeSync(this.fd, (this.bom ? '\ufeff' : '') + head);
    }
    this.buffer += this.line([String(line), code, reason, ...values]);
    this.count++;
    if (this.buffer.length > 65_536) this.flush();
  }

  private flush(): void {
    if (this.fd !== undefined && this.buffer) fs.writeSync(this.fd, this.buffer);
    this.buffer = '';
  }

  /** Rename into place; returns the path, or undefined when nothing was written. */
  commit(): string | undefined {
    if (this.fd === undefined) return undefined;
    this.flush();
    fs.fsyncSync(this.fd);
    fs.closeSync(this.fd);
    this.fd = undefined;
    fs.renameSync(this.tmp, this.file);
    this.forget();
    return this.file;
  }

  /** Drop the temporary file (failed run). */
  discard(): void {
    this.buffer = '';
    if (this.fd === undefined) return;
    fs.closeSync(this.fd);
    this.fd = undefined;
    fs.rmSync(this.tmp, { force: true });
    this.forget();
  }
}
