/** The error of a damaged bookmark file, on its own: the library's entry point exports it light. */
import { UsageError } from '../errors.js';
import { t } from '../messages/index.js';

/** A bookmark file that cannot be used: exit 2, naming the file and the way out. */
export class BookmarkFileError extends UsageError {
  constructor(
    readonly file: string,
    readonly reason: string,
    name?: string,
  ) {
    super(t('report.bookmark.unreadable', { file, reason }), {
      hint:
        name !== undefined
          ? t('report.bookmark.unreadable.named.hint', { name })
          : t('report.bookmark.unreadable.hint'),
    });
  }
}
