/**
 * `cacs reconcile` as a library function: settle the leads the campaign's ledger holds as
 * uncertain against the service's own records.
 *
 * 1. The campaign's lock is taken (the one a real import into it takes), so no import of this
 *    campaign runs meanwhile.
 * 2. The ledger (delivery/ledger.ts) says which leads are uncertain: those whose latest record
 *    is "uncertain" — a batch sent without a definite answer, or in flight when a run died —
 *    with `--run`, only those that run left so. It holds a keyed hash of each number, never the
 *    number, and no readable ref_id: so the leads are looked for by their numbers' hashes.
 * 3. The report endpoint is asked for the campaign's records from the moment the first of those
 *    batches was sent (less an hour for clocks that disagree) to now, one calendar day of the
 *    service's clock per request. A record — with attempts or with `data: []` (in the campaign,
 *    not called in the range) — whose normalised phone number hashes to an uncertain lead's
 *    means the service holds that lead; for a lead sent with a ref_id, only a record whose
 *    ref_id hashes to the lead's too (another customer's lead of the same number is not it).
 *    An answer that contradicts its own count ("Have 0 records found" listing one) is asked
 *    again once, then stops the run: nothing is settled from it.
 * 4. Those leads get an "accepted" record in the ledger (written durably, under the run that
 *    sent them), so a rerun of the import holds them back as already imported, with or without
 *    `--retry-uncertain`. The others stay uncertain: reconcile never sends anything.
 *
 * A lead shows in the service's report only once it has been called (or listed with `data: []`),
 * so a lead not found may still be in the campaign: "not found yet".
 */
import fs from 'node:fs';
import type { CacsClient } from '../api/client.js';
import { miscounted } from '../api/answers.js';
import { ApiError } from '../api/errors.js';
import type { CallRecord } from '../api/spec.js';
import { DEFAULTS } from '../defaults.js';
import { ExitCode, InterruptedError, UsageError } from '../errors.js';
import { normalizePhone, trimField } from '../leads/normalize.js';
import { TaskPool } from '../pool.js';
import {
  STATE_ACCEPTED,
  STATE_UNCERTAIN,
  openStateStore,
  type CampaignRef,
  type LedgerRecord,
  type RunRecord,
  type StateLock,
  type StateStore,
} from '../state/index.js';
import { t } from '../messages/index.js';
import { runsMatching } from './history.js';

/** Clocks of this machine and the service may disagree: the range starts this much earlier. */
export const RECONCILE_SKEW_MS = 3_600_000;

/** "a lead shows in reports only once called": why a lead not found stays uncertain. */
export const NOT_FOUND_YET = (): string => t('delivery.reconcile.notFoundYet');

export interface ReconcileOptions {
  /** The state folder (CACS_STATE_DIR) holding the campaign's ledger and the history. */
  stateDir: string;
  /** A PostgreSQL store's URL and schema (unset: the file store at stateDir). */
  stateUrl?: string | undefined;
  stateSchema?: string | undefined;
  /** The service's canonical address (net.ts canonicalServiceUrl): ledgers are per address. */
  serviceUrl: string;
  campaignKey: string;
  client: CacsClient;
  /** Only the leads this run (an id from `cacs history`, or a unique prefix) left uncertain. */
  run?: string;
  /**
   * The requests to make for the instants [from, to] (epoch ms): each window's start_date and
   * end_date on the service's clock, in order, without gap (the report service's windows).
   */
  windows: (from: number, to: number) => ReconcileWindow[];
  /** Report requests in flight (default: the report's, `report.concurrency`). */
  concurrency?: number;
  signal: AbortSignal;
  /** The clock (default: real time). */
  now?: () => Date;
  /** Told of each finished request: done of total. */
  onProgress?: (done: number, total: number) => void;
  /**
   * An answer whose "Have <n> records found" disagrees with the records it lists, asked twice:
   * 'error' (default) stops the run, nothing settled; 'warn' (config `report.countMismatch`, a
   * service known to count otherwise) goes on with the records listed, told to onWarning.
   */
  countMismatch?: 'error' | 'warn';
  onWarning?: (text: string) => void;
}

/** One report request: start_date and end_date on the service's clock. */
export interface ReconcileWindow {
  start: string;
  end: string;
}

/** Per run that left leads uncertain: how many were settled and how many remain. */
export interface ReconcileRun {
  /** The run's id in `cacs history` (null: a run this history does not know). */
  id: string | null;
  /** Its input file (absolute, or `stdin`), null when unknown. */
  file: string | null;
  started: string | null;
  /** The list of its uncertain leads (with their numbers), if it wrote one and it is still there. */
  uncertainFile: string | null;
  settled: number;
  stillUncertain: number;
}

