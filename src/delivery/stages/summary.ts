/**
 * Stage 6 of an import: summarise. Everything the run did, counted, with the exit code a cron
 * job can trust and the stop (stop.ts) when it ended early; a real run's end goes to the
 * history.
 */
import { ExitCode, type Stop } from '../../errors.js';
import type { InputInfo } from '../../input/types.js';
import type { Prepared } from '../../leads/prepare.js';
import type { Suppression } from '../../leads/suppress.js';
import { MAX_LISTED_LINES, type RunRecord, type StateStore } from '../../state/index.js';
import type { ImportOptions, ImportSummary, SentEarlier } from '../import-types.js';
import type { SendResult } from '../send.js';
import type { CampaignState } from './campaign.js';
import type { SidecarPlan } from './plan.js';
import type { Preflight } from './preflight.js';
import type { Lists } from './refusals.js';
import type { Sent } from './sending.js';
import { importStop, listsStop, stoppedFields } from './stop.js';

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

/** What the summary is made of: each stage's result. */
export interface RunResults {
  started: number;
  info: InputInfo;
  plan: SidecarPlan;
  suppression: Suppression | undefined;
  state: CampaignState;
  preflight: Preflight;
  inputHash: string;
  sent: Sent;
  lists: Lists;
}

export async function summarise(opts: ImportOptions, r: RunResults): Promise<ImportSummary> {
  const { info, plan, suppression, state, inputHash, lists } = r;
  const { prepared, heldBack } = r.preflight;
  const { send, earlier, journalOpened } = r.sent;
  const { target, run } = state;
  const now = opts.now ?? Date.now;
  const elapsedMs = now() - r.started;
  const imported = send?.imported ?? 0;
  // A list that could not be written after the sending: the counts stand, the run failed (1).
  const listStop = lists.failure === undefined ? undefined : listsStop(lists.failure);
  const stop: Stop | undefined = importStop(send) ?? listStop;
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
    erased: prepared.skippedByCode.erased ?? 0,
    ...(target?.store.kind === 'postgres'
      ? { inFlightElsewhere: prepared.skippedByCode.in_flight_elsewhere ?? 0 }
      : {}),
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
    rejectsFile: lists.rejectsPath,
    skippedFile: lists.skippedPath,
    uncertainFile: lists.uncertainPath,
    runId: run?.id ?? null,
    samples: prepared.samples,
    rejectionSamples: prepared.rejectionSamples,
    phoneUnallocated: prepared.unallocated,
    unallocatedSamples: prepared.unallocatedSamples,
    ...(prepared.layout ? { layout: prepared.layout } : {}),
    ...sentEarlierOf(
      opts.serviceUrl,
      heldBack.runs,
      state.runs,
      send?.resumedDone ?? 0,
      earlier?.since,
      heldBack.examplePhone ?? send?.resumedPhone,
      // Whether this file had a journal here before this run: a run that opened it knows
      // (earlier: resumed, not set aside by --restart); one that sent nothing looks.
      journalOpened
        ? earlier !== undefined
        : target !== undefined &&
            (await target.store.hasJournal({ ...target.campaign, inputHash })),
    ),
    ignoredColumns: prepared.plan.ignored,
    columns: prepared.plan.columns.map((c) => ({ column: c.header, field: c.field })),
    stateDir: target?.stateDir ?? null,
    stateEmpty: state.stateEmpty,
    ...(plan.rowsMode !== 'files'
      ? {
          rejectedRows: prepared.rejects.rows?.rows ?? [],
          skippedRows: prepared.skipped.rows?.rows ?? [],
          uncertainRows: lists.uncertainRows?.rows ?? [],
          rowsTruncated: {
            rejected: prepared.rejects.rows?.truncated ?? false,
            skipped: prepared.skipped.rows?.truncated ?? false,
            uncertain: lists.uncertainRows?.truncated ?? false,
          },
        }
      : {}),
    ...(stop !== undefined && stop === listStop
      ? {
          stoppedBecause: lists.failure!.message,
          stoppedCode: listStop.code,
          ...(listStop.hint !== undefined ? { stoppedHint: listStop.hint } : {}),
        }
      : stoppedFields(send, stop)),
    ...(stop ? { stop } : {}),
  };
  const summary = {
    ...base,
    exitCode: stop !== undefined && stop === listStop ? listStop.exitCode : exitCodeFor(base, send),
  };
  if (run && target)
    await endHistory(target.store, run.id, now(), summary, send?.uncertainLines ?? []);
  return summary;
}

/** A run that failed before its summary: its end in the history, with the failure's code. */
export async function endFailedRun(
  state: CampaignState | undefined,
  prepared: Prepared | undefined,
  e: unknown,
  now: () => number = Date.now,
): Promise<void> {
  if (state?.run && state.target && prepared) {
    const code = (e as { exitCode?: number }).exitCode ?? ExitCode.FAILURE;
    await endHistory(state.target.store, state.run.id, now(), undefined, [], code);
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
      // What sends them again: the ledger's leads are held back unless repeats are allowed;
      // if this file's journal settled any (or the ledger's, resent), it is set aside too.
      resend: [
        ...(journal > 0 || (ledger > 0 && fileJournal) ? (['restart'] as const) : []),
        ...(ledger > 0 ? (['allow_repeat'] as const) : []),
      ],
    },
  };
}

async function endHistory(
  store: StateStore,
  id: string,
  endedMs: number,
  s: ImportSummary | undefined,
  uncertainLines: readonly number[],
  exitCode = s?.exitCode ?? ExitCode.FAILURE,
): Promise<void> {
  try {
    await store.appendHistory({
      k: 'end',
      id,
      ended: new Date(endedMs).toISOString(),
      total: s?.total ?? 0,
      imported: s?.imported ?? 0,
      rejected: s?.rejected ?? 0,
      skipped: s ? Object.values(s.skippedByCode).reduce((a, b) => a + b, 0) : 0,
      uncertain: s?.uncertain ?? 0,
      serviceSkipped: s?.serviceSkipped ?? 0,
      blank: s?.blank ?? 0,
      // Unknown (absent, null in --json) for a run that failed before its summary.
      ...(s !== undefined ? { notSent: s.notSent } : {}),
      ...((s?.uncertainEarlier ?? 0) > 0 ? { uncertainEarlier: s!.uncertainEarlier } : {}),
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
