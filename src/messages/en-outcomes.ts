/**
 * English messages added for the outcomes work, spread into the English catalog by en.ts. Whole
 * sentences with named placeholders, like en.ts.
 */
export const enOutcomes = {
  'outcomes.join.columnClash':
    '{file}: the column {column} already has the name of an outcome column cacs appends',
  'outcomes.join.columnClash.hint':
    'Rename or remove that column (the outcome columns are call_status, call_attempts, first_call_at, last_call_at, talk_time_total, answered, campaign_lead_id, carrier), or join the original lead file rather than an earlier joined one.',
  'outcomes.join.mapMissing': '{file}: the column {column} given for {field} is not in the file',
  'outcomes.join.ambiguous': '{file}: more than one column could be {field}: {columns}',
  'outcomes.join.ambiguous.hint': 'Say which one in the column map ({field}=<column>).',
  'outcomes.join.noPhone': '{file}: no phone number column was found',
  'outcomes.join.noPhone.hint':
    'Map it (phone_number=<column>); headers such as phone, mobile, sdt or số điện thoại are found by themselves.',
  'outcomes.join.sidecarGone':
    'note: {file}, written when this file was imported, is gone: rows it listed are not marked NOT_IMPORTED',
  'outcomes.join.sidecarChanged':
    'note: {file} was changed since cacs wrote it when this file was imported: it is not used, and rows it listed are not marked NOT_IMPORTED',
  'outcomes.join.noImportFound':
    "{file}: cacs's history has no import of this file into campaign {campaign}, so the report has no start",
  'outcomes.recycle.fromRequired':
    'a recycle list without a lead file needs the start of the range',
  'outcomes.fromRequired.hint':
    "Give the range's start (7d, 2026-11-01…); with a lead file it defaults to when the file was first imported.",
  'outcomes.nothingAsked': 'nothing to do: ask for join, recycle or both',
  'outcomes.recycle.badGap': '{flag} {value} is not a duration cacs understands',
  'outcomes.recycle.badGap.hint':
    'Write {flag} as minutes, hours or days: 90m, 24h, 7d (at most 366d).',
  'outcomes.recycle.badMaxAttempts': 'the most attempts {value}: give a whole number of 1 or more',
  'cli.outcomes.help.join':
    "write this lead file back, every row and column as it is, with each lead's outcome appended (call_status, call_attempts, first_call_at, last_call_at, talk_time_total, answered, campaign_lead_id, carrier); --from defaults to when the file was first imported",
  'cli.outcomes.help.recycle':
    "write an import-ready file of the leads to call again (last status not answered, or in report.recycleStatuses); with --join they keep the file's columns",
  'cli.outcomes.help.maxAttempts': '--recycle: leave out leads with this many attempts or more',
  'cli.outcomes.help.minGap':
    '--recycle: only leads last called at least this long ago: 90m, 24h, 7d (default 24h)',
  'cli.outcomes.help.sheet':
    '--join: the xlsx sheet to read (name or number; default: the first visible)',
  'cli.outcomes.help.delimiter': '--join: the CSV delimiter (default: detected)',
  'cli.outcomes.help.encoding': "--join: the file's encoding (default: BOM, else UTF-8)",
  'cli.outcomes.help.map':
    '--join: the column of a lead field (phone_number=Mobile, ref_id=Code); repeatable',
  'cli.outcomes.help.suppress':
    '--recycle: a do-not-call list (with config import.suppress); repeatable',
  'cli.outcomes.format': '--format {format}: a lead file is written as csv, json, ndjson or xlsx',
  'cli.outcomes.format.hint':
    'Use -o <name>.csv, .json, .ndjson or .xlsx, or --format csv|json|ndjson|xlsx.',
  'cli.outcomes.formatClash': '-o {output} names a {named} file but --format is {format}',
  'cli.outcomes.extension': '-o {output}: its extension names no lead file format',
  'cli.outcomes.notWith': '{flag} does not go with --join or --recycle',
  'cli.outcomes.recycleOnly': '{flag} is for --recycle',
  'cli.outcomes.joinOnly': '{flag} reads the --join file: give --join too',
  'cli.outcomes.xlsxTerminal': 'xlsx is binary; use -o file.xlsx',
  'cli.outcomes.fetching': 'Fetching {done}/{total} windows…',
  'cli.outcomes.stdout': 'stdout',
  'cli.outcomes.range': 'range: {from} → {to} (service clock) · {leads} leads, {attempts} attempts',
  'cli.outcomes.rangeFromHistory':
    'range: {from} (when the file was first imported) → {to} (service clock) · {leads} leads, {attempts} attempts',
  'cli.outcomes.notInFile.one':
    '{count} lead of the report is not in {file} (counted, not written)',
  'cli.outcomes.notInFile.other':
    '{count} leads of the report are not in {file} (counted, not written)',
  'cli.outcomes.joined.one':
    '{count} row written to {where}: {called} called, {notCalled} not called, {notImported} not imported',
  'cli.outcomes.joined.other':
    '{count} rows written to {where}: {called} called, {notCalled} not called, {notImported} not imported',
  'cli.outcomes.recycled.one': '{count} lead to call again written to {where}',
  'cli.outcomes.recycled.other': '{count} leads to call again written to {where}',
  'report.stop.violations.afterErasure': '{calls} to people after cacs forget erased them',
  'cli.outcomes.joinedErased.one':
    '  {count} row is of a person erased by cacs forget: call_status ERASED, no outcome written',
  'cli.outcomes.joinedErased.other':
    '  {count} rows are of people erased by cacs forget: call_status ERASED, no outcome written',
  'cli.outcomes.joinedBlank.one': '  {count} row is blank (no lead): written with no outcome',
  'cli.outcomes.joinedBlank.other': '  {count} rows are blank (no lead): written with no outcome',
  'cli.outcomes.excludedBlank.one': '  {count} left out: a blank row (no lead)',
  'cli.outcomes.excludedBlank.other': '  {count} left out: blank rows (no lead)',
  'cli.outcomes.excluded.erased.one': '  {count} left out: erased by cacs forget',
  'cli.outcomes.excluded.erased.other': '  {count} left out: erased by cacs forget',
  'cli.outcomes.excluded.notImported.one': '  {count} left out: not imported (the history)',
  'cli.outcomes.excluded.notImported.other': '  {count} left out: not imported (the history)',
  'cli.outcomes.excluded.invalidPhone.one':
    '  {count} left out: an import would refuse its phone number',
  'cli.outcomes.excluded.invalidPhone.other':
    '  {count} left out: an import would refuse their phone numbers',
  'cli.outcomes.excluded.notCalled.one': '  {count} left out: not called in the range',
  'cli.outcomes.excluded.notCalled.other': '  {count} left out: not called in the range',
  'cli.outcomes.excluded.status.one':
    '  {count} left out: last status answered, or not in report.recycleStatuses',
  'cli.outcomes.excluded.status.other':
    '  {count} left out: last status answered, or not in report.recycleStatuses',
  'cli.outcomes.excluded.maxAttempts.one': '  {count} left out: --max-attempts reached',
  'cli.outcomes.excluded.maxAttempts.other': '  {count} left out: --max-attempts reached',
  'cli.outcomes.excluded.minGap.one': '  {count} left out: last call less than --min-gap ago',
  'cli.outcomes.excluded.minGap.other': '  {count} left out: last call less than --min-gap ago',
  'cli.outcomes.excluded.doNotCall.one': '  {count} left out: on a do-not-call list',
  'cli.outcomes.excluded.doNotCall.other': '  {count} left out: on a do-not-call list',
  'cli.outcomes.excluded.duplicate.one':
    '  {count} left out: the same phone number earlier in the file',
  'cli.outcomes.excluded.duplicate.other':
    '  {count} left out: the same phone number earlier in the file',
  'cli.outcomes.recycleFrom': '--recycle without --join needs --from',
  'cli.outcomes.recycleFrom.hint':
    'Give --from (7d, 2026-11-01…); with --join it defaults to when the file was first imported.',
  'cli.reportRun.violations.hint':
    'The output is complete. cacs report --summary shows samples; the rules are settings (README: Summary and compliance).',
  'cli.reportRun.unquoted':
    '--{name} {date} {time}: a date with a time must be quoted, or the shell splits it in two',
  'cli.reportRun.unquoted.hint': 'Write --{name} "{date} {time}" (or --{name} {date}T{time}).',
  'cli.reportRun.strayTime':
    'unexpected argument {arg}: it looks like the time of a date that was not quoted',
  'cli.reportRun.strayTime.hint':
    'Quote a date with a time: --from "2026-11-23 10:00". See cacs report --help.',
  'cli.reportRun.stray': 'unexpected argument {arg}: cacs report takes options only',
  'cli.reportRun.stray.hint':
    'Dates go after --from and --to, statuses after --status. See cacs report --help.',
  'cli.reportRun.flattenSummary': '--flatten shapes the records, and --summary prints none',
  'cli.reportRun.flattenSummary.hint':
    'Leave out --flatten (config report.flatten is ignored with --summary).',
  'cli.reportRun.bom': '--bom is for CSV reports; this one is {format}',
  'cli.reportRun.output.input':
    '{name}: is the lead file that run {run} imported; the report would replace it',
  'cli.reportRun.output.rejects':
    '{name}: is the rejects list of run {run} (rows to fix and import again); the report would replace it',
  'cli.reportRun.output.skipped':
    '{name}: is the list of rows run {run} held back; the report would replace it',
  'cli.reportRun.output.uncertain':
    '{name}: is the list of leads run {run} left uncertain; the report would replace it',
  'cli.reportRun.output.list':
    '{name}: is a list of rows an import wrote for {input}; the report would replace it',
  'cli.reportRun.output.checkedInput':
    '{name}: is a lead file an import checked (its list: {list}); the report would replace it',
  'cli.reportRun.output.list.hint': 'Write the report to another file.',
  'cli.reportRun.output.stateFolder':
    '{name}: is in the state folder {folder}, where cacs keeps its ledgers, journals and erasures; the report would damage them',
  'cli.reportRun.output.stateFolder.hint': 'Write the report outside the state folder.',
  'cli.reportRun.output.recorded.hint':
    'Write the report to another file. (cacs history show {run} names what that run read and wrote.)',
  'cli.reportRun.bom.hint': 'Leave out --bom, or use --format csv (or -o file.csv).',
  'cli.reportRun.xlsx.hint':
    'A pipe takes it too (cacs report … --format xlsx | …); a terminal does not.',
  'cli.reportRun.flattenHtml':
    '--flatten is for CSV, xlsx and table reports; the HTML page lists one row per lead',
  'cli.reportRun.flattenHtml.hint':
    'Leave out --flatten; for a row per attempt use --format csv or xlsx.',
  'cli.reportRun.flatten': '--flatten is for CSV, xlsx and table reports; this one is {format}',
  'cli.reportRun.flatten.hint':
    "{format} keeps the service's record shape (one record per lead, its attempts in data); leave out --flatten, or use --format csv.",
  'cli.reportRun.summaryFormat': '--summary is written as text, JSON, NDJSON or HTML, not {format}',
  'cli.reportRun.summaryFormat.hint':
    'Use --format table or json, or -o <file>.txt / .json / .html.',
  'cli.reportRun.refIdNotFound':
    'note: the service has no data for ref_id {refId} in this range (Data is not found)',
  'cli.reportRun.notFound.one':
    'note: the service answered "Data is not found" to {count} request (no ref_id asked): taken as no call attempt in its range',
  'cli.reportRun.notFound.other':
    'note: the service answered "Data is not found" to {count} requests (no ref_id asked): taken as no call attempt in their ranges',
  'cli.reportRun.unmatchedStatus':
    'no call attempt in this range has status {statuses}; statuses are matched as the service spells them (e.g. ANSWERED, NO ANSWER, BUSY)',
  'cli.reportRun.statusNote':
    "note: with --status the service answers only the matching attempts: per-lead figures (call, attempts, last status, talk time) count those, not all of a lead's calls",
  // Calls after an erasure (issue 26 item 2): the terminal summary view and the HTML page.
  'summaryView.erasure.rule': 'No calls to erased numbers after their erasure',
  'summaryView.erasure.short': 'No calls after an erasure',
  'summaryView.erasure.from': 'cacs forget',
  'summaryView.erasure.none': 'no call to an erased number after its erasure',
  'summaryView.erasure.found.one': 'to {count} erased number|after its erasure|(numbers not shown)',
  'summaryView.erasure.found.other':
    'to {count} erased numbers|after their erasure|(numbers not shown)',
  'summaryView.violations.erasure': '{count} after an erasure',
  'htmlPage.compliance.erasure.none': 'No call to an erased number after its erasure',
  'htmlPage.compliance.erasure':
    '{attempts} to {numbers} after cacs forget erased them (the numbers are not shown)',
  // The page of a --join or --recycle run (issue 25 item 4, --html).
  'cli.outcomes.help.html':
    '--join/--recycle: also write the HTML report of the same range, with this run\'s counts in its "Lead file outcomes" section',
  'cli.outcomes.htmlWritten': 'HTML report written to {file}',
  'cli.outcomes.flagNeeds': '{flag} works only with {needs}',
  'cli.outcomes.flagNeeds.hint': 'Add {needs}, or leave {flag} out.',
  'cli.outcomes.joinOrRecycle': '--join or --recycle',
  'cli.outcomes.htmlStdout':
    '--html {file} is where the rows go (stdout): the page would be written into them',
  'cli.outcomes.htmlSame': '--html {file} names the same file as -o',
  'cli.outcomes.htmlExtension': '--html {file}: the page is written as .html or .htm',
} as const;
