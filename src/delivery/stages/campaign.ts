/**
 * Stage 2 of an import: the campaign's state. A real run holds the campaign's lock from before
 * its preflight (which decides what the ledger holds back) until its last outcome is written;
 * the ledger says which leads earlier runs imported; the history names those runs.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CacsError, FailureError } from '../../errors.js';
import { normalizePhone } from '../../leads/normalize.js';
import { t } from '../../messages/index.js';
import {
  STATE_ACCEPTED,
  STATE_UNCERTAIN,
  type CampaignLedger,
  type CampaignRef,
  type LedgerHit,
  type LedgerState,
  type RunRecord,
  type StateLock,
  type StateStore,
} from '../../state/index.js';
import { formatTimeOnClock, machineZone } from '../../text.js';
import { testPoint } from '../../test-point.js';
import { markOwner, removeStaleTemp } from '../../cleanup.js';
import type { ImportOptions } from '../import-types.js';

/** The state folder and the campaign an import's ledger, journal and history are about. */
export interface StateTarget {
  store: StateStore;
  stateDir: string;
  baseUrl: string;
  campaign: CampaignRef;
}

/** What a run holds until it ends: released by runImport's last step, whatever happens. */
export interface Held {
  store?: StateStore | undefined;
  lock?: StateLock | undefined;
  ledger?: CampaignLedger | undefined;
}

export interface CampaignState {
  target: StateTarget | undefined;
  /** This run in the history (real runs only). */
  run: { id: string; n: number } | undefined;
  /** The ledger as opened (its lookups serve the preflight). */
  ledger: CampaignLedger | undefined;
  /** The history's runs, by number. */
  runs: Map<number, RunRecord>;
  /** Whether the folder knew no earlier import into this campaign at this service. */
  stateEmpty: boolean;
  /** The run's temporary folder (the spooled leads). */
  work: string;
  /** Erased people (issue 26): when a number was erased for this campaign; never imported. */
  erased?: ((phone: string) => Date | undefined) | undefined;
  /**
   * Numbers the preflight let through although the ledger holds them (`allowRepeat`: accepted;
   * `retryUncertain`: uncertain), with that state: a batch of them that provably did not go
   * (refused, failed, stopped first) gives them back that state, never "not imported" — which
   * would let a plain run send them again.
   */
  passed?: Map<string, LedgerState>;
  /**
   * Of the uncertain numbers let through (`retryUncertain`), the run the ledger's latest record
   * names: the retry tells the ledger what this file's journal has as imported only when that
   * run was of this same input (send.ts `ledgerBehind`).
   */
  uncertainBy?: Map<string, number>;
}

/** The state target of an import, or undefined when it keeps no state. */
export function stateTarget(
  opts: ImportOptions,
  store: StateStore | undefined,
): StateTarget | undefined {
  return store !== undefined &&
    opts.stateDir !== undefined &&
    opts.serviceUrl !== undefined &&
    opts.campaignKey !== ''
    ? {
        store,
        stateDir: opts.stateDir,
        baseUrl: opts.serviceUrl,
        campaign: { serviceUrl: opts.serviceUrl, campaignKey: opts.campaignKey },
      }
    : undefined;
}

/**
 * Opens the campaign's state: lock (real runs), ledger, history; then the run's temporary
 * folder. What it opens is in `held` at once; a failure here gives it all back.
 */
