/**
 * `cacs report --join <lead file>` and `cacs report --recycle`: flags and settings → one
 * library call (runOutcomes) → the file (atomically) or stdout, and counts on stderr.
 */
import path from 'node:path';
import {
  CacsError,
  FailureError,
  UsageError,
  canonicalServiceUrl,
  checkReportOutput,
  formatCount,
  formatWallDate,
  parseColumnMap,
  parseMinGap,
  requireCampaign,
  runOutcomes,
  streamSink,
  writeFileAtomic,
  type FlatConfig,
  type LeadFileFormat,
  type OutcomesResult,
  type RecycleRule,
  type RunOutcomesOptions,
  type Settings,
  type Sink,
  type SummaryOptions,
  type WriteFailure,
  t,
  writeStop,
  tCount,
} from '../../index.js';
import { pageGenerator } from './report-html.js';
import type { Context } from '../context.js';
import { refuseRecordedOutput, sameOpenFile, sameOutputName } from './report-output-guard.js';
import type { ReportFlags } from './report-flags.js';
import { stateOf } from '../state-where.js';

/** Output formats by -o's extension. */
const EXTENSIONS: Readonly<Record<string, LeadFileFormat>> = {
  '.csv': 'csv',
  '.json': 'json',
  '.ndjson': 'ndjson',
  '.jsonl': 'ndjson',
  '.xlsx': 'xlsx',
};
const FORMATS: readonly string[] = ['csv', 'json', 'ndjson', 'xlsx'];
const INPUT_FORMATS: Readonly<Record<string, LeadFileFormat>> = {
  '.csv': 'csv',
  '.txt': 'csv',
  '.tsv': 'csv',
  '.json': 'json',
  '.ndjson': 'ndjson',
  '.jsonl': 'ndjson',
  '.xlsx': 'xlsx',
};

/** Flags that mean nothing with --join/--recycle. */
const NOT_WITH: ReadonlyArray<[keyof ReportFlags, string]> = [
  ['summary', '--summary'],
  ['flatten', '--flatten'],
  ['bookmark', '--bookmark'],
  ['status', '--status'],
  ['refId', '--ref-id'],
  ['failOnViolations', '--fail-on-violations'],
];

/** Flags only --join or --recycle read. */
export function usesOutcomes(flags: ReportFlags): boolean {
  return flags.join !== undefined || flags.recycle === true;
}

function outputFormat(flags: ReportFlags, output: string | undefined): LeadFileFormat | undefined {
  const given = flags.format;
  if (given !== undefined && !FORMATS.includes(given)) {
    throw new UsageError(t('cli.outcomes.format', { format: given }), {
      hint: t('cli.outcomes.format.hint'),
    });
  }
  if (output !== undefined) {
    const ext = path.extname(output).toLowerCase();
    const named = Object.hasOwn(EXTENSIONS, ext) ? EXTENSIONS[ext] : undefined;
    if (given !== undefined) {
      if (named !== undefined && named !== given)
        throw new UsageError(t('cli.outcomes.formatClash', { output, named, format: given }));
      return given as LeadFileFormat;
    }
    if (named === undefined)
      throw new UsageError(t('cli.outcomes.extension', { output }), {
        hint: t('cli.outcomes.format.hint'),
      });
    return named;
  }
  if (given !== undefined) return given as LeadFileFormat;
  if (flags.join !== undefined && flags.recycle !== true) {
    const ext = path.extname(flags.join).toLowerCase();
    return Object.hasOwn(INPUT_FORMATS, ext) ? INPUT_FORMATS[ext] : undefined;
  }
  return 'csv';
}

/** The summary's options for the page (--html), as `cacs report --format html` makes them. */
export type PageSummaryOptions = (
  settings: Settings,
  sources: ReadonlyMap<string, string>,
  cwd: string,
) => Promise<SummaryOptions>;

