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
  'report.status.tooLong': '{flag}: {value} is longer than {max} characters ({length})',
  'cli.words.report.status.tooLong': '--{flag}: {value} is longer than {max} characters ({length})',
  'report.status.tooLong.hint':
    'The service accepts at most {max} characters of statuses per request; check the spelling.',

  // ── dates.ts ─────────────────────────────────────────────────────────────────────────
  'report.when.forms.hint':
    'Accepted forms: yyyy-mm-dd, "yyyy-mm-dd HH:mm[:ss]", yyyy-mm-ddTHH:mm[:ss], the same with an offset or Z (2026-11-23T10:00:00+01:00, as date -Is prints), dd/mm/yyyy and "dd/mm/yyyy HH:mm[:ss]" (day first, 25/11/2026 14:05), now, today, yesterday, or Nd (N days ago at 00:00, e.g. 7d; 0d is today). A date alone means 00:00:00 as the start of a range and 23:59:59 as its end. Times without an offset are read in the report time zone.',
  'cli.words.report.when.forms.hint':
    'Accepted forms: yyyy-mm-dd, "yyyy-mm-dd HH:mm[:ss]", yyyy-mm-ddTHH:mm[:ss], the same with an offset or Z (2026-11-23T10:00:00+01:00, as date -Is prints), dd/mm/yyyy and "dd/mm/yyyy HH:mm[:ss]" (day first, 25/11/2026 14:05), now, today, yesterday, or Nd (N days ago at 00:00, e.g. 7d; 0d is today). A date alone means 00:00:00 as --from and 23:59:59 as --to. Times without an offset are read in --tz.',
  // {flag}: the end (from, to) as the library's option; the CLI's words name its flag.
  'report.when.invalid': '{flag} {input}: {why}',
  'cli.words.report.when.invalid': '--{flag} {input}: {why}',
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
  // {from} and {to}: the range's ends as the library's options (from, to); the CLI's words
  // make them its flags (--from, --to).
  'report.range.noFrom.hint':
    'For example: {from} "2026-11-01" and {to} "2026-11-30", or {from} "7d" (to now).',
  'cli.words.report.range.noFrom.hint':
    'For example: --{from} 2026-11-01 --{to} 2026-11-30, or --{from} 7d (to now).',
  'report.range.reversed': '{from} ({start}) is later than {to} ({end})',
  'cli.words.report.range.reversed': '--{from} ({start}) is later than --{to} ({end})',
  'report.range.reversed.hint': 'Swap the two values, or check them.',
  'report.range.reversed.toNow.hint':
    "'{to}' defaults to now in {zone}: give '{to}', or an earlier '{from}'.",
  'cli.words.report.range.reversed.toNow.hint':
    '--{to} defaults to now in {zone}; give --{to}, or an earlier --{from}.',

  // ── write.ts: the output's format (the flags are placeholders: the caller's names) ──────
  'report.format.mismatch.hint':
    'Use {formatFlag} {named} for {ext}, or {outputFlag} {name} for {given}.',
  'report.format.unknown.hint': 'Name the file {extensions}, or give {formatFlag} ({formats}).',

  // ── fetch.ts ─────────────────────────────────────────────────────────────────────────
  'report.fetch.recordsNotList': 'the service answered records that are not a list',
  'report.fetch.notFoundOther':
    'the service\'s answer for {from} → {to} is "{message}", about another ref_id than the one asked ({asked})',
  'report.fetch.notFoundOther.none': 'none',
  'report.fetch.otherRefId':
    "the service's answer for {from} → {to} lists a lead of another ref_id ({other}) than the one asked ({asked}): another customer's data",
  'report.fetch.otherRefId.hint':
    "The answer does not fit the request: nothing was written. Run the same command again; if it says the same, ask the service's operator.",
  'report.fetch.notFoundOther.hint':
    "The answer does not fit the request, so the report may be incomplete: nothing was written. Run the same command again; if it says the same, ask the service's operator.",
  'report.fetch.miscounted':
    'the service\'s answer for {from} → {to} says "Have {count} records found" but lists {listed}, asked twice',
  'report.fetch.miscounted.status':
    'the service\'s answer for {from} → {to} (status {status}) says "Have {count} records found" but lists {listed}, asked twice',
  'report.fetch.miscounted.hint':
    'The answer contradicts itself, so the report may be incomplete: nothing was written. If this service is known to count otherwise, set report.countMismatch: warn in the config.',
  'report.fetch.miscounted.warned': '{what}; written as listed (report.countMismatch: warn)',
  'report.fetch.offStatus':
    '{count} attempts have a status that was not asked for ({statuses}; asked: {asked}): the service may not have applied the status filter; they are kept as sent',
  'report.fetch.numberClash':
    'the service gave lead {lead} (and perhaps others) a different phone number in another of its records; the report keeps the first one given (the oldest window)',
  'report.fetch.uncounted':
    '{count} of {requests} answers did not say how many records they hold (one said {message}, not "Have <n> records found"): their records are kept as listed, unchecked against a count',
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

  // ── the report's run (report/run.ts and cli/commands/report.ts) ─────────────────────────
  // {range}: a range as describeRange writes it; {windows}, {groups}: counted below.
  'report.run.plan': 'report {range}: {windows} × {groups}',
  'report.run.windows.one': '{count} window',
  'report.run.windows.other': '{count} windows',
  'report.run.statusGroups.one': '{count} status group',
  'report.run.statusGroups.other': '{count} status groups',
  'report.run.interrupted.stdout': 'interrupted: the report on stdout is incomplete',
  'report.run.interrupted.stdout.bookmark':
    'interrupted: the report on stdout is incomplete; bookmark "{bookmark}" was not moved',
  'report.run.interrupted.direct': 'interrupted: the report written to {output} is incomplete',
  'report.run.stdoutClosed':
    'stdout was closed before the report was complete: bookmark "{bookmark}" was not moved, the next run fetches this range again',
  'report.run.bookmarkedExists':
    '{output}: the file exists, and a bookmarked report never replaces one (it holds calls no later run fetches again)',
  'cli.words.report.run.bookmarkedExists':
    '-o {output}: the file exists, and a bookmarked report never replaces one (it holds calls no later run fetches again)',
  'report.run.bookmarkedExists.hint':
    'Put {from} or {to} in the output name, or move the file away; the bookmark is not moved.',
  'cli.words.report.run.bookmarkedExists.hint':
    'Put {from} or {to} in the name (-o "calls-{from}-{to}.csv"), or move the file away; the bookmark is not moved.',
  // The end of an empty bookmarked run's range: the end asked for, or now less the settle time.
  'report.run.end.to': 'the end asked for is {to}',
  'cli.words.report.run.end.to': '--to is {to}',
  'report.run.end.settle': 'calls after {to} (now − {settle}) are left to settle',
  'report.run.nothingNew':
    'nothing new to fetch: bookmark {name} covers up to {covered} (service clock), and {end}; the bookmark is unchanged',
  'report.run.nothingYet':
    'nothing to fetch yet: the start asked for is {from} (service clock), and {end}; bookmark {name} is not started',
  'cli.words.report.run.nothingYet':
    'nothing to fetch yet: --from is {from} (service clock), and {end}; bookmark {name} is not started',
  'report.run.nothingNew.noFile':
    '{line}; no file written: {output} is left to the run that has something to write',
  'report.run.nothingNew.kept': "{line}; {output} (an earlier run's) is left as it is",
  'report.run.bookmarkMoved':
    'bookmark {name} now covers up to {covered} (service clock, {zone}); its next run starts at {next}',
  'report.run.range': 'range: {range}',
  'report.run.range.nothingNew': 'range: nothing new',
  'report.run.requests.one': '{count} request',
  'report.run.requests.other': '{count} requests',
  'report.run.requests.split': '{requests} ({split} split: answers too large)',
  'report.run.leads.one': '{count} lead',
  'report.run.leads.other': '{count} leads',
  'report.run.attempts.one': '{count} attempt',
  'report.run.attempts.other': '{count} attempts',
  'report.run.counts': '{leads}, {attempts}',
  'report.run.writtenTo': 'written to {output}',
  'report.run.summaryWrittenTo': 'summary written to {output}',
  'report.run.fetching': 'Fetching {done}/{total} windows…',
  'report.run.fetching.bytes': 'Fetching {done}/{total} windows… {bytes} received',
  // --verbose: a slice asked again in smaller ones ({what}: its window and statuses).
  'report.run.split.window': '{from} → {to}',
  'report.run.split.what.every': '{window} (every status)',
  'report.run.split.what.status': '{window} (status {status})',
  'report.run.split.byStatus':
    'answer over {cap} for {what}: asking each status on its own ({statuses})',
  'report.run.split.and': '{first} and {second}',
  'report.run.split.unasked':
    'split before asking: {what}, as a window as long was over {cap}: asking {into}',
  'report.run.split.byTime': 'answer over {cap} for {what}: asking {into}',
  // A range as a person reads it (dates in the reader's form).
  'report.range.describe': '{from} → {to} {zone}',
  'report.range.describe.service':
    '{from} → {to} {zone} (service: {serviceFrom} → {serviceTo} {serviceZone})',

  // ── bookmark.ts ──────────────────────────────────────────────────────────────────────
  // What is wrong in a stored bookmark ({field}: its name in the file, never translated).
  'report.bookmark.problem.notObject': 'not an object',
  'report.bookmark.problem.notJsonObject': 'not a JSON object',
  'report.bookmark.problem.version': 'version {version} (this cacs reads version 1)',
  'report.bookmark.problem.field': 'field {field}',
  'report.bookmark.problem.fieldOf': 'field {field} ({problem})',
  'report.bookmark.notJson': 'not JSON (damaged or cut short)',
  'report.bookmark.unexpected': 'unexpected {problem}',
  'report.bookmark.otherKey': 'it belongs to bookmark {name} ({key}), not to this one',
  'report.bookmark.namesakes.hint':
    'A bookmark {name} exists for: {keys}. A bookmark is kept per campaign, service and filters: give the same campaign, statuses and ref id as its runs.',
  'cli.words.report.bookmark.namesakes.hint':
    'A bookmark {name} exists for: {keys}. A bookmark is kept per campaign, service and filters: give the same --campaign, --status and --ref-id as its runs.',
  'report.bookmark.what': 'report bookmark {name} (campaign {campaign})',
  'report.bookmark.locked.self': 'this process is already running {what}',
  'report.bookmark.locked.self.hint':
    'Wait for that report to finish before starting another run of the same bookmark.',
  'report.bookmark.locked.starting': 'another cacs run is starting {what} right now',
  'report.bookmark.locked.starting.hint':
    'Wait for it to finish and run again; the bookmark is not moved twice.',
  'report.bookmark.locked.pid': 'another cacs run (pid {pid}) is running {what} right now',
  'report.bookmark.locked.command':
    'another cacs run (pid {pid}, {command}) holds {what} right now',
  'report.bookmark.locked.pid.hint':
    'Wait for it to finish (it moves the bookmark), or stop it (kill {pid}); a lock left by a dead process is taken over.',
  'report.bookmark.firstRun':
    'bookmark {name} has no successful run yet ({key}): its first run needs a start of range',
  'cli.words.report.bookmark.firstRun':
    'bookmark {name} has no successful run yet ({key}): its first run needs --from',
  'report.bookmark.firstRun.hint':
    'For example: start bookmark {name} from 2026-11-01; each later run starts where the last one ended.',
  'cli.words.report.bookmark.firstRun.hint':
    'For example: --bookmark {name} --from 2026-11-01; each later run starts where the last one ended.',
  'report.bookmark.fromAgain':
    '{from}: bookmark {name} already covers up to {covered} (service clock, {zone}); its next run starts one second later, where no call is fetched twice or missed',
  'cli.words.report.bookmark.fromAgain':
    '--from {from}: bookmark {name} already covers up to {covered} (service clock, {zone}); its next run starts one second later, where no call is fetched twice or missed',
  'report.bookmark.fromAgain.hint':
    'Leave out the start to continue it, or forget bookmark {name} first to start again from another date.',
  'cli.words.report.bookmark.fromAgain.hint':
    'Leave out --from to continue it, or forget it first (--bookmark-reset {name}) to start again from another date.',
  'report.bookmark.zoneChanged':
    "note: bookmark {name} was last moved with serviceTimezone {was}, now {now}; it continues from the service's own clock ({covered} + 1 s)",
  'report.bookmark.settled.delivered':
    'note: bookmark {name}: the run of {at} stopped just after putting {output} in place; the bookmark now covers up to {to} as that run meant to',
  'report.bookmark.settled.dropped':
    'note: bookmark {name}: the run of {at} stopped before its report was in place; its range (from {from}) is fetched again',
  'report.bookmark.none': 'no bookmark {name} for {key}',
  'report.bookmark.none.hint': 'List the bookmarks there are to find it.',
  'cli.words.report.bookmark.none.hint': 'cacs report --bookmarks lists the bookmarks there are.',
  // ── write.ts / dates.ts: the output's format, the range's start ──
  'report.format.mismatch':
    '{outputFlag} {output} names a {named} file but {formatFlag} is {given}',
  'report.format.noExtension': '{outputFlag} {output} has no extension to tell the report format',
  'report.format.unknownExtension': '{outputFlag} {output}: {ext} names no report format',
  'report.range.noFrom': '{from} is required',
  'cli.words.report.range.noFrom': '--{from} is required',

  // ── write.ts: the terminal table's column headers (a view: the files' headers never change) ──
  'report.table.lead': 'LEAD',
  'report.table.refId': 'REF ID',
  'report.table.phone': 'PHONE',
  'report.table.name': 'NAME',
  'report.table.dateTime': 'DATE/TIME',
  'report.table.status': 'STATUS',
  'report.table.wait': 'WAIT',
  'report.table.talk': 'TALK',
  'report.table.calls': 'CALLS',
  'report.table.matching': 'MATCHING',
  'report.table.lastStatus': 'LAST STATUS',
  'report.table.lastMatching': 'LAST MATCHING',
  'report.table.lastCall': 'LAST CALL',
} as const;
