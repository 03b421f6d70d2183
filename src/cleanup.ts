/**
 * Temporary files and folders to remove if the process must stop at once (a second Ctrl-C) or
 * exits with some still in place: spools hold customer data and half-written sidecars must not
 * be left behind.
 */
import fs from 'node:fs';

const paths = new Set<string>();
const flushes = new Set<() => void>();
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

/** Remember a path; the returned function forgets it (once it is renamed or removed). */
export function removeOnExit(path: string): () => void {
  paths.add(path);
  if (!hooked) {
    // process.exit() from anywhere (and the end of the event loop) still removes them.
    hooked = true;
    process.once('exit', removeAllNow);
  }
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
