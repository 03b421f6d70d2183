/**
 * Where an import's sidecar files (rejects, skipped, uncertain) go, and which of an earlier
 * run's are stale: a rerun replaces its own sidecars, and one it no longer needs would mislead.
 */
import fs from 'node:fs';
import path from 'node:path';
import { assertCanCreateIn, removeWritten } from '../atomic-write.js';
import { sameFile } from '../leads/rejects.js';
import type { RunRecord } from '../state/index.js';
import { MAX_NUMBER, numberedName, type WrittenFiles } from '../leads/written-files.js';
import type { SidecarKind } from '../leads/rejects.js';
import { t } from '../messages/index.js';

/**
 * Sidecars go beside the input (two inputs of one name in two folders never share them); for
 * stdin or a pipe, or an input in a folder cacs cannot write to, to the working folder.
 */
export function sidecarFolder(
  opts: { sidecarDir?: string; cwd: string; file: string; onNote?: (line: string) => void },
  displayName: string,
): string {
  if (opts.sidecarDir !== undefined) return path.resolve(opts.cwd, opts.sidecarDir);
  const given = path.resolve(opts.cwd, displayName);
  if (displayName === 'stdin' || !sameFile(given, opts.file)) return opts.cwd;
  const dir = path.dirname(given);
  if (dir === path.resolve(opts.cwd)) return dir;
  try {
    assertCanCreateIn(dir);
    return dir;
  } catch {
    opts.onNote?.(t('delivery.sidecars.notWritable', { dir, cwd: opts.cwd }));
    return opts.cwd;
  }
}

export interface StaleSidecars {
  /** Each sidecar: the path this run wrote (null: none), its path, why it would be stale,
   * whether it is only this input's own when the content is the same too, and its kind. */
  kept: ReadonlyArray<readonly [string | null, string, string, boolean, SidecarKind]>;
  /** What cacs wrote: a file changed since (or not cacs's) is never removed. */
  written: WrittenFiles;
  /** The input's absolute path, or 'stdin'. */
  input: string;
  inputHash: string;
  campaign: string;
  baseUrl: string;
  runs: ReadonlyMap<number, RunRecord>;
  /** This run's id. */
  self: string;
  onNote?: (line: string) => void;
}

/**
 * Remove the sidecars this run did not write again but an earlier import of the same input
 * did, saying so. Only lists an earlier import of the same file (path, campaign, service)
 * wrote are its own (never stdin's: two stdin imports are two inputs). An uncertain list goes
 * only when the content is the same too: its leads are then held back and listed in the
 * skipped file, while a list of other content names leads that may be nowhere else.
 */
export function removeStaleSidecars(o: StaleSidecars): void {
  if (o.input === 'stdin') return;
  for (const [written, file, why, sameContent, kind] of o.kept) {
    if (o.written.real) removeDryRunCopies(o, file, written);
    if (written !== null) continue;
    // The list's own name, and the numbered names earlier runs of this input wrote beside a
    // kept one.
    for (const candidate of new Set([file, ...writtenBefore(o, kind)])) {
      if (!fs.existsSync(candidate)) continue;
      const writer = lastWriterOf(candidate, o.runs, o.self);
      if (
        !writer ||
        writer.file !== o.input ||
        writer.campaign !== o.campaign ||
        writer.baseUrl !== o.baseUrl
      )
        continue;
      if (sameContent && (writer.inputHash === undefined || writer.inputHash !== o.inputHash)) {
        o.onNote?.(t('sidecar.keptOtherContent', { file: candidate, run: writer.id }));
        continue;
      }
      const status = o.written.status(candidate);
      if (status !== 'own') {
        if (status === 'edited' || status === 'foreign')
          o.onNote?.(
            status === 'edited'
              ? t('sidecar.keptEdited', { file: candidate, why })
              : t('sidecar.keptForeign', { file: candidate, why }),
          );
        continue;
      }
      removeWritten(candidate);
      o.written.forget(candidate);
      o.onNote?.(t('sidecar.removedStale', { file: candidate, why }));
    }
  }
}

/**
 * A dry run that found a real run's list wrote its own beside it (`…-2.csv`). Once a real run
 * has written (or no longer needs) that list, the dry run's copy would only mislead: it is
 * removed when nobody changed it since, saying so.
 */
function removeDryRunCopies(o: StaleSidecars, file: string, written: string | null): void {
  for (let n = 2; n <= MAX_NUMBER; n++) {
    const copy = numberedName(file, n);
    if (copy === written || !fs.existsSync(copy) || !o.written.dryRunsOwn(copy)) continue;
    removeWritten(copy);
    o.written.forget(copy);
    o.onNote?.(
      written === null
        ? t('sidecar.removedDryRunCopy.none', { file: copy })
        : t('sidecar.removedDryRunCopy', { file: copy, written }),
    );
  }
}

/** The files of `kind` that earlier runs of this input (same campaign and service) wrote. */
function writtenBefore(o: StaleSidecars, kind: SidecarKind): string[] {
  const out: string[] = [];
  for (const r of o.runs.values()) {
    if (r.id === o.self || !r.end) continue;
    if (r.file !== o.input || r.campaign !== o.campaign || r.baseUrl !== o.baseUrl) continue;
    const f =
      kind === 'rejects'
        ? r.end.rejectsFile
        : kind === 'skipped'
          ? r.end.skippedFile
          : r.end.uncertainFile;
    if (f) out.push(f);
  }
  return out;
}

/** The latest run of the history (other than `self`) whose summary lists `file` as a sidecar. */
function lastWriterOf(
  file: string,
  runs: ReadonlyMap<number, RunRecord>,
  self: string,
): RunRecord | undefined {
  let found: RunRecord | undefined;
  for (const r of runs.values()) {
    if (r.id === self || !r.end) continue;
    const e = r.end;
    if (e.rejectsFile !== file && e.skippedFile !== file && e.uncertainFile !== file) continue;
    if (!found || r.started >= found.started) found = r;
  }
  return found;
}
