/**
 * Temporary files and folders to remove if the process must stop at once (a second Ctrl-C) or
 * exits with some still in place: spools hold customer data and half-written sidecars must not
 * be left behind.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const paths = new Set<string>();
const flushes = new Set<() => void>();
const releases = new Set<() => void>();
let hooked = false;

/**
 * A synchronous last write to run if the process must stop at once (the journal's outcome
 * records not yet on disk); the returned function forgets it.
 */
export function flushOnExit(flush: () => void): () => void {
  flushes.add(flush);
  return () => {
    flushes.delete(flush);
  };
}

/**
 * process.exit() from anywhere (a second Ctrl-C, and the end of the event loop) still removes
 * the paths and, after them, lets go of the locks.
 */
function hook(): void {
  if (hooked) return;
  hooked = true;
  process.once('exit', () => {
    removeAllNow();
    releaseLocksNow();
  });
}

/**
 * A lock to let go of when the process exits, after the last writes (flushOnExit) and the
 * temporary files: a run stopped by a second Ctrl-C leaves no lock file behind. The returned
 * function forgets it (the lock was released).
 */
export function releaseOnExit(release: () => void): () => void {
  releases.add(release);
  hook();
  return () => {
    releases.delete(release);
  };
}

/** Remember a path; the returned function forgets it (once it is renamed or removed). */
export function removeOnExit(path: string): () => void {
  paths.add(path);
  hook();
  return () => {
    paths.delete(path);
  };
}

/** Remove every remembered path now (synchronously: the process is about to exit). */
export function removeAllNow(): void {
  for (const f of flushes) {
    try {
      f();
    } catch {
      // best effort: what is not written leaves its batches uncertain, never resent
    }
  }
  flushes.clear();
  for (const p of paths) {
    try {
      fs.rmSync(p, { recursive: true, force: true });
    } catch {
      // best effort
    }
  }
  paths.clear();
}

/**
 * Let go of every lock still held, as the process exits (not in removeAllNow, which the
 * library exports: a host that calls it and carries on keeps its runs' locks).
 */
function releaseLocksNow(): void {
  for (const r of releases) {
    try {
      r();
    } catch {
      // best effort: a lock left behind is taken over as stale by the next run
    }
  }
  releases.clear();
}

// ── Private temporary folders a killed run left (issue 26) ─────────────────────────────────

/**
 * The private temporary folders cacs makes (mkdtemp, 0700) that hold customer data while a run
 * lasts: an import's work folder (spooled leads), the stdin spool, a report's spill runs.
 */
export const TEMP_PREFIXES = ['cacs-import-', 'cacs-stdin-', 'cacs-report-'] as const;

/**
 * Record this process as the folder's owner (`owner`: its pid), so that a later run can tell a
 * folder left by a process that is gone (SIGKILL, power cut) from one still in use.
 */
export function markOwner(dir: string): void {
  fs.writeFileSync(path.join(dir, 'owner'), `${process.pid}\n`, { mode: 0o600 });
}

/**
 * Remove the private temporary folders (TEMP_PREFIXES) in `root` whose owner process is gone;
 * the folders removed. One without an owner (an older cacs, or being made) or whose owner is
 * alive (or not ours to judge) is left alone, and so is anything of that name that is not a real
 * folder of this user's (a link, another user's folder in a shared /tmp). `dryRun`: only find them.
 */
export function removeStaleTemp(root: string = os.tmpdir(), dryRun = false): string[] {
  let names: string[];
  try {
    names = fs.readdirSync(root).filter((n) => TEMP_PREFIXES.some((p) => n.startsWith(p)));
  } catch {
    return [];
  }
  const removed: string[] = [];
  const uid = process.getuid?.();
  for (const n of names) {
    const dir = path.join(root, n);
    try {
      // Only a real folder of this user's (the temp folder may be shared, /tmp): a link of that
      // name, or another user's folder, is not ours to judge, even as root.
      const st = fs.lstatSync(dir);
      if (!st.isDirectory() || (uid !== undefined && st.uid !== uid)) continue;
      const pid = Number(fs.readFileSync(path.join(dir, 'owner'), 'utf8').trim());
      if (!Number.isSafeInteger(pid) || pid <= 0 || pid === process.pid) continue;
      if (!processGone(pid)) continue; // alive (or not ours to judge)
      if (!dryRun) fs.rmSync(dir, { recursive: true, force: true });
      removed.push(dir);
    } catch {
      // No owner recorded: left alone.
    }
  }
  return removed;
}

/**
 * Whether process `pid` is gone on this machine (kill(pid, 0) says ESRCH). A process of
 * another user's (EPERM) or one whose number was reused counts as there: never judged gone
 * wrongly, only perhaps not judged gone.
 */
export function processGone(pid: number): boolean {
  if (!Number.isSafeInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return false;
  } catch (e) {
    return (e as { code?: string }).code === 'ESRCH';
  }
}

let hostTag: string | undefined;
let parts: { host: string; boot: string; ns: string } | undefined;

/** 8 hex digits of a hash of `text`. */
function tag(text: string): string {
  return createHash('sha256').update(text).digest('hex').slice(0, 8);
}

function readOr(read: () => string): string {
  try {
    return read();
  } catch {
    return ''; // not Linux, or no pid namespaces here
  }
}

/**
 * This machine as a lock names it, in three parts (8 hex digits each): its host name, its boot
 * (Linux: boot_id) and this process's pid namespace. A lock of another host or namespace is
 * never judged by its pid; one of an earlier boot of this one is stale (its process is gone).
 */
export function machineParts(): { host: string; boot: string; ns: string } {
  parts ??= {
    host: tag(os.hostname()),
    boot: tag(readOr(() => fs.readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim())),
    ns: tag(readOr(() => fs.readlinkSync('/proc/self/ns/pid'))),
  };
  return parts;
}

/**
 * This machine, as it runs now (in a temporary file's name, a run's start record): 8 hex digits of a hash of its host
 * name, its boot (Linux: boot_id) and this process's pid namespace (a container with the same
 * host name is another), so that a pid is judged only where it means the same process.
 */
export function machineTag(): string {
  if (hostTag !== undefined) return hostTag;
  let boot = '';
  try {
    boot += fs.readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim();
  } catch {
    // Not Linux: the host name alone.
  }
  try {
    boot += fs.readlinkSync('/proc/self/ns/pid');
  } catch {
    // No pid namespaces here.
  }
  hostTag = createHash('sha256').update(`${os.hostname()}\0${boot}`).digest('hex').slice(0, 8);
  return hostTag;
}
