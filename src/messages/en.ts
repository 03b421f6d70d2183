/**
 * The English catalog: the reference every other language's catalog follows (same ids, same
 * placeholders). Whole sentences; `{name}` is a placeholder. Grouped by where they are said.
 */
import { enCli } from './en-cli.js';
import { enDoor } from './en-door.js';
import { enState } from './en-state.js';
import { enLibLeads } from './en-lib-leads.js';
import { enLibConfig } from './en-lib-config.js';
import { enLibApi } from './en-lib-api.js';
import { enLibFiles } from './en-lib-files.js';
import { enLibInput } from './en-lib-input.js';
import { enCatalog } from './en-catalog.js';
import { enOutcomes } from './en-outcomes.js';
import { enPrivacy } from './en-privacy.js';
import { enTeams } from './en-teams.js';
import { enHabits } from './en-habits.js';
import { enManager } from './en-manager.js';

export const en = {
  ...enCli,
  ...enDoor,

  // ── import: a stop (an import that ended early) ──────────────────────────────────────
  'import.stop.stopped': 'stopped: {reason}',
  'import.stop.listUnwritten': 'the leads were sent, but a list could not be written: {reason}',
  'import.stop.interrupted': 'interrupted: {imported} imported, {notSent} not sent',
  'import.stop.interrupted.uncertain':
    'interrupted: {imported} imported, {uncertain} uncertain (sent, no answer), {notSent} not sent',
  'import.stop.interrupted.hint':
    'Run the same command again to send the rest (what was imported is not sent twice).',
  'import.stop.refused.hint':
    'Nothing more was sent. Check the token and campaign (cacs config show), then run the same command again.',
  'import.stop.runAgainLater.hint':
    'Nothing more was sent. Run the same command again later: what was imported is not sent twice.',
  'import.stop.ownHint.hint': 'Nothing more was sent. {hint}',
  'import.stop.stateFolder.hint':
    'Nothing more was sent. Fix the state folder, then run the same command.',
  'import.stop.inputChanged': '{reason}, after {sent} had been sent',
  'import.stop.inputChanged.hint':
    "Nothing more was sent. Import the file again once it is complete: the leads this run sent are in the campaign's ledger and are not sent again.",
  'import.stop.inputUnreadable': 'reading the leads failed: {reason}',
  'import.stop.inputUnreadable.hint':
    'Nothing more was sent. Make the file readable again, then run the same command: what was imported is not sent twice.',

  // ── import: refused before anything is sent ─────────────────────────────────────────
  'import.maxRows.invalid': 'maxRows: expected a whole number of at least 0 (or Infinity)',
  'import.changedWhileRead': '{file} changed while cacs was reading it: nothing was sent',
  'import.changedWhileRead.hint':
    'Import it again once it is complete (an export still being written?).',
  'import.nothingSent': '{reason}; nothing was sent',
  'import.rejects.overwritesInput':
    'the rejects file would overwrite the file being imported ({file})',
  'import.skipped.overwritesInput':
    'the skipped list would overwrite the file being imported ({file})',
  'import.uncertain.overwritesInput':
    'the uncertain list would overwrite the file being imported ({file})',
  'import.overwritesInput.hint': 'Choose another file for the rejects, or rename the input.',
  'import.rejects.isSkippedList':
    'the rejects file is where this import lists the rows it holds back ({file}): one list would replace the other',
  'import.rejects.isUncertainList':
    'the rejects file is where this import lists its uncertain leads ({file}): one list would replace the other',
  'import.rejects.isList.hint': 'Choose another file for the rejects.',
  'import.sidecar.inStateFolder':
    '{file}: is in the state folder {folder}, where cacs keeps its ledgers, journals and erasures; a list written there would damage them',
  'import.sidecar.inStateFolder.hint':
    'Choose a rejects file outside the state folder (or import a file kept outside it).',

  // ── import: reasons written beside a row (sidecar files) ────────────────────────────
  'import.earlierRun': 'on {when} by run {run} ({file})',
  'import.earlierRun.unknown': 'on {when} (by a run not in this history)',
  'import.row.alreadyImported': 'imported {earlier}',
  'import.row.uncertainEarlier':
    'sent {earlier}, but no definite answer came: cacs reconcile checks the campaign for it; resend it only if it is not there (an import that retries uncertain leads)',
  'import.row.uncertain':
    'sent, but no definite answer came ({why}): cacs reconcile checks the campaign for it; resend it only if it is not there',
  'import.row.uncertain.earlierRun':
    'sent, but no definite answer came (in an earlier run): cacs reconcile checks the campaign for it; resend it only if it is not there',
  'import.row.valuesChanged': '(its values are not listed: the input changed after it was read)',
  'import.row.valuesUnreadable': '(its values could not be read back: {reason})',

  // ── import: the sidecar files ───────────────────────────────────────────────────────
  'import.sidecar.noneRejected': 'no row needs fixing now',
  'import.sidecar.noneSkipped': 'no row is held back now',
  'import.sidecar.noneUncertain': 'no lead of this run is uncertain',

  // ── import: why a lead was not settled (the journal, the uncertain list) ────────────────
  'send.reason.ledgerUnwritable': 'the ledger could not be written',
  'send.reason.interruptedBeforeSent': 'interrupted before it was sent',
  'send.reason.runStoppedFirst': 'the run stopped first',
  'send.reason.interruptedBeforeAnswer': 'interrupted before an answer',
  'send.reason.internalError': 'internal error while sending',
  'send.reason.serviceRefused': 'the service refused it: {message}',

  // ── import: an earlier run's lists, kept or removed ─────────────────────────────────
  'sidecar.keptOtherContent':
    'kept {file}: run {run} left those leads uncertain when the file held other content',
  'sidecar.keptEdited': 'kept {file} (changed since cacs wrote it), though {why}',
  'sidecar.keptForeign': 'kept {file} (cacs did not write it), though {why}',
  'sidecar.removedStale': 'removed the stale {file} ({why})',
  'sidecar.removedDryRunCopy': "removed {file} (a dry run's list; this run's is {written})",
  'sidecar.removedDryRunCopy.none': "removed {file} (a dry run's list; this run needs none)",

  // ── reconcile ───────────────────────────────────────────────────────────────────────
  'reconcile.datesRefused':
    'the service refused the request cacs made for {start} → {end}: "{message}"',
  'reconcile.datesRefused.hint':
    "cacs works that request out itself (its dates), so nothing of yours is to fix: nothing was settled. Run the same command again; if it says the same, ask the service's operator.",
  'reconcile.tooLarge':
    "the service's records of campaign {campaign} from {start} to {end} are more than cacs reads in one answer, even for one minute",
  'reconcile.gaveUp.hint':
    'Check the service address and your network, then run again: nothing was settled, and the uncertain leads stay as they were.',
  'reconcile.tooLarge.hint':
    'Nothing was settled. Ask the service operator; the uncertain leads stay uncertain meanwhile.',
  'reconcile.miscounted.hint':
    'The answer contradicts itself, so a lead settled from it might never be sent: nothing was settled, and the uncertain leads stay as they were. Run again later; if this service is known to count otherwise, set report.countMismatch: warn in the config.',
  'reconcile.miscounted.warned':
    '{what}; its records were matched as listed (report.countMismatch: warn)',
  'reconcile.run.notFound': 'no run {run} in the history',
  'reconcile.run.ambiguous': '{run} matches {count} runs: give more of its characters',
  'reconcile.run.hint': 'List runs with listHistory().',
  'reconcile.run.otherCampaign':
    'run {run} imported into campaign {campaign} at {service}, not {asked} at {askedService}',
  'reconcile.run.otherCampaign.hint': 'Reconcile campaign {campaign} instead.',
  'reconcile.run.otherService.hint':
    'Reconcile campaign {campaign} at {service} instead (a client made with that base URL).',
  'reconcile.interrupted': 'interrupted: nothing was settled (the ledger is unchanged)',

  // ── history ─────────────────────────────────────────────────────────────────────────
  'history.run.notFound': 'no run {run} in the history',
  'history.run.ambiguous': '{run} matches {count} runs: give more of its characters',
  'history.run.hint': 'List runs with listHistory().',

  // ── report ──────────────────────────────────────────────────────────────────────────
  'report.unknownTimeZone': '{name} {zone}: unknown time zone',
  'report.unknownTimeZone.hint': 'Use an IANA name such as Asia/Ho_Chi_Minh or Europe/Paris.',
  'report.windowDays.invalid': 'windowDays: expected a whole number from 1 to {max}',
  'report.interrupted': 'interrupted: the report was not finished',
  'report.memoryBudget.invalid': 'memoryBudget: expected a number of bytes',
  'report.refId.tooLong': "refId: at most {max} characters (the service's limit)",
  'report.concurrency.invalid': 'concurrency: {problem}',
  'report.largeAnswerBytes.invalid': 'largeAnswerBytes: expected a number of bytes above 0',
  'report.expectedAnswerBytes.invalid':
    'expectedAnswerBytes: expected a number of bytes, 0 or more',
  'report.from.required': 'from is required',
  ...enState,
  ...enLibLeads,
  ...enLibConfig,
  ...enLibApi,
  ...enLibFiles,
  ...enLibInput,
  ...enCatalog,
  ...enOutcomes,
  ...enPrivacy,
  ...enTeams,
  ...enHabits,
  ...enManager,
} as const;
