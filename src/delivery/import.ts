/**
 * `cacs import` as a library function: inspect → preflight (every row) → send → write the
 * rejects and uncertain files → a summary with the exit code a cron job can trust.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { CacsClient } from '../api/client.js';
import type { LeadField } from '../api/spec.js';
import { removeOnExit } from '../cleanup.js';
import {
  CacsError,
  ExitCode,
  FailureError,
  UsageError,
  type ErrorCategory,
  type Remedy,
} from '../errors.js';
import {
  prepareLeads,
  type NormalizationKind,
  type NormalizationSample,
  type Prepared,
  type RejectionSample,
} from '../leads/prepare.js';
import { originalRows } from '../leads/sending.js';
import {
  Suppression,
  type SuppressionListSummary,
  type SuppressionSource,
} from '../leads/suppress.js';
import { InputChangedError } from '../input/bytes.js';
import { inspectInput } from '../input/inspect.js';
import type { InputFormat, InputInfo } from '../input/types.js';
import { formatLocalTime } from '../text.js';
import {
  SidecarWriter,
  checkSidecarFolder,
  defaultSidecarPath,
  sameFile,
  type ImportRow,
  type RowList,
  type RowSink,
} from '../leads/rejects.js';
import {
  MAX_LISTED_LINES,
  NO_JOURNAL,
  openStateStore,
  type CampaignLedger,
  type CampaignRef,
  type EarlierRuns,
  type JournalHandle,
  type LedgerHit,
  type PreviousState,
  type RunRecord,
  type StateLock,
  type StateStore,
} from '../state/index.js';
import { removeStaleSidecars, sidecarFolder } from './sidecars.js';
import { WrittenFiles } from '../leads/written-files.js';
import { t } from '../messages/index.js';
import { sendLeads, type SendProgress, type SendResult } from './send.js';
import { importStop, stoppedFields, type Stop } from './stages/stop.js';

export interface ImportOptions {
  /** The file to read (stdin already spooled to a file by the caller). */
  file: string;
  /** Name used in messages and for the sidecar files ("leads.csv", "stdin"). */
  displayName: string;
  campaignKey: string;
  format?: InputFormat;
  delimiter?: string;
  encoding?: string;
  sheet?: string;
  map: Partial<Record<LeadField, string>>;
  ignoreUnmapped: boolean;
  batchSize: number;
  concurrency: number;
  dryRun: boolean;
  dedupe: boolean;
  normalize: boolean;
  phonePattern: string;
  /** home_phone's rule (default: leads/validate DEFAULT_HOME_PHONE_PATTERN). */
  homePhonePattern?: string;
  /** A centre's own test numbers, refused as phone_placeholder. */
  placeholderNumbers?: readonly string[];
  /**
   * Do-not-call lists (`--suppress`, config `import.suppress`): a lead whose phone number is
   * on one is not sent (skip code `suppressed`). Read before anything else; a list that cannot
   * be used is a UsageError.
   */
  suppress?: readonly SuppressionSource[];
  rejectsPath?: string;
  /**
   * Where rejected, skipped and uncertain rows go: the sidecar files (`files`, the default),
   * lists in the summary (`data`: no sidecar is written or removed), or both.
   */
  rows?: RowsMode;
  /** With `rows` `data` or `both`: at most this many rows per list (default DEFAULT_MAX_ROWS). */
  maxRows?: number;
  retryUncertain: boolean;
  /**
   * The state folder (CACS_STATE_DIR) holding the campaign ledger and the import history;
   * omitted: neither is used (tests of the pipeline alone).
   */
  stateDir?: string;
  /** The service's canonical address (canonicalServiceUrl): ledgers are per address and campaign. */
  serviceUrl?: string;
  /** Send leads the campaign's ledger says were imported earlier (default: hold them back). */
  allowRepeat?: boolean;
  /** The alias the campaign was given by (for the history). */
  alias?: string;
  /** Where the sidecar files go (default: beside the input; the working folder for stdin). */
  sidecarDir?: string;
  /** Lines for the user (a stale sidecar removed, where the sidecars went). */
  onNote?: (line: string) => void;
  /**
   * Called once the state folder is open, before the preflight: which folder, and whether it
   * knows no earlier import into this campaign at this service (no ledger record, no run in its
   * history) — the command says so when that may be the wrong folder (cron's HOME).
   */
  onState?: (state: { stateDir: string; empty: boolean }) => void;
  cwd: string;
  signal: AbortSignal;
  client?: CacsClient;
  /**
   * Ignore what earlier runs of the same input recorded in its journal (set it aside) and send
   * every lead again (`--restart`).
   */
  restart?: boolean;
  /**
   * For tests: replaces the journal a real run opens under `stateDir` (keyed by the input's
   * content hash, `campaignKey` and `serviceUrl`). Opened after the preflight, once the input's
   * identity is known: its content hash (see hashFile) as of the bytes the preflight validated.
   */
  openJournal?: (info: InputInfo, contentHash: string) => Promise<JournalHandle>;
  onPhase?: (phase: ImportPhase) => void;
}

