/**
 * Stage 3 of an import: the preflight. Every row is read and checked before anything is sent:
 * validated, normalised, deduplicated, held back by a do-not-call list or the campaign's
 * ledger; the rejected and skipped rows go to their lists, the valid leads to a spool for
 * the send stage. A real run then records its start in the history.
 */
import fs from 'node:fs';
import path from 'node:path';
import { machineTag } from '../../cleanup.js';
import { FailureError } from '../../errors.js';
import { prepareLeads, type Prepared } from '../../leads/prepare.js';
import { SidecarWriter, type SidecarKind } from '../../leads/rejects.js';
import type { Suppression } from '../../leads/suppress.js';
import type { WrittenFiles } from '../../leads/written-files.js';
import type { InputInfo } from '../../input/types.js';
import { t } from '../../messages/index.js';
import { formatTimeOnClock, machineZone } from '../../text.js';
import type { ImportOptions } from '../import-types.js';
import {
  beforeSending,
  ledgerHoldBack,
  type CampaignState,
  type LedgerHeldBack,
} from './campaign.js';
import type { SidecarPlan } from './plan.js';

export interface Preflight {
  prepared: Prepared;
  /** What the campaign's ledger held back (for the summary's `sentEarlier`). */
  heldBack: LedgerHeldBack;
}

/** A writer of one of the run's lists, in the input's own CSV dialect. */
export function sidecarWriter(
  opts: ImportOptions,
  info: InputInfo,
  plan: SidecarPlan,
  written: WrittenFiles | undefined,
  kind: SidecarKind,
  headers: string[],
): SidecarWriter {
  const file =
    kind === 'rejects'
      ? plan.rejectsFile
      : kind === 'skipped'
        ? plan.skippedFile
        : plan.uncertainFile;
  return new SidecarWriter(
    file,
    headers,
    info.format === 'csv' ? info.delimiter : ',',
    // The lists are UTF-8: with a BOM for an input that had one, or that was in another
    // encoding (windows-1258…) — else Excel shows them garbled, and the fixed list imported
    // with the input's --encoding was refused as bytes not windows-1258 (an operator walk,
    // session 22; a BOM wins over --encoding).
    info.bom || info.encoding !== 'utf8',
    kind,
    plan.sink,
    written,
    (line) => opts.onNote?.(line),
    // A lead file that holds the access token (pasted into a cell by mistake): masked in the
    // lists, which DESIGN.md says never hold it (review, session 16).
    typeof opts.client?.maskToken === 'function'
      ? (text) => opts.client!.maskToken(text)
      : undefined,
  );
}

/**
 * Reads and checks every row. `onPrepared` is told the result as soon as it exists (so that
 * a failure after it can still discard the lists it began).
 */
export async function preflight(
  opts: ImportOptions,
  info: InputInfo,
  plan: SidecarPlan,
  written: WrittenFiles | undefined,
  suppression: Suppression | undefined,
  state: CampaignState,
  onPrepared: (prepared: Prepared) => void,
): Promise<Preflight> {
  const heldBack: LedgerHeldBack = { runs: new Map(), examplePhone: undefined };
  const fromLedger = ledgerHoldBack(opts, state, heldBack);
  // After validation and the in-file dedupe (prepare.ts), suppression first, then the ledger:
  // a number on a do-not-call list is reported as suppressed even if an earlier run sent it.
  // Erased people first (issue 26): consent withdrawn, whatever --allow-repeat or --restart say.
  const erased = state.erased;
  const fromErasure = erased
    ? (phone: string) => {
        const when = erased(phone);
        return when === undefined
          ? undefined
          : {
              code: 'erased' as const,
              reason: t('import.row.erased', {
                when: formatTimeOnClock(when, opts.timeZone ?? machineZone()),
              }),
            };
      }
    : undefined;
  const heldOtherwise =
    suppression && fromLedger
      ? (phone: string) => suppression.holdBack(phone) ?? fromLedger(phone)
      : suppression
        ? (phone: string) => suppression.holdBack(phone)
        : fromLedger;
  // Erasures come before validation and the in-file dedupe (prepare.ts holdBackFirst): every row
  // of an erased person is listed as erased, their number's repeats and a row another field would
  // reject too (review, session 19: they were duplicates, or rejects holding their data).
  const holdBack = heldOtherwise;
  const prepared = await prepareLeads(info, {
    map: opts.map,
    ignoreUnmapped: opts.ignoreUnmapped,
    normalize: opts.normalize,
    dedupe: opts.dedupe,
    phonePattern: opts.phonePattern,
    ...(opts.homePhonePattern !== undefined ? { homePhonePattern: opts.homePhonePattern } : {}),
    ...(opts.placeholderNumbers ? { placeholderNumbers: opts.placeholderNumbers } : {}),
    ...(opts.allocatedOnly === true ? { allocatedOnly: true } : {}),
    ...(opts.columnsIfPresent ? { columnsIfPresent: opts.columnsIfPresent } : {}),
    ...(opts.layouts ? { layouts: opts.layouts } : {}),
    ...(opts.layout !== undefined ? { layout: opts.layout } : {}),
    ...(opts.dryRun ? {} : { sending: { spoolPath: path.join(state.work, 'leads.spool') } }),
    rejects: (headers) => sidecarWriter(opts, info, plan, written, 'rejects', headers),
    skipped: (headers) => sidecarWriter(opts, info, plan, written, 'skipped', headers),
    ...(holdBack ? { holdBack } : {}),
    ...(fromErasure ? { holdBackFirst: fromErasure } : {}),
    onProgress: (rowsRead, fraction) =>
      opts.onPhase?.({
        phase: 'preflight',
        rowsRead,
        size: info.size,
        ...(fraction !== undefined ? { fraction } : {}),
      }),
  });
  onPrepared(prepared);
  // The preflight made every lookup: from here the ledger is only appended to, and its
  // table (up to 32 bytes per number) is let go rather than grown by the leads sent.
  state.ledger?.releaseLookups();
  // An input still being written (an export in progress) is not imported: what the
  // preflight read may be only its beginning. (Later changes are caught by the checked
  // second read.)
  if (!opts.dryRun && prepared.valid > 0 && changedSince(info)) {
    throw new FailureError(t('import.changedWhileRead', { file: info.displayName }), {
      hint: t('import.changedWhileRead.hint'),
      category: 'input_changed',
    });
  }
  return { prepared, heldBack };
}

/**
 * A real run's start in the history, with the input's identity (which sidecars are this
 * input's own): the content hash of exactly the bytes the preflight read and validated.
 */
export async function recordStart(
  opts: ImportOptions,
  info: InputInfo,
  state: CampaignState,
  inputHash: string,
  started: number,
): Promise<void> {
  const { run, target } = state;
  if (!run || !target) return;
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
      machine: machineTag(),
    }),
  );
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
