/**
 * The report's output stage, between plan range and fetch: where the output goes and in which
 * format, checked before any request. The output's name gets the range's `{from}`/`{to}` and
 * today's `{date}`; it must be a file in an existing, writable folder, or a pipe or device that
 * can be written. A bookmarked report never replaces a file (it holds calls no later run fetches
 * again): with nothing new, the earlier run's file is kept as it is. Data only.
 */
import path from 'node:path';
import { UsageError } from '../../errors.js';
import { t } from '../../messages/index.js';
import type { WriteTarget } from '../../atomic-write.js';
import { nowIn, type ReportRange } from '../dates.js';
import type { ReportFormat } from '../formats.js';
import { checkOutputName, expandOutputName } from '../output-name.js';

/** The output cannot be written there: its message starts with the output's name. */
export class ReportOutputError extends UsageError {}

export interface OutputStageInput {
  /** The output's name as given (placeholders allowed); undefined: stdout. */
  output?: string;
  /** The folder a relative name is read from. */
  cwd: string;
  range: ReportRange;
  now: Date;
  /** The report time zone (for `{date}`). */
  timeZone: string;
  /** The format asked for, the one configured, and whether stdout is a terminal. */
  format?: ReportFormat;
  configuredFormat?: ReportFormat;
  stdoutIsTTY: boolean;
  /** A bookmarked run; `empty`: with nothing new to fetch. */
  bookmarked: boolean;
  empty: boolean;
}

export interface OutputStage {
  /** The output's name with its placeholders filled, its path, and what writing it will be. */
  output?: { name: string; file: string; target: WriteTarget };
  format: ReportFormat;
  /** Nothing new for a bookmark, and the file of this name is an earlier run's: kept. */
  keepExisting: boolean;
  /**
   * Nothing new for a bookmark, and the name given has placeholders: no file is written. There
   * is no range to name it after (`{from}`, `{to}`: its start would lie after its end), and an
   * empty `calls-{date}.csv` would make the day's later run, which has something to write, exit
   * 2 (a bookmarked run never replaces a file). `keepExisting` is then true too, so that the
   * write and finish stages write none.
   */
  noRange: boolean;
}

export async function outputStage(input: OutputStageInput): Promise<OutputStage> {
  const [{ checkReportOutput }, { formatFor }] = await Promise.all([
    import('../output.js'),
    import('../write.js'),
  ]);
  let output: OutputStage['output'];
  if (input.output !== undefined) {
    const name = expandOutputName(input.output, {
      from: input.range.from,
      to: input.range.to,
      today: nowIn(input.timeZone, input.now),
    });
    const file = path.resolve(input.cwd, name);
    let target: WriteTarget;
    try {
      target = checkReportOutput(file, name);
    } catch (e) {
      if (!(e instanceof UsageError)) throw e;
      throw new ReportOutputError(e.message, e.hint !== undefined ? { hint: e.hint } : {});
    }
    output = { name, file, target };
  }
  const format = formatFor(output?.name, input.configuredFormat, input.stdoutIsTTY, input.format);
  // A bookmarked report file is never replaced: it holds a range no later run fetches again.
  // A pipe or a device (-o /dev/stdout) is written, never replaced: nothing to keep there.
  let keepExisting = false;
  const noRange =
    input.bookmarked &&
    input.empty &&
    output?.target.kind === 'file' &&
    checkOutputName(input.output!).length > 0;
  // Nothing is written (keepExisting: the write and finish stages write and claim no file).
  if (noRange) return { output: output!, format, keepExisting: true, noRange };
  if (input.bookmarked && output?.target.kind === 'file' && output.target.exists) {
    if (!input.empty) {
      throw new UsageError(t('report.run.bookmarkedExists', { output: output.name }), {
        hint: t('report.run.bookmarkedExists.hint', { from: '{from}', to: '{to}' }),
      });
    }
    keepExisting = true;
  }
  return { ...(output !== undefined ? { output } : {}), format, keepExisting, noRange: false };
}
