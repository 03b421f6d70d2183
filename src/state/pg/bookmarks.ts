/**
 * The PostgreSQL store's report bookmarks (state/types.ts BookmarkStore): one row per bookmark
 * in `bookmarks`, keyed as the file store names its files (a hash of the bookmark's key), holding
 * the same JSON text — so a nightly report moves from one machine to another and goes on where
 * the last run ended, with no gap and no overlap. A write replaces the row in one statement
 * (atomic). A run holds the bookmark's lock — an advisory lock of its session, let go when the
 * session ends, so a killed run's lock goes with it — from reading it to moving it.
 */
import { createHash } from 'node:crypto';
import path from 'node:path';
import { bookmarkFile } from '../file/bookmarks.js';
import type {
  BookmarkKey,
  BookmarkState,
  BookmarkStore,
  LockedMessage,
  StateLock,
  StoredBookmark,
} from '../types.js';
import type { PgConnection } from './connection.js';

/** The bookmark's row id: the file store's file name without `.json` (32 hex digits). */
export function bookmarkId(key: BookmarkKey): string {
  return path.basename(bookmarkFile('', key), '.json');
}

function lockId(id: string): number {
  return createHash('sha256').update(`bookmark:${id}`).digest().readInt32LE(0);
}

/**
 * Remove the bookmarks kept for an erased person (`cacs forget`, issue 26): those whose `--ref-id`
 * filter `erased(refId)` names. Each under its lock (a report moving it is waited for by no one:
 * `busy()` is thrown). How many were removed.
 */
export async function removeBookmarksOf(
  conn: PgConnection,
  erased: (refId: string) => boolean,
  busy: () => Error,
): Promise<number> {
  const rows = await conn.queryArrays(`SELECT id, state FROM ${conn.schema}.bookmarks`);
  let removed = 0;
  for (const [id, text] of rows) {
    let refId: unknown;
    try {
      refId = (JSON.parse(String(text)) as { refId?: unknown }).refId;
    } catch {
      continue;
    }
    if (typeof refId !== 'string' || !erased(refId)) continue;
    const space = conn.lockSpace + 1;
    if (!(await conn.tryLock(space, lockId(String(id))))) throw busy();
    try {
      await conn.query(`DELETE FROM ${conn.schema}.bookmarks WHERE id = $1`, [id]);
      removed++;
    } finally {
      await conn.unlock(space, lockId(String(id)));
    }
  }
  return removed;
}

export class PgBookmarks implements BookmarkStore {
  /** Keys this store holds the lock of (the session's advisory locks are re-entrant). */
  private readonly held = new Set<string>();

  constructor(
    private readonly conn: PgConnection,
    private readonly location: () => string,
  ) {}

  private whereId(id: string): string {
    return `${this.location()}: bookmarks/${id}`;
  }

  where(key: BookmarkKey): string {
    return this.whereId(bookmarkId(key));
  }

  async lock(key: BookmarkKey, locked: LockedMessage): Promise<StateLock> {
    const id = bookmarkId(key);
    if (this.held.has(id)) throw locked(process.pid);
    const space = this.conn.lockSpace + 1;
    // Another machine's run: its pid would mean nothing here.
    if (!(await this.conn.tryLock(space, lockId(id)))) throw locked(undefined);
    this.held.add(id);
    return {
      release: () => {
        if (!this.held.delete(id)) return;
        void this.conn.unlock(space, lockId(id));
      },
    };
  }

  async read(key: BookmarkKey): Promise<StoredBookmark | undefined> {
    const id = bookmarkId(key);
    const r = await this.conn.queryArrays(
      `SELECT state FROM ${this.conn.schema}.bookmarks WHERE id = $1`,
      [id],
    );
    return r[0] === undefined ? undefined : { where: this.whereId(id), text: String(r[0][0]) };
  }

  async write(key: BookmarkKey, state: BookmarkState): Promise<void> {
    await this.conn.query(
      `INSERT INTO ${this.conn.schema}.bookmarks (id, state) VALUES ($1, $2)
       ON CONFLICT (id) DO UPDATE SET state = excluded.state, updated = now()`,
      [bookmarkId(key), `${JSON.stringify(state, null, 2)}\n`],
    );
  }

  async remove(key: BookmarkKey): Promise<void> {
    await this.conn.query(`DELETE FROM ${this.conn.schema}.bookmarks WHERE id = $1`, [
      bookmarkId(key),
    ]);
  }

  async list(): Promise<StoredBookmark[]> {
    const rows = await this.conn.queryArrays(
      `SELECT id, state FROM ${this.conn.schema}.bookmarks ORDER BY id`,
    );
    return rows.map((r) => ({ where: this.whereId(String(r[0])), text: String(r[1]) }));
  }

  /** Copy a bookmark's stored text as it is (`cacs state migrate`); false when one is there. */
  async copy(id: string, text: string): Promise<boolean> {
    const r = await this.conn.query(
      `INSERT INTO ${this.conn.schema}.bookmarks (id, state) VALUES ($1, $2)
       ON CONFLICT (id) DO NOTHING`,
      [id, text],
    );
    return (r.rowCount ?? 0) > 0;
  }
}
