/**
 * Import history: one line per run start and one per run end in `<state>/history/runs.jsonl`
 * (appended, mode 0600): the file store's history (state/types.ts). `cacs history` reads it; the ledger's records name runs by number.
 * Dry runs send nothing and are not recorded.
 */
import { randomInt } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { makeDirs } from '../../atomic-write.js';
import { t } from '../../messages/index.js';
import { LockedError } from '../../errors.js';
import { testPoint } from '../../test-point.js';
import { acquireLock } from './lock.js';
import { stateReadError, writingState } from './state-write.js';
import type { RunEnd, RunRecord, RunStart } from '../types.js';

export function historyFile(stateDir: string): string {
  return path.join(stateDir, 'history', 'runs.jsonl');
}

/** A new run: its id ("r" + local date-time + 6 hex digits) and the number the ledger uses. */
export function newRun(now = new Date()): { id: string; n: number } {
  const n = randomInt(1, 2 ** 32 - 1);
  const p = (v: number) => String(v).padStart(2, '0');
  const stamp = `${now.getFullYear()}${p(now.getMonth() + 1)}${p(now.getDate())}-${p(now.getHours())}${p(now.getMinutes())}${p(now.getSeconds())}`;
  return { id: `r${stamp}-${(n & 0xffffff).toString(16).padStart(6, '0')}`, n };
}

/** Append one record (one write: lines of concurrent runs do not interleave). */
export function appendHistory(stateDir: string, rec: RunStart | RunEnd): void {
  const file = historyFile(stateDir);
  writingState(path.dirname(file), t('state.history.what'), () =>
    underHistoryLock(file, () => appendLine(file, `${JSON.stringify(rec)}\n`)),
  );
}

/** Wait synchronously for `ms` (a history write is a few milliseconds). */
function block(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

/** How long a history write waits for another run's (prune's rewrite of a long history). */
export const HISTORY_WAIT_MS = 60_000;

/**
 * Run `fn` holding the history's lock (`runs.jsonl.lock`): appends and `cacs state prune`'s
 * rewrite take it, so a line appended while prune rewrites the file is never lost with the old
 * file (issue 26). Held for one write; another run's is waited for (at most HISTORY_WAIT_MS,
 * then its LockedError); a killed holder's lock is stale and taken over (lock.ts).
 */
export function underHistoryLock<T>(file: string, fn: () => T): T {
  makeDirs(path.dirname(file));
  const started = Date.now();
  for (let tries = 0; ; tries++) {
    let lock;
    try {
      lock = acquireLock(
        `${file}.lock`,
        file,
        (pid) =>
          new LockedError(
            t('privacy.locked', { what: t('privacy.what.history'), pid: pid ?? '?' }),
            { hint: t('privacy.locked.hint') },
          ),
      );
    } catch (e) {
      if (!(e instanceof LockedError) || Date.now() - started > HISTORY_WAIT_MS) throw e;
      if (tries === 0) testPoint('history-busy');
      block(Math.min(2 + tries, 20));
      continue;
    }
    try {
      return fn();
    } finally {
      lock.release();
    }
  }
}

/** Append whole lines to the history (under its lock: underHistoryLock). */
export function appendLine(file: string, text: string): void {
  makeDirs(path.dirname(file));
  const c = fs.constants;
  // Appended in place (never through a planted symlink), one whole line per write.
  const fd = fs.openSync(file, c.O_RDWR | c.O_APPEND | c.O_CREAT | c.O_NOFOLLOW, 0o600);
  try {
    // A torn last line (a run killed mid-write) is ended first, so this record is a line of its
    // own rather than joined to it (and skipped with it by readHistory). Ended, not cut: another
    // run may be appending meanwhile.
    const size = fs.fstatSync(fd).size;
    const last = Buffer.alloc(1);
    const torn = size > 0 && fs.readSync(fd, last, 0, 1, size - 1) === 1 && last[0] !== 0x0a;
    const line = Buffer.from(`${torn ? '\n' : ''}${text}`);
    let off = 0;
    while (off < line.length) off += fs.writeSync(fd, line, off, line.length - off);
    fs.fdatasyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
}

/** Every run, oldest first (torn or damaged lines are skipped: history is informational). */
export function readHistory(stateDir: string): RunRecord[] {
  let text: string;
  try {
    text = fs.readFileSync(historyFile(stateDir), 'utf8');
  } catch (e) {
    if ((e as { code?: string }).code === 'ENOENT') return [];
    throw stateReadError(e, path.dirname(historyFile(stateDir)), t('state.history.what'));
  }
  const runs = new Map<string, RunRecord>();
  for (const line of text.split('\n')) {
    if (line === '') continue;
    let rec: RunStart | RunEnd;
    try {
      rec = JSON.parse(line) as RunStart | RunEnd;
    } catch {
      continue;
    }
    if (rec.k === 'start') runs.set(rec.id, { ...rec });
    else if (rec.k === 'end') {
      const run = runs.get(rec.id);
      if (run) {
        const { k: _k, id: _id, ...end } = rec;
        run.end = end;
      }
    }
  }
  return [...runs.values()];
}
