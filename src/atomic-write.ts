/**
 * The one way cacs writes a file (DESIGN.md, Security): a temporary file with a random name in
 * the target's folder, created exclusively and without following a symlink (a name planted in
 * advance makes the open fail instead of redirecting customer data), mode 0600 unless told
 * otherwise, fsynced, then renamed into place (or linked, when an existing file must never be
 * replaced). The temporary file is removed on every failure and, through src/cleanup.ts, if the
 * process must stop at once.
 *
 * Streaming (report output in chunks with back-pressure, sidecar rows one by one) goes through
 * AtomicFile; one-shot writes through writeFileAtomicSync.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { removeOnExit } from './cleanup.js';

export interface AtomicWriteOptions {
  /** Permission bits of the new file (the umask can only remove some). Default 0o600. */
  mode?: number;
  /** fsync the file before it is renamed, and its folder after. Default true. */
  durable?: boolean;
  /**
   * Never replace an existing file: the temporary file is hard-linked to the target, which
   * fails with EEXIST when the target exists (a symlink included), then removed.
   */
  noClobber?: boolean;
}

const { O_WRONLY, O_CREAT, O_EXCL } = fs.constants;
/** O_NOFOLLOW where the platform has it (O_EXCL alone already refuses a symlink on POSIX). */
const O_NOFOLLOW = fs.constants.O_NOFOLLOW ?? 0;
export const EXCLUSIVE_NOFOLLOW = O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW;

/** At most this many bytes of the target's name are kept in the temporary name (NAME_MAX). */
const MAX_STEM_BYTES = 180;

/**
 * A fresh temporary name beside `target`: ".<name>.tmp-<16 random hex digits>". Unpredictable,
 * so a symlink cannot be planted under it in advance; recognisable, so a leftover is explained.
 */
export function tempNameFor(target: string): string {
  let stem = path.basename(target);
  while (Buffer.byteLength(stem) > MAX_STEM_BYTES) stem = [...stem].slice(0, -1).join('');
  return path.join(path.dirname(target), `.${stem}.tmp-${randomBytes(8).toString('hex')}`);
}

function writeAllSync(fd: number, data: string | Uint8Array): void {
  const buf = typeof data === 'string' ? Buffer.from(data, 'utf8') : data;
  let off = 0;
  while (off < buf.length) off += fs.writeSync(fd, buf, off, buf.length - off);
}

function writeAll(fd: number, data: string | Uint8Array): Promise<void> {
  const buf = typeof data === 'string' ? Buffer.from(data, 'utf8') : data;
  return new Promise<void>((resolve, reject) => {
    const step = (off: number) => {
      if (off >= buf.length) return resolve();
      fs.write(fd, buf, off, buf.length - off, null, (err, written) =>
        err ? reject(err) : step(off + written),
      );
    };
    step(0);
  });
}

/** fsync a folder so a rename in it survives a power loss (best effort: not every OS can). */
function syncFolder(dir: string): void {
  let fd: number | undefined;
  try {
    fd = fs.openSync(dir, 'r');
    fs.fsyncSync(fd);
  } catch {
    // Windows and some file systems cannot fsync a folder; the rename is still atomic.
  } finally {
    if (fd !== undefined) fs.closeSync(fd);
  }
}

/**
 * A file being written: created at a temporary name by AtomicFile.open, filled with write or
 * writeSync, then commit() puts it in place; discard() (or any failure of commit) removes it.
 */
export class AtomicFile {
  private fd: number | undefined;
  private readonly forget: () => void;
  private done = false;

  private constructor(
    readonly target: string,
    readonly temp: string,
    fd: number,
    private readonly opts: AtomicWriteOptions,
  ) {
    this.fd = fd;
    this.forget = removeOnExit(temp);
  }

