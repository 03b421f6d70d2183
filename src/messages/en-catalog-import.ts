/**
 * English messages of `cacs import` on the command line (src/cli/commands/import.ts): its
 * progress, summary table and outcome warnings. Spread into the catalog by en-catalog.ts.
 */
export const enCatalogImport = {
  'cli.import.noFile': 'give the lead file to import (or - for stdin)',
  'cli.import.suppress.from': 'import.suppress ({source})',
  'cli.import.typing':
    'reading leads from the terminal (CSV, a header row first): type or paste them, then press Ctrl-D on an empty line to end (Ctrl-C to stop)',
  'cli.import.reading': 'Reading {file}…',
  'cli.import.stopping': 'Stopping: waiting for the requests in flight…',
  'cli.import.rejects.empty': '--rejects: an empty name',
  'cli.import.rejects.jsonStdout':
    '--rejects {file} and --json both write to stdout: the rows would come before the JSON',
  'cli.import.rejects.jsonStdout.hint': 'Give --rejects a file, or leave --json out.',
  'cli.import.rejects.empty.hint':
    'Give the file the rejected rows go to (--rejects - writes them to stdout), or leave --rejects out for the default beside the input.',
  'cli.import.stdinLimitAdvice':
    '{env}=<size> or import.stdinLimit in the configuration (e.g. 4GiB)',
  'cli.import.stateEmpty':
    'state: using {stateDir} (empty: no earlier imports to this campaign are known here)',

  // ── the summary table ────────────────────────────────────────────────────────────────
  'cli.import.summary.target': '→ campaign {campaign}',
  'cli.import.summary.dryRun': '[dry run: nothing sent]',
  'cli.import.label.rowsRead': 'rows read',
  'cli.import.label.wouldSend': 'would be sent',
  'cli.import.label.imported': 'imported',
  'cli.import.label.rejected': 'rejected',
  'cli.import.label.blank': 'blank rows',
  'cli.import.label.duplicates': 'duplicates',
  'cli.import.label.alreadyInCampaign': 'already in campaign',
  'cli.import.label.importedEarlier': 'imported earlier',
  'cli.import.label.uncertainEarlier': 'uncertain earlier',
  'cli.import.label.inFlightElsewhere': 'sent by another run',
  'cli.import.label.suppressed': 'suppressed',
  'cli.import.label.serviceSkipped': 'skipped by service',
  'cli.import.label.uncertain': 'uncertain',
  'cli.import.label.notSent': 'not sent',
  'cli.import.label.normalised': 'normalised',
  'cli.import.summary.batches.one': '{count} batch of up to {size}',
  'cli.import.summary.batches.other': '{count} batches of up to {size}',
  'cli.import.summary.blank': 'skipped: no value in any column',
  'cli.import.summary.duplicates': 'same phone_number as an earlier row',
  'cli.import.summary.alreadyImported.dryRun.one':
    'would not be sent: an earlier run imported it (--allow-repeat sends it)',
  'cli.import.summary.alreadyImported.dryRun.other':
    'would not be sent: an earlier run imported them (--allow-repeat sends them)',
  'cli.import.summary.alreadyImported.one': 'not sent: an earlier run imported it (see below)',
  'cli.import.summary.alreadyImported.other': 'not sent: an earlier run imported them (see below)',
  'cli.import.summary.uncertainEarlier': 'not sent: settle them with cacs reconcile',
  'cli.import.summary.inFlightElsewhere':
    'not sent here: another run was sending them (the skipped file names it); run this again once it has finished',
  'cli.import.summary.suppressed': 'not sent: on a do-not-call list',
  'cli.import.summary.suppressed.lists': 'not sent: on a do-not-call list ({lists})',
  'cli.import.summary.serviceSkipped': 'the service counted them but did not import them',
  'cli.import.summary.notSent.fixFirst':
    'the run stopped early; fix what is said below, then run the same command again',
  'cli.import.summary.notSent.runAgain':
    'the run stopped early; run the same command again to send them',
  'cli.import.summary.samples.normalised': 'normalisations, for example:',
  'cli.import.summary.sample.normalised': 'line {line}: {field} {before} → {after}',
  'cli.import.summary.samples.rejected': 'rejections, for example:',
  'cli.import.summary.sample.rejected': 'line {line} ({code}): {reason}',
  'cli.import.summary.ignoredColumns': 'ignored columns: {columns}',
  'cli.import.summary.numbers.one': '{count} number',
  'cli.import.summary.numbers.other': '{count} numbers',
  'cli.import.summary.entriesIgnored.one': '{count} entry ignored (not phone numbers)',
  'cli.import.summary.entriesIgnored.other': '{count} entries ignored (not phone numbers)',
  'cli.import.summary.dncList': 'do-not-call list {list}: {numbers}',
  'cli.import.summary.dncList.ignored': 'do-not-call list {list}: {numbers}, {ignored}',
  'cli.import.summary.requests.one': '{count} request',
  'cli.import.summary.requests.other': '{count} requests',
  'cli.import.summary.rate.rows': '{rate} rows/s',
  'cli.import.summary.rate.leads': '{rate} leads/s',
  'cli.import.summary.rejectsFile': 'rejects: {file} (fix those rows and import that file again)',
  'cli.import.summary.skippedFile': 'skipped: {file} (not sent by design; nothing to fix)',
  'cli.import.summary.skippedFile.uncertainOnly':
    'skipped: {file} (not sent: rows earlier runs left uncertain, which cacs reconcile settles)',
  'cli.import.summary.skippedFile.uncertain':
    'skipped: {file} (not sent: rows held back by design, and rows earlier runs left uncertain, which cacs reconcile settles)',
  'cli.import.summary.uncertainFile': 'uncertain: {file}',
  'cli.import.summary.run': 'run {run} (cacs history show {run})',
  'cli.import.someOf': '{names}, … and {count} more',

  // ── leads earlier runs sent ──────────────────────────────────────────────────────────
  'cli.import.earlier.run': 'run {run}',
  'cli.import.earlier.run.unknown': 'a run not in this history',
  'cli.import.earlier.by.one': 'on {when} ({run})',
  'cli.import.earlier.by.many': 'by {runs} runs (the latest on {when}, {run})',
  'cli.import.earlier.ledger.one':
    "the campaign's ledger says {count} lead was already imported into {campaign} at {service} {by}",
  'cli.import.earlier.ledger.other':
    "the campaign's ledger says {count} leads were already imported into {campaign} at {service} {by}",
  'cli.import.earlier.ledger.these.one':
    "the campaign's ledger says this lead was already imported into {campaign} at {service} {by}",
  'cli.import.earlier.ledger.these.other':
    "the campaign's ledger says these {count} leads were already imported into {campaign} at {service} {by}",
  'cli.import.earlier.journal.one':
    "this file's journal says {count} lead was already sent to {service} by a run started {when}",
  'cli.import.earlier.journal.other':
    "this file's journal says {count} leads were already sent to {service} by a run started {when}",
  'cli.import.earlier.journal.these.one':
    "this file's journal says this lead was already sent to {service} by a run started {when}",
  'cli.import.earlier.journal.these.other':
    "this file's journal says these {count} leads were already sent to {service} by a run started {when}",
  'cli.import.earlier.find': 'cacs history find {phone}',
  'cli.import.earlier.nothingSent.one':
    'nothing was sent: {records}. If the service lost it (an emulator restarted without --state, say), check with {find}, then rerun with {send}.',
  'cli.import.earlier.nothingSent.other':
    'nothing was sent: {records}. If the service lost them (an emulator restarted without --state, say), check with {find}, then rerun with {send}.',
  'cli.import.earlier.noneUncertain':
    'nothing was sent: no uncertain lead was left to send again; {records}.',
  'cli.import.earlier.some.one': '{records}: it was not sent again. To check it: {find}.',
  'cli.import.earlier.some.other': '{records}: they were not sent again. To check one: {find}.',

  // ── the outcome: warnings and notes after the summary ────────────────────────────────
  'cli.import.warn.interrupted':
    'interrupted: run the same command again to send the rest (what was imported is not sent twice).',
  'cli.import.warn.rejected.one': '{count} row rejected ({codes}): see {file}',
  'cli.import.warn.rejected.other': '{count} rows rejected ({codes}): see {file}',
  'cli.import.warn.serviceSkipped.one':
    'the service skipped {count} lead it was sent (counted, not imported)',
  'cli.import.warn.serviceSkipped.other':
    'the service skipped {count} leads it was sent (counted, not imported)',
  'cli.import.warn.byDesign.one': '{count} row not sent by design ({codes}): see {file}',
  'cli.import.warn.byDesign.other': '{count} rows not sent by design ({codes}): see {file}',
  'cli.import.twoLists': '{first} and {second}',
  'cli.import.warn.uncertainEarlier.one':
    '{count} lead an earlier run left uncertain was not sent. Settle them with cacs reconcile (it looks for them in the campaign); rerun with --retry-uncertain only for those it does not find.',
  'cli.import.warn.uncertainEarlier.other':
    '{count} leads an earlier run left uncertain were not sent. Settle them with cacs reconcile (it looks for them in the campaign); rerun with --retry-uncertain only for those it does not find.',
  'cli.import.warn.uncertainEarlier.listed.one':
    '{count} lead an earlier run left uncertain was not sent (listed in {lists}). Settle them with cacs reconcile (it looks for them in the campaign); rerun with --retry-uncertain only for those it does not find.',
  'cli.import.warn.uncertainEarlier.listed.other':
    '{count} leads an earlier run left uncertain were not sent (listed in {lists}). Settle them with cacs reconcile (it looks for them in the campaign); rerun with --retry-uncertain only for those it does not find.',
  'cli.import.warn.uncertainReason.one': 'uncertain ({count} lead): {reason}',
  'cli.import.warn.uncertainReason.other': 'uncertain ({count} leads): {reason}',
  'cli.import.warn.uncertain.one':
    '{count} lead may or may not have been imported (no definite answer came); they were not resent. Settle them with cacs reconcile (it looks for them in the campaign; list: {list}); rerun with --retry-uncertain only for those it does not find.',
  'cli.import.warn.uncertain.other':
    '{count} leads may or may not have been imported (no definite answer came); they were not resent. Settle them with cacs reconcile (it looks for them in the campaign; list: {list}); rerun with --retry-uncertain only for those it does not find.',
  'cli.import.warn.uncertain.run.one':
    '{count} lead may or may not have been imported (no definite answer came); they were not resent. Settle them with cacs reconcile --run {run} (it looks for them in the campaign; list: {list}); rerun with --retry-uncertain only for those it does not find.',
  'cli.import.warn.uncertain.run.other':
    '{count} leads may or may not have been imported (no definite answer came); they were not resent. Settle them with cacs reconcile --run {run} (it looks for them in the campaign; list: {list}); rerun with --retry-uncertain only for those it does not find.',
  'cli.import.rejectsList': 'the rejects list',
  'cli.import.uncertainList.unwritten': 'none, it could not be written',
  'cli.import.skippedList': 'the skipped list',
  'cli.import.warn.noValid': 'no valid lead in {file}: nothing was sent.',
  'cli.import.warn.noValid.dryRun': 'no valid lead in {file}: nothing would be sent.',
  'cli.import.warn.noValid.rows.one': 'The row is in {list} with the reason ({codes}).',
  'cli.import.warn.noValid.rows.other': 'All {count} rows are in {list} with the reason ({codes}).',
  'cli.import.warn.noValid.rows.phone.one':
    'The row is in {list} with the reason ({codes}); check the phone column ({column}).',
  'cli.import.warn.noValid.rows.phone.other':
    'All {count} rows are in {list} with the reason ({codes}); check the phone column ({column}).',
  'cli.import.warn.allRefused.one':
    'nothing was imported: the service refused every lead it was sent; the row is in {list} with the reason.',
  'cli.import.warn.allRefused.other':
    'nothing was imported: the service refused every lead it was sent; all {count} rows are in {list} with the reason.',
  'cli.import.info.allHeldBack':
    'nothing to send: every lead that passed the checks is held back by design (listed in {list}).',
  'cli.import.info.allHeldBack.dryRun':
    'nothing would be sent: every lead that passed the checks is held back by design (listed in {list}).',
} as const;
