/** The advisory lock id of a journal's key: the run holding the journal and prune both take it. */
import { createHash } from 'node:crypto';

export function journalLockId(key: string): number {
  return createHash('sha256').update(key).digest().readInt32LE(0);
}
