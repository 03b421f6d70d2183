/**
 * When `cacs state prune` last ran and when a run last reminded of it (issue 26): a small stamp
 * file in the state folder, `prune.json` (no personal data: two times). Kept on this machine
 * whichever store holds the rest, like the completion list.
 */
import fs from 'node:fs';
import path from 'node:path';
import { makeDirs, writeFileAtomicSync } from '../atomic-write.js';

export interface PruneStamp {
  /** When prune last ran (ms since 1970). */
  pruned?: number;
  /** When a run last reminded of it. */
  reminded?: number;
}

function stampFile(stateDir: string): string {
  return path.join(stateDir, 'prune.json');
}

export function readPruneStamp(stateDir: string): PruneStamp {
  let fd: number | undefined;
  try {
    // A regular file only: a named pipe there would hold the read for ever (review, session 23).
    fd = fs.openSync(
      stampFile(stateDir),
      fs.constants.O_RDONLY | (fs.constants.O_NOFOLLOW ?? 0) | (fs.constants.O_NONBLOCK ?? 0),
    );
    if (!fs.fstatSync(fd).isFile()) return {};
    return JSON.parse(fs.readFileSync(fd, 'utf8')) as PruneStamp;
  } catch {
    return {};
  } finally {
    if (fd !== undefined) fs.closeSync(fd);
  }
}

export function writePruneStamp(stateDir: string, stamp: PruneStamp): void {
  try {
    makeDirs(stateDir);
    writeFileAtomicSync(stampFile(stateDir), `${JSON.stringify(stamp)}\n`, {
      durable: false,
      noFollow: true,
    });
  } catch {
    // Only a reminder: said again next time.
  }
}