export type { JournalHandle };
export type { ImportRow };
export type { SuppressionListSummary, SuppressionSource };

/** Where rejected, skipped and uncertain rows go (see ImportOptions.rows). */
export type RowsMode = 'files' | 'data' | 'both';

/** Rows per list kept as data unless `maxRows` says otherwise. */
export const DEFAULT_MAX_ROWS = 10_000;

/**
 * Progress: the preflight's rows read, the file's size and the share of it read (when the
 * reader knows it); then, once sending starts (a first event with nothing sent yet), the leads
 * this run has to send (`total`: leads earlier runs of the file settled are not counted) and
 * those settled so far.
 */
export type ImportPhase =
  | { phase: 'preflight'; rowsRead: number; size: number; fraction?: number }
  | { phase: 'sending'; total: number; progress: SendProgress };

/** Leads not sent because earlier runs sent them to this service (see ImportSummary.sentEarlier). */
export interface SentEarlier {
  /** The service's address (canonical, no credentials). */
  serviceUrl: string;
  /** Held back by the campaign's ledger (imported into this campaign by earlier runs). */
  ledger: number;
  /** The runs the ledger names for them, latest first: id (null if not in the history), start, leads. */
  runs: Array<{ id: string | null; started: string; leads: number }>;
  /** Not sent because this file's journal says an earlier run of it settled them. */
  journal: number;
  /** When that journal was started (null without journal skips). */
  journalSince: string | null;
  /** One of their phone numbers (normalised), for `cacs history find`. */
  examplePhone: string;
  /**
   * Whether this file has a journal at this address besides: then sending the ledger's leads
   * again takes `--restart` too (the journal would skip those an earlier run of it settled).
   */
  fileJournal: boolean;
  /**
   * What sends them again, as remedies: `restart` (set this file's journal aside) when the
   * journal settled any, or holds the ledger's too; `allow_repeat` when the ledger held any back.
   */
  resend: Remedy[];
}

