import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { removeStaleTemp } from '../../src/cleanup.js';

/**
 * removeStaleTemp (issue 26's cleanup of a killed run's private folders) may only remove a real
 * folder of this user's whose owner process is gone: not a link of that name (its target is
 * someone's data), not another user's folder in a shared temp folder, not a live run's.
 */

/** A pid above any kernel's pid_max: kill(pid, 0) says ESRCH, as for a process that is gone. */
const GONE = 2 ** 30;

let root: string;
beforeEach(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'stale-'));
});
afterEach(() => {
  fs.rmSync(root, { recursive: true, force: true });
});

function folder(name: string, pid: number | undefined, where = root): string {
  const dir = path.join(where, name);
  fs.mkdirSync(dir, { mode: 0o700 });
  fs.writeFileSync(path.join(dir, 'spool.csv'), 'phone\n0912345678\n');
  if (pid !== undefined) fs.writeFileSync(path.join(dir, 'owner'), `${pid}\n`);
  return dir;
}

describe('removeStaleTemp', () => {
  it("removes a folder whose owner is gone; keeps a live owner's, an unowned one and other names", () => {
    const gone = folder('cacs-import-gone', GONE);
    const live = folder('cacs-report-live', process.ppid);
    const unowned = folder('cacs-stdin-unowned', undefined);
    const other = folder('not-cacs-import-x', GONE);
    expect(removeStaleTemp(root, true)).toEqual([gone]); // a dry run only finds it
    expect(fs.existsSync(gone)).toBe(true);
    expect(removeStaleTemp(root)).toEqual([gone]);
    expect(fs.existsSync(gone)).toBe(false);
    for (const kept of [live, unowned, other]) expect(fs.existsSync(kept)).toBe(true);
  });

  it('leaves a link named like a cacs folder, and its target, alone', () => {
    const elsewhere = fs.mkdtempSync(path.join(os.tmpdir(), 'stale-target-'));
    try {
      const target = folder('data', GONE, elsewhere);
      fs.symlinkSync(target, path.join(root, 'cacs-import-link'));
      expect(removeStaleTemp(root)).toEqual([]);
      expect(fs.lstatSync(path.join(root, 'cacs-import-link')).isSymbolicLink()).toBe(true);
      expect(fs.readFileSync(path.join(target, 'spool.csv'), 'utf8')).toContain('0912345678');
    } finally {
      fs.rmSync(elsewhere, { recursive: true, force: true });
    }
  });

  it('leaves a file of that name alone', () => {
    fs.writeFileSync(path.join(root, 'cacs-import-file'), `${GONE}\n`);
    expect(removeStaleTemp(root)).toEqual([]);
    expect(fs.existsSync(path.join(root, 'cacs-import-file'))).toBe(true);
  });

  it.skipIf(process.getuid?.() !== 0)(
    "as root: leaves another user's folder alone even when its owner is gone",
    () => {
      const theirs = folder('cacs-import-theirs', GONE);
      fs.chownSync(theirs, 65534, 65534);
      expect(removeStaleTemp(root)).toEqual([]);
      expect(fs.existsSync(path.join(theirs, 'spool.csv'))).toBe(true);
    },
  );
});

describe('removeAllNow (the library export) and the locks a run holds', () => {
  it('leaves a held lock alone: a host that calls it and carries on keeps its runs locked', async () => {
    const { removeAllNow } = await import('../../src/cleanup.js');
    const { acquireLock } = await import('../../src/state/file/lock.js');
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cacs-lock-'));
    try {
      const file = path.join(dir, 'x.lock');
      const lock = acquireLock(file, 'x');
      removeAllNow();
      expect(fs.existsSync(file)).toBe(true);
      // Still held: another taker is refused.
      expect(() => acquireLock(file, 'x')).toThrow();
      lock.release();
      expect(fs.existsSync(file)).toBe(false);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
