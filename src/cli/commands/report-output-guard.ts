/**
 * A report's `-o` never replaces a file an import of this state read or a list it wrote
 * (found by an operator walk: `cacs report -o leads.csv` replaced a lead file the history
 * names, and `-o leads.csv.rejects.csv` the rows still to fix, with only "written to …"). Any
 * other file is replaced, as `-o` says (a daily `-o calls.csv`, a report written before).
 */
import fs from 'node:fs';
import { UsageError, listHistory, t, type RunRecord, type Settings } from '../../index.js';

type Kept = 'input' | 'rejects' | 'skipped' | 'uncertain';

/** Whether two paths are one file: the same real path, or the same inode (a hard link). */
function sameFile(a: string, b: string): boolean {
  try {
    if (fs.realpathSync(a) === fs.realpathSync(b)) return true;
    const sa = fs.statSync(a);
    const sb = fs.statSync(b);
    return sa.dev === sb.dev && sa.ino === sb.ino;
  } catch {
    return false;
  }
}

/** The newest run that read `file` as its input or wrote it as one of its lists. */
function recordedAs(
  runs: readonly RunRecord[],
  file: string,
): { run: string; as: Kept } | undefined {
  for (const r of runs) {
    if (sameFile(file, r.file)) return { run: r.id, as: 'input' };
    const e = r.end;
    if (e === undefined) continue;
    for (const [as, list] of [
      ['rejects', e.rejectsFile],
      ['skipped', e.skippedFile],
      ['uncertain', e.uncertainFile],
    ] as const)
      if (list !== null && sameFile(file, list)) return { run: r.id, as };
  }
  return undefined;
}

/**
 * Refuse (exit 2) an output `file` (named `name` in the message, e.g. `-o leads.csv`) that is
 * there already and that the history names as a run's input or list. Only a regular file that
 * exists is looked up: a new name, a pipe or a device costs no read of the history.
 */
export async function refuseRecordedOutput(
  file: string,
  name: string,
  settings: Pick<Settings, 'stateDir' | 'stateUrl' | 'stateSchema'>,
): Promise<void> {
  let regular = false;
  try {
    regular = fs.statSync(file).isFile();
  } catch {
    return;
  }
  if (!regular) return;
  let runs: RunRecord[];
  try {
    runs = await listHistory({
      stateDir: settings.stateDir,
      ...(settings.stateUrl !== undefined ? { state: settings.stateUrl } : {}),
      ...(settings.stateSchema !== undefined ? { stateSchema: settings.stateSchema } : {}),
    });
  } catch {
    // A history that cannot be read protects nothing; the report's own checks still run.
    return;
  }
  const found = recordedAs(runs, file);
  if (found === undefined) return;
  const run = found.run.slice(-6);
  throw new UsageError(t(`cli.reportRun.output.${found.as}`, { name, run }), {
    hint: t('cli.reportRun.output.recorded.hint', { run }),
  });
}
