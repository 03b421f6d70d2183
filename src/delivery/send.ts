/**
 * The sending pass: stream valid leads (from a second read of the input or from the spool)
 * into batches, keep up to `concurrency`
 * requests in flight, and settle each batch:
 *  - answered: imported (and t − s skipped by the service);
 *  - refused for its data (#phone_number#, #data#, over maximum length): split in halves and
 *    resent until the offending leads stand alone; those become service rejects;
 *  - 413 / too large: the batch size is halved for the rest of the run, the batch split;
 *  - uncertain (may have been processed): recorded, never resent;
 *  - refused as a whole (token, campaign) or unreachable: the run stops, nothing more is sent.
 */
import type { CacsClient } from '../api/client.js';
import { ApiError } from '../api/errors.js';
import { InterruptedError } from '../errors.js';
import { TaskPool } from '../pool.js';
import { isLeadField } from '../api/spec.js';
import type { LeadEntry } from '../leads/sending.js';
import {
  STATE_ACCEPTED,
  STATE_NONE,
  type Claimed,
  type DeliveryJournal,
  type LedgerEntry,
  type LedgerState,
  type PreviousState,
  type RangeOutcome,
} from '../state/index.js';
import { t } from '../messages/index.js';

/** What the sending pass needs of the campaign ledger (state/types.ts CampaignLedger). */
export interface SendLedger {
  /**
   * Durably mark leads uncertain before their request leaves. A store with claims (PostgreSQL)
   * refuses leads another run holds or imported meanwhile: they are left out of the request.
   */
  begin(entries: readonly LedgerEntry[]): Promise<Claimed | void>;
  settle(entries: readonly LedgerEntry[], state: LedgerState): void;
  /** Work for begin() of these very entries that writes nothing, done while they wait for a slot. */
  prepare?(entries: readonly LedgerEntry[]): void;
  /**
   * Claim ahead: a batch's in-flight records are written as soon as it is formed, while the
   * batches before it are on the wire, not once it has a slot (a store whose claims take round
   * trips to a database: PostgreSQL). Up to this many batches are written ahead, side by side,
   * waiting for a slot (each still sent only once its own records are written). A crash then
   * leaves at most this many batches more uncertain than the requests on the wire.
   */
  readonly claimsAhead?: number;
  /**
   * The ledger's outcomes and the journal's are written apart (two files), so a power cut or a
   * failed write may keep the journal's and lose the ledger's; a store that writes both in one
   * transaction (PostgreSQL) leaves this unset, and the retry repairs nothing there.
   */
  readonly outcomesApart?: boolean;
}

export type SpoolEntry = LeadEntry;

export interface SendOptions {
  /** The valid leads, in input order. */
  leads: AsyncIterable<LeadEntry[]>;
  /** How many there are (to count those not sent if reading them fails). */
  total: number;
  campaignKey: string;
  batchSize: number;
  concurrency: number;
  client: CacsClient;
  journal: DeliveryJournal;
  ledger?: SendLedger;
  retryUncertain: boolean;
  /**
   * Numbers sent although the ledger held them (`--allow-repeat`, `--retry-uncertain`), with
   * the state it held: a batch that provably did not go gives them that state back.
   */
  previous?: ReadonlyMap<string, LedgerState>;
  /**
   * Whether the ledger's uncertain record of a number let through by `retryUncertain` is this
   * input's own (a run of the same file left it): a line this file's journal has as imported is
   * then settled as accepted in the ledger, without sending (the ledger lost the outcome the
   * journal kept). Only for a ledger whose outcomes are written apart from the journal's.
   */
  ledgerBehind?: (phone: string) => boolean;
  signal: AbortSignal;
  onProgress?: (p: SendProgress) => void;
  /**
   * The valid leads after an input line that earlier runs settled, with their state (from the
   * journal). Given, a run that stops early reads no further: the leads it did not reach are
   * counted from this (settled earlier, or not sent). Without it, the rest is read to count them.
   */
  settledAfter?: (line: number, visit: (line: number, state: PreviousState) => void) => void;
  /**
   * Erasures made while the run sends (stages/campaign.ts erasureWatch): a lead erased since the
   * preflight is left out of the batches formed after, listed as skipped (`erased`) with
   * `erasedReason`'s words.
   */
  erased?: {
    poll(): void;
    current(): ((phone: string) => Date | undefined) | undefined;
  };
  erasedReason?: (when: Date) => string;
}

