/**
 * The one way cacs writes a file (DESIGN.md, Security): a temporary file with a random name in
 * the target's folder, created exclusively and without following a symlink (a name planted in
 * advance makes the open fail instead of redirecting customer data), mode 0600 unless told
 * otherwise, fsynced, then renamed into place (or linked, when an existing file must never be
 * replaced). The temporary file is removed on every failure and, through src/cleanup.ts, if the
 * process must stop at once.
 *
 * What a name points at decides how it is written (writeTargetOf, the one place that decides, for
 * every file cacs writes: reports, the rejects/skipped/uncertain lists, bookmarks, config):
 * - a regular file, or a new name: the temporary file and the rename above (0600);
 * - a FIFO, a character device (/dev/null, a terminal) or an open descriptor (/dev/fd/N,
 *   /dev/stdout, /proc/self/fd/N): written directly — no temporary file, no rename, no chmod,
 *   nothing ever removed; a run that fails part-way leaves what it wrote there;
 * - a symlink that belongs to the writer (or to root): written through to what it points at,
 *   atomically beside that file (which gets 0600 like any file cacs writes); the link stays.
 *   A symlink another user made is refused (it could point anywhere the writer can write);
 * - a folder, a block device or a socket: refused.
 * `noClobber` never replaces anything that exists, whatever it is (the link below fails).
 *
 * Streaming (report output in chunks with back-pressure, sidecar rows one by one) goes through
 * AtomicFile; one-shot writes through writeFileAtomicSync.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { machineTag, processGone, removeOnExit } from './cleanup.js';
import { UsageError } from './errors.js';
import { t } from './messages/index.js';
import { trustedOwner } from './owners.js';

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
  /**
   * Root replacing another user's file leaves the new one theirs (owner and group), as an
   * editor does: for a rewrite of rows they already hold (`cacs forget` cleaning an operator's
   * list). Otherwise the new file is the writer's: a file another user made in advance at a
   * name root writes would hand them what root wrote (review, session 23: a report).
   */
  keepOwner?: boolean;
  /**
   * The name itself is written, a regular file or a new name: a link at it is never followed
   * (an error with code ELOOP), nor is a named pipe or device written into (code EFTYPE). For
   * the state folder's files (state-write.ts describes both codes).
   */
  noFollow?: boolean;
}

const { O_WRONLY, O_CREAT, O_EXCL, O_APPEND } = fs.constants;
const O_NONBLOCK = fs.constants.O_NONBLOCK ?? 0;
const O_NOCTTY = fs.constants.O_NOCTTY ?? 0;
/** How a pipe, device or descriptor is opened: never created, never truncated. */
const DIRECT = O_WRONLY | O_APPEND | O_NOCTTY;
/** O_NOFOLLOW where the platform has it (O_EXCL alone already refuses a symlink on POSIX). */
const O_NOFOLLOW = fs.constants.O_NOFOLLOW ?? 0;
export const EXCLUSIVE_NOFOLLOW = O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW;

/**
 * How a name is written: `file` atomically at `path` (a new name, a regular file, or what a
 * symlink of the writer's points at: `link` is then the name given); `direct` by opening
 * `path` itself (a named pipe, a character device, an open descriptor) — or, for this process's
 * own stdout or stderr (`own`: 1 or 2; `/dev/stdout`, `/dev/fd/2`…), by writing on it as it is.
 */
export type WriteTarget =
  | { kind: 'file'; path: string; exists: boolean; link?: string }
  | { kind: 'direct'; path: string; what: 'pipe' | 'device' | 'descriptor'; own?: 1 | 2 };