export interface ReconcileSummary {
  campaign: string;
  serviceUrl: string;
  /** The run asked for with `run` (its full id), else null. */
  run: string | null;
  /** Uncertain leads looked for. */
  uncertain: number;
  /** Found in the campaign: now recorded as imported. */
  settled: number;
  /** Not found yet: still uncertain (a rerun holds them back unless --retry-uncertain). */
  stillUncertain: number;
  /** The range asked for, on the service's clock (null when nothing was uncertain). */
  from: string | null;
  to: string | null;
  /** Report requests made. */
  requests: number;
  /** Records the service returned (every window added up). */
  records: number;
  /** Per run, oldest first. */
  runs: ReconcileRun[];
  /** 0: nothing left uncertain; 5: some leads remain uncertain. */
  exitCode: number;
}

interface Pending {
  lo: number;
  hi: number;
  ref: number;
  run: number;
  /** When the batch that left it uncertain was recorded in flight (seconds since 1970). */
  since: number;
  found: boolean;
}

/**
 * A run from the history by id, unique prefix or unique end (its last 6 characters, as `cacs
 * history` shows it); a UsageError otherwise.
 */
export function findRun(runs: readonly RunRecord[], id: string): RunRecord {
  const matches = runsMatching(runs, id);
  if (matches.length === 1) return matches[0]!;
  throw new UsageError(
    matches.length === 0
      ? t('reconcile.run.notFound', { run: id })
      : t('reconcile.run.ambiguous', { run: id, count: matches.length }),
    { hint: t('reconcile.run.hint') },
  );
}

export async function runReconcile(opts: ReconcileOptions): Promise<ReconcileSummary> {
  const store = openStateStore(opts);
  try {
    return await reconcileWith(store, opts);
  } finally {
    await store.close();
  }
}

async function reconcileWith(store: StateStore, opts: ReconcileOptions): Promise<ReconcileSummary> {
  const now = opts.now ?? (() => new Date());
  const campaign: CampaignRef = { serviceUrl: opts.serviceUrl, campaignKey: opts.campaignKey };
  const history = await store.readHistory();
  let only: RunRecord | undefined;
  if (opts.run !== undefined) {
    only = findRun(history, opts.run);
    if (only.campaign !== opts.campaignKey || only.baseUrl !== opts.serviceUrl)
      throw new UsageError(
        t('reconcile.run.otherCampaign', {
          run: only.id,
          campaign: only.campaign,
          service: only.baseUrl,
          asked: opts.campaignKey,
          askedService: opts.serviceUrl,
        }),
        {
          hint:
            only.baseUrl === opts.serviceUrl
              ? t('reconcile.run.otherCampaign.hint', { campaign: only.campaign })
              : t('reconcile.run.otherService.hint', {
                  campaign: only.campaign,
                  service: only.baseUrl,
                }),
        },
      );
  }
  const summary: ReconcileSummary = {
    campaign: opts.campaignKey,
    serviceUrl: opts.serviceUrl,
    run: only?.id ?? null,
    uncertain: 0,
    settled: 0,
    stillUncertain: 0,
    from: null,
    to: null,
    requests: 0,
    records: 0,
    runs: [],
    exitCode: ExitCode.OK,
  };
  // A ledger emptied, cut short or missing beside its description: exit 2, as for an import.
  await store.checkLedger(campaign);
  // No ledger: nothing was ever sent to this campaign from this state folder.
  if (!(await store.hasLedger(campaign))) return summary;

  const lock = await store.lockCampaign(
    campaign,
    t('delivery.lock.campaign', { campaign: opts.campaignKey }),
    'reconcile',
  );
  let alone: StateLock | undefined;
  try {
    alone = await store.lockReconcile?.(campaign);
    const pending = await uncertainLeads(store, campaign, only?.n);
    summary.uncertain = pending.size;
    if (pending.size === 0) return summary;
    const hasher = await store.hasher();

    // From the earliest batch sent, less the margin for clocks, to now: service clock.
    let since = Infinity;
    for (const p of pending.values()) since = Math.min(since, p.since);
    const nowMs = Math.floor(now().getTime() / 1000) * 1000;
    const fromMs = Math.min(since * 1000 - RECONCILE_SKEW_MS, nowMs);
    const windows = opts.windows(fromMs, nowMs);
    summary.from = windows[0]?.start ?? null;
    summary.to = windows.at(-1)?.end ?? null;

    const byHash = new Map<string, Pending>();
    for (const p of pending.values()) byHash.set(`${p.lo}:${p.hi}`, p);
    const scratch = { value: '', changes: 0 };
    const match = (records: readonly CallRecord[]) => {
      summary.records += records.length;
      for (const r of records) {
        const raw =
          typeof r.phone_number === 'string' ? r.phone_number : String(r.phone_number ?? '');
        // The number as the import normalised it, and as written (imports with --no-normalize).
        for (const phone of new Set([normalizePhone(raw, scratch).value, raw])) {
          if (phone === '') continue;
          const [lo, hi] = hasher.phone(phone);
          const p = byHash.get(`${lo}:${hi}`);
          // A lead sent with a ref_id is the record of that ref_id (as the import sent it:
          // trimmed, or as written with --no-normalize), not another lead of the same number
          // (review, session 21).
          if (p && (p.ref === 0 || refsOf(r).some((ref) => sameRef(hasher.ref(ref), p.ref))))
            p.found = true;
        }
      }
    };
    summary.requests = await askWindows(opts, windows, match);

    const found = [...pending.values()].filter((p) => p.found);
    if (found.length > 0) {
      const t = Math.floor(now().getTime() / 1000);
      const recs: LedgerRecord[] = found.map((p) => ({
        lo: p.lo,
        hi: p.hi,
        ref: p.ref,
        run: p.run,
        time: t,
        state: STATE_ACCEPTED,
      }));
      await store.appendLedgerRecords(campaign, recs);
    }
    summary.settled = found.length;
    summary.stillUncertain = pending.size - found.length;
    summary.runs = perRun(pending, history);
    summary.exitCode = summary.stillUncertain > 0 ? ExitCode.UNCERTAIN : ExitCode.OK;
    return summary;
  } finally {
    alone?.release();
    lock.release();
  }
}

