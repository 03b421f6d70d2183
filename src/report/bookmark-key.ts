/**
 * A report bookmark's name and key, checked and described: light (no state store), so that the
 * library's entry point exports them without loading the bookmarks (bookmark.ts re-exports
 * them).
 */
import { UsageError } from '../errors.js';
import { t } from '../messages/index.js';
import type { BookmarkKey } from '../state/types.js';

/** What a bookmark's name may be. */
export const NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/;

/**
 * Checks a bookmark's name; throws a UsageError naming `flag` (the library's option, `name`, by
 * default; the CLI gives its flag).
 */
export function checkBookmarkName(name: string, flag = 'name'): string {
  if (!NAME.test(name)) {
    throw new UsageError(t('report.bookmark.badName', { flag, name: JSON.stringify(name) }), {
      hint: t('report.bookmark.badName.hint'),
    });
  }
  return name;
}

/** `--status` as a set: split on commas, trimmed, without empties and repeats, sorted. */
export function statusSet(status: string | readonly string[] | undefined): string[] {
  const list = typeof status === 'string' ? status.split(',') : (status ?? []);
  return [...new Set(list.map((s) => s.trim()).filter((s) => s !== ''))].sort();
}

/** The filters of a key, as flags: `--status "ANSWERED,BUSY" --ref-id KH-1`, or `no filters`. */
export function describeFilters(key: Pick<BookmarkKey, 'status' | 'refId'>): string {
  const parts: string[] = [];
  if (key.status.length > 0) parts.push(`--status ${JSON.stringify(key.status.join(','))}`);
  if (key.refId !== undefined) parts.push(`--ref-id ${JSON.stringify(key.refId)}`);
  return parts.length > 0 ? parts.join(' ') : t('report.bookmark.noFilters');
}

/** `campaign summer, http://127.0.0.1:8787, no filters`. */
export function describeKey(key: BookmarkKey): string {
  return t('report.bookmark.key', {
    campaign: key.campaign,
    service: key.service,
    filters: describeFilters(key),
  });
}