  /** Create the temporary file (folders on the way are created too, mode 0700). */
  static open(target: string, opts: AtomicWriteOptions = {}): AtomicFile {
    const dir = path.dirname(target);
    try {
      fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
    } catch (e) {
      // A file where a folder should be: say so (mkdir reports EEXIST).
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
      throw Object.assign(new Error(`ENOTDIR: not a folder, ${dir}`), {
        code: 'ENOTDIR',
        path: dir,
      });
    }
    for (let attempt = 0; ; attempt++) {
      const temp = tempNameFor(target);
      try {
        const fd = fs.openSync(temp, EXCLUSIVE_NOFOLLOW, opts.mode ?? 0o600);
        return new AtomicFile(target, temp, fd, opts);
      } catch (e) {
        // 64 random bits already taken: only something hostile does that; try another name.
        if ((e as NodeJS.ErrnoException).code !== 'EEXIST' || attempt >= 4) throw e;
      }
    }
  }

  private get handle(): number {
    if (this.fd === undefined) throw new Error(`${this.temp}: already committed or discarded`);
    return this.fd;
  }

  writeSync(data: string | Uint8Array): void {
    writeAllSync(this.handle, data);
  }

  /** Write a chunk; resolves once the bytes are handed to the OS (so callers get back-pressure). */
  write(data: string | Uint8Array): Promise<void> {
    return writeAll(this.handle, data);
  }

  /** fsync, close, rename (or link, with noClobber) into place. On failure nothing is left. */
  commitSync(): void {
    const fd = this.handle;
    try {
      if (this.opts.durable !== false) fs.fsyncSync(fd);
      this.fd = undefined;
      fs.closeSync(fd);
      if (this.opts.noClobber) {
        fs.linkSync(this.temp, this.target);
        fs.unlinkSync(this.temp);
      } else {
        fs.renameSync(this.temp, this.target);
      }
    } catch (e) {
      this.discard();
      throw e;
    }
    this.done = true;
    this.forget();
    if (this.opts.durable !== false) syncFolder(path.dirname(this.target));
  }

  /** Close and remove the temporary file (a failed or abandoned write). Safe to call twice. */
  discard(): void {
    if (this.fd !== undefined) {
      try {
        fs.closeSync(this.fd);
      } catch {
        // already closed
      }
      this.fd = undefined;
    }
    if (this.done) return;
    this.done = true;
    try {
      fs.rmSync(this.temp, { force: true });
    } finally {
      this.forget();
    }
  }
}

/** Write `data` to `target` in one go, atomically. */
export function writeFileAtomicSync(
  target: string,
  data: string | Uint8Array,
  opts: AtomicWriteOptions = {},
): void {
  const file = AtomicFile.open(target, opts);
  try {
    file.writeSync(data);
  } catch (e) {
    file.discard();
    throw e;
  }
  file.commitSync();
}

/**
 * Write `target` through `fill`, which writes its chunks (awaiting each); the file appears
 * complete once `fill` resolves, and not at all if it throws.
 */
export async function writeFileAtomic(
  target: string,
  fill: (file: AtomicFile) => Promise<void>,
  opts: AtomicWriteOptions = {},
): Promise<void> {
  const file = AtomicFile.open(target, opts);
  try {
    await fill(file);
    file.commitSync();
  } catch (e) {
    file.discard();
    throw e;
  }
}

/**
 * Throws (with the errno code: EACCES, EROFS, ENOTDIR…) unless a file can be created in `dir`
 * or, when it does not exist yet, in its nearest existing parent. It creates and removes a
 * probe file rather than asking access(2), which answers for the real user id — root (or a
 * process run with another effective user) would be told yes about a folder it cannot write,
 * and a read-only mount is not always reported.
 */
export function assertCanCreateIn(dir: string): void {
  let at = path.resolve(dir);
  while (!fs.existsSync(at)) {
    const up = path.dirname(at);
    if (up === at) break;
    at = up;
  }
  if (!fs.statSync(at).isDirectory()) {
    throw Object.assign(new Error(`ENOTDIR: not a folder, ${at}`), { code: 'ENOTDIR', path: at });
  }
  const probe = AtomicFile.open(path.join(at, 'cacs-probe'), { durable: false });
  probe.discard();
}

/** Bytes free to an unprivileged writer in the file system holding `dir` (undefined: unknown). */
export function freeSpace(dir: string): number | undefined {
  try {
    const s = fs.statfsSync(dir);
    return s.bavail * s.bsize;
  } catch {
    return undefined;
  }
}
