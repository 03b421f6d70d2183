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
  try {
    return JSON.parse(fs.readFileSync(stampFile(stateDir), 'utf8')) as PruneStamp;
  } catch {
    return {};
  }
}

export function writePruneStamp(stateDir: string, stamp: PruneStamp): void {
  try {
    makeDirs(stateDir);
    writeFileAtomicSync(stampFile(stateDir), `${JSON.stringify(stamp)}\n`, { durable: false });
  } catch {
    // Only a reminder: said again next time.
  }
}
