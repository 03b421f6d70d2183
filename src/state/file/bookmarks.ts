/**
 * The file store's report bookmarks (state/types.ts BookmarkStore): one file per bookmark under
 * `<state dir>/bookmarks/`, named by a hash of its key — the name, the service's canonical
 * address, the campaign and the filters (statuses as a set, ref_id) — holding the state as JSON
 * (the key in the clear, so report/bookmark.ts refuses a file renamed or copied under another
 * key). Written whole through the atomic-write helper (0600, fsynced, renamed into place); the
 * folder is 0700. A run holds the bookmark's lock (`<file>.lock`, lock.ts) from reading it to
 * moving it.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { t } from '../../messages/index.js';
import { writeFileAtomicSync } from '../../atomic-write.js';
import { UsageError } from '../../errors.js';
import { acquireLock } from './lock.js';
import { writingState } from './state-write.js';
import type {
  BookmarkKey,
  BookmarkState,
  BookmarkStore,
  LockedMessage,
  StateLock,
  StoredBookmark,
} from '../types.js';

export function bookmarkFolder(stateDir: string): string {
  return path.join(stateDir, 'bookmarks');
}

export function bookmarkFile(stateDir: string, key: BookmarkKey): string {
  const id = createHash('sha256')
    .update(JSON.stringify([key.service, key.campaign, key.status, key.refId ?? null, key.name]))
    .digest('hex')
    .slice(0, 32);
  return path.join(bookmarkFolder(stateDir), `${id}.json`);
}

/** A bookmark file's text, or the errno code its read failed with; undefined when there is none. */
function readFile(file: string): StoredBookmark | undefined {
  try {
    return { where: file, text: fs.readFileSync(file, 'utf8') };
  } catch (e) {
    const code = (e as { code?: string }).code;
    if (code === 'ENOENT') return undefined;
    return { where: file, failed: code ?? String(e) };
  }
}

export class FileBookmarks implements BookmarkStore {
  constructor(private readonly stateDir: string) {}

  where(key: BookmarkKey): string {
    return bookmarkFile(this.stateDir, key);
  }

  async lock(key: BookmarkKey, locked: LockedMessage): Promise<StateLock> {
    return acquireLock(`${this.where(key)}.lock`, key.name, locked);
  }

  async read(key: BookmarkKey): Promise<StoredBookmark | undefined> {
    return readFile(this.where(key));
  }

  async write(key: BookmarkKey, state: BookmarkState): Promise<void> {
    const file = this.where(key);
    writingState(path.dirname(file), t('state.bookmark.file', { name: path.basename(file) }), () =>
      writeFileAtomicSync(file, `${JSON.stringify(state, null, 2)}\n`, {
        mode: 0o600,
        noFollow: true,
      }),
    );
  }

  async remove(key: BookmarkKey): Promise<void> {
    const file = this.where(key);
    writingState(path.dirname(file), t('state.bookmark.file', { name: path.basename(file) }), () =>
      fs.rmSync(file, { force: true }),
    );
  }

  async list(): Promise<StoredBookmark[]> {
    const dir = bookmarkFolder(this.stateDir);
    let names: string[];
    try {
      names = fs.readdirSync(dir).filter((n) => /^[0-9a-f]{32}\.json$/.test(n));
    } catch (e) {
      if ((e as { code?: string }).code === 'ENOENT') return [];
      throw new UsageError(
        t('state.bookmark.folderUnreadable', {
          dir,
          code: String((e as { code?: string }).code ?? e),
        }),
      );
    }
    const out: StoredBookmark[] = [];
    for (const n of names.sort()) {
      const stored = readFile(path.join(dir, n));
      if (stored !== undefined) out.push(stored);
    }
    return out;
  }
}
