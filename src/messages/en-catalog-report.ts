/**
 * English messages of the report library (src/report/: bookmarks, dates, fetching, writing,
 * zip, output names) and of `cacs report`'s own lines. Spread into the catalog by
 * en-catalog.ts. The library's sentences name no command-line flag: the CLI says them in its
 * own words (`cli.words.report.*`, mapped in src/cli/render/advice.ts).
 */
export const enCatalogReport = {
  // ── bookmark-error.ts ────────────────────────────────────────────────────────────────
  'report.bookmark.unreadable': 'bookmark file {file} cannot be read: {reason}',
  'report.bookmark.unreadable.named.hint':
    'Forget bookmark {name} (the next run then needs a start of range), or restore the file from a backup.',
  'report.bookmark.unreadable.hint':
    'Forget the bookmark (with the same campaign and filters as its runs), or remove the file.',
  'cli.words.report.bookmark.unreadable.named.hint':
    'Forget it with the same command and --bookmark-reset {name} in place of --bookmark {name} (the next run then needs --from), or restore the file from a backup.',
  'cli.words.report.bookmark.unreadable.hint':
    'Forget it with cacs report --bookmark-reset <name> (same --campaign and filters as its runs), or remove the file.',

  // ── output-name.ts ───────────────────────────────────────────────────────────────────
  'report.outputName.unclosed': '{flag} {template}: a { without its closing }',
  'report.outputName.unknown': '{flag} {template}: unknown placeholder {placeholder}',
  'report.outputName.hint':
    'An output name accepts {from} and {to} (the range fetched, service clock, yyyymmdd-HHMMSS) and {date} (today in the report time zone, yyyy-mm-dd); write {{ or }} for a brace.',
  'cli.words.report.outputName.hint':
    '-o accepts {from} and {to} (the range fetched, service clock, yyyymmdd-HHMMSS) and {date} (today in --tz, yyyy-mm-dd); write {{ or }} for a brace.',

  // ── zip.ts ───────────────────────────────────────────────────────────────────────────
  'report.zip.tooLarge': '{what} would reach 4 GiB, the most a zip without ZIP64 holds',
  'report.zip.tooLarge.archive': 'the archive',
  'report.zip.tooLarge.entries': 'the number of entries',
  'report.zip.tooLarge.hint': 'Ask for a shorter range, or write CSV.',
  'cli.words.report.zip.tooLarge.hint': 'Ask for a shorter range (--from/--to), or write CSV.',

  // ── windows.ts ───────────────────────────────────────────────────────────────────────
  'report.status.tooLong.hint':
    'The service accepts at most {max} characters of statuses per request; check the spelling.',
} as const;