export interface SendProgress {
  sent: number;
  imported: number;
  rejected: number;
}

export interface SendResult {
  imported: number;
  serviceSkipped: number;
  /** Leads the service refused one by one, with its message. */
  serviceRejects: Map<number, { code: string; reason: string }>;
  /** Input lines of leads whose outcome is unknown (this run and earlier ones). */
  uncertainLines: number[];
  /** Why a lead of this run is uncertain (the failure's message), by input line. */
  uncertainWhy: Map<number, string>;
  /**
   * Leads another run claimed between this run's preflight and its send (a store with claims),
   * and leads erased meanwhile (`erased`): not sent, by input line, with the skip code and
   * reason for the skipped file.
   */
  claimedElsewhere: Map<
    number,
    { code: Claimed['refused'][number]['code'] | 'erased'; reason: string }
  >;
  /** Input values of service-rejected and uncertain leads, where the lead entries had them. */
  originals: Map<number, readonly string[]>;
  uncertainFromEarlierRuns: number;
  /** Leads settled by earlier runs and skipped now. */
  resumedDone: number;
  /** The phone number of one of them (for messages). */
  resumedPhone?: string;
  resumedRejected: number;
  /** Leads not sent because the run stopped (refusal, failure, interruption). */
  notSent: number;
  /** Leads sent in this run and settled (imported, skipped, refused one by one, or uncertain). */
  sent: number;
  requests: number;
  batchSizeAtEnd: number;
  /** Why the run stopped early, if it did. */
  fatal?: ApiError;
  /** Reading the leads failed (the input changed): nothing more was sent. */
  inputError?: Error;
  /** The journal could not be written (full disk): nothing more was sent. */
  journalError?: Error;
  interrupted: boolean;
}

/** Service errors about the leads themselves: narrow the batch down instead of stopping. */
export function isDataRefusal(e: ApiError): boolean {
  const s = e.service;
  if (!s || e.kind !== 'final' || e.refused) return false;
  if (s.code !== 'wrong_format' && s.code !== 'over_max_length') return false;
  return s.param === 'data' || (s.param !== undefined && isLeadField(s.param));
}

/** The skipped file's reason for a lead another run claimed. */
function claimReason(x: Claimed['refused'][number]): string {
  const by = x.by;
  const who = by
    ? { run: by.run, host: by.host ?? '?', user: by.user ?? '?' }
    : { run: '?', host: '?', user: '?' };
  if (x.code === 'already_imported') return t('import.row.importedElsewhere', who);
  if (x.code === 'uncertain_earlier') return t('import.row.uncertainElsewhere', who);
  return by ? t('import.row.inFlightElsewhere', who) : t('import.row.inFlightElsewhere.unknown');
}

