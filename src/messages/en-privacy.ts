/**
 * English messages added for the privacy work, spread into the English catalog by en.ts. Whole
 * sentences with named placeholders, like en.ts.
 */
export const enPrivacy = {
  'privacy.locked': 'another cacs run (pid {pid}) holds {what} right now',
  'privacy.locked.hint': 'Wait for it to finish, then run the same command again.',
  'privacy.locked.erasing.hint':
    'Their numbers are already recorded as erased: no import sends them from now on (the run holding it leaves them out of the batches it forms from now on; one already on the wire cannot be called back); wait for it to finish, then run the same command again to finish the erasure.',
  'privacy.what.erasures': 'the erasure records',
  'privacy.what.campaign': "a campaign's ledger",
  'privacy.what.ledger': 'the ledger',
  'privacy.what.journal': 'an import journal',
  'privacy.what.bookmark': 'a report bookmark',
  'privacy.what.history': 'the import history',
  'privacy.help.forget':
    'erase people (by phone number or ref_id) from everything cacs keeps; they are never imported again',
  'privacy.help.forget.who':
    'phone numbers (any written form: 0912…, +84 912…, 84912…, Excel damage) or ref_ids',
  'privacy.help.forget.file':
    'read more of them from a file, one a line (blank lines and # comments skipped)',
  'privacy.help.forget.campaign':
    'only this campaign (its ledger, and later files into it); default: every campaign',
  'privacy.help.forget.json': 'print the receipt as one JSON object on stdout',
  'cli.privacy.help.forget.after':
    '\nExamples:\n  $ cacs forget 0912345678\n  $ cacs forget "+84 912 345 678" CUST-0042\n  $ cacs forget --file deletion-requests.txt --json > receipt.json\n\nTheir ledger entries become erasure records (a keyed hash, no number); their rows leave every rejects, skipped and uncertain list cacs wrote; journals and bookmarks keep nothing readable about them; the history records the erasure without the number. A later file\'s row for them is skipped as erased, even with --allow-repeat or --restart. Running it again is harmless (a forget that was stopped finishes).',
  'privacy.help.prune':
    'remove what is older than state.retentionDays (never an erasure record, never an unfinished import)',
  'privacy.help.prune.dryRun': 'only say what would be removed',
  'privacy.help.prune.json': 'print what was removed as one JSON object on stdout',
  'privacy.forget.placeholder':
    '{query} is a placeholder many customers share (N/A, 0, none, không có…), not one person: nothing was erased',
  'privacy.forget.placeholder.hint': "Give the person's phone number, or their real ref_id.",
  'privacy.forget.listUnreadable': 'the list {file} cannot be read ({reason})',
  'privacy.forget.listUnreadable.hint': 'Give a text file with one phone number or ref_id a line.',
  'cli.privacy.forget.notCleaned.one':
    'the erasure is not complete: {count} row about them stays in a list cacs could not clean',
  'cli.privacy.forget.notCleaned.other':
    'the erasure is not complete: {count} rows about them stay in lists cacs could not clean',
  'cli.privacy.forget.notRead':
    'the erasure may not be complete: lists that may hold rows about them could not be read or cleaned',
  'cli.privacy.forget.notCleaned.hint':
    'Remove those rows yourself (receipt.notCleaned names each file and why), or make the files writable and run the same command again.',
  'privacy.forget.nobody':
    'nobody to forget: give phone numbers or ref_ids (queries), or lists (files)',
  'privacy.forget.nobody.hint':
    "For example: forgetLeads({ queries: ['0912345678', 'CUST-0042'] })",
  'privacy.forget.noBaseUrl':
    'campaignKey needs the service address (baseUrl) to know which ledger it means',
  'privacy.forget.noBaseUrl.hint':
    'Give baseUrl as well, or leave campaignKey out to forget them in every campaign.',
  'cli.privacy.forget.nobody': 'nobody to forget: give phone numbers or ref_ids, or --file <list>',
  'cli.privacy.forget.nobody.hint': 'Example: cacs forget 0912345678 CUST-0042',
  'cli.privacy.forget.noBaseUrl':
    '--campaign needs the service address (baseUrl) to know which ledger it means',
  'cli.privacy.forget.noBaseUrl.hint':
    'Set baseUrl (config, CACS_BASE_URL or --base-url), or leave out --campaign to erase them from every campaign.',
  'privacy.receipt.title': 'erasure receipt — {at} — state: {store}',
  'privacy.receipt.campaign': 'campaign: {campaign}',
  'privacy.receipt.everyCampaign': 'campaigns: all',
  'privacy.receipt.phone.one': '  phone number {query}: {count} row removed from lists',
  'privacy.receipt.phone.other': '  phone number {query}: {count} rows removed from lists',
  'privacy.receipt.ref.one': '  ref_id {query}: {count} row removed from lists',
  'privacy.receipt.ref.other': '  ref_id {query}: {count} rows removed from lists',
  'privacy.receipt.nothingHeld':
    'nothing held: cacs keeps nothing about them (no ledger record, no list row).',
  'privacy.receipt.blocked':
    "They are recorded as erased anyway: a later file's row for them is skipped as erased.",
  'privacy.receipt.refNotKept':
    'A ref_id is not recorded as erased (other customers may share it): a later row with {refs} is skipped only when its number is one erased here.',
  'privacy.receipt.ledger.one':
    '  ledger of {campaign} at {service}: {count} record replaced by an erasure record',
  'privacy.receipt.ledger.other':
    '  ledger of {campaign} at {service}: {count} records replaced by erasure records',
  'privacy.receipt.file.one': '  {file}: {count} row removed',
  'privacy.receipt.file.other': '  {file}: {count} rows removed',
  'privacy.receipt.notCleaned.one':
    '  NOT CLEANED: {file}: {count} row about them stays ({reason}): remove it yourself',
  'privacy.receipt.notCleaned.other':
    '  NOT CLEANED: {file}: {count} rows about them stay ({reason}): remove them yourself',
  'privacy.receipt.notRead':
    '  NOT CLEANED: {file}: could not be read ({reason}): it may hold rows about them; run the same command as a user who can read it',
  'privacy.notCleaned.unreadable':
    'not a list cacs can read any more: saved in another form (UTF-16) or its header changed',
  'privacy.notCleaned.encoding': 'not UTF-8 text: saved again in another encoding',
  'privacy.receipt.journals': '  journals: {journals} rewritten (their texts about them blanked)',
  'privacy.receipt.bookmarks':
    '  report bookmarks: {bookmarks} removed (kept for an erased ref_id)',
  'privacy.receipt.done.one':
    'erased: {count} number is recorded as erased (a keyed hash) and will never be imported again through this state ({store}).',
  'privacy.receipt.done.other':
    'erased: {count} numbers are recorded as erased (a keyed hash each) and will never be imported again through this state ({store}).',
  'privacy.prune.noRetention':
    'no retention is set: state.retentionDays is unset, so cacs keeps everything',
  'cli.privacy.prune.noRetention.hint':
    'Set it in a config file, e.g. {"state": {"retentionDays": 365}}, then run cacs state prune --dry-run.',
  'privacy.prune.title.one':
    'pruned what is older than {count} day (before {cutoff}) — state: {store}',
  'privacy.prune.title.other':
    'pruned what is older than {count} days (before {cutoff}) — state: {store}',
  'privacy.prune.titleDry.one':
    'dry run: would prune what is older than {count} day (before {cutoff}) — state: {store}',
  'privacy.prune.titleDry.other':
    'dry run: would prune what is older than {count} days (before {cutoff}) — state: {store}',
  'privacy.prune.ledger': '  ledger records: {records}',
  'privacy.prune.journals': '  journals of finished files: {journals}',
  'privacy.prune.runs': '  history runs: {runs}',
  'privacy.prune.files': '  rejects/skipped/uncertain lists: {files}',
  'privacy.prune.temp':
    '  temporary folders left by killed runs (spooled leads, report data): {folders}',
  'privacy.prune.keptUncertain':
    'kept: {leads} leads still uncertain (kept until settled: run cacs reconcile)',
  'privacy.prune.keptUnfinished':
    'kept: the journal of {input} (that import is not finished: leads in flight or uncertain)',
  'privacy.prune.erasuresKept': 'erasure records are never pruned.',
  'privacy.reminder':
    'state.retentionDays is {days} and cacs state prune has not run for a day or more (last: {last}); run cacs state prune to remove what is older',
  'privacy.reminder.never': 'never',
  'import.row.erased': 'erased on request ({when}): consent withdrawn, never imported again',
  'privacy.summary.erased.label': 'erased',
  'privacy.summary.erased': 'not sent: erased on request (cacs forget); consent withdrawn',
} as const;
