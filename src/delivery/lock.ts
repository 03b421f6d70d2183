/**
 * One run per journal: a lock file holding the owner's pid, created exclusively. A lock whose
 * process is gone (crash, SIGKILL, reboot) is taken over.
 */
import fs from 'node:fs';
import { LockedError } from '../errors.js';

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as { code?: string }).code === 'EPERM';
  }
}

export interface Lock {
  release(): void;
}

export function acquireLock(file: string, what: string): Lock {
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const fd = fs.openSync(file, 'wx', 0o600);
      fs.writeSync(fd, `${process.pid}\n`);
      fs.closeSync(fd);
      return {
        release: () => {
          try {
            if (fs.readFileSync(file, 'utf8').trim() === String(process.pid)) fs.unlinkSync(file);
          } catch {
            // already gone
          }
        },
      };
    } catch (e) {
      if ((e as { code?: string }).code !== 'EEXIST') throw e;
    }
    let pid = NaN;
    try {
      pid = Number.parseInt(fs.readFileSync(file, 'utf8').trim(), 10);
    } catch {
      continue; // released meanwhile: try again
    }
    if (Number.isInteger(pid) && pid > 0 && pid !== process.pid && alive(pid)) {
      throw new LockedError(`another cacs run (pid ${pid}) is importing ${what} right now`, {
        hint: `Wait for it to finish, or stop it (kill ${pid}); a lock left by a dead process is taken over.`,
      });
    }
    // Stale: its process is gone. Remove it and try again.
    try {
      fs.unlinkSync(file);
    } catch {
      // someone else removed it first
    }
  }
  throw new LockedError(`could not take the lock ${file}`, {
    hint: 'Another cacs run may be starting; try again.',
  });
}