export interface ImportSummary {
  file: string;
  campaign: string;
  dryRun: boolean;
  /** Data rows read (blank rows included). */
  total: number;
  /**
   * Rows whose every cell is empty or white space (`;;;`, Excel's blank lines, `{}`): skipped,
   * neither rejected nor sent, in no sidecar file.
   */
  blank: number;
  /** Leads the service reported imported in this run. */
  imported: number;
  /** Leads not sent because earlier runs imported them into this campaign (ledger or resume). */
  alreadyImported: number;
  /** Leads not sent because an earlier run left them uncertain (send with --retry-uncertain). */
  uncertainEarlier: number;
  /** Leads on a do-not-call list (not sent). */
  suppressed: number;
  /**
   * The do-not-call lists used, in the order given: each with its distinct numbers, the
   * entries ignored (not phone numbers), and the leads of this run it held back.
   */
  suppressionLists: SuppressionListSummary[];
  /** Rows rejected by validation or by the service (rows to fix: the rejects file). */
  rejected: number;
  rejectedByCode: Record<string, number>;
  /** In-file duplicates (not sent, listed in the skipped file). */
  duplicates: number;
  /** Rows not sent by design, by code (the skipped file). */
  skippedByCode: Record<string, number>;
  normalized: number;
  normalizedByKind: Record<NormalizationKind, number>;
  /** Sent, counted by the service in its total, but not imported (t − s). */
  serviceSkipped: number;
  uncertain: number;
  /** Why leads of this run are uncertain: each distinct reason with its number of leads. */
  uncertainReasons: Array<{ reason: string; leads: number }>;
  /** Valid leads not sent because the run stopped early. */
  notSent: number;
  /** Valid leads that would be sent (dry run) or were to be sent. */
  valid: number;
  batches: number;
  requests: number;
  batchSize: number;
  elapsedMs: number;
  leadsPerSecond: number;
  rejectsFile: string | null;
  skippedFile: string | null;
  uncertainFile: string | null;
  /** This run in `cacs history` (real imports only). */
  runId: string | null;
  /** Normalisations of phone_number, from rows that passed validation. */
  samples: NormalizationSample[];
  /** The first rejected row of each code (a few), with its reason. */
  rejectionSamples: RejectionSample[];
  /**
   * Leads not sent because earlier runs sent them to this service (the campaign's ledger, or
   * this file's journal), with where and when: for the message that says so.
   */
  sentEarlier?: SentEarlier;
  ignoredColumns: string[];
  columns: Array<{ column: string; field: string | null }>;
  /**
   * The state folder this run used (ledger, journal, history); null when none was used (no
   * service address or campaign known, or `stateDir: false`).
   */
  stateDir: string | null;
  /**
   * Whether that folder knew no earlier import into this campaign at this service when the run
   * began (no ledger record, no run in its history): on a first import that is expected; under
   * cron with another HOME it means the wrong folder (README, "cron").
   */
  stateEmpty: boolean;
  exitCode: number;
  /**
   * With `rows` `data` or `both`: the rejected rows (the preflight's in line order, then those
   * the service refused), at most `maxRows`; `rowsTruncated.rejected` when more were rejected
   * (`rejected` counts them all).
   */
  rejectedRows?: ImportRow[];
  /** Rows not sent by design (duplicates, imported earlier, uncertain earlier), as data. */
  skippedRows?: ImportRow[];
  /** Leads of this run sent without a definite answer, as data. */
  uncertainRows?: ImportRow[];
  /** Which lists stopped at `maxRows` (their rows beyond it are counted, not listed). */
  rowsTruncated?: { rejected: boolean; skipped: boolean; uncertain: boolean };
  /**
   * Why the run ended early and what to do about it (code, message, hint, remedies): the one
   * value every face renders. Absent when the run did what it could (even with rejects or
   * uncertain leads: the exit code and counts say those).
   */
  stop?: Stop;
  /** Why the run stopped early (the stop's reason; absent for Ctrl-C). */
  stoppedBecause?: string;
  /** What to do about it (the stop's hint; absent for Ctrl-C). */
  stoppedHint?: string;
  /**
   * What kind of stop, as a stable word (`refused`, `unreachable`, `unexpected_answer`,
   * `write_failed`, `input_changed`, …; see ErrorCategory): `cacs import --json`'s `error.code`.
   */
  stoppedCode?: ErrorCategory;
}

/** Whether every row but the blank ones was rejected (by validation or by the service). */
export function everyRowRejected(
  s: Pick<ImportSummary, 'rejected' | 'total' | 'blank' | 'imported'>,
): boolean {
  return s.rejected > 0 && s.imported === 0 && s.rejected >= s.total - s.blank;
}

function exitCodeFor(s: Omit<ImportSummary, 'exitCode'>, send: SendResult | undefined): number {
  if (send?.journalError) return ExitCode.FAILURE;
  if (send?.interrupted) return ExitCode.INTERRUPTED;
  if (send?.fatal) return send.fatal.exitCode;
  if (send?.inputError) return ExitCode.FAILURE;
  // Leads an earlier run left uncertain are still unknown: the run says so until they are settled.
  if (s.uncertain + s.uncertainEarlier > 0) return ExitCode.UNCERTAIN;
  // Every row (blank ones aside) rejected, by validation or by the service: nothing was
  // imported and nothing else was done with the file; the input is to fix (2, not 3).
  if (everyRowRejected(s)) return ExitCode.USAGE;
  if (s.rejected + s.serviceSkipped > 0) return ExitCode.PARTIAL;
  return ExitCode.OK;
}

/**
 * The import's journal under the state folder: keyed by the input's content hash, the campaign
 * and the service's address, with the options that decide what is sent as its fingerprint.
 */
function openJournalFor(
  opts: ImportOptions,
  store: StateStore,
  campaign: CampaignRef,
  info: InputInfo,
  inputHash: string,
): Promise<JournalHandle> {
  return store.openJournal({
    input: info.displayName,
    inputHash,
    campaignKey: campaign.campaignKey,
    // Credentials in the URL stay out of the journal (and out of its key): serviceUrl is canonical.
    serviceUrl: campaign.serviceUrl,
    restart: opts.restart === true,
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
  });
}

