/**
 * Stage 1 of an import: where its lists go (the sidecar plan). The rejects, skipped and
 * uncertain files' names, whether files are written at all (`rows`), and the checks that come
 * before anything is read: a list would overwrite the input; a real run cannot write its lists.
 */
import path from 'node:path';
import { UsageError } from '../../errors.js';
import {
  checkSidecarFolder,
  defaultSidecarPath,
  sameFile,
  type RowSink,
} from '../../leads/rejects.js';
import type { InputInfo } from '../../input/types.js';
import { isStateFile } from '../../state/entries.js';
import { t } from '../../messages/index.js';
import { DEFAULT_MAX_ROWS, type ImportOptions, type RowsMode } from '../import-types.js';
import { sidecarFolder } from '../sidecars.js';

export interface SidecarPlan {
  rowsMode: RowsMode;
  /** Whether the lists are written as files (`rows` is not `data`). */
  files: boolean;
  /** What the sidecar writers keep: the file, rows as data up to a number, or both. */
  sink: RowSink;
  rejectsFile: string;
  skippedFile: string;
  uncertainFile: string;
}

export function planSidecars(opts: ImportOptions, info: InputInfo): SidecarPlan {
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
  for (const [id, file] of [
    ['import.rejects.overwritesInput', rejectsFile],
    ['import.skipped.overwritesInput', skippedFile],
    ['import.uncertain.overwritesInput', uncertainFile],
  ] as const) {
    if (files && sameFile(file, opts.file)) {
      // A face words the choice of file its own way (the CLI: --rejects).
      throw new UsageError(t(id, { file }), {
        hint: t('import.overwritesInput.hint'),
        remedies: ['choose_rejects_file'],
      });
    }
  }
  // The rejects file chosen at the name of another list of the run: the two would write one file
  // and one list's rows be lost (an operator walk, session 22: `--rejects x.csv.skipped.csv`
  // left the rejected rows in no file).
  if (files)
    for (const [id, file] of [
      ['import.rejects.isSkippedList', skippedFile],
      ['import.rejects.isUncertainList', uncertainFile],
    ] as const)
      if (sameFile(rejectsFile, file))
        throw new UsageError(t(id, { file }), {
          hint: t('import.rejects.isList.hint'),
          remedies: ['choose_rejects_file'],
        });
  // Never onto cacs's own files in the state folder (review, session 19: a list there replaced
  // the ledger's secret, and later imports sent leads again).
  const state = opts.stateDir;
  if (files && state !== undefined)
    for (const file of [rejectsFile, skippedFile, uncertainFile])
      if (isStateFile(file, state))
        throw new UsageError(t('import.sidecar.inStateFolder', { file, folder: state }), {
          hint: t('import.sidecar.inStateFolder.hint'),
          remedies: ['choose_rejects_file'],
        });
  return { rowsMode, files, sink, rejectsFile, skippedFile, uncertainFile };
}

/**
 * A real import must be able to list the leads it rejects, holds back or leaves uncertain:
 * checked before anything is sent. A dry run fails only if it has rows to write.
 */
export function checkSidecarFolders(plan: SidecarPlan, dryRun: boolean): void {
  if (dryRun || !plan.files) return;
  checkSidecarFolder(plan.rejectsFile, 'rejects');
  checkSidecarFolder(plan.skippedFile, 'skipped');
  checkSidecarFolder(plan.uncertainFile, 'uncertain');
}
