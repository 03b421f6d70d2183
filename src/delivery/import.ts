/**
 * `cacs import` as a library function: a short sequence of named stages (src/delivery/stages/),
 * each returning data —
 *   inspect the input → plan the sidecars → open the campaign's state → preflight (every row)
 *   → send → collect refusals (rejects and uncertain lists) → summarise (exit code, stop).
 * This file runs them in order and gives back, whatever happens, what they hold (the journal,
 * the ledger, the campaign's lock, the temporary folder, the state store).
 */
import fs from 'node:fs';
import path from 'node:path';
import { removeOnExit } from '../cleanup.js';
import type { Prepared } from '../leads/prepare.js';
import { realPath } from '../leads/rejects.js';
import { Suppression } from '../leads/suppress.js';
import { WrittenFiles } from '../leads/written-files.js';
import { inspectInput } from '../input/inspect.js';
import { openStateStore } from '../state/index.js';
import type { ImportOptions, ImportSummary } from './import-types.js';
import { openCampaignState, stateTarget, type CampaignState } from './stages/campaign.js';
import { checkSidecarFolders, planSidecars } from './stages/plan.js';
import { preflight, recordStart } from './stages/preflight.js';
import { collectRefusals, removeStaleLists } from './stages/refusals.js';
import { send, type HeldJournal } from './stages/sending.js';
import { endFailedRun, summarise } from './stages/summary.js';

export * from './import-types.js';
export { everyRowRejected } from './stages/summary.js';

export async function runImport(opts: ImportOptions): Promise<ImportSummary> {
  const started = (opts.now ?? Date.now)();
  const info = await inspectInput(opts.file, opts.displayName, {
    ...(opts.format ? { format: opts.format } : {}),
    ...(opts.delimiter ? { delimiter: opts.delimiter } : {}),
    ...(opts.encoding ? { encoding: opts.encoding } : {}),
    ...(opts.sheet !== undefined ? { sheet: opts.sheet } : {}),
  });
  const plan = planSidecars(opts, info);
  // What cacs remembers (ledger, journal, history, sidecar records): the state store.
  const store =
    opts.stateDir !== undefined
      ? openStateStore({
          stateDir: opts.stateDir,
          stateUrl: opts.stateUrl,
          stateSchema: opts.stateSchema,
        })
      : undefined;
  // What cacs wrote before: a list a person changed since, or one cacs never wrote, is kept and
  // this run's goes beside it; a dry run never replaces a real run's.
  const written = plan.files
    ? new WrittenFiles(
        store?.written,
        !opts.dryRun,
        (line) => opts.onNote?.(line),
        info.displayName === 'stdin'
          ? undefined
          : realPath(path.resolve(opts.cwd, info.displayName)),
      )
    : undefined;
  checkSidecarFolders(plan, opts.dryRun);
  // The do-not-call lists, before anything else is locked, read or sent: a list that cannot be
  // used stops the import here (exit 2).
  const suppression =
    opts.suppress && opts.suppress.length > 0
      ? await Suppression.load(opts.suppress, { phonePattern: opts.phonePattern })
      : undefined;
  if (suppression) for (const line of suppression.notes()) opts.onNote?.(line);

  // What the run holds from here on: given back in the finally below.
  const held: HeldJournal = { store };
  const state: CampaignState = await openCampaignState(opts, stateTarget(opts, store), held);
  const forgetWork = removeOnExit(state.work);
  let prepared: Prepared | undefined;
  try {
    const checked = await preflight(opts, info, plan, written, suppression, state, (p) => {
      prepared = p;
    });
    // The journal key and the input's identity in the history: the content hash of exactly
    // the bytes the preflight read and validated.
    const inputHash = checked.prepared.contentHash;
    // Lists written from here on record the content they were written for; an uncertain list
    // of other content is kept (WrittenFiles.status).
    written?.setContent(inputHash);
    await recordStart(opts, info, state, inputHash, started);
    const sent = await send(opts, info, checked.prepared, state, inputHash, held);
    const lists = await collectRefusals(opts, info, plan, written, checked.prepared, sent.send);
    const uncertainLeft =
      (checked.prepared.skippedByCode.uncertain_earlier ?? 0) +
        (sent.send?.uncertainFromEarlierRuns ?? 0) >
      0;
    removeStaleLists(
      opts,
      info,
      plan,
      written,
      state,
      inputHash,
      lists,
      sent.send !== undefined,
      uncertainLeft,
    );
    return await summarise(opts, {
      started,
      info,
      plan,
      suppression,
      state,
      preflight: checked,
      inputHash,
      sent,
      lists,
    });
  } catch (e) {
    const begun = prepared as Prepared | undefined;
    begun?.rejects.discard();
    begun?.skipped.discard();
    await endFailedRun(state, begun, e, opts.now);
    throw e;
  } finally {
    await held.ledger?.close().catch(() => {});
    held.lock?.release();
    try {
      await held.journal?.close();
    } finally {
      fs.rmSync(state.work, { recursive: true, force: true });
      forgetWork();
      await held.store?.close();
    }
  }
}
