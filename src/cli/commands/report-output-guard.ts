/**
 * A report's `-o` never replaces a file an import of this state read or a list it wrote
 * (found by an operator walk: `cacs report -o leads.csv` replaced a lead file the history
 * names, and `-o leads.csv.rejects.csv` the rows still to fix, with only "written to …"). Any
 * other file is replaced, as `-o` says (a daily `-o calls.csv`, a report written before). A
 * recycle list is itself a lead file: it may replace one (the README's round loop: recycle to
 * round2.csv, import it, recycle to round2.csv again). Nor does `--html` go where the rows go
 * (sameOpenFile).
 */
import fs from 'node:fs';
import path from 'node:path';
import {
  UsageError,
  isStateFile,
  listHistory,
  listWrittenLists,
  t,
  type RunRecord,
  type Settings,
  type WrittenList,
} from '../../index.js';
import { stateOf } from '../state-where.js';

type Kept = 'input' | 'rejects' | 'skipped' | 'uncertain';

/**
 * The newest run that read `target` (its stat) as its input or wrote it as one of its lists:
 * the same file by any name, symlink or hard link (one device and inode). Each path is looked
 * at once, however many runs name it (a daily import of the same file).
 */
function recordedAs(
  runs: readonly RunRecord[],
  isTarget: (file: string) => boolean,
  /** Whether a run's input counts (not for a recycle list, itself a lead file). */
  inputs: boolean,
): { run: string; as: Kept } | undefined {
  for (const r of runs) {
    // A stdin import's input is named "stdin", which names no file.
    if (inputs && r.file !== 'stdin' && isTarget(r.file)) return { run: r.id, as: 'input' };
    const e = r.end;
    if (e === undefined) continue;
    for (const [as, list] of [
      ['rejects', e.rejectsFile],
      ['skipped', e.skippedFile],
      ['uncertain', e.uncertainFile],
    ] as const)
      if (list !== null && isTarget(list)) return { run: r.id, as };
  }
  return undefined;
}

/**
 * Whether `file` is there, a regular file, and starts as a cacs list does: `line, code, reason`
 * — as Excel may save it again too (UTF-16 with tabs, a `sep=;` line first, other delimiters,
 * quotes, capitals, spaces): a list with the operator's rows to fix, however saved (review,
 * session 21). A guard recognising too much only refuses a name more.
 */
function looksLikeList(file: string): boolean {
  let buf: Buffer;
  try {
    // Not opened unless a regular file (a name that became a pipe would wait for a writer).
    if (!fs.statSync(file).isFile()) return false;
    const fd = fs.openSync(file, 'r');
    try {
      const head = Buffer.alloc(512);
      buf = head.subarray(0, fs.readSync(fd, head, 0, head.length, 0));
    } finally {
      fs.closeSync(fd);
    }
  } catch {
    return false;
  }
  let text: string;
  if (buf[0] === 0xff && buf[1] === 0xfe) text = buf.subarray(2).toString('utf16le');
  else if (buf[0] === 0xfe && buf[1] === 0xff)
    text = Buffer.from(buf.subarray(2, 2 + ((buf.length - 2) & ~1)))
      .swap16()
      .toString('utf16le');
  else text = buf.toString('utf8').replace(/^\ufeff/, '');
  const lines = text.split(/\r?\n/);
  // `sep=` and the one character after it, a tab or a space too.
  const first = /^sep=.$/i.test(lines[0] ?? '') ? (lines[1] ?? '') : (lines[0] ?? '');
  const cells = first
    .split(/[,;\t|]/)
    .slice(0, 3)
    .map((c) =>
      c
        .trim()
        .replace(/^"(.*)"$/, '$1')
        .trim()
        .toLowerCase(),
    );
  return cells[0] === 'line' && cells[1] === 'code' && cells[2] === 'reason';
}

/**
 * Whether a path names `target` (its stat): the same file by any name, symlink or hard link
 * (one device and inode). Each path is looked at once, however many records name it (a daily
 * import of the same file).
 */
function sameFileAs(target: fs.Stats, cwd: string): (file: string) => boolean {
  const seen = new Map<string, boolean>();
  return (file) => {
    let same = seen.get(file);
    if (same === undefined) {
      try {
        const s = fs.statSync(path.resolve(cwd, file));
        same = s.dev === target.dev && s.ino === target.ino;
      } catch {
        same = false;
      }
      seen.set(file, same);
    }
    return same;
  };
}

