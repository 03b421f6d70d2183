/**
 * Opening the state store (state/types.ts StateStore): the one door to what cacs remembers.
 * Today the file store under the state folder (`CACS_STATE_DIR`, settings `stateDir`); the
 * PostgreSQL store of issue 24 opens here too, from `stateUrl`.
 */
import { FileStore } from './file/store.js';
import { assertStateFolderTrusted } from './file/state-write.js';
import { DEFAULT_STATE_SCHEMA, PgStore } from './pg/store.js';
import type { StateStore } from './types.js';

export type * from './types.js';
export { MAX_LISTED_LINES, STATE_ACCEPTED, STATE_NONE, STATE_UNCERTAIN } from './types.js';
export { NO_JOURNAL } from './journal-types.js';

export { DEFAULT_STATE_SCHEMA } from './pg/store.js';
export { maskStateUrl, stateUrlPassword, isStateUrl } from './pg/connection.js';

export { isStateFile } from './entries.js';
export { assertStateFolderTrusted } from './file/state-write.js';

/**
 * Where state lives: the state folder (the file store), or a PostgreSQL database (`stateUrl`,
 * schema `stateSchema`, default `cacs`) with the state folder kept for what serves this machine
 * alone (sidecar records, completion, bookmarks).
 */
export interface StateLocation {
  stateDir: string;
  /** postgres:// or postgresql:// (unset: the file store; the library door reads CACS_STATE_URL). */
  stateUrl?: string | undefined;
  stateSchema?: string | undefined;
}

/**
 * The store for these settings. Opening connects to nothing (a database store connects on its
 * first call); close() it when done. A state folder another user owns or may change is refused
 * first (exit 2: state-write.ts assertStateFolderTrusted).
 */
export function openStateStore(where: StateLocation): StateStore {
  assertStateFolderTrusted(where.stateDir);
  const url = where.stateUrl;
  return url !== undefined
    ? new PgStore(url, where.stateSchema ?? DEFAULT_STATE_SCHEMA, where.stateDir)
    : new FileStore(where.stateDir);
}