/**
 * The leads whose latest ledger record is "uncertain" (with `run`, only those that run's records
 * left so), keyed by hash, each with the time its uncertain streak began.
 */
async function uncertainLeads(
  store: StateStore,
  campaign: CampaignRef,
  run: number | undefined,
): Promise<Map<string, Pending>> {
  // Keyed by the hash's low word (a number: no string made per record), then its high word.
  const byLow = new Map<number, Pending[]>();
  for await (const batch of store.ledgerRecords(campaign))
    for (const r of batch) {
      const bucket = byLow.get(r.lo);
      const at = bucket ? bucket.findIndex((p) => p.hi === r.hi) : -1;
      if (r.state !== STATE_UNCERTAIN) {
        if (at >= 0) {
          bucket!.splice(at, 1);
          if (bucket!.length === 0) byLow.delete(r.lo);
        }
        continue;
      }
      const had = at >= 0 ? bucket![at] : undefined;
      // A lead begun and then settled uncertain: the batch was sent after the first record.
      const p: Pending = {
        lo: r.lo,
        hi: r.hi,
        ref: r.ref,
        run: r.run,
        since: had ? Math.min(had.since, r.time) : r.time,
        found: false,
      };
      if (had) bucket![at] = p;
      else if (bucket) bucket.push(p);
      else byLow.set(r.lo, [p]);
    }
  const pending = new Map<string, Pending>();
  for (const bucket of byLow.values())
    for (const p of bucket)
      if (run === undefined || p.run === run) pending.set(`${p.lo}:${p.hi}`, p);
  return pending;
}

/**
 * A record's ref_id in the forms an import may have sent it: trimmed (normalised, the default)
 * and as the service wrote it (`--no-normalize` sends it untrimmed).
 */
function refsOf(r: CallRecord): string[] {
  const v: unknown = r.ref_id;
  const raw = typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '';
  const trimmed = trimField(raw);
  return trimmed === raw ? [raw] : [trimmed, raw];
}

/** Two 32-bit ref_id hashes, whichever way a store keeps their sign. */
function sameRef(a: number, b: number): boolean {
  return a >>> 0 === b >>> 0;
}

/** The longest window not split again when an answer is over the size cap: one minute. */
const MIN_SPLIT_SECONDS = 60;

/** 'yyyy-mm-dd HH:mm:ss' (the service's wall clock) as seconds of that clock; NaN otherwise. */
function wallSeconds(t: string): number {
  const m = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})$/.exec(t);
  if (!m) return NaN;
  const [, y, mo, d, h, mi, sec] = m.map(Number) as number[];
  return Date.UTC(y!, mo! - 1, d!, h!, mi!, sec!) / 1000;
}

function wallText(seconds: number): string {
  return new Date(seconds * 1000).toISOString().slice(0, 19).replace('T', ' ');
}

/**
 * The two halves of a window (no gap, no overlap), or undefined for a window of one minute or
 * less (its seconds counted from start to end, both included): a window of 112 s is halved,
 * not refused as one that is "too large even for one minute" (review, session 21).
 */
export function halve(w: ReconcileWindow): [ReconcileWindow, ReconcileWindow] | undefined {
  const a = wallSeconds(w.start);
  const b = wallSeconds(w.end);
  if (!(b - a + 1 > MIN_SPLIT_SECONDS)) return undefined;
  const mid = Math.floor((a + b) / 2);
  return [
    { start: w.start, end: wallText(mid) },
    { start: wallText(mid + 1), end: w.end },
  ];
}