/** Whether `dir` (canonical) is a process's descriptor folder (/proc/self/fd, /dev/fd). */
/**
 * The number of this process's own descriptor that `at` names (`/proc/self/fd/1`, which
 * `/dev/stdout` and `/dev/fd/1` lead to), if it names one. Stdout and stderr are written on as
 * they are, not opened again: a second open of a file stdout is redirected to (`> log`) has an
 * offset of its own, and the two writers wrote over each other (review, session 22:
 * `--rejects -`). No other is borrowed: past 2 a descriptor may be Node's own (its event loop's
 * pipes: writing on one crashed the process), opened by name as before.
 */
export function ownDescriptor(at: string): number | undefined {
  const m = /^(.*)\/(\d+)$/.exec(at);
  if (!m) return undefined;
  let real: string;
  try {
    real = fs.realpathSync(m[1]!);
  } catch {
    return undefined;
  }
  const own = new RegExp(`^/proc/(self|thread-self|${process.pid})(/task/\\d+)?/fd$`);
  if (!own.test(real) && real !== '/dev/fd') return undefined;
  const fd = Number(m[2]);
  return Number.isSafeInteger(fd) ? fd : undefined;
}

/**
 * Whether this process's descriptor `fd` (past stdin, stdout and stderr) may be none a shell gave
 * it: anything but a pipe whose other end the process does not hold (`>(command)`, the write end
 * alone). Node's own pipes (both ends held: writing into one crashed the process), its event
 * loop's `anon_inode`s, and any file: one cacs opened itself (the input: the rows went into it;
 * the ledger) cannot be told from one a shell gave (`3> file`), whose name can be given instead
 * (review, session 22: `--rejects /dev/fd/7`).
 */
function notGiven(fd: number): boolean {
  let link: string;
  try {
    link = fs.readlinkSync(`/proc/self/fd/${fd}`);
  } catch {
    return false; // not open: opening it says so
  }
  if (!link.startsWith('pipe:')) return true;
  let others: string[];
  try {
    others = fs.readdirSync('/proc/self/fd');
  } catch {
    return false;
  }
  // The other end: the same pipe open for reading (a shell may leave the same write end open at
  // two numbers, `3> >(command)` keeps 63 too).
  const mode = (n: number) => {
    const m = /^flags:\s*([0-7]+)$/m.exec(fs.readFileSync(`/proc/self/fdinfo/${n}`, 'utf8'));
    return m ? parseInt(m[1]!, 8) & 3 : -1;
  };
  let own: number;
  try {
    own = mode(fd);
  } catch {
    return false;
  }
  for (const other of others) {
    const n = Number(other);
    if (!(n > 2) || n === fd) continue;
    try {
      if (fs.readlinkSync(`/proc/self/fd/${other}`) === link && mode(n) !== own) return true;
    } catch {
      // closed meanwhile
    }
  }
  return false;
}

function isDescriptorFolder(dir: string): boolean {
  let real: string;
  try {
    real = fs.realpathSync(dir);
  } catch {
    return false;
  }
  return /^\/proc\/(self|thread-self|\d+)(\/task\/\d+)?\/fd$/.test(real) || real === '/dev/fd';
}

function errnoError(code: string, message: string, at: string): NodeJS.ErrnoException {
  return Object.assign(new Error(`${code}: ${message}, ${at}`), { code, path: at });
}

/**
 * What `target` is, for writing (see the module comment): the one place that decides, for every
 * file cacs writes. Throws a UsageError naming the path for what cacs refuses (a block device, a
 * socket, another user's symlink), and an errno error (EISDIR, ELOOP, EACCES…) otherwise.
 */