export async function runImport(opts: ImportOptions): Promise<ImportSummary> {
  const started = Date.now();
  const info = await inspectInput(opts.file, opts.displayName, {
    ...(opts.format ? { format: opts.format } : {}),
    ...(opts.delimiter ? { delimiter: opts.delimiter } : {}),
    ...(opts.encoding ? { encoding: opts.encoding } : {}),
    ...(opts.sheet !== undefined ? { sheet: opts.sheet } : {}),
  });
  const rowsMode = opts.rows ?? 'files';
  const files = rowsMode !== 'data';
  const maxRows = opts.maxRows ?? DEFAULT_MAX_ROWS;
  if (!(maxRows >= 0) || (!Number.isInteger(maxRows) && maxRows !== Infinity)) {
    throw new UsageError(t('import.maxRows.invalid'));
  }
  const sink: RowSink = { file: files, ...(rowsMode !== 'files' ? { maxRows } : {}) };
  // Without files the folder is not needed (and not said to be unwritable).
  const dir = files ? sidecarFolder(opts, info.displayName) : path.resolve(opts.cwd);
  const rejectsFile = opts.rejectsPath
    ? path.resolve(opts.cwd, opts.rejectsPath)
    : defaultSidecarPath(dir, info.displayName, 'rejects');
  const skippedFile = defaultSidecarPath(dir, info.displayName, 'skipped');
  const uncertainFile = defaultSidecarPath(dir, info.displayName, 'uncertain');
  for (const [flag, file] of [
    ['--rejects', rejectsFile],
    ['the skipped list', skippedFile],
    ['the uncertain list', uncertainFile],
  ] as const) {
    if (files && sameFile(file, opts.file)) {
      throw new UsageError(`${flag} would overwrite the file being imported (${file})`, {
        hint: 'Choose another file with --rejects, or rename the input.',
      });
    }
  }
  // What cacs remembers (ledger, journal, history, sidecar records): the state store.
  const store =
    opts.stateDir !== undefined ? openStateStore({ stateDir: opts.stateDir }) : undefined;
  // What cacs wrote before: a list a person changed since, or one cacs never wrote, is kept and
  // this run's goes beside it; a dry run never replaces a real run's.
  const written = files
    ? new WrittenFiles(store?.written, !opts.dryRun, (line) => opts.onNote?.(line))
    : undefined;
  // A real import must be able to list the leads it rejects, holds back or leaves uncertain:
  // checked before anything is sent. A dry run fails only if it has rows to write.
  if (!opts.dryRun && files) {
    checkSidecarFolder(rejectsFile, 'rejects');
    checkSidecarFolder(skippedFile, 'skipped');
    checkSidecarFolder(uncertainFile, 'uncertain');
  }
  // The do-not-call lists, before anything else is locked, read or sent: a list that cannot be
  // used stops the import here (exit 2).
  const suppression =
    opts.suppress && opts.suppress.length > 0
      ? await Suppression.load(opts.suppress, { phonePattern: opts.phonePattern })
      : undefined;
  if (suppression) for (const line of suppression.notes()) opts.onNote?.(line);
  // The campaign's ledger: a real run holds the campaign's lock from before its preflight
  // (which decides what the ledger holds back) until its last outcome is written.
  const target =
    store !== undefined &&
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
  const run = target && !opts.dryRun ? target.store.newRun() : undefined;
  let campaignLock: StateLock | undefined;
  let ledger: CampaignLedger | undefined;
  if (target) {
    try {
      if (run)
        campaignLock = await target.store.lockCampaign(
          target.campaign,
          `into campaign ${opts.campaignKey}`,
        );
      ledger = await target.store.openLedger(target.campaign, run?.n);
    } catch (e) {
      campaignLock?.release();
      await store?.close();
      throw nothingSent(e);
    }
  }
  // Until the try below, a failure must give back the lock and the ledger's file itself.
  const giveBack = async () => {
    await ledger?.close().catch(() => {});
    campaignLock?.release();
    await store?.close();
  };
  let runs: Map<number, RunRecord>;
  let work: string;
  try {
    runs = target ? runsByNumber(await target.store.readHistory()) : new Map<number, RunRecord>();
    // Created only now, right before the try whose finally removes it.
    work = fs.mkdtempSync(path.join(os.tmpdir(), 'cacs-import-'));
  } catch (e) {
    await giveBack();
    throw e;
  }
  const stateEmpty =
    target !== undefined &&
    (ledger?.size ?? 0) === 0 &&
    ![...runs.values()].some(
      (r) => r.campaign === opts.campaignKey && r.baseUrl === target.baseUrl,
    );
  if (target) opts.onState?.({ stateDir: target.stateDir, empty: stateEmpty });
  const lookup = ledger;
  /** Leads the ledger held back as imported: per run number, and one phone number. */
  const ledgerRuns = new Map<number, { at: Date; leads: number }>();
  let examplePhone: string | undefined;
  const ledgerHoldBack = lookup
    ? (phone: string) => {
        const hit = lookup.lookup(phone);
        if (hit === undefined) return undefined;
        if (hit.state === 'accepted') {
          if (opts.allowRepeat) return undefined;
          const seen = ledgerRuns.get(hit.run);
          if (seen) seen.leads++;
          else ledgerRuns.set(hit.run, { at: hit.at, leads: 1 });
          examplePhone ??= phone;
          return {
            code: 'already_imported' as const,
            reason: t('import.row.alreadyImported', { earlier: earlierRun(hit, runs) }),
          };
        }
        return opts.retryUncertain
          ? undefined
          : {
              code: 'uncertain_earlier' as const,
              reason: t('import.row.uncertainEarlier', { earlier: earlierRun(hit, runs) }),
            };
      }
    : undefined;
  // After validation and the in-file dedupe (prepare.ts), suppression first, then the ledger:
  // a number on a do-not-call list is reported as suppressed even if an earlier run sent it.
  const holdBack =
    suppression && ledgerHoldBack
      ? (phone: string) => suppression.holdBack(phone) ?? ledgerHoldBack(phone)
      : suppression
        ? (phone: string) => suppression.holdBack(phone)
        : ledgerHoldBack;
  const forgetWork = removeOnExit(work);
  const spoolPath = path.join(work, 'leads.spool');
  let prepared: Prepared | undefined;
  let handle: JournalHandle | undefined;
  try {
    prepared = await prepareLeads(info, {
      map: opts.map,
      ignoreUnmapped: opts.ignoreUnmapped,
      normalize: opts.normalize,
      dedupe: opts.dedupe,
      phonePattern: opts.phonePattern,
      ...(opts.homePhonePattern !== undefined ? { homePhonePattern: opts.homePhonePattern } : {}),
      ...(opts.placeholderNumbers ? { placeholderNumbers: opts.placeholderNumbers } : {}),
      ...(opts.dryRun ? {} : { sending: { spoolPath } }),
      rejects: (headers) =>
        new SidecarWriter(
          rejectsFile,
          headers,
          info.format === 'csv' ? info.delimiter : ',',
          info.bom,
          'rejects',
          sink,
          written,
          (line) => opts.onNote?.(line),
        ),
      skipped: (headers) =>
        new SidecarWriter(
          skippedFile,
          headers,
          info.format === 'csv' ? info.delimiter : ',',
          info.bom,
          'skipped',
          sink,
          written,
          (line) => opts.onNote?.(line),
        ),
      ...(holdBack ? { holdBack } : {}),
      onProgress: (rowsRead, fraction) =>
        opts.onPhase?.({
          phase: 'preflight',
          rowsRead,
          size: info.size,
          ...(fraction !== undefined ? { fraction } : {}),
        }),
    });
    // The preflight made every lookup: from here the ledger is only appended to, and its
    // table (up to 32 bytes per number) is let go rather than grown by the leads sent.
    ledger?.releaseLookups();
    // An input still being written (an export in progress) is not imported: what the
    // preflight read may be only its beginning. (Later changes are caught by the checked
    // second read.)
    if (!opts.dryRun && prepared.valid > 0 && changedSince(info)) {
      throw new FailureError(t('import.changedWhileRead', { file: info.displayName }), {
        hint: t('import.changedWhileRead.hint'),
        category: 'input_changed',
      });
    }
    // The journal key and the input's identity in the history (which sidecars are this
    // input's own): the content hash of exactly the bytes the preflight read and validated.
    const inputHash = prepared.contentHash;
    if (run && target) {
      await beforeSending(() =>
        target.store.appendHistory({
          k: 'start',
          id: run.id,
          n: run.n,
          inputHash,
          started: new Date(started).toISOString(),
          file: info.displayName === 'stdin' ? 'stdin' : path.resolve(opts.cwd, info.displayName),
          campaign: opts.campaignKey,
          ...(opts.alias !== undefined ? { alias: opts.alias } : {}),
          baseUrl: target.baseUrl,
          pid: process.pid,
        }),
      );
    }
    let send: SendResult | undefined;
    let earlier: EarlierRuns | undefined;
    let handleOpened = false;
    if (!opts.dryRun && prepared.valid > 0) {
      if (!opts.client) throw new Error('runImport: a client is needed unless dryRun');
      handle = opts.openJournal
        ? await opts.openJournal(info, inputHash)
        : target
          ? await openJournalFor(opts, target.store, target.campaign, info, inputHash).catch(
              (e: unknown) => {
                throw nothingSent(e);
              },
            )
          : undefined;
      handleOpened = handle !== undefined;
      const journal = handle?.journal ?? NO_JOURNAL;
      const total = prepared.valid;
      earlier = journal.earlier;
      // What this run has to send: the valid leads, less those earlier runs of the file settled
      // (sendLeads skips them).
      let settledEarlier = 0;
      const isValid = prepared.isValidLine;
      if (isValid && journal.forEachSettled) {
        journal.forEachSettled((line, state) => {
          if ((state !== 'uncertain' || !opts.retryUncertain) && isValid(line)) settledEarlier++;
        });
      }
      const toSend = Math.max(0, total - settledEarlier);
      opts.onPhase?.({
        phase: 'sending',
        total: toSend,
        progress: { sent: 0, imported: 0, rejected: 0 },
      });
      send = await sendLeads({
        leads: prepared.leads!(),
        total,
        campaignKey: opts.campaignKey,
        batchSize: opts.batchSize,
        concurrency: opts.concurrency,
        client: opts.client,
        journal,
        ...(ledger && run ? { ledger } : {}),
        retryUncertain: opts.retryUncertain,
        signal: opts.signal,
        onProgress: (progress) => opts.onPhase?.({ phase: 'sending', total: toSend, progress }),
        ...(isValid && journal.forEachSettled
          ? {
              settledAfter: (after: number, visit: (line: number, state: PreviousState) => void) =>
                journal.forEachSettled!((line, state) => {
                  if (line > after && isValid(line)) visit(line, state);
                }),
            }
          : {}),
      });
      // Outcomes are on disk (or the failure is known) before anything is reported.
      const closing = handle;
      handle = undefined;
      await closing?.close().catch((e: unknown) => {
        send!.journalError ??= e instanceof Error ? e : new Error(String(e));
      });
    }
    if (ledger && run) {
      const closingLedger = ledger;
      ledger = undefined;
      await closingLedger.close().catch((e: unknown) => {
        if (send) send.journalError ??= e instanceof Error ? e : new Error(String(e));
        else throw e;
      });
    }

    // Service rejects and uncertain leads: look their original rows up in the input.
    let uncertainPath: string | null = null;
    let uncertainRows: RowList | undefined;
    if (send && (send.serviceRejects.size > 0 || send.uncertainLines.length > 0)) {
      // The second read kept them; a spooled input is read once more for them.
      const kept = send.originals;
      const wanted = new Set<number>(
        [...send.serviceRejects.keys(), ...send.uncertainLines].filter((l) => !kept.has(l)),
      );
      let lookedUp = new Map<number, string[]>();
      let unreadable = '';
      try {
        // Listed only if the file still holds what was read (and sent).
        lookedUp = await originalRows(info, wanted, prepared.digests);
      } catch (e) {
        if (e instanceof InputChangedError) {
          unreadable = ` ${t('import.row.valuesChanged')}`;
        } else {
          // The input is gone or no longer readable: the lines and reasons still go out.
          unreadable = ` ${t('import.row.valuesUnreadable', { reason: (e as Error).message })}`;
        }
      }
      const blank = prepared.headers.map(() => '');
      const valuesOf = (line: number) => kept.get(line) ?? lookedUp.get(line);
      const note = (line: number) => (valuesOf(line) ? '' : unreadable);
      for (const [line, { code, reason }] of [...send.serviceRejects].sort((a, b) => a[0] - b[0])) {
        prepared.rejects.add(line, code, reason + note(line), valuesOf(line) ?? blank);
        prepared.rejectedByCode[code] = (prepared.rejectedByCode[code] ?? 0) + 1;
      }
      if (send.uncertainLines.length > 0) {
        const w = new SidecarWriter(
          uncertainFile,
          prepared.headers,
          info.format === 'csv' ? info.delimiter : ',',
          info.bom,
          'uncertain',
          sink,
          written,
          (line) => opts.onNote?.(line),
        );
        for (const line of send.uncertainLines) {
          const why = send.uncertainWhy.get(line);
          w.add(
            line,
            'uncertain',
            (why ? t('import.row.uncertain', { why }) : t('import.row.uncertain.earlierRun')) +
              note(line),
            valuesOf(line) ?? blank,
          );
        }
        uncertainPath = w.commit() ?? null;
        uncertainRows = w.rows;
      }
    }
    const rejectsPath = prepared.rejects.commit() ?? null;
    const skippedPath = prepared.skipped.commit() ?? null;
    if (files && run && target) {
      removeStaleSidecars({
        kept: [
          [rejectsPath, rejectsFile, t('import.sidecar.noneRejected'), false, 'rejects'],
          [skippedPath, skippedFile, t('import.sidecar.noneSkipped'), false, 'skipped'],
          ...(send
            ? [
                [
                  uncertainPath,
                  uncertainFile,
                  t('import.sidecar.noneUncertain'),
                  true,
                  'uncertain',
                ] as const,
              ]
            : []),
        ],
        written: written!,
        input: info.displayName === 'stdin' ? 'stdin' : path.resolve(opts.cwd, info.displayName),
        inputHash,
        campaign: opts.campaignKey,
        baseUrl: target.baseUrl,
        runs,
        self: run.id,
        ...(opts.onNote ? { onNote: opts.onNote } : {}),
      });
    }

    const elapsedMs = Date.now() - started;
    const imported = send?.imported ?? 0;
    const stop = importStop(send);
    const base: Omit<ImportSummary, 'exitCode'> = {
      file: info.displayName,
      campaign: opts.campaignKey,
      dryRun: opts.dryRun,
      total: prepared.total,
      blank: prepared.blank,
      imported,
      alreadyImported: (prepared.skippedByCode.already_imported ?? 0) + (send?.resumedDone ?? 0),
      uncertainEarlier:
        (prepared.skippedByCode.uncertain_earlier ?? 0) + (send?.uncertainFromEarlierRuns ?? 0),
      suppressed: prepared.skippedByCode.suppressed ?? 0,
      suppressionLists: suppression?.summary() ?? [],
      rejected: prepared.rejected + (send?.serviceRejects.size ?? 0),
      rejectedByCode: prepared.rejectedByCode,
      duplicates: prepared.duplicates,
      skippedByCode: prepared.skippedByCode,
      normalized: prepared.normalizedRows,
      normalizedByKind: prepared.normalizedByKind,
      serviceSkipped: (send?.serviceSkipped ?? 0) + (earlier?.skipped ?? 0),
      uncertain: (send?.uncertainLines.length ?? 0) - (send?.uncertainFromEarlierRuns ?? 0),
      uncertainReasons: reasonCounts(send?.uncertainWhy),
      notSent: send?.notSent ?? 0,
      valid: prepared.valid,
      batches: Math.ceil(prepared.valid / opts.batchSize),
      requests: send?.requests ?? 0,
      batchSize: send?.batchSizeAtEnd ?? opts.batchSize,
      elapsedMs,
      // A real run: leads imported per second (0 when nothing was sent); a dry run: rows checked.
      leadsPerSecond:
        elapsedMs > 0
          ? Math.round(((opts.dryRun ? prepared.total : imported) * 1000) / elapsedMs)
          : 0,
      rejectsFile: rejectsPath,
      skippedFile: skippedPath,
      uncertainFile: uncertainPath,
      runId: run?.id ?? null,
      samples: prepared.samples,
      rejectionSamples: prepared.rejectionSamples,
      ...sentEarlierOf(
        opts.serviceUrl,
        ledgerRuns,
        runs,
        send?.resumedDone ?? 0,
        earlier?.since,
        examplePhone ?? send?.resumedPhone,
        // Whether this file had a journal here before this run: a run that opened it knows
        // (earlier: resumed, not set aside by --restart); one that sent nothing looks.
        handleOpened
          ? earlier !== undefined
          : target !== undefined &&
              (await target.store.hasJournal({ ...target.campaign, inputHash })),
      ),
      ignoredColumns: prepared.plan.ignored,
      columns: prepared.plan.columns.map((c) => ({ column: c.header, field: c.field })),
      stateDir: target?.stateDir ?? null,
      stateEmpty,
      ...(rowsMode !== 'files'
        ? {
            rejectedRows: prepared.rejects.rows?.rows ?? [],
            skippedRows: prepared.skipped.rows?.rows ?? [],
            uncertainRows: uncertainRows?.rows ?? [],
            rowsTruncated: {
              rejected: prepared.rejects.rows?.truncated ?? false,
              skipped: prepared.skipped.rows?.truncated ?? false,
              uncertain: uncertainRows?.truncated ?? false,
            },
          }
        : {}),
      ...stoppedFields(send, stop),
      ...(stop ? { stop } : {}),
    };
    const summary = { ...base, exitCode: exitCodeFor(base, send) };
    if (run && target) await endHistory(target.store, run.id, summary, send?.uncertainLines ?? []);
    return summary;
  } catch (e) {
    prepared?.rejects.discard();
    prepared?.skipped.discard();
    if (run && target && prepared) {
      const code = (e as { exitCode?: number }).exitCode ?? ExitCode.FAILURE;
      await endHistory(target.store, run.id, undefined, [], code);
    }
    throw e;
  } finally {
    await ledger?.close().catch(() => {});
    campaignLock?.release();
    try {
      await handle?.close();
    } finally {
      fs.rmSync(work, { recursive: true, force: true });
      forgetWork();
      await store?.close();
    }
  }
}