export async function openCampaignState(
  opts: ImportOptions,
  target: StateTarget | undefined,
  held: Held,
): Promise<CampaignState> {
  const run =
    target && !opts.dryRun ? target.store.newRun(new Date((opts.now ?? Date.now)())) : undefined;
  if (target) {
    try {
      if (run)
        held.lock = await target.store.lockCampaign(
          target.campaign,
          t('delivery.lock.campaign', { campaign: opts.campaignKey }),
        );
      held.ledger = await target.store.openLedger(target.campaign, run?.n);
    } catch (e) {
      held.lock?.release();
      held.lock = undefined;
      await held.store?.close();
      held.store = undefined;
      throw nothingSent(e);
    }
  }
  const ledger = held.ledger;
  let runs: Map<number, RunRecord>;
  let work: string;
  let erased: CampaignState['erased'];
  try {
    runs = target ? runsByNumber(await target.store.readHistory()) : new Map<number, RunRecord>();
    erased = target ? await erasedLookup(target) : undefined;
    // Created last: the caller's finally removes it. It may hold the spooled leads (personal
    // data): one a SIGKILLed run left behind is removed here (issue 26), its owner being gone.
    // (The stdin spool and a report's spill folders too: cleanup.ts.)
    removeStaleTemp();
    work = fs.mkdtempSync(path.join(os.tmpdir(), 'cacs-import-'));
    markOwner(work);
    testPoint('import-work-created');
  } catch (e) {
    await release(held);
    throw e;
  }
  const stateEmpty =
    target !== undefined &&
    (ledger?.size ?? 0) === 0 &&
    ![...runs.values()].some(
      (r) => r.campaign === opts.campaignKey && r.baseUrl === target.baseUrl,
    );
  if (target) {
    try {
      opts.onState?.({ stateDir: target.stateDir, empty: stateEmpty });
    } catch (e) {
      // What this stage took is given back (the campaign's lock was held for the life of the
      // process, the work folder left in TMPDIR: review, session 18).
      fs.rmSync(work, { recursive: true, force: true });
      await release(held);
      throw e;
    }
  }
  return { target, run, ledger, runs, stateEmpty, work, erased };
}

/** How often a sending run looks for erasures made since it started (at most). */
const ERASURE_POLL_MS = 250;

/**
 * Erasures made while a run sends — `cacs forget` in another process, or `forgetLeads` in this
 * one while the campaign is locked (the erasure is recorded, the ledger cleaned later) — seen as
 * its batches are formed: looked up again at most every ERASURE_POLL_MS, in the background, so
 * a lead erased meanwhile leaves in no batch formed after it (review, session 18: the import
 * sent a number 913 ms after forgetLeads recorded its erasure). Batches already on the wire
 * cannot be called back.
 */
export interface ErasureWatch {
  /** Look again if it is time (never waits). */
  poll(): void;
  /** When a number was erased, as last looked up. */
  current(): CampaignState['erased'];
}

export function erasureWatch(target: StateTarget, initial: CampaignState['erased']): ErasureWatch {
  // The preflight left out every lead erased before it: until a record is added (erasure
  // records are only ever added), there is nothing to look for, and no lead's number is hashed
  // a second time.
  const known = initial === undefined ? 0 : (recordCounts.get(initial) ?? 0);
  let current: CampaignState['erased'];
  let last = Date.now();
  let busy = false;
  return {
    current: () => current,
    poll() {
      if (busy || Date.now() - last < ERASURE_POLL_MS) return;
      busy = true;
      erasedLookup(target)
        .then(
          (found) => {
            const count = found === undefined ? 0 : (recordCounts.get(found) ?? 0);
            current = count > known ? found : undefined;
          },
          () => {
            // Unreadable now: the last lookup stands (the preflight's at worst).
          },
        )
        .finally(() => {
          busy = false;
          last = Date.now();
        });
    },
  };
}

/** How many erasure records each lookup below was built from. */
const recordCounts = new WeakMap<(phone: string) => Date | undefined, number>();

/** The store's erasure records for this campaign (or every campaign), by keyed hash. */
async function erasedLookup(target: StateTarget): Promise<CampaignState['erased']> {
  const records = await target.store.erasures();
  const c = target.campaign;
  const mine = records.filter(
    (r) =>
      r.scope === undefined ||
      (r.scope.serviceUrl === c.serviceUrl && r.scope.campaignKey === c.campaignKey),
  );
  if (mine.length === 0) return undefined;
  const hasher = await target.store.hasher();
  const at = new Map(mine.map((r) => [`${r.lo >>> 0}:${r.hi >>> 0}`, r.time]));
  // Looked up as the number normalised, whatever the run sends (review, session 19: with
  // --no-normalize, `84912000080` or `+84 912 000 080` of an erased number was sent again).
  const lookup = (phone: string) => {
    const [lo, hi] = hasher.phone(normalizePhone(phone).value);
    const time = at.get(`${lo >>> 0}:${hi >>> 0}`);
    return time === undefined ? undefined : new Date(time * 1000);
  };
  recordCounts.set(lookup, mine.length);
  return lookup;
}