export async function sendLeads(opts: SendOptions): Promise<SendResult> {
  const r: SendResult = {
    imported: 0,
    serviceSkipped: 0,
    serviceRejects: new Map(),
    uncertainLines: [],
    uncertainWhy: new Map(),
    claimedElsewhere: new Map(),
    originals: new Map(),
    uncertainFromEarlierRuns: 0,
    resumedDone: 0,
    resumedRejected: 0,
    notSent: 0,
    sent: 0,
    requests: 0,
    batchSizeAtEnd: opts.batchSize,
    interrupted: false,
  };
  let batchSize = opts.batchSize;
  let sent = 0;
  const stopped = () =>
    r.fatal !== undefined ||
    r.inputError !== undefined ||
    r.journalError !== undefined ||
    pool.failed ||
    opts.signal.aborted;
  const keepValues = (entry: SpoolEntry) => {
    const values = entry.values;
    if (values !== undefined)
      r.originals.set(
        entry.line,
        typeof values === 'string'
          ? (JSON.parse(values) as string[])
          : values instanceof Uint8Array
            ? (JSON.parse(
                Buffer.from(values.buffer, values.byteOffset, values.length).toString(),
              ) as string[])
            : values,
      );
  };
  // Rejects of this run only: earlier runs' are in serviceRejects too.
  const progress = () =>
    opts.onProgress?.({
      sent,
      imported: r.imported,
      rejected: r.serviceRejects.size - r.resumedRejected,
    });

  /**
   * Leads that provably did not go (refused, failed, stopped first): "not imported" — or, for
   * those the ledger held before this run (`previous`), the state it held: an uncertain lead
   * retried stays uncertain, an accepted one sent again stays accepted, so no later run sends
   * them without being asked.
   */
  const settleBack = (entries: readonly SpoolEntry[]) => {
    const previous = opts.previous;
    if (previous === undefined || previous.size === 0) {
      opts.ledger?.settle(entries, STATE_NONE);
      return;
    }
    const by: SpoolEntry[][] = [[], [], []];
    for (const e of entries) by[previous.get(e.phone) ?? STATE_NONE]!.push(e);
    by.forEach((group, state) => {
      if (group.length > 0) opts.ledger?.settle(group, state as LedgerState);
    });
  };
  /**
   * Write a batch's in-flight records, the ledger's first: the request leaves only once both are
   * on disk. The file store writes them synchronously, in this order, each with the outcomes
   * added since its last write (the ledger's were written when settled): so the ledger holds a
   * batch's outcome no later than the journal does (see Ledger.settle).
   */
  const writeInFlight = (entries: readonly SpoolEntry[]) => {
    const marked = opts.ledger ? opts.ledger.begin(entries) : Promise.resolve();
    const begun = opts.journal.begin(entries.map((e) => e.line));
    return Promise.allSettled([begun, marked]);
  };

  /** Send a batch: its in-flight records first, then the request. */
  const deliver = async (
    entries: SpoolEntry[],
    written?: ReturnType<typeof writeInFlight>,
  ): Promise<void> => {
    if (stopped() && !written) {
      r.notSent += entries.length;
      return;
    }
    const [begun, marked] = await (written ?? writeInFlight(entries));
    if (begun.status === 'rejected' || marked.status === 'rejected') {
      // Not on disk: this batch is not sent, and neither is any other.
      const e: unknown =
        begun.status === 'rejected' ? begun.reason : (marked as PromiseRejectedResult).reason;
      r.journalError ??= e instanceof Error ? e : new Error(String(e));
      r.notSent += entries.length;
      if (begun.status === 'fulfilled')
        await opts.journal.finish(begun.value, {
          state: 'failed',
          reason: t('send.reason.ledgerUnwritable'),
        });
      if (marked.status === 'fulfilled') settleBack(entries);
      return;
    }
    const id = begun.value;
    const refused = (marked.value as Claimed | undefined)?.refused ?? [];
    if (refused.length > 0) {
      // Another run holds some of them (or imported them since the preflight looked): those are
      // not sent. The journal's batch is set aside (its lines are decided again by a later run
      // against the ledger), and the rest go as a batch of their own.
      await opts.journal.finish(id, { state: 'failed', reason: t('send.reason.claimedElsewhere') });
      const out = new Set<number>();
      for (const x of refused) {
        const entry = entries[x.index]!;
        out.add(x.index);
        r.claimedElsewhere.set(entry.line, { code: x.code, reason: claimReason(x) });
        keepValues(entry);
      }
      const rest = entries.filter((_e, i) => !out.has(i));
      if (rest.length > 0) await deliver(rest);
      return;
    }
    const settle = async (settled: SpoolEntry[], outcome: RangeOutcome) => {
      // The ledger learns the outcome too: uncertain leads stay as begin() wrote them.
      if (outcome.state === 'done') opts.ledger?.settle(settled, STATE_ACCEPTED);
      else if (outcome.state !== 'uncertain') settleBack(settled);
      await opts.journal.finish(id, outcome);
    };
    if (stopped()) {
      // Interrupted, or the run stopped, while the in-flight records were written: it does not
      // leave (and is sent by the next run).
      r.notSent += entries.length;
      await settle(entries, {
        state: 'failed',
        reason: opts.signal.aborted
          ? t('send.reason.interruptedBeforeSent')
          : t('send.reason.runStoppedFirst'),
      });
      return;
    }
    r.requests++;
    try {
      const answer = await opts.client.importLeadsJson(
        opts.campaignKey,
        entries.map((e) => e.lead),
        { signal: opts.signal },
      );
      r.imported += answer.imported;
      r.serviceSkipped += answer.skipped;
      sent += entries.length;
      await settle(entries, { state: 'done', imported: answer.imported, skipped: answer.skipped });
      progress();
      return;
    } catch (e) {
      if (e instanceof InterruptedError) {
        // Interrupted while waiting to retry: the last attempt was provably not processed.
        r.notSent += entries.length;
        await settle(entries, {
          state: 'failed',
          reason: t('send.reason.interruptedBeforeAnswer'),
        });
        return;
      }
      if (!(e instanceof ApiError)) {
        r.notSent += entries.length;
        await settle(entries, { state: 'uncertain', reason: t('send.reason.internalError') });
        throw e;
      }
      if (e.tooLarge || isDataRefusal(e)) {
        if (entries.length === 1) {
          const entry = entries[0]!;
          const reason = e.service
            ? t('send.reason.serviceRefused', { message: e.service.message })
            : e.message;
          const code = e.tooLarge ? 'service_too_large' : `service_${e.service?.code ?? 'refused'}`;
          r.serviceRejects.set(entry.line, { code, reason });
          keepValues(entry);
          sent += 1;
          await settle(entries, { state: 'rejected', code, reason });
          progress();
          return;
        }
        // Nothing of the batch was imported: split and resend the halves.
        await settle(entries, { state: 'failed', reason: e.message });
        const half = Math.ceil(entries.length / 2);
        if (e.tooLarge) batchSize = Math.max(1, Math.min(batchSize, half));
        await deliver(entries.slice(0, half));
        await deliver(entries.slice(half));
        return;
      }
      if (e.kind === 'uncertain') {
        for (const entry of entries) {
          r.uncertainLines.push(entry.line);
          r.uncertainWhy.set(entry.line, e.message);
          keepValues(entry);
        }
        sent += entries.length;
        await settle(entries, { state: 'uncertain', reason: e.message });
        progress();
        return;
      }
      // A refusal of the whole request, or a service that cannot be reached: stop.
      r.fatal ??= e;
      r.notSent += entries.length;
      await settle(entries, { state: 'failed', reason: e.message });
    }
  };

  const pool = new TaskPool(opts.concurrency);
  // A batch's in-flight records are written only once it has a slot, just before its request:
  // a batch marked in flight has left unless the process died in that instant, so after a crash
  // the uncertain leads are those the service may hold, and `cacs reconcile` can settle them all.
  // (Writing the next batch's records while it waited for a slot saved a sync per request but
  // left a whole batch that never left uncertain after a crash.)
  // A store that claims ahead (SendLedger.claimsAhead) writes them while the batch waits for its
  // slot, and the next batches' too: the round trips of their claims overlap the requests on the
  // wire. (Still before its request leaves: a batch that never leaves is settled as not sent, or
  // left uncertain by a crash.)
  const ahead = Math.max(0, Math.floor(opts.ledger?.claimsAhead ?? 0));
  const written: Array<{ entries: SpoolEntry[]; written: ReturnType<typeof writeInFlight> }> = [];
  /** Start the oldest written batch (in input order) once it has a slot. */
  const startWritten = () => {
    const w = written.shift()!;
    return pool.start(() => deliver(w.entries, w.written));
  };
  /** The batch less the leads erased since the preflight (they are listed as skipped). */
  const withoutErased = (entries: SpoolEntry[]): SpoolEntry[] => {
    const watch = opts.erased;
    if (watch === undefined) return entries;
    watch.poll();
    const erasedAt = watch.current();
    if (erasedAt === undefined) return entries;
    const kept: SpoolEntry[] = [];
    for (const entry of entries) {
      const when = erasedAt(entry.phone);
      if (when === undefined) kept.push(entry);
      else {
        r.claimedElsewhere.set(entry.line, {
          code: 'erased',
          reason: opts.erasedReason?.(when) ?? 'erased',
        });
        keepValues(entry);
      }
    }
    return kept;
  };
  const launch = async (formed: SpoolEntry[]) => {
    const entries = withoutErased(formed);
    if (entries.length === 0) return;
    if (ahead === 0) {
      // Its records' hashing is done now, while the batch waits for a slot, not after.
      opts.ledger?.prepare?.(entries);
      return pool.start(() => deliver(entries));
    }
    written.push({ entries, written: writeInFlight(entries) });
    while (written.length >= ahead) await startWritten();
  };

  let batch: SpoolEntry[] = [];
  /** Leads this file's journal has as imported and the ledger as uncertain (their numbers). */
  const answeredEarlier: LedgerEntry[] = [];
  let seen = 0;
  let lastLine = 0;
  let stoppedEarly = false;
  try {
    reading: for await (const entries of opts.leads) {
      for (const entry of entries) {
        if (stopped() && opts.settledAfter) {
          // Stopped: the rest of the input is not read (a large file would keep Ctrl-C waiting).
          stoppedEarly = true;
          break reading;
        }
        seen++;
        lastLine = entry.line;
        if (stopped()) {
          r.notSent++;
          continue;
        }
        const previous = opts.journal.previous(entry.line);
        if (previous === 'done') {
          r.resumedDone++;
          r.resumedPhone ??= entry.phone;
          // The journal has the service's answer and the ledger, retried, does not (a power cut
          // or a failed write lost its outcome record): the ledger learns it now, or every later
          // run of the number would hold it back as uncertain.
          if (opts.ledgerBehind?.(entry.phone) === true)
            answeredEarlier.push(
              entry.ref === undefined
                ? { phone: entry.phone }
                : { phone: entry.phone, ref: entry.ref },
            );
          continue;
        }
        if (previous === 'rejected') {
          r.resumedRejected++;
          const earlier = opts.journal.earlier?.rejected.get(entry.line);
          if (earlier) r.serviceRejects.set(entry.line, earlier);
          keepValues(entry);
          continue;
        }
        if (previous === 'uncertain' && !opts.retryUncertain) {
          r.uncertainLines.push(entry.line);
          keepValues(entry);
          r.uncertainFromEarlierRuns++;
          continue;
        }
        batch.push(entry);
        if (batch.length >= batchSize) {
          await launch(batch);
          batch = [];
        }
      }
    }
  } catch (e) {
    // The leads could not be read on (the input changed): send nothing more.
    r.inputError = e instanceof Error ? e : new Error(String(e));
    r.notSent += batch.length + Math.max(0, opts.total - seen);
    batch = [];
  }
  if (stoppedEarly) {
    // The leads not reached: those earlier runs settled count as in the loop above, the others
    // were not sent.
    let settled = 0;
    opts.settledAfter!(lastLine, (line, state) => {
      if (state === 'done') r.resumedDone++;
      else if (state === 'rejected') {
        r.resumedRejected++;
        const earlier = opts.journal.earlier?.rejected.get(line);
        if (earlier) r.serviceRejects.set(line, earlier);
      } else if (!opts.retryUncertain) {
        r.uncertainLines.push(line);
        r.uncertainFromEarlierRuns++;
      } else return;
      settled++;
    });
    r.notSent += Math.max(0, opts.total - seen - settled);
  }
  if (batch.length > 0) {
    if (stopped()) r.notSent += batch.length;
    else await launch(batch);
  }
  // Batches written ahead go (or, the run stopped, are settled as not sent) in their order.
  while (written.length > 0) await startWritten();
  await pool.settle();
  if (answeredEarlier.length > 0) opts.ledger?.settle(answeredEarlier, STATE_ACCEPTED);
  r.interrupted = opts.signal.aborted;
  r.sent = sent;
  r.batchSizeAtEnd = batchSize;
  r.uncertainLines.sort((a, b) => a - b);
  return r;
}
