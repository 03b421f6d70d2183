/** The error of a damaged bookmark file, on its own: the library's entry point exports it light. */
import { UsageError } from '../errors.js';

/** A bookmark file that cannot be used: exit 2, naming the file and the way out. */
export class BookmarkFileError extends UsageError {
  constructor(
    readonly file: string,
    readonly reason: string,
    name?: string,
  ) {
    super(`bookmark file ${file} cannot be read: ${reason}`, {
      hint:
        name !== undefined
          ? `Forget it with the same command and --bookmark-reset ${name} in place of --bookmark ${name} (the next run then needs --from), or restore the file from a backup.`
          : 'Forget it with cacs report --bookmark-reset <name> (same --campaign and filters as its runs), or remove the file.',
    });
  }
}