export function writeTargetOf(target: string): WriteTarget {
  const given = path.resolve(target);
  const euid = process.geteuid?.();
  let at = given;
  let link: string | undefined;
  for (let hops = 0; ; hops++) {
    let st: fs.Stats;
    try {
      st = fs.lstatSync(at);
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw e;
      return { kind: 'file', path: at, exists: false, ...(link !== undefined ? { link } : {}) };
    }
    if (st.isSymbolicLink()) {
      if (euid !== undefined && !trustedOwner(st.uid, euid)) {
        // The link that is another's, when the name given is a link of one's own before it
        // (review, session 21: the message named the first link of the chain).
        throw new UsageError(
          at === given
            ? t('write.symlinkOfOther', { file: given, uid: st.uid })
            : t('write.symlinkOfOther.chain', { file: given, link: at, uid: st.uid }),
          { hint: t('write.symlinkOfOther.hint') },
        );
      }
      // /dev/fd/N, /dev/stdout → /proc/self/fd/N: an open descriptor, written as it is.
      if (isDescriptorFolder(path.dirname(at))) {
        let to: fs.Stats;
        try {
          to = fs.statSync(at);
        } catch {
          throw errnoError('EBADF', t('write.errno.notDescriptor'), at);
        }
        if (to.isDirectory()) throw errnoError('EISDIR', 'a folder', at);
        // A socket (stdout under systemd, a child's stdio in Node) cannot be opened by name; this
        // process's own stdout or stderr is written on as it is.
        const own = ownDescriptor(at);
        const std = own === 1 || own === 2 ? own : undefined;
        if (own !== undefined && own > 2 && notGiven(own))
          throw new UsageError(t('write.notGivenDescriptor', { file: given }), {
            hint: t('write.notGivenDescriptor.hint'),
          });
        if (to.isSocket() && std === undefined)
          throw new UsageError(t('write.socketDescriptor', { file: given }), {
            hint: t('write.socketDescriptor.hint'),
          });
        return {
          kind: 'direct',
          path: at,
          what: 'descriptor',
          ...(std !== undefined ? { own: std } : {}),
        };
      }
      if (hops >= 40) throw errnoError('ELOOP', t('write.errno.loop'), given);
      link = given;
      at = path.resolve(path.dirname(at), fs.readlinkSync(at));
      continue;
    }
    if (st.isFile()) return { kind: 'file', path: at, exists: true, ...(link ? { link } : {}) };
    if (st.isFIFO() || st.isCharacterDevice()) {
      // Another user's pipe (or device) at a name cacs writes: its reader would get the rows
      // (review, session 23: a pipe made beside an input in a shared folder took root's
      // rejects list, and one at a report's name the report).
      if (euid !== undefined && !trustedOwner(st.uid, euid))
        throw new UsageError(
          t(st.isFIFO() ? 'write.pipeOfOther' : 'write.deviceOfOther', {
            file: given,
            uid: st.uid,
          }),
          { hint: t('write.specialOfOther.hint') },
        );
      return { kind: 'direct', path: at, what: st.isFIFO() ? 'pipe' : 'device' };
    }
    if (st.isDirectory()) throw errnoError('EISDIR', 'a folder', given);
    throw new UsageError(
      st.isBlockDevice()
        ? t('write.blockDevice', { file: given })
        : t('write.socket', { file: given }),
      { hint: t('write.notFile.hint') },
    );
  }
}

/**
 * Remove a file cacs wrote at `target`, as it was written (writeTargetOf): a regular file, or
 * what a symlink of the writer's points at — the file holding the rows, the link staying, as it
 * did when cacs wrote through it (removing the link would leave the rows where it pointed:
 * review, session 16). A pipe, a device or a name cacs refuses is left alone. Returns the path
 * removed, or undefined.
 */
export function removeWritten(target: string): string | undefined {
  let to: WriteTarget;
  try {
    to = writeTargetOf(target);
  } catch {
    return undefined;
  }
  if (to.kind !== 'file' || !to.exists) return undefined;
  fs.rmSync(to.path, { force: true });
  return to.path;
}

/**
 * Open a pipe, device or descriptor for writing, without blocking: a named pipe must have its
 * reader already (else a UsageError naming it; a blocking open would wait for ever, deaf to
 * Ctrl-C). The async path (openDirect) waits for a reader, as a shell redirect does.
 */