/**
 * Refuse (exit 2) an output `file` (named `name` in the message, e.g. `-o leads.csv`) that is
 * there already and that the history names as a run's input or list (`leadFile`: the output
 * is a lead file, a recycle list, which may replace a run's input). Only a regular file that
 * exists is looked up: a new name, a pipe or a device costs no read of the history.
 */
export async function refuseRecordedOutput(
  file: string,
  name: string,
  settings: Pick<Settings, 'stateDir' | 'stateUrl' | 'stateSchema'>,
  opts: { leadFile?: boolean; cwd?: string } = {},
): Promise<void> {
  // Never into the state folder, there or not (review, session 19: `-o <state>/erasures/…`
  // replaced the erasures, and an erased number was imported again).
  if (settings.stateDir !== undefined && isStateFile(file, settings.stateDir))
    throw new UsageError(
      t('cli.reportRun.output.stateFolder', { name, folder: settings.stateDir }),
      {
        hint: t('cli.reportRun.output.stateFolder.hint'),
      },
    );
  let target: fs.Stats;
  try {
    target = fs.statSync(file);
  } catch {
    return;
  }
  if (!target.isFile()) return;
  const isTarget = sameFileAs(target, opts.cwd ?? process.cwd());
  let runs: RunRecord[] = [];
  try {
    runs = await listHistory({
      ...stateOf(settings),
    });
  } catch {
    // A history that cannot be read protects nothing; the report's own checks still run.
  }
  const found = recordedAs(runs, isTarget, opts.leadFile !== true);
  if (found !== undefined) {
    const run = found.run.slice(-6);
    throw new UsageError(t(`cli.reportRun.output.${found.as}`, { name, run }), {
      hint: t('cli.reportRun.output.recorded.hint', { run }),
    });
  }
  // A dry run is in no history, but its lists are in the sidecar records, each with the input
  // it was written for (review, session 21: `-o` replaced a lead file only a dry run had
  // checked, and that dry run's rows to fix).
  let lists: WrittenList[] = [];
  try {
    lists = await listWrittenLists({ ...stateOf(settings) });
  } catch {
    return;
  }
  // Only a list still there and still a list (its first line cacs's `line, code, reason`, even
  // with the rows edited since): a record of a list removed since, or replaced by another file
  // (yesterday's report at that name), protects nothing (review, session 21).
  for (const list of lists.filter((l) => looksLikeList(l.file))) {
    if (isTarget(list.file))
      throw new UsageError(t('cli.reportRun.output.list', { name, input: list.input ?? 'stdin' }), {
        hint: t('cli.reportRun.output.list.hint'),
      });
    if (opts.leadFile !== true && list.input !== null && isTarget(list.input))
      throw new UsageError(t('cli.reportRun.output.checkedInput', { name, list: list.file }), {
        hint: t('cli.reportRun.output.list.hint'),
      });
  }
}

/**
 * Whether the page would go where the rows go: the same open file by two names (`/dev/stdout`
 * and `/dev/fd/1`), or stdout itself when the rows go there (review, session 21: the page was
 * written after the CSV rows into one file). /dev/null takes both.
 */
export function sameOpenFile(html: string, output: string | undefined, stdoutFd: unknown): boolean {
  try {
    const page = fs.statSync(html);
    if (output === undefined && typeof stdoutFd !== 'number') return false;
    const rows = output === undefined ? fs.fstatSync(stdoutFd as number) : fs.statSync(output);
    if (page.dev !== rows.dev || page.ino !== rows.ino) return false;
    return !(page.isCharacterDevice() && page.rdev === fs.statSync('/dev/null').rdev);
  } catch {
    return false;
  }
}

/**
 * Whether two output names (links already followed: WriteTarget paths) are one file's, their
 * folders compared as they really are (`out/calls.csv` and `real/calls.csv` where `out` links
 * to `real`: review, session 21). A name whose folder cannot be resolved is compared as given.
 */
export function sameOutputName(a: string, b: string): boolean {
  const real = (p: string) => {
    try {
      return path.join(fs.realpathSync(path.dirname(p)), path.basename(p));
    } catch {
      return p;
    }
  };
  return a === b || real(a) === real(b);
}
