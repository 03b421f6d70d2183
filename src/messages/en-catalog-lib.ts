/**
 * English messages of the leads' checks (do-not-call lists, duplicates, blank files), the
 * delivery stages, the library's entry points (src/index.ts, options.ts) and atomic writes.
 * Spread into the catalog by en-catalog.ts; none names a command-line flag.
 */
export const enCatalogLib = {
  // ── leads/suppress.ts: do-not-call lists ─────────────────────────────────────────────
  'leads.dnc.stopped.import.unusable':
    'Nothing was sent: cacs does not import without a do-not-call list it was given.',
  'leads.dnc.stopped.import.empty':
    'Nothing was sent: a list without numbers is refused, so that an export that came out empty never lets every lead through.',
  'leads.dnc.stopped.report.unusable':
    'Nothing was asked of the service: the compliance check does not run without a do-not-call list it was given.',
  'leads.dnc.stopped.report.empty':
    'Nothing was asked of the service: a list without numbers is refused, so that an export that came out empty never passes every call as clean.',
  'leads.dnc.phonePattern': 'the phone pattern {pattern} is not a valid regular expression',
  'leads.dnc.phonePattern.hint':
    'fix import.phonePattern in the configuration (a JavaScript regular expression)',
  'leads.dnc.phoneColumns':
    '{name}: {count} columns look like the phone column ({columns}); a do-not-call list needs exactly one',
  'leads.dnc.phoneColumns.hint':
    'Keep one phone column in the list, or save the numbers alone as a text file with one number per line.',
  'leads.dnc.noPhoneColumn':
    '{name}: no phone column: none of its columns ({columns}) is phone_number or one of its aliases',
  'leads.dnc.noPhoneColumn.hint':
    'Name the column of numbers phone_number (or phone, mobile, sdt, số điện thoại…), or save the numbers alone as a text file with one number per line.',
  'leads.dnc.unusable.hint': '{stopped} Fix or replace the file, or remove it from {from}.',
  'leads.dnc.encoding.hint':
    'Save the list as UTF-8 (Excel: "CSV UTF-8") or as Unicode Text: a list is read as UTF-8, or as its byte order mark says.',
  'leads.dnc.error': 'do-not-call list {message}',
  'leads.dnc.unreadable': 'do-not-call list {name}: cannot read it ({code})',
  'leads.dnc.notFile': '{name}: not a regular file (a pipe or a device)',
  'leads.dnc.notFile.hint': 'Save the list to a file first, and give that file.',
  'leads.dnc.noPhone': 'do-not-call list {name}: no phone number in it',
  'leads.dnc.noPhone.ignored.one':
    'do-not-call list {name}: no phone number in it ({count} entry is not a phone number, e.g. line {line}: {value})',
  'leads.dnc.noPhone.ignored.other':
    'do-not-call list {name}: no phone number in it ({count} entries are not phone numbers, e.g. line {line}: {value})',
  'leads.dnc.noPhone.hint':
    '{stopped} Check the file (the phone column, one number per line), or remove it from {from}.',
  'leads.dnc.reason': 'on do-not-call list {list}',
  'leads.dnc.ignored.one':
    'do-not-call list {list}: {count} entry is not a phone number once normalised and was ignored ({examples})',
  'leads.dnc.ignored.other':
    'do-not-call list {list}: {count} entries are not a phone number once normalised and were ignored ({examples})',
  'leads.dnc.example': 'line {line}: {value}',

  // ── leads/prepare.ts ─────────────────────────────────────────────────────────────────
  'leads.duplicate': 'phone_number {phone} already on line {line}',
  'leads.blankOnly.one': '{file}: no data rows: the row after the header is blank',
  'leads.blankOnly.other': '{file}: no data rows: all {count} rows after the header are blank',
  'leads.blankOnly.hint': 'Check that this is the file you meant (an export that came out empty?).',

  // ── delivery ─────────────────────────────────────────────────────────────────────────
  'delivery.history.find.empty': 'give a phone number or a ref_id to look for',
  'delivery.reconcile.notFoundYet': 'not found yet (a lead shows in reports only once called)',
  'delivery.lock.campaign': 'into campaign {campaign}',
  'delivery.sidecars.notWritable': '{dir} is not writable: the lists of this import go to {cwd}',

  // ── index.ts, options.ts: the library's entry points ─────────────────────────────────
  'lib.option.delimiter': 'delimiter {value}: {choices}',
  'lib.option.delimiter.choices': 'use one of , ; tab |',
  'lib.option.format': 'format {value}: expected one of {formats}',
  'lib.option.wholeNumber': 'expected a whole number from {min} to {max}',
  'emulator.portInUse': 'port {port} on {host} is already in use',
  'emulator.portInUse.hint': 'Pick another port, or port 0 for any free one.',
  // The access token, never shown: what is wrong with it and where.
  'lib.token.blank': 'the access token is blank',
  'lib.token.tooLong': 'the access token is longer than the {max} characters the service takes',
  'lib.token.control':
    'the access token has a control character (a line break, a tab…) at character {position}',
  'lib.token.nonAscii':
    'the access token has a character outside ASCII at character {position}: a header cannot carry it as written',
  'lib.token.blanks': 'the access token starts or ends with a space',
  'lib.token.hint':
    'Check that it was copied whole and alone, as the service operator gave it (the token is not shown).',
  'lib.options.notObject': '{fn}: expected an object of options, not {got}',
  'lib.options.required': '{key} is required',
  'lib.options.unknown': 'unknown option {key}',
  'lib.options.unknown.near': 'unknown option {key} (did you mean {near}?)',
  'lib.options.kind': '{key}: expected {expected}, not {got}',
  'lib.options.kind.oneOf': 'one of {choices}',
  'lib.options.kind.string': 'a string',
  'lib.options.kind.number': 'a number',
  'lib.options.kind.boolean': 'true or false',
  'lib.options.kind.function': 'a function',
  'lib.options.kind.object': 'an object',
  'lib.options.kind.client': 'a client made by createClient()',
  'lib.options.kind.date': 'a valid Date',
  'lib.options.kind.strings': 'a list of strings',
  'lib.options.kind.stringOrStrings': 'a string or a list of strings',
  'lib.options.kind.stringOrUrl': 'a string or a URL',
  'lib.options.kind.stringOrFalse': 'a string or false',
  'lib.options.kind.signal': 'an AbortSignal',
  'lib.options.kind.stream': 'a readable stream',
  'lib.options.client': 'client: expected a client made by createClient (or new CacsClient)',
  'lib.options.timeZone': '{key} {zone}: unknown time zone',
  'lib.serviceUrl.missing': '{fn}: give serviceUrl (the address the client talks to)',
  'lib.import.serviceUrl.hint':
    'Make the client with createClient(), or pass serviceUrl, or stateDir: false.',
  'lib.reconcile.serviceUrl.hint': 'Make the client with createClient(), or pass serviceUrl.',
  'lib.import.clientNeeded': 'runImport: a client is needed unless dryRun is set',
  'lib.import.fileNeeded': 'runImport: give file (or input, a stream)',
  'lib.serviceOrClient': '{fn}: give serviceUrl, or a client made by createClient()',
  'lib.campaignKey.empty': '{fn}: campaignKey is empty',
  'lib.migrate.notPostgres': 'to: {url} is not a postgres:// or postgresql:// URL',

  // ── atomic-write.ts: errors said as the system says them ─────────────────────────────
  'write.errno.notDescriptor': 'not an open descriptor',
  'write.errno.loop': 'too many levels of symbolic links',
  // ── report: small modules (spilled reports, rules, sinks, output) ────────────────────
  'report.spill.unwritable':
    'the report is larger than report.memoryBudget, and its temporary folder {folder} could not be written ({code})',
  'report.spill.unwritable.hint':
    'Free some space there, or set TMPDIR to a folder with more room (or raise report.memoryBudget); nothing was written.',
  'report.callHours.invalid':
    'call hours {value}: expected HH:mm-HH:mm with the start before the end, such as 08:00-17:00',
  'report.maxCallsPer24h.invalid':
    'maxCallsPer24h: expected a whole number of at least 1, got {value}',
  'report.output.permissionDenied': 'permission denied',
  // ── report bookmarks: names, keys, the settle duration ───────────────────────────────
  'report.bookmark.badName': '{flag} {name}: not a bookmark name',
  'report.bookmark.badName.hint':
    'Use letters, digits, ".", "_" and "-" (at most 64, starting with a letter or digit), e.g. nightly.',
  'report.bookmark.noFilters': 'no filters',
  'report.bookmark.key': 'campaign {campaign}, {service}, {filters}',
  'report.duration.hint':
    'Write a number with a unit: 90s, 30m, 1h, 1h30m, 2d (s, m, h, d); 0 for none.',
  'report.duration.invalid': '{flag} {value}: {why}',
  'report.duration.noUnit': 'a number needs a unit',
  'report.duration.unknown': 'not a duration cacs understands',
  'report.duration.twice': 'the unit {unit} is given twice',
  'report.duration.tooLong': 'too long',
  'report.duration.max': 'at most 31 days',
} as const;
