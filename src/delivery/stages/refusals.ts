/**
 * Stage 5 of an import: collect refusals. The leads the service refused and those sent
 * without a definite answer are looked up in the input (their original rows) and written to
 * the rejects and uncertain lists; every list is committed, and an earlier run's lists this
 * run no longer needs are removed.
 */
import path from 'node:path';
import { InputChangedError } from '../../input/bytes.js';
import type { InputInfo } from '../../input/types.js';
import type { Prepared } from '../../leads/prepare.js';
import type { RowList } from '../../leads/rejects.js';
import { originalRows } from '../../leads/sending.js';
import type { SidecarKind, WrittenFiles } from '../../leads/written-files.js';
import { t } from '../../messages/index.js';
import type { ImportOptions } from '../import-types.js';
import type { SendResult } from '../send.js';
import { removeStaleSidecars } from '../sidecars.js';
import type { CampaignState } from './campaign.js';
import type { SidecarPlan } from './plan.js';
import { sidecarWriter } from './preflight.js';

/** The lists as written: their paths (null: none written), and the uncertain rows as data. */
export interface Lists {
  rejectsPath: string | null;
  skippedPath: string | null;
  uncertainPath: string | null;
  uncertainRows: RowList | undefined;
  /**
   * A list that could not be written (full disk, a folder gone) after this run sent leads: the
   * run's counts still stand, so the summary says them, with this as its stop (summary.ts). A
   * run that sent nothing throws it instead (nothing was sent: the input or folder to fix).
   */
  failure?: Error;
  /** The lists that failed so: not written, so no earlier list of theirs is stale. */
  failed?: ReadonlySet<SidecarKind>;
}

export async function collectRefusals(
  opts: ImportOptions,
  info: InputInfo,
  plan: SidecarPlan,
  written: WrittenFiles | undefined,
  prepared: Prepared,
  send: SendResult | undefined,
): Promise<Lists> {
  let uncertainPath: string | null = null;
  let uncertainRows: RowList | undefined;
  // Leads went out in this run: a list that cannot be written no longer stops the summary
  // (its counts are true), it is its stop (an operator walk, session 22: a full disk after the
  // sending left the history saying 0 imported). Each list is written, or fails, on its own.
  const sentNow = send !== undefined && send.requests > 0;
  let failure: Error | undefined;
  const failed = new Set<SidecarKind>();
  const guarded = <T>(
    kind: SidecarKind,
    list: { dropFile(): void },
    write: () => T,
    otherwise: T,
  ): T => {
    try {
      return write();
    } catch (e) {
      if (!sentNow) throw e;
      failure ??= e instanceof Error ? e : new Error(String(e));
      failed.add(kind);
      // The file goes; the rows kept as data (the library's) stay.
      list.dropFile();
      return otherwise;
    }
  };
  if (
    send &&
    (send.serviceRejects.size > 0 ||
      send.uncertainLines.length > 0 ||
      send.claimedElsewhere.size > 0)
  ) {
    // The second read kept them; a spooled input is read once more for them.
    const kept = send.originals;
    const wanted = new Set<number>(
      [
        ...send.serviceRejects.keys(),
        ...send.uncertainLines,
        ...send.claimedElsewhere.keys(),
      ].filter((l) => !kept.has(l)),
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
    /** Rows by line into `list`, counted by code in `byCode` (counted even if the list fails). */
    const listRows = (
      kind: 'rejects' | 'skipped',
      list: Prepared['rejects'],
      byCode: Record<string, number>,
      rows: ReadonlyMap<number, { code: string; reason: string }>,
    ) => {
      const sorted = [...rows].sort((a, b) => a[0] - b[0]);
      for (const [, { code }] of sorted) byCode[code] = (byCode[code] ?? 0) + 1;
      guarded(
        kind,
        list,
        () => {
          for (const [line, { code, reason }] of sorted)
            list.add(line, code, reason + note(line), valuesOf(line) ?? blank);
        },
        undefined,
      );
    };
    listRows('rejects', prepared.rejects, prepared.rejectedByCode, send.serviceRejects);
    // Leads another run claimed while this one sent (a store with claims): skipped by design.
    listRows('skipped', prepared.skipped, prepared.skippedByCode, send.claimedElsewhere);
    if (send.uncertainLines.length > 0) {
      const w = sidecarWriter(opts, info, plan, written, 'uncertain', prepared.headers);
      uncertainPath = guarded(
        'uncertain',
        w,
        () => {
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
          return w.commit() ?? null;
        },
        null,
      );
      uncertainRows = w.rows;
    }
  }
  const rejectsPath = guarded(
    'rejects',
    prepared.rejects,
    () => prepared.rejects.commit() ?? null,
    null,
  );
  const skippedPath = guarded(
    'skipped',
    prepared.skipped,
    () => prepared.skipped.commit() ?? null,
    null,
  );
  return {
    rejectsPath,
    skippedPath,
    uncertainPath,
    uncertainRows,
    ...(failure !== undefined ? { failure, failed } : {}),
  };
}

/** An earlier run's lists of this input that this run no longer needs: removed (real runs). */
export function removeStaleLists(
  opts: ImportOptions,
  info: InputInfo,
  plan: SidecarPlan,
  written: WrittenFiles | undefined,
  state: CampaignState,
  inputHash: string,
  lists: Lists,
  sent: boolean,
  /**
   * Leads an earlier run left uncertain are uncertain still (held back, not settled): the
   * earlier uncertain list, which the reconcile advice and the history name, stays (an operator
   * walk, session 22: a plain rerun removed it, "no lead of this run is uncertain").
   */
  uncertainLeft = false,
): void {
  const { run, target, runs } = state;
  if (!plan.files || !run || !target) return;
  // A list that could not be written is no list "needed no more": an earlier one of its name
  // stays (review, session 22: it was removed as stale, "no row needs fixing now").
  const failed = (kind: SidecarKind) => lists.failed?.has(kind) === true;
  removeStaleSidecars({
    kept: [
      ...(failed('rejects')
        ? []
        : [
            [
              lists.rejectsPath,
              plan.rejectsFile,
              t('import.sidecar.noneRejected'),
              false,
              'rejects',
            ] as const,
          ]),
      ...(failed('skipped')
        ? []
        : [
            [
              lists.skippedPath,
              plan.skippedFile,
              t('import.sidecar.noneSkipped'),
              false,
              'skipped',
            ] as const,
          ]),
      ...(sent && !uncertainLeft && !failed('uncertain')
        ? [
            [
              lists.uncertainPath,
              plan.uncertainFile,
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