function openDirectSync(target: WriteTarget & { kind: 'direct' }): number {
  if (target.what === 'device') return fs.openSync(target.path, DIRECT);
  let probe: number;
  try {
    probe = fs.openSync(target.path, DIRECT | O_NONBLOCK);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'ENXIO') throw e;
    throw new UsageError(t('write.pipeWithoutReader', { file: target.path }), {
      hint: t('write.pipeWithoutReader.hint'),
    });
  }
  try {
    // The reader is there, so this open does not wait; the descriptor blocks on a full pipe.
    return fs.openSync(target.path, DIRECT);
  } finally {
    fs.closeSync(probe);
  }
}

/** Throws unless `target` can be written (checked before any work: the folder or the device). */
export function assertCanWrite(target: string): WriteTarget {
  const t = writeTargetOf(target);
  if (t.kind === 'direct') fs.accessSync(t.path, fs.constants.W_OK);
  else assertCanCreateIn(path.dirname(t.path));
  return t;
}

/** At most this many bytes of the target's name are kept in the temporary name (NAME_MAX). */
const MAX_STEM_BYTES = 180;

/**
 * A temporary file untouched for this long is a leftover whoever made it (a power cut: the
 * machine's boot changed, so its pid cannot be judged; an older cacs's name without one): no
 * write of cacs leaves its temporary file alone for a week.
 */
const ABANDONED_MS = 7 * 86_400_000;

function stemOf(target: string): string {
  let stem = path.basename(target);
  while (Buffer.byteLength(stem) > MAX_STEM_BYTES) stem = [...stem].slice(0, -1).join('');
  return stem;
}

/**
 * A fresh temporary name beside `target`: ".<name>.tmp-<16 random hex digits>-<pid>-<host>".
 * Unpredictable, so a symlink cannot be planted under it in advance; recognisable, so a
 * leftover is explained; with the process and the machine that made it, so that one a killed
 * run left (it may hold customer rows) is removed by the next write of the same file
 * (removeStaleTempsOf).
 */
export function tempNameFor(target: string): string {
  return path.join(
    path.dirname(target),
    `.${stemOf(target)}.tmp-${randomBytes(8).toString('hex')}-${process.pid}-${machineTag()}`,
  );
}

/**
 * Remove the temporary files beside `target` (tempNameFor's) that a process of this machine
 * left and that is gone (SIGKILL, a power cut): a sidecar list's or a report's half-written
 * copy holds customer rows. One of another machine (a shared folder), of a live process, of
 * another user, or not a plain file, is left alone. The paths removed.
 */
export function removeStaleTempsOf(target: string): string[] {
  return removeStale(path.dirname(target), `.${stemOf(target)}.tmp-`);
}

/** removeStaleTempsOf for every file of `dir` (`cacs forget`: any list a killed run was writing). */
export function removeStaleTempsIn(dir: string): string[] {
  return removeStale(dir, '.');
}

function removeStale(dir: string, prefix: string): string[] {
  let names: string[];
  try {
    names = fs.readdirSync(dir).filter((n) => n.startsWith(prefix));
  } catch {
    return [];
  }
  const removed: string[] = [];
  const uid = process.getuid?.();
  const tag = machineTag();
  for (const n of names) {
    const m = /\.tmp-[0-9a-f]{16}(?:-(\d+)-([0-9a-f]{8}))?$/.exec(n);
    if (m === null) continue;
    const p = path.join(dir, n);
    let st: fs.Stats;
    try {
      st = fs.lstatSync(p);
    } catch {
      continue;
    }
    if (!st.isFile() || (uid !== undefined && st.uid !== uid)) continue;
    const pid = Number(m[1]);
    // Its maker's pid on this machine as it runs now: gone (ESRCH) means a leftover.
    const gone = m[2] === tag && pid !== process.pid && processGone(pid);
    if (!gone && Date.now() - st.mtimeMs < ABANDONED_MS) continue;
    try {
      fs.unlinkSync(p);
      removed.push(p);
    } catch {
      // Gone meanwhile, or not ours to remove.
    }
  }
  return removed;
}