/** Whether the client refused an answer for its size (report answers are capped). */
function overCap(e: unknown): boolean {
  return e instanceof ApiError && (e.tooLarge || /answer is larger than the/.test(e.message));
}

/**
 * Ask every window (bounded concurrency). A window whose answer is over the client's size cap
 * (a busy day) is asked again in halves, down to a minute; a minute still over it is a failure
 * naming that minute.
 */
async function askWindows(
  opts: ReconcileOptions,
  windows: readonly ReconcileWindow[],
  match: (records: readonly CallRecord[]) => void,
): Promise<number> {
  let requests = 0;
  let done = 0;
  let total = windows.length;
  const queue = [...windows];
  const pool = new TaskPool(opts.concurrency ?? DEFAULTS['report.concurrency']);
  const ask = async (w: ReconcileWindow): Promise<void> => {
    try {
      const call = () => {
        requests++;
        return opts.client.callResults(
          { campaign_key: opts.campaignKey, start_date: w.start, end_date: w.end },
          // Reconcile writes no report: a service that stayed unreachable settled nothing.
          { gaveUpHint: t('reconcile.gaveUp.hint'), signal: opts.signal },
        );
      };
      let r = await call();
      // "Have 0 records found" listing a record: the answer contradicts itself, and a lead
      // settled from it would never be sent again. Asked once more, as the report asks; still
      // so, the run stops with nothing settled (review, session 21).
      if (miscounted(r)) {
        r = await call();
        if (miscounted(r)) {
          const what = t('report.fetch.miscounted', {
            from: w.start,
            to: w.end,
            count: String(r.count),
            listed: r.records.length,
          });
          if (opts.countMismatch !== 'warn')
            throw new ApiError(what, { kind: 'final', hint: t('reconcile.miscounted.hint') });
          opts.onWarning?.(t('reconcile.miscounted.warned', { what }));
        }
      }
      match(r.records);
    } catch (e) {
      if (overCap(e)) {
        const halves = halve(w);
        if (!halves)
          throw new ApiError(
            t('reconcile.tooLarge', { campaign: opts.campaignKey, start: w.start, end: w.end }),
            {
              kind: 'final',
              hint: t('reconcile.tooLarge.hint'),
              cause: e,
            },
          );
        total += 1;
        queue.push(...halves);
        return;
      }
      // The dates are cacs's own: the service refusing them ("Invalid time. Over 31 days", a
      // date "is wrong format") is no usage error of the caller's — exit 1, not 2 (review,
      // session 22), as the report says a day the service refuses.
      if (e instanceof ApiError && e.exitCode === ExitCode.USAGE && e.service !== undefined)
        throw new ApiError(
          t('reconcile.datesRefused', { start: w.start, end: w.end, message: e.service.message }),
          { kind: 'final', hint: t('reconcile.datesRefused.hint'), cause: e },
        );
      // "Data is not found…" is only said for a ref_id, which reconcile does not send; an
      // empty day may still say it on a service that words emptiness so.
      if (!(e instanceof ApiError && e.service?.code === 'ref_id_not_found')) throw e;
    }
    done++;
    opts.onProgress?.(done, total);
  };
  while ((queue.length > 0 || pool.busy) && !pool.failed && !opts.signal.aborted) {
    const w = queue.shift();
    if (w === undefined) {
      await pool.next();
      continue;
    }
    await pool.start(() => ask(w));
  }
  try {
    await pool.settle();
  } catch (e) {
    // Stopped: said as reconcile's interruption, not as the request it cut short.
    if (opts.signal.aborted) throw new InterruptedError(t('reconcile.interrupted'));
    throw e;
  }
  if (opts.signal.aborted) throw new InterruptedError(t('reconcile.interrupted'));
  return requests;
}

function perRun(
  pending: ReadonlyMap<string, Pending>,
  history: readonly RunRecord[],
): ReconcileRun[] {
  const byN = new Map(history.map((r) => [r.n, r]));
  const runs = new Map<number, ReconcileRun>();
  for (const p of pending.values()) {
    let r = runs.get(p.run);
    if (!r) {
      const h = byN.get(p.run);
      const list = h?.end?.uncertainFile ?? null;
      r = {
        id: h?.id ?? null,
        file: h?.file ?? null,
        started: h?.started ?? null,
        uncertainFile: list !== null && fs.existsSync(list) ? list : null,
        settled: 0,
        stillUncertain: 0,
      };
      runs.set(p.run, r);
    }
    if (p.found) r.settled++;
    else r.stillUncertain++;
  }
  return [...runs.values()].sort((a, b) => (a.started ?? '').localeCompare(b.started ?? ''));
}