export async function runOutcomesCommand(
  flags: ReportFlags,
  ctx: Context,
  pageSummary: PageSummaryOptions,
): Promise<number> {
  for (const [key, name] of NOT_WITH) {
    if (flags[key] !== undefined && flags[key] !== false)
      throw new UsageError(t('cli.outcomes.notWith', { flag: name }));
  }
  if (flags.recycle !== true) {
    for (const [value, name] of [
      [flags.maxAttempts, '--max-attempts'],
      [flags.minGap, '--min-gap'],
      [flags.suppress, '--suppress'],
    ] as const) {
      if (value !== undefined) throw new UsageError(t('cli.outcomes.recycleOnly', { flag: name }));
    }
  }
  if (flags.join === undefined) {
    for (const [value, name] of [
      [flags.sheet, '--sheet'],
      [flags.delimiter, '--delimiter'],
      [flags.encoding, '--encoding'],
      [flags.map, '--map'],
    ] as const) {
      if (value !== undefined) throw new UsageError(t('cli.outcomes.joinOnly', { flag: name }));
    }
  }
  if (flags.join === undefined && flags.from === undefined)
    throw new UsageError(t('cli.outcomes.recycleFrom'), {
      hint: t('cli.outcomes.recycleFrom.hint'),
    });
  const minGapMs = flags.minGap !== undefined ? await parseMinGap(flags.minGap) : undefined;
  const map = flags.map !== undefined ? parseColumnMap(flags.map) : undefined;
  const cmdFlags: FlatConfig = new Map();
  if (flags.campaign !== undefined) cmdFlags.set('campaign', flags.campaign);
  if (flags.tz !== undefined) cmdFlags.set('timezone', flags.tz);
  if (flags.windowDays !== undefined) cmdFlags.set('report.windowDays', flags.windowDays);
  if (flags.concurrency !== undefined) cmdFlags.set('report.concurrency', flags.concurrency);
  const { settings, sources } = await ctx.settings(cmdFlags);
  const campaign = requireCampaign(settings);
  const output = flags.output;
  const format = outputFormat(flags, output);
  const outputFile = output === undefined ? undefined : path.resolve(ctx.io.cwd, output);
  const joinFile =
    flags.join === undefined || flags.join === '-'
      ? undefined
      : path.resolve(ctx.io.cwd, flags.join);
  /** What the rows' output is, for a failed write's words (writeStop). */
  let outWhat: WriteFailure['target'] = 'file';
  /** Where the rows go, links followed (a dangling one to its target's name). */
  let outPath: string | undefined;
  if (outputFile !== undefined) {
    const target = await checkReportOutput(outputFile, `-o ${output}`, joinFile);
    if (target.kind === 'direct') outWhat = target.what;
    outPath = target.path;
    await refuseRecordedOutput(outputFile, `-o ${output}`, settings, {
      leadFile: flags.recycle === true,
      cwd: ctx.io.cwd,
    });
  }
  // --html: the page of the same range, with this run's counts (issue 25 item 4).
  const htmlFile = flags.html === undefined ? undefined : path.resolve(ctx.io.cwd, flags.html);
  let htmlWhat: WriteFailure['target'] = 'file';
  if (htmlFile !== undefined) {
    const same = () =>
      new UsageError(
        t(outputFile === undefined ? 'cli.outcomes.htmlStdout' : 'cli.outcomes.htmlSame', {
          file: flags.html!,
        }),
      );
    if (
      htmlFile === outputFile ||
      sameOpenFile(htmlFile, outputFile, (ctx.io.stdout as { fd?: unknown }).fd)
    )
      throw same();
    const target = await checkReportOutput(htmlFile, `--html ${flags.html}`, joinFile);
    // Two names of one file not there yet: a link to the other, dangling (review, session 21).
    if (outPath !== undefined && target.kind !== 'direct' && sameOutputName(target.path, outPath))
      throw same();
    htmlWhat = target.kind === 'direct' ? target.what : 'file';
    // A file is named as a page; a device, a pipe or /dev/fd/N is written as it is (review,
    // session 21: `--html /dev/null` and `--html >(…)` were refused for their names).
    if (
      target.kind !== 'direct' &&
      !['.html', '.htm'].includes(path.extname(htmlFile).toLowerCase())
    )
      throw new UsageError(t('cli.outcomes.htmlExtension', { file: flags.html! }));
    await refuseRecordedOutput(htmlFile, `--html ${flags.html}`, settings, { cwd: ctx.io.cwd });
  }
  if (format === 'xlsx' && outputFile === undefined && ctx.io.stdoutIsTTY)
    throw new UsageError(t('cli.outcomes.xlsxTerminal'));
  const { createClient } = await import('../client.js');
  const { client, baseUrl } = await createClient(ctx, settings);
  const suppress = [
    ...settings.import.suppress.map((file) => ({
      path: file,
      name: file,
      from: 'import.suppress',
    })),
    ...(flags.suppress ?? []).map((file) => ({
      path: path.resolve(ctx.io.cwd, file),
      name: file,
      from: '--suppress',
    })),
  ];
  const spinner = await ctx.out.spinner(t('cli.outcomes.fetching', { done: 0, total: '…' }));
  const onAbort = () => spinner.stop();
  ctx.signal.addEventListener('abort', onAbort, { once: true });
  const page =
    htmlFile === undefined
      ? undefined
      : {
          campaign: settings.campaign ?? campaign.key,
          statusFilter: [],
          summary: await pageSummary(settings, sources, ctx.io.cwd),
          generatedAt: ctx.now(),
          generator: pageGenerator(),
        };
  const options = (sink: Sink, htmlSink?: Sink): RunOutcomesOptions => ({
    client,
    campaignKey: campaign.key,
    serviceUrl: canonicalServiceUrl(baseUrl),
    ...stateOf(settings),
    cwd: ctx.io.cwd,
    ...(flags.join !== undefined
      ? {
          join: {
            file: flags.join,
            ...(flags.sheet !== undefined ? { sheet: flags.sheet } : {}),
            ...(flags.delimiter !== undefined ? { delimiter: flags.delimiter } : {}),
            ...(flags.encoding !== undefined ? { encoding: flags.encoding } : {}),
            ...(map !== undefined ? { map } : {}),
          },
        }
      : {}),
    ...(flags.recycle === true
      ? {
          recycle: {
            ...(settings.report.recycleStatuses !== undefined
              ? { statuses: settings.report.recycleStatuses }
              : {}),
            ...(flags.maxAttempts !== undefined ? { maxAttempts: flags.maxAttempts } : {}),
            ...(minGapMs !== undefined ? { minGapMs } : {}),
            ...(suppress.length > 0 ? { suppress } : {}),
            phonePattern: settings.import.phonePattern,
            ...(settings.import.placeholderNumbers !== undefined
              ? { placeholderNumbers: settings.import.placeholderNumbers }
              : {}),
          },
        }
      : {}),
    ...(flags.from !== undefined ? { from: flags.from } : {}),
    ...(flags.to !== undefined ? { to: flags.to } : {}),
    now: ctx.now(),
    timeZone: settings.timezone,
    serviceTimeZone: settings.serviceTimezone,
    windowDays: settings.report.windowDays,
    concurrency: settings.report.concurrency,
    countMismatch: settings.report.countMismatch,
    memoryBudget: settings.report.memoryBudget,
    answeredStatuses: settings.report.answeredStatuses,
    signal: ctx.signal,
    onProgress: ({ done, total }) =>
      spinner.update(t('cli.outcomes.fetching', { done, total: String(total) })),
    onWarning: (message) => ctx.out.warn(message),
    sink,
    ...(format !== undefined ? { format } : {}),
    ...(flags.bom !== undefined ? { bom: flags.bom } : {}),
    ...(page !== undefined && htmlSink !== undefined
      ? { html: { sink: htmlSink, page, outputName: output ?? '-' } }
      : {}),
  });
  let result: OutcomesResult | undefined;
  try {
    // The page, when asked for, is written atomically beside the lead file, inside its write:
    // both files are in place, or neither.
    // A write that fails is said as a report's is (review, session 21: `--html /dev/full` and
    // `-o /dev/full` said "internal error: ENOSPC"), naming the output that failed.
    const outName = output === undefined ? undefined : `-o ${output}`;
    const watched = (
      sink: Sink,
      name: string | undefined,
      what: () => WriteFailure['target'],
    ): Sink => {
      let wrote = false;
      return {
        write: async (chunk) => {
          try {
            await sink.write(chunk);
            wrote = true;
          } catch (e) {
            throw writeFailed(e, name, what(), wrote);
          }
        },
      };
    };
    const run = async (sink: Sink) => {
      const out = watched(sink, outName, () => outWhat);
      if (htmlFile === undefined) {
        result = await runOutcomes(options(out));
        return;
      }
      const htmlName = `--html ${flags.html}`;
      try {
        await writeFileAtomic(htmlFile, async (htmlSink) => {
          result = await runOutcomes(
            options(
              out,
              watched(htmlSink, htmlName, () => htmlWhat),
            ),
          );
        });
      } catch (e) {
        // The page's own commit (a pipe's reader gone at its close).
        throw writeFailed(e, htmlName, htmlWhat, true);
      }
    };
    if (outputFile === undefined) await run(streamSink(ctx.io.stdout, ctx.signal));
    else {
      try {
        await writeFileAtomic(outputFile, run);
      } catch (e) {
        throw writeFailed(e, outName, outWhat, true);
      }
    }
  } finally {
    spinner.stop();
    ctx.signal.removeEventListener('abort', onAbort);
  }
  report(ctx, result!, flags, output);
  if (flags.html !== undefined) ctx.out.info(t('cli.outcomes.htmlWritten', { file: flags.html! }));
  return 0;
}