function reasonCounts(
  why: Map<number, string> | undefined,
): Array<{ reason: string; leads: number }> {
  const counts = new Map<string, number>();
  for (const reason of why?.values() ?? []) counts.set(reason, (counts.get(reason) ?? 0) + 1);
  return [...counts].map(([reason, leads]) => ({ reason, leads }));
}

/** ImportSummary.sentEarlier, when earlier runs held any lead back. */
function sentEarlierOf(
  serviceUrl: string | undefined,
  ledgerRuns: ReadonlyMap<number, { at: Date; leads: number }>,
  history: ReadonlyMap<number, RunRecord>,
  journal: number,
  journalSince: Date | undefined,
  examplePhone: string | undefined,
  fileJournal: boolean,
): { sentEarlier?: SentEarlier } {
  let ledger = 0;
  for (const r of ledgerRuns.values()) ledger += r.leads;
  if (serviceUrl === undefined || examplePhone === undefined || ledger + journal === 0) return {};
  const runs = [...ledgerRuns]
    .map(([n, { at, leads }]) => {
      const r = history.get(n);
      return { id: r?.id ?? null, started: r ? r.started : at.toISOString(), leads };
    })
    .sort((a, b) => (a.started < b.started ? 1 : a.started > b.started ? -1 : 0));
  return {
    sentEarlier: {
      serviceUrl,
      ledger,
      runs,
      journal,
      journalSince: journal > 0 && journalSince ? journalSince.toISOString() : null,
      examplePhone,
      fileJournal,
      resend: [
        ...(journal > 0 || (ledger > 0 && fileJournal) ? (['restart'] as const) : []),
        ...(ledger > 0 ? (['allow_repeat'] as const) : []),
      ],
    },
  };
}