/** Gives back what a run holds: the ledger's file, the campaign's lock, the store. */
export async function release(held: Held): Promise<void> {
  const { ledger, lock, store } = held;
  held.ledger = held.lock = held.store = undefined;
  await ledger?.close().catch(() => {});
  lock?.release();
  await store?.close();
}

/** Leads the ledger held back as imported: per run number, and one phone number. */
export interface LedgerHeldBack {
  runs: Map<number, { at: Date; leads: number }>;
  examplePhone: string | undefined;
}

/**
 * The preflight's look-up in the campaign's ledger: a lead imported by an earlier run is held
 * back (`already_imported`, unless `allowRepeat`), one left uncertain too (`uncertain_earlier`,
 * unless `retryUncertain`). What it held back is counted in `heldBack`.
 */
export function ledgerHoldBack(
  opts: ImportOptions,
  state: CampaignState,
  heldBack: LedgerHeldBack,
) {
  const lookup = state.ledger;
  const runs = state.runs;
  const zone = opts.timeZone ?? machineZone();
  const earlier = (hit: LedgerHit) => earlierRun(hit, runs, zone);
  return lookup
    ? (phone: string) => {
        const hit = lookup.lookup(phone);
        if (hit === undefined) return undefined;
        if (hit.state === 'accepted') {
          if (opts.allowRepeat) {
            (state.passed ??= new Map()).set(phone, STATE_ACCEPTED);
            return undefined;
          }
          const seen = heldBack.runs.get(hit.run);
          if (seen) seen.leads++;
          else heldBack.runs.set(hit.run, { at: hit.at, leads: 1 });
          heldBack.examplePhone ??= phone;
          return {
            code: 'already_imported' as const,
            reason: t('import.row.alreadyImported', {
              earlier: earlier(hit),
            }),
          };
        }
        if (opts.retryUncertain) {
          (state.passed ??= new Map()).set(phone, STATE_UNCERTAIN);
          (state.uncertainBy ??= new Map()).set(phone, hit.run);
          return undefined;
        }
        return {
          code: 'uncertain_earlier' as const,
          reason: t('import.row.uncertainEarlier', {
            earlier: earlier(hit),
          }),
        };
      }
    : undefined;
}

/**
 * A state folder write that failed before anything was sent (the campaign's lock, the ledger,
 * the history, the journal): its message says that nothing was sent.
 */
export function nothingSent(e: unknown): unknown {
  // `unreachable` here is the state database's (it is asked before anything is sent).
  if (!(e instanceof CacsError) || (e.category !== 'write_failed' && e.category !== 'unreachable'))
    return e;
  return new FailureError(t('import.nothingSent', { reason: e.message }), {
    ...(e.hint !== undefined ? { hint: e.hint } : {}),
    category: e.category,
    cause: e,
  });
}

export async function beforeSending<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (e) {
    throw nothingSent(e);
  }
}

function runsByNumber(runs: readonly RunRecord[]): Map<number, RunRecord> {
  return new Map(runs.map((r) => [r.n, r]));
}

/** "on 2026-11-20 14:03 Asia/Ho_Chi_Minh by run r… (leads.csv)" for a skipped row's reason. */
function earlierRun(hit: LedgerHit, runs: ReadonlyMap<number, RunRecord>, zone: string): string {
  const r = runs.get(hit.run);
  const when = formatTimeOnClock(r ? new Date(r.started) : hit.at, zone);
  return r
    ? t('import.earlierRun', { when, run: r.id, file: path.basename(r.file) })
    : t('import.earlierRun.unknown', { when });
}