/** The counts on stderr. */
function report(
  ctx: Context,
  r: OutcomesResult,
  flags: ReportFlags,
  output: string | undefined,
): void {
  for (const note of r.notes) ctx.out.info(note);
  const where = output ?? t('cli.outcomes.stdout');
  ctx.out.info(
    // Counts as the other summaries write them (1,234; 1.234 in Vietnamese), dates day-first
    // in Vietnamese.
    t(r.fromSource === 'history' ? 'cli.outcomes.rangeFromHistory' : 'cli.outcomes.range', {
      from: formatWallDate(r.from),
      to: formatWallDate(r.to),
      leads: formatCount(r.leads),
      attempts: formatCount(r.attempts),
    }),
  );
  if (flags.join !== undefined && r.notInFile > 0)
    ctx.out.info(tCount('cli.outcomes.notInFile', r.notInFile, { file: flags.join }));
  if (r.excluded === undefined) {
    ctx.out.info(
      tCount('cli.outcomes.joined', r.written, {
        where,
        called: formatCount(r.called),
        notCalled: formatCount(r.notCalled),
        notImported: formatCount(r.notImported),
      }),
    );
    if (r.erased > 0) ctx.out.info(tCount('cli.outcomes.joinedErased', r.erased));
    if (r.blank > 0) ctx.out.info(tCount('cli.outcomes.joinedBlank', r.blank));
    return;
  }
  ctx.out.info(tCount('cli.outcomes.recycled', r.written, { where }));
  for (const rule of Object.keys(r.excluded) as RecycleRule[]) {
    const n = r.excluded[rule];
    if (n > 0) ctx.out.info(tCount(`cli.outcomes.excluded.${rule}`, n));
  }
  if (r.blank > 0) ctx.out.info(tCount('cli.outcomes.excludedBlank', r.blank));
}

/** The system calls of writing a file (a read's failure is no output's). */
const WRITE_CALLS: ReadonlySet<string> = new Set([
  'write',
  'open',
  'close',
  'fsync',
  'fdatasync',
  'rename',
  'link',
  'unlink',
  'fchown',
  'chown',
  'ftruncate',
  'mkdir',
]);

/** A write that failed, said as a report's (writeStop); a cacs error (a stop, a refusal) as it is. */
function writeFailed(
  e: unknown,
  name: string | undefined,
  target: WriteFailure['target'],
  wroteSomething: boolean,
): unknown {
  if (e instanceof CacsError || name === undefined) return e;
  // A file system's refusal (write, fsync, rename, link…: it names its system call), not any
  // error with a code (a bug's ERR_… stays an internal error, reported as one).
  const failed = e as { code?: unknown; syscall?: unknown } | null;
  if (typeof failed?.code !== 'string' || !WRITE_CALLS.has(String(failed.syscall))) return e;
  const stop = writeStop({ error: e, name, target, wroteSomething });
  return new FailureError(stop.message, { hint: stop.hint, cause: e });
}
