/**
 * Opening the state store (state/types.ts StateStore): the one door to what cacs remembers.
 * Today the file store under the state folder (`CACS_STATE_DIR`, settings `stateDir`); the
 * PostgreSQL store of issue 24 opens here too, from `stateUrl`.
 */
import { FileStore } from './file/store.js';
import type { StateStore } from './types.js';

export type * from './types.js';
export { MAX_LISTED_LINES, STATE_ACCEPTED, STATE_NONE, STATE_UNCERTAIN } from './types.js';
export { NO_JOURNAL } from './journal-types.js';

/** Where state lives: the state folder (the file store). */
export interface StateLocation {
  stateDir: string;
}

/**
 * The store for these settings. Opening connects to nothing (a database store connects on its
 * first call); close() it when done.
 */
export function openStateStore(where: StateLocation): StateStore {
  return new FileStore(where.stateDir);
}
