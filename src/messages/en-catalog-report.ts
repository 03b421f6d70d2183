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

  // ── dates.ts ─────────────────────────────────────────────────────────────────────────
  'report.when.forms.hint':
    'Accepted forms: yyyy-mm-dd, "yyyy-mm-dd HH:mm[:ss]", yyyy-mm-ddTHH:mm[:ss], the same with an offset or Z (2026-11-23T10:00:00+01:00, as date -Is prints), dd/mm/yyyy and "dd/mm/yyyy HH:mm[:ss]" (day first, 25/11/2026 14:05), now, today, yesterday, or Nd (N days ago at 00:00, e.g. 7d; 0d is today). A date alone means 00:00:00 as the start of a range and 23:59:59 as its end. Times without an offset are read in the report time zone.',
  'cli.words.report.when.forms.hint':
    'Accepted forms: yyyy-mm-dd, "yyyy-mm-dd HH:mm[:ss]", yyyy-mm-ddTHH:mm[:ss], the same with an offset or Z (2026-11-23T10:00:00+01:00, as date -Is prints), dd/mm/yyyy and "dd/mm/yyyy HH:mm[:ss]" (day first, 25/11/2026 14:05), now, today, yesterday, or Nd (N days ago at 00:00, e.g. 7d; 0d is today). A date alone means 00:00:00 as --from and 23:59:59 as --to. Times without an offset are read in --tz.',
  'report.when.invalid': '{flag} {input}: {why}',
  'report.when.why.tooManyDaysAgo': 'at most {max} days ago ({max}d)',
  'report.when.why.yearSlash':
    'yyyy/mm/dd is not read (the order of month and day would be a guess): write yyyy-mm-dd or dd/mm/yyyy',
  'report.when.why.empty': 'empty date',
  'report.when.why.unknown': 'not a date or time cacs understands',
  'report.when.why.noSuchDayFirst': 'no such date (dd/mm/yyyy: the day comes first)',
  'report.when.why.noSuchDate': 'no such date',
  'report.when.why.noSuchTime': 'no such time',
  'report.when.why.noSuchOffset': 'no such offset',
  'report.timeZone.unknown.hint':
    'Use an IANA zone name such as Asia/Ho_Chi_Minh, Europe/Paris or UTC.',
  // {from} and {to}: the names the range's ends are given by (resolveRange: its flags).
  'report.range.noFrom.hint':
    'For example: {from} 2026-11-01 {to} 2026-11-30, or {from} 7d (to now).',
  'report.range.reversed.hint': 'Swap the two values, or check them.',

  // ── write.ts: the output's format (the flags are placeholders: the caller's names) ──────
  'report.format.mismatch.hint':
    'Use {formatFlag} {named} for {ext}, or {outputFlag} {name} for {given}.',
  'report.format.unknown.hint': 'Name the file {extensions}, or give {formatFlag} ({formats}).',

  // ── fetch.ts ─────────────────────────────────────────────────────────────────────────
  'report.fetch.recordsNotList': 'the service answered records that are not a list',
  'report.fetch.miscounted':
    'the service\'s answer for {from} → {to} says "Have {count} records found" but lists {listed}, asked twice',
  'report.fetch.miscounted.status':
    'the service\'s answer for {from} → {to} (status {status}) says "Have {count} records found" but lists {listed}, asked twice',
  'report.fetch.miscounted.hint':
    'The answer contradicts itself, so the report may be incomplete: nothing was written. If this service is known to count otherwise, set report.countMismatch: warn in the config.',
  'report.fetch.miscounted.warned': '{what}; written as listed (report.countMismatch: warn)',
  'report.fetch.dayRefused':
    'the service refused a single-day window ({from} → {to}) as over 31 days',
  'report.fetch.dayRefused.hint': 'This contradicts the spec; report it to the operator.',
  'report.fetch.tooLarge':
    "the service's answer for {from} → {to} (every status) is larger than the {cap} cacs reads for one request, even for one minute",
  'report.fetch.tooLarge.status':
    "the service's answer for {from} → {to} (status {status}) is larger than the {cap} cacs reads for one request, even for one status in one minute",
  'report.fetch.tooLarge.hint':
    'Without a list of statuses cacs cannot split a request by status (the service does not list its statuses): name the statuses so that each is asked on its own, or ask for one lead by its ref id. Nothing was written.',
  'cli.words.report.fetch.tooLarge.hint':
    'Without --status cacs cannot split a request by status (the service does not list its statuses): name the statuses with --status so that each is asked on its own, or ask for one lead with --ref-id. Nothing was written.',
  'report.fetch.tooLarge.status.hint':
    'Nothing was written. The service sends unusually large answers for this minute: report it to the operator.',
} as const;
