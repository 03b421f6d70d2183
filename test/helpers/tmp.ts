/**
 * Temporary folders for tests, removed when the test file ends: every folder made here is
 * deleted by the afterAll hook of test/setup.ts, so a test cannot leave anything in TMPDIR by
 * forgetting to. A folder a test made unreadable or read-only is made writable again first (a
 * normal user could not delete it otherwise).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const made: string[] = [];

/** A new folder in TMPDIR (fs.mkdtemp), removed with everything in it when the file ends. */
export function tempDir(prefix = 'cacs-test-'): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  made.push(dir);
  return dir;
}

/** Owner read/write/search on p and everything under it (best effort), so it can go. */
function unlock(p: string): void {
  let st: fs.Stats;
  try {
    st = fs.lstatSync(p);
  } catch {
    return;
  }
  if (!st.isDirectory()) return;
  try {
    fs.chmodSync(p, st.mode | 0o700);
  } catch {
    return;
  }
  for (const name of fs.readdirSync(p)) unlock(path.join(p, name));
}

/** Remove p and everything in it; true when it is gone. */
export function removeTree(p: string): boolean {
  try {
    fs.rmSync(p, { recursive: true, force: true, maxRetries: 3 });
  } catch {
    unlock(p);
    try {
      fs.rmSync(p, { recursive: true, force: true, maxRetries: 3 });
    } catch {
      // Reported below.
    }
  }
  return !fs.existsSync(p);
}

/** Remove every folder made by tempDir; the ones that could not be removed. */
export function removeTempDirs(): string[] {
  const left: string[] = [];
  for (const p of made.splice(0).reverse()) if (!removeTree(p)) left.push(p);
  return left;
}

/**
 * env with a TMPDIR of its own (removed when the file ends), for a cacs process the test kills
 * with SIGKILL: nothing can clean up after SIGKILL, so its work folder (`cacs-import-*`) stays,
 * and it must not stay in the run's TMPDIR, where leftovers are failures.
 */
export function killableEnv<T extends Record<string, string | undefined>>(env: T): T {
  return { ...env, TMPDIR: tempDir('cacs-killed-tmp-') };
}