/**
 * A state folder write that failed before anything was sent (the campaign's lock, the ledger,
 * the history, the journal): its message says that nothing was sent.
 */
function nothingSent(e: unknown): unknown {
  if (!(e instanceof CacsError) || e.category !== 'write_failed') return e;
  return new FailureError(t('import.nothingSent', { reason: e.message }), {
    ...(e.hint !== undefined ? { hint: e.hint } : {}),
    category: 'write_failed',
    cause: e,
  });
}

async function beforeSending<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (e) {
    throw nothingSent(e);
  }
}

function runsByNumber(runs: readonly RunRecord[]): Map<number, RunRecord> {
  return new Map(runs.map((r) => [r.n, r]));
}

/** "on 2026-11-20 14:03 by run r… (leads.csv)" for a skipped row's reason. */
function earlierRun(hit: LedgerHit, runs: ReadonlyMap<number, RunRecord>): string {
  const r = runs.get(hit.run);
  const when = formatLocalTime(r ? new Date(r.started) : hit.at);
  return r
    ? t('import.earlierRun', { when, run: r.id, file: path.basename(r.file) })
    : t('import.earlierRun.unknown', { when });
}

async function endHistory(
  store: StateStore,
  id: string,
  s: ImportSummary | undefined,
  uncertainLines: readonly number[],
  exitCode = s?.exitCode ?? ExitCode.FAILURE,
): Promise<void> {
  try {
    await store.appendHistory({
      k: 'end',
      id,
      ended: new Date().toISOString(),
      total: s?.total ?? 0,
      imported: s?.imported ?? 0,
      rejected: s?.rejected ?? 0,
      skipped: s ? Object.values(s.skippedByCode).reduce((a, b) => a + b, 0) : 0,
      uncertain: s?.uncertain ?? 0,
      exitCode,
      rejectsFile: s?.rejectsFile ?? null,
      skippedFile: s?.skippedFile ?? null,
      uncertainFile: s?.uncertainFile ?? null,
      uncertainLines: uncertainLines.slice(0, MAX_LISTED_LINES),
    });
  } catch {
    // The history is informational: the ledger and journal hold what matters.
  }
}

/** Whether the input's size or modification time differ from when it was looked at. */
function changedSince(info: InputInfo): boolean {
  try {
    const st = fs.statSync(info.path);
    return st.size !== info.size || (info.modified !== undefined && st.mtimeMs !== info.modified);
  } catch {
    return true;
  }
}
