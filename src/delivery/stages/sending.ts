/**
 * Stage 4 of an import: send. The valid leads the preflight spooled go to the service in
 * batches, each recorded in this input's journal before it is sent and settled after; the
 * journal is opened here (once the input's identity is known) and closed before anything is
 * reported, and so is the ledger of a real run.
 */
import type { Prepared } from '../../leads/prepare.js';
import type { InputInfo } from '../../input/types.js';
import {
  NO_JOURNAL,
  type EarlierRuns,
  type JournalHandle,
  type PreviousState,
  type RunRecord,
} from '../../state/index.js';
import type { ImportOptions } from '../import-types.js';
import { sendLeads, type SendResult } from '../send.js';
import { testPoint } from '../../test-point.js';
import {
  erasureWatch,
  nothingSent,
  type CampaignState,
  type Held,
  type StateTarget,
} from './campaign.js';
import { formatTimeOnClock, machineZone } from '../../text.js';
import { t } from '../../messages/index.js';

/** What the send stage holds besides the campaign's: the journal, until it is closed. */
export interface HeldJournal extends Held {
  journal?: JournalHandle | undefined;
}

export interface Sent {
  /** The send's outcome (undefined: nothing to send, or a dry run). */
  send: SendResult | undefined;
  /** What this input's journal says earlier runs of it did (when it was resumed). */
  earlier: EarlierRuns | undefined;
  /** Whether a journal was opened (else whether one exists is looked up for the summary). */
  journalOpened: boolean;
}

/**
 * The import's journal under the state folder: keyed by the input's content hash, the campaign
 * and the service's address, with the options that decide what is sent as its fingerprint.
 */
function openJournalFor(
  opts: ImportOptions,
  target: StateTarget,
  info: InputInfo,
  inputHash: string,
): Promise<JournalHandle> {
  return target.store.openJournal({
    input: info.displayName,
    inputHash,
    campaignKey: target.campaign.campaignKey,
    // Credentials in the URL stay out of the journal (and out of its key): serviceUrl is canonical.
    serviceUrl: target.campaign.serviceUrl,
    restart: opts.restart === true,
    allowRepeat: opts.allowRepeat === true,
    retryUncertain: opts.retryUncertain === true,
    fingerprint: {
      map: opts.map,
      ignoreUnmapped: opts.ignoreUnmapped,
      dedupe: opts.dedupe,
      normalize: opts.normalize,
      phonePattern: opts.phonePattern,
      homePhonePattern: opts.homePhonePattern ?? null,
      placeholderNumbers: opts.placeholderNumbers ?? [],
      format: opts.format ?? null,
      delimiter: opts.delimiter ?? null,
      encoding: opts.encoding ?? null,
      sheet: opts.sheet ?? null,
      // Only when given: journals of imports without lists keep their fingerprint.
      ...(opts.suppress?.length ? { suppress: opts.suppress.map((s) => s.path) } : {}),
    },
    note: (line) => opts.onNote?.(line),
    ...(opts.timeZone !== undefined ? { timeZone: opts.timeZone } : {}),
  });
}

export async function send(
  opts: ImportOptions,
  info: InputInfo,
  prepared: Prepared,
  state: CampaignState,
  inputHash: string,
  held: HeldJournal,
): Promise<Sent> {
  const { target, run } = state;
  let result: SendResult | undefined;
  let earlier: EarlierRuns | undefined;
  let journalOpened = false;
  if (!opts.dryRun && prepared.valid > 0) {
    if (!opts.client) throw new Error('runImport: a client is needed unless dryRun');
    held.journal = opts.openJournal
      ? await opts.openJournal(info, inputHash)
      : target
        ? await openJournalFor(opts, target, info, inputHash).catch((e: unknown) => {
            throw nothingSent(e);
          })
        : undefined;
    journalOpened = held.journal !== undefined;
    // The journal is open (and, on PostgreSQL, its lock held): prune must leave it alone.
    if (journalOpened) testPoint('import-journal-open');
    const journal = held.journal?.journal ?? NO_JOURNAL;
    const total = prepared.valid;
    earlier = journal.earlier;
    // What this run has to send: the valid leads, less those earlier runs of the file settled
    // (sendLeads skips them).
    let settledEarlier = 0;
    const isValid = prepared.isValidLine;
    if (isValid && journal.forEachSettled) {
      journal.forEachSettled((line, s) => {
        if ((s !== 'uncertain' || !opts.retryUncertain) && isValid(line)) settledEarlier++;
      });
    }
    const toSend = Math.max(0, total - settledEarlier);
    opts.onPhase?.({
      phase: 'sending',
      total: toSend,
      progress: { sent: 0, imported: 0, rejected: 0 },
    });
    const ledger = held.ledger;
    result = await sendLeads({
      leads: prepared.leads!(),
      total,
      campaignKey: opts.campaignKey,
      batchSize: opts.batchSize,
      concurrency: opts.concurrency,
      client: opts.client,
      journal,
      ...(ledger && run ? { ledger } : {}),
      ...(state.passed !== undefined ? { previous: state.passed } : {}),
      ...(ledger?.outcomesApart === true && state.uncertainBy !== undefined
        ? { ledgerBehind: ledgerBehind(state.uncertainBy, state.runs, inputHash) }
        : {}),
      retryUncertain: opts.retryUncertain,
      signal: opts.signal,
      // People erased while it sends are left out of the batches formed after (issue 26).
      ...(state.target !== undefined
        ? {
            erased: erasureWatch(state.target, state.erased),
            erasedReason: (when: Date) =>
              t('import.row.erased', {
                when: formatTimeOnClock(when, opts.timeZone ?? machineZone()),
              }),
          }
        : {}),
      onProgress: (progress) => opts.onPhase?.({ phase: 'sending', total: toSend, progress }),
      ...(isValid && journal.forEachSettled
        ? {
            settledAfter: (after: number, visit: (line: number, s: PreviousState) => void) =>
              journal.forEachSettled!((line, s) => {
                if (line > after && isValid(line)) visit(line, s);
              }),
          }
        : {}),
    });
    // Outcomes are on disk (or the failure is known) before anything is reported: the ledger's
    // synced first, then the journal's (a power cut between leaves the ledger ahead of the
    // journal, as each batch's writes do). The ledger is closed after the journal, whose lock
    // file going frees the room its description may need on a full disk.
    const sent = result;
    const failed = (e: unknown) => {
      sent.journalError ??= e instanceof Error ? e : new Error(String(e));
    };
    if (held.ledger && run) await held.ledger.sync?.().catch(failed);
    const closing = held.journal;
    held.journal = undefined;
    await closing?.close().catch(failed);
  }
  if (held.ledger && run) {
    const closingLedger = held.ledger;
    held.ledger = undefined;
    const sent = result;
    await closingLedger.close().catch((e: unknown) => {
      if (sent) sent.journalError ??= e instanceof Error ? e : new Error(String(e));
      else throw e;
    });
  }
  return { send: result, earlier, journalOpened };
}

/**
 * Whether the ledger's uncertain record of a number came from a run of this same input (its
 * history record carries the input's hash): then what this input's journal settled is what the
 * ledger lost. A record of another file's run (`--allow-repeat`, a second send that may have
 * been a duplicate) is left for `cacs reconcile`.
 */
function ledgerBehind(
  uncertainBy: ReadonlyMap<string, number>,
  runs: ReadonlyMap<number, RunRecord>,
  inputHash: string,
): (phone: string) => boolean {
  return (phone) => {
    const n = uncertainBy.get(phone);
    return n !== undefined && runs.get(n)?.inputHash === inputHash;
  };
}