function writeAllSync(fd: number, data: string | Uint8Array): void {
  const buf = typeof data === 'string' ? Buffer.from(data, 'utf8') : data;
  let off = 0;
  while (off < buf.length) {
    try {
      off += fs.writeSync(fd, buf, off, buf.length - off);
    } catch (e) {
      // A descriptor of this process's that is non-blocking (stdout on a socket): full for now.
      if ((e as NodeJS.ErrnoException).code !== 'EAGAIN') throw e;
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 1);
    }
  }
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
 * The owner of the regular file `target` that root is about to replace, when it is another
 * user's and the write keeps owners (AtomicWriteOptions.keepOwner): the new file stays theirs
 * (as an editor keeps it), not root's — which they could no longer read (review, session 17:
 * `cacs forget` as root made other operators' lists root's). Undefined otherwise (not root, a
 * new name, root's own).
 */
function replacedOwner(target: string): { uid: number; gid: number } | undefined {
  if (process.getuid?.() !== 0) return undefined;
  const st = fs.statSync(target, { throwIfNoEntry: false });
  if (st === undefined || !st.isFile() || (st.uid === 0 && st.gid === 0)) return undefined;
  return { uid: st.uid, gid: st.gid };
}

/** What link(2) says on a file system that has no hard links. */
const NO_LINKS: ReadonlySet<string> = new Set([
  'EPERM',
  'ENOTSUP',
  'EOPNOTSUPP',
  'ENOSYS',
  'EMLINK',
]);

/**
 * A file being written: created at a temporary name by AtomicFile.open, filled with write or
 * writeSync, then commit() puts it in place; discard() (or any failure of commit) removes it.
 * For a pipe, device or descriptor (`direct`), `temp` is the target itself: written in place,
 * commit() and discard() only close it (nothing is ever removed).
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
    /** Written in place: a named pipe, a character device or an open descriptor. */
    readonly direct = false,
    /** This process's own stdout or stderr (WriteTarget `own`): written on, never closed here. */
    private readonly borrowed = false,
  ) {
    this.fd = fd;
    this.forget = direct ? () => {} : removeOnExit(temp);
  }

  /**
   * Where the bytes go: the target as writeTargetOf sees it (noClobber: the name itself, which
   * the final link refuses if anything is there).
   */
  private static where(target: string, opts: AtomicWriteOptions): WriteTarget {
    if (opts.noClobber) return { kind: 'file', path: target, exists: false };
    if (!opts.noFollow) return writeTargetOf(target);
    const st = fs.lstatSync(target, { throwIfNoEntry: false });
    if (st?.isSymbolicLink() === true)
      throw Object.assign(new Error(`ELOOP: a link, ${target}`), { code: 'ELOOP', path: target });
    if (st !== undefined && !st.isFile())
      throw Object.assign(new Error(`EFTYPE: no file, ${target}`), {
        code: 'EFTYPE',
        path: target,
      });
    return { kind: 'file', path: target, exists: st !== undefined };
  }

  /**
   * Create the temporary file (folders on the way are created too, mode 0700), or open the pipe
   * or device. A named pipe must have its reader already (see openDirectSync).
   */
  static open(target: string, opts: AtomicWriteOptions = {}): AtomicFile {
    const t = AtomicFile.where(target, opts);
    if (t.kind === 'direct') {
      if (t.own !== undefined) return new AtomicFile(t.path, t.path, t.own, opts, true, true);
      return new AtomicFile(t.path, t.path, openDirectSync(t), opts, true);
    }
    return AtomicFile.create(t.path, opts);
  }

  /** As open, but a named pipe is waited on until a reader opens it (as a shell redirect does). */
  static async openAsync(target: string, opts: AtomicWriteOptions = {}): Promise<AtomicFile> {
    const t = AtomicFile.where(target, opts);
    if (t.kind !== 'direct') return AtomicFile.create(t.path, opts);
    if (t.own !== undefined) return new AtomicFile(t.path, t.path, t.own, opts, true, true);
    // A raw descriptor (not a FileHandle, which would close it again when collected).
    const fd = await new Promise<number>((resolve, reject) =>
      fs.open(t.path, DIRECT, (e, d) => (e ? reject(e) : resolve(d))),
    );
    return new AtomicFile(t.path, t.path, fd, opts, true);
  }

  private static create(target: string, opts: AtomicWriteOptions): AtomicFile {
    const dir = path.dirname(target);
    try {
      makeDirs(dir);
    } catch (e) {
      // A file where a folder should be: say so (mkdir reports EEXIST).
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
      throw Object.assign(new Error(`ENOTDIR: not a folder, ${dir}`), {
        code: 'ENOTDIR',
        path: dir,
      });
    }
    // What a killed writer of this same file left (customer rows, perhaps) goes first.
    removeStaleTempsOf(target);
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

  /**
   * fsync, close, rename (or link, with noClobber) into place — at `as` when given (a name in
   * the same folder: the sidecars' numbered names). On failure nothing is left, except with
   * `how.noClobber`: a name taken meanwhile (EEXIST) leaves the written file for another
   * commitSync, at another name (two runs finishing one list name at once: the second must not
   * replace the first's rows).
   */
  commitSync(as?: string, how: { noClobber?: boolean } = {}): void {
    const target = as ?? this.target;
    if (this.direct) {
      const fd = this.handle;
      this.fd = undefined;
      this.done = true;
      if (!this.borrowed) fs.closeSync(fd);
      return;
    }
    try {
      // Root replacing another user's file: it stays theirs (best effort: a file system
      // without owners, a FAT stick, keeps the writer's).
      const owner = this.opts.keepOwner === true ? replacedOwner(target) : undefined;
      if (this.fd !== undefined) {
        const fd = this.fd;
        if (owner !== undefined) {
          try {
            fs.fchownSync(fd, owner.uid, owner.gid);
          } catch {
            // kept as root's
          }
        }
        if (this.opts.durable !== false) fs.fsyncSync(fd);
        this.fd = undefined;
        fs.closeSync(fd);
      } else if (this.done || !this.keptForRetry) {
        throw new Error(`${this.temp}: already committed or discarded`);
      } else if (owner !== undefined) {
        try {
          fs.chownSync(this.temp, owner.uid, owner.gid);
        } catch {
          // kept as root's
        }
      }
      if (this.opts.noClobber || how.noClobber) {
        try {
          this.placeWithoutClobber(target);
        } catch (e) {
          if (how.noClobber && (e as NodeJS.ErrnoException).code === 'EEXIST')
            this.keptForRetry = true;
          throw e;
        }
      } else {
        fs.renameSync(this.temp, target);
      }
    } catch (e) {
      if (!this.keptForRetry || (e as NodeJS.ErrnoException).code !== 'EEXIST') this.discard();
      throw e;
    }
    this.done = true;
    this.forget();
    if (this.opts.durable !== false) syncFolder(path.dirname(target));
  }
  /** A noClobber commit found its name taken: the closed temporary file waits for another. */
  private keptForRetry = false;

  /**
   * The written file into place at `target` unless something is there (EEXIST): a hard link,
   * which refuses a taken name at once; on a file system without hard links (a FAT or exFAT
   * stick, some network shares) the name is looked at just before a rename (an instant's
   * window, where link(2) has none).
   */
  private placeWithoutClobber(target: string): void {
    let linked = false;
    try {
      fs.linkSync(this.temp, target);
      linked = true;
    } catch (e) {
      if (!NO_LINKS.has((e as NodeJS.ErrnoException).code ?? '')) throw e;
    }
    if (linked) {
      fs.unlinkSync(this.temp);
      return;
    }
    if (fs.lstatSync(target, { throwIfNoEntry: false }) !== undefined)
      throw Object.assign(new Error(`EEXIST: file already exists, link -> '${target}'`), {
        code: 'EEXIST',
        syscall: 'link',
        path: target,
      });
    fs.renameSync(this.temp, target);
  }

  /** Close and remove the temporary file (a failed or abandoned write). Safe to call twice. */
  discard(): void {
    if (this.fd !== undefined) {
      try {
        if (!this.borrowed) fs.closeSync(this.fd);
      } catch {
        // already closed
      }
      this.fd = undefined;
    }
    if (this.done) return;
    this.done = true;
    if (this.direct) return;
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
  const file = await AtomicFile.openAsync(target, opts);
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
  // noClobber: a temporary file is made whatever is at the probe's own name.
  const probe = AtomicFile.open(path.join(at, 'cacs-probe'), { durable: false, noClobber: true });
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

/**
 * `fs.mkdirSync(dir, { recursive: true, mode })` without Node's endless loop where a parent
 * exists but cannot hold the child — a path under /proc, a dangling symlink — (review, session
 * 18: `CACS_STATE_DIR=/proc/x` spun at 100 % CPU, deaf to Ctrl-C: mkdir of the folder ENOENT,
 * of its parent EEXIST, again and again). Walks up while a folder is missing, then makes the
 * missing ones from the top: an ENOENT once the parent is there is final. Errors are Node's
 * (EEXIST for a file in the folder's place, ENOTDIR, EACCES…).
 */
export function makeDirs(dir: string, mode = 0o700): void {
  makeDirsUnchecked(dir, mode);
  // A folder checked while it was missing (the state folder) is checked again once it is there,
  // before anything is written in it: another user may have made it first (review, session 23).
  if (awaited.size === 0) return;
  const made = path.resolve(dir);
  for (const [folder, check] of awaited)
    if (made === folder || made.startsWith(`${folder}${path.sep}`)) {
      check(folder);
      awaited.delete(folder);
    }
}

/** Folders to check once made (checkWhenMade), with their checks. */
const awaited = new Map<string, (folder: string) => void>();

/**
 * Run `check` on `folder` (missing now) when makeDirs first makes it, or a folder in it — where
 * it is checked as it is then, whoever made it. `check` throws to refuse it.
 */
export function checkWhenMade(folder: string, check: (folder: string) => void): void {
  awaited.set(path.resolve(folder), check);
}

function makeDirsUnchecked(dir: string, mode: number): void {
  const missing: string[] = [];
  let at = path.resolve(dir);
  for (;;) {
    try {
      fs.mkdirSync(at, { mode });
      break;
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code;
      if (code === 'EEXIST') {
        // There already: a folder (or a link to one) ends the walk; anything else is in the way.
        let folder = false;
        try {
          folder = fs.statSync(at).isDirectory();
        } catch {
          // A link to nothing: no folder can be made there (Node 22+ says ENOENT too).
          throw Object.assign(new Error(`ENOENT: a link to nothing, mkdir '${at}'`), {
            code: 'ENOENT',
            path: at,
          });
        }
        if (!folder) throw e;
        break;
      }
      const parent = path.dirname(at);
      if (code !== 'ENOENT' || parent === at) throw e;
      missing.push(at);
      at = parent;
    }
  }
  for (let i = missing.length - 1; i >= 0; i--) {
    try {
      fs.mkdirSync(missing[i]!, { mode });
    } catch (e) {
      // Made meanwhile by another process: fine; anything else (ENOENT under /proc) is final.
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST' || !isFolder(missing[i]!)) throw e;
    }
  }
}

function isFolder(p: string): boolean {
  try {
    return fs.statSync(p).isDirectory();
  } catch {
    return false;
  }
}
