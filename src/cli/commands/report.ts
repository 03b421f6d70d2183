/** `cacs report`: flags → settings → the report service (dates, windows, fetch, merge) → write. */
import {
  CacsError,
  ReportOutputError,
  ReportWriteError,
  UsageError,
  askedStatuses,
  bookmarkStage,
  finishRunStage,
  outputStage,
  planRangeStage,
  writeStage,
  DEFAULT_SETTLE_MS,
  checkBookmarkName,
  checkOutputName,
  describeRange,
  leadFormat,
  parseDuration,
  preloadHttpClient,
  preloadReport,
  fetchStage,
  renderSummary,
  reportSummaryOptions,
  summarize,
  writeReport,
  complianceStop,
  formatBytes,
  requireCampaign,
  type CallRecord,
  type FetchStage,
  type FlatConfig,
  type ReportProgress,
  type ReportSplit,
  type ReportSummary,
  type Settings,
  type Sink,
  type SummaryOptions,
  t,
  tCount,
} from '../../index.js';
import type { Context } from '../context.js';
import { refuseRecordedOutput } from './report-output-guard.js';
import { htmlReportWriter } from './report-html.js';
import type { ReportFlags } from './report-flags.js';

export type { ReportFlags };

/**
 * -o must name a file in an existing, writable folder, or a pipe or device that can be written
 * (the library's output stage): checked before any request; its message gets the flag.
 */
async function withOutputFlag<T>(stage: () => Promise<T>): Promise<T> {
  try {
    return await stage();
  } catch (e) {
    if (!(e instanceof ReportOutputError)) throw e;
    throw new UsageError(`-o ${e.message}`, e.hint !== undefined ? { hint: e.hint } : {});
  }
}

/** Formats a summary can be written in: the terminal view (also `.txt`), JSON, one NDJSON line. */
const SUMMARY_FORMATS: readonly string[] = ['table', 'json', 'ndjson', 'html'];

/**
 * The error of --fail-on-violations: the library's stop (how many, and which rules), its hint
 * worded with the command's flags.
 */
function violationsError(summary: ReportSummary): CacsError {
  const stop = complianceStop(summary)!;
  return new CacsError(stop.message, stop.exitCode, {
    category: stop.code,
    remedies: stop.remedies,
    hint: t('cli.reportRun.violations.hint'),
  });
}

const TIME_OF_DAY = /^\d{1,2}:\d{2}(?::\d{2}(?:[.,]\d+)?)?(?:Z|[+-]\d{2}(?::?\d{2})?)?$/i;
const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * `cacs report` takes no arguments: one is most often the time of a date that was not quoted
 * (`--from 2026-11-23 10:00`), which the shell splits in two. Says which flag to quote.
 */
export function strayArgumentError(
  args: readonly string[],
  flags: Pick<ReportFlags, 'from' | 'to'>,
): UsageError | undefined {
  const first = args[0];
  if (first === undefined) return undefined;
  if (TIME_OF_DAY.test(first)) {
    const dated = (['from', 'to'] as const).filter(
      (k) => flags[k] !== undefined && DATE_ONLY.test(flags[k]),
    );
    const name = dated.length === 1 ? dated[0]! : undefined;
    if (name !== undefined) {
      return new UsageError(
        t('cli.reportRun.unquoted', { name, date: flags[name]!, time: first }),
        {
          hint: t('cli.reportRun.unquoted.hint', { name, date: flags[name]!, time: first }),
        },
      );
    }
    return new UsageError(t('cli.reportRun.strayTime', { arg: JSON.stringify(first) }), {
      hint: t('cli.reportRun.strayTime.hint'),
    });
  }
  return new UsageError(t('cli.reportRun.stray', { arg: JSON.stringify(first) }), {
    hint: t('cli.reportRun.stray.hint'),
  });
}

export async function runReportCommand(
  flags: ReportFlags,
  ctx: Context,
  args: string[] = [],
): Promise<number> {
  // A bookmarked run's lock is let go of however the run ends.
  const held: { release?: () => Promise<void> } = {};
  try {
    return await reportCommand(flags, ctx, args, held);
  } finally {
    await held.release?.();
  }
}

/** The summary's compliance options for a join/recycle run's HTML page (report-outcomes.ts). */
function summaryOptions(
  settings: Settings,
  sources: ReadonlyMap<string, string>,
  cwd: string,
): Promise<SummaryOptions> {
  return reportSummaryOptions({
    settings,
    sources,
    cwd,
    suppressFrom: t('cli.import.suppress.from', {
      source: sources.get('import.suppress') ?? 'config',
    }),
  });
}

/**
 * A flag of the lead file's run given without it (found by an operator walk: `--html page.html`
 * without --join exited 0 and wrote no page; `--suppress nosuch.txt` was not even read): exit 2
 * naming what it needs, as every other flag that does not apply is.
 */
function outcomesFlagError(flags: ReportFlags): UsageError | undefined {
  const join = flags.join !== undefined;
  const recycle = flags.recycle === true;
  const given = (name: string, value: unknown) =>
    value === undefined || (Array.isArray(value) && value.length === 0) ? [] : [name];
  const needs: Array<[string[], boolean, string]> = [
    [given('--html', flags.html), join || recycle, t('cli.outcomes.joinOrRecycle')],
    [
      [
        ...given('--sheet', flags.sheet),
        ...given('--delimiter', flags.delimiter),
        ...given('--encoding', flags.encoding),
        ...given('--map', flags.map),
      ],
      join,
      '--join',
    ],
    [
      [
        ...given('--max-attempts', flags.maxAttempts),
        ...given('--min-gap', flags.minGap),
        ...given('--suppress', flags.suppress),
      ],
      recycle,
      '--recycle',
    ],
  ];
  for (const [names, ok, what] of needs) {
    if (ok || names.length === 0) continue;
    return new UsageError(t('cli.outcomes.flagNeeds', { flag: names[0]!, needs: what }), {
      hint: t('cli.outcomes.flagNeeds.hint', { flag: names[0]!, needs: what }),
    });
  }
  return undefined;
}
async function reportCommand(
  given: ReportFlags,
  ctx: Context,
  args: string[],
  held: { release?: () => Promise<void> },
): Promise<number> {
  // `-o -` is stdout, as `-` is stdin for an import (it wrote a file named "-").
  const flags = given.output === '-' ? withoutOutput(given) : given;
  const stray = strayArgumentError(args, flags);
  if (stray !== undefined) throw stray;
  const misplaced = outcomesFlagError(flags);
  if (misplaced !== undefined) throw misplaced;
  // The lead file back with its outcomes, and the next round (issue 25): report-outcomes.ts.
  if (flags.join !== undefined || flags.recycle === true)
    return (await import('./report-outcomes.js')).runOutcomesCommand(flags, ctx, summaryOptions);
  // Bookmarks: listing and forgetting fetch nothing; a bookmarked run is checked here too.
  const bookmarking =
    flags.bookmark !== undefined ||
    flags.bookmarks === true ||
    flags.bookmarkReset !== undefined ||
    flags.settle !== undefined;
  const bookmarks = bookmarking ? await import('./report-bookmark.js') : undefined;
  if (bookmarks !== undefined) {
    // As given: `--bookmarks -o -` is refused as `--bookmarks -o x.csv` is (-o writes nothing there).
    const problem = bookmarks.bookmarkFlagProblem(given);
    if (problem !== undefined) throw problem;
    if (flags.bookmarks === true) return bookmarks.runBookmarkList(flags, ctx);
    if (flags.bookmarkReset !== undefined) return bookmarks.runBookmarkReset(flags, ctx);
  }
  if (flags.output !== undefined) checkOutputName(flags.output);
  if (flags.bookmark !== undefined) checkBookmarkName(flags.bookmark, '--bookmark');
  const settleMs = flags.settle !== undefined ? parseDuration(flags.settle) : DEFAULT_SETTLE_MS;
  // What the report needs is loaded while the settings are read: got's module graph above all,
  // which otherwise loads only when the first request is made; the report's writers too.
  const modules = Promise.all([import('../client.js'), preloadHttpClient(), preloadReport()]);
  // A failure is reported where they are awaited; this only keeps it from counting as
  // unhandled when the settings fail first.
  modules.catch(() => undefined);
  const cmdFlags: FlatConfig = new Map();
  if (flags.campaign !== undefined) cmdFlags.set('campaign', flags.campaign);
  if (flags.tz !== undefined) cmdFlags.set('timezone', flags.tz);
  if (flags.flatten !== undefined) cmdFlags.set('report.flatten', flags.flatten);
  if (flags.windowDays !== undefined) cmdFlags.set('report.windowDays', flags.windowDays);
  if (flags.concurrency !== undefined) cmdFlags.set('report.concurrency', flags.concurrency);
  if (flags.bom !== undefined) cmdFlags.set('report.bom', flags.bom);
  const { settings, sources } = await ctx.settings(cmdFlags);
  const summaryMode = flags.summary === true;
  const failOnViolations = flags.failOnViolations === true;
  if (summaryMode && flags.flatten !== undefined) {
    throw new UsageError(t('cli.reportRun.flattenSummary'), {
      hint: t('cli.reportRun.flattenSummary.hint'),
    });
  }

  const [{ createClient }] = await modules;
  const now = ctx.now();
  // A bookmarked run holds the bookmark's lock from here until it is moved (or not).
  const bookmark =
    flags.bookmark !== undefined
      ? await bookmarks!.openRunBookmark(flags.bookmark, settings, flags, ctx)
      : undefined;
  held.release = async () => bookmark?.release();
  // Read in the user's zone, sent (and split into windows) on the service's wall clock.
  const { plan, empty, notes } = planRangeStage({
    ...(bookmark !== undefined ? { bookmark, settleMs } : {}),
    ...(flags.from !== undefined ? { from: flags.from } : {}),
    ...(flags.to !== undefined ? { to: flags.to } : {}),
    ...(bookmark === undefined && flags.status !== undefined ? { status: flags.status } : {}),
    now,
    timeZone: settings.timezone,
    serviceTimeZone: settings.serviceTimezone,
    windowDays: settings.report.windowDays,
  });
  for (const line of notes) ctx.out.info(line);
  const { range, windows, statusGroups: groups, requests } = plan;
  const campaign = requireCampaign(settings);
  // -o with {from}, {to} (the range fetched) and {date} (today in the user's zone) filled in,
  // checked before any request; the format from --format, its extension or the config.
  const out = await withOutputFlag(() =>
    outputStage({
      ...(flags.output !== undefined ? { output: flags.output } : {}),
      cwd: ctx.io.cwd,
      range,
      now,
      timeZone: settings.timezone,
      ...(flags.format !== undefined ? { format: flags.format } : {}),
      ...(settings.report.format !== undefined ? { configuredFormat: settings.report.format } : {}),
      stdoutIsTTY: ctx.io.stdoutIsTTY,
      bookmarked: bookmark !== undefined,
      empty,
    }),
  );
  // Nothing new, and -o names the range fetched: nothing is written (see outputStage).
  const { format, keepExisting, noRange } = out;
  const output = out.output?.name;
  const outputFile = out.output?.file;
  // Never over a lead file an import read, or a list it wrote (report-output-guard.ts).
  if (outputFile !== undefined)
    await refuseRecordedOutput(outputFile, `-o ${output}`, settings, { cwd: ctx.io.cwd });
  if (flags.bom === true && format !== 'csv') {
    throw new UsageError(t('cli.reportRun.bom', { format }), {
      hint: t('cli.reportRun.bom.hint'),
    });
  }
  if (format === 'xlsx' && outputFile === undefined && ctx.io.stdoutIsTTY) {
    throw new UsageError(t('cli.outcomes.xlsxTerminal'), {
      hint: t('cli.reportRun.xlsx.hint'),
    });
  }
  if (flags.flatten !== undefined && format === 'html') {
    throw new UsageError(t('cli.reportRun.flattenHtml'), {
      hint: t('cli.reportRun.flattenHtml.hint'),
    });
  }
  if (flags.flatten !== undefined && !['csv', 'table', 'xlsx'].includes(format)) {
    throw new UsageError(t('cli.reportRun.flatten', { format }), {
      hint: t('cli.reportRun.flatten.hint', { format }),
    });
  }
  if (summaryMode && !SUMMARY_FORMATS.includes(format)) {
    throw new UsageError(t('cli.reportRun.summaryFormat', { format }), {
      hint: t('cli.reportRun.summaryFormat.hint'),
    });
  }
  const flatten = settings.report.flatten;
  // The statuses asked for (a filter), to say when one matched nothing.
  const asked = askedStatuses(groups);
  const filtered = asked.size > 0;
  const writeOpts = {
    format,
    flatten,
    // No colour code ever goes into a file, whatever FORCE_COLOR says.
    colors: outputFile === undefined ? ctx.out.cOut : ctx.out.plain,
    columns: ctx.io.columns ?? 80,
    bom: format === 'csv' && settings.report.bom,
    filtered,
  };
  const { client } = await createClient(ctx, settings);
  const statsOptions =
    summaryMode || failOnViolations || format === 'html'
      ? await summaryOptions(settings, sources, ctx.io.cwd)
      : undefined;

  // csv, json, ndjson: written lead by lead as the answers come (the table counts its leads
  // at the end, and is for a terminal).
  const formatted = await leadFormat(writeOpts);
  // Statuses as the service spells them: for the unmatched-status warning and for shell
  // completion of --status (completion/values.ts).
  const spelled = new Set<string>();
  const noteStatuses = (r: CallRecord) => {
    for (const a of r.data ?? []) if (a.status !== null) spelled.add(String(a.status));
  };
  const byLead =
    formatted === undefined
      ? formatted
      : {
          ...formatted,
          lead: (r: CallRecord) => {
            noteStatuses(r);
            return formatted.lead(r);
          },
        };

  ctx.out.debug(
    t('report.run.plan', {
      range: describeRange(range),
      windows: tCount('report.run.windows', windows.length),
      groups: tCount('report.run.statusGroups', groups.length),
    }),
  );
  /** What the bookmark records of this run. */
  const runOf = (leads: number, attempts: number) => ({
    at: ctx.now().toISOString(),
    leads,
    attempts,
    ...(outputFile !== undefined ? { output: outputFile } : {}),
  });
  /** The write stage: to -o (atomically: complete or not at all) or to stdout. */
  const writeOutput = async (
    write: string | ((sink: Sink) => Promise<void>),
    counts: { leads: number; attempts: number },
  ) => {
    try {
      await writeStage(write, {
        to:
          out.output === undefined
            ? { stream: ctx.io.stdout }
            : { file: out.output.file, name: out.output.name, target: out.output.target },
        signal: ctx.signal,
        ...(bookmark !== undefined ? { bookmark } : {}),
        empty,
        keepExisting,
        run: runOf(counts.leads, counts.attempts),
        onWarning: (message) => ctx.out.warn(message),
      });
    } catch (e) {
      // The library names the output; the command names it by its flag.
      if (!(e instanceof ReportWriteError)) throw e;
      const stop = e.reportStop;
      throw new CacsError(`-o ${stop.message}`, stop.exitCode, {
        category: stop.code,
        ...(stop.hint !== undefined ? { hint: stop.hint } : {}),
        remedies: stop.remedies,
      });
    }
  };
  /**
   * The finish stage, after the output is complete, in either path: the ref_id note, a warning
   * for an asked status that matched nothing, the statuses remembered for completion, the range
   * line, and the bookmark moved.
   */
  const finish = async (
    done: {
      requests: number;
      notFound: number;
      leads: number;
      attempts: number;
      split: number;
    },
    statuses: Iterable<string>,
    wrote: 'summary' | 'report',
  ) => {
    const finished = finishRunStage({
      ...(flags.refId !== undefined ? { refId: flags.refId } : {}),
      ...done,
      statusGroups: groups,
      statuses,
      range,
      empty,
      ...(output !== undefined ? { output } : {}),
      keepExisting,
      wrote,
    });
    if (finished.refIdNotFound) {
      ctx.out.info(t('cli.reportRun.refIdNotFound', { refId: flags.refId! }));
    } else if (flags.refId === undefined && done.notFound > 0) {
      // Without --ref-id the spec never says it: a service that words an empty range so. Said,
      // so that a range left out is seen (review, session 17).
      ctx.out.info(tCount('cli.reportRun.notFound', done.notFound));
    }
    const none = finished.unmatchedStatuses;
    if (none.length > 0) {
      ctx.out.warn(
        t('cli.reportRun.unmatchedStatus', {
          statuses: none.map((st) => JSON.stringify(st)).join(', '),
        }),
      );
    }
    clearTimeout(loadSoon);
    await (await statusList()).rememberStatuses(settings.stateDir, finished.statuses);
    ctx.out.info(ctx.out.c.dim(finished.rangeLine));
    if (bookmark !== undefined) {
      ctx.out.info(
        await bookmarkStage({
          bookmark,
          range,
          empty,
          run: runOf(done.leads, done.attempts),
          toGiven: flags.to !== undefined,
          settleMs,
          keepExisting,
          noRange,
          ...(noRange && flags.output !== undefined
            ? { output: flags.output }
            : output !== undefined
              ? { output }
              : {}),
        }),
      );
    }
  };
  const spinner = await ctx.out.spinner(t('report.run.fetching', { done: 0, total: requests }));
  // What the end writes the statuses seen with (the state store's modules) is loaded while the
  // first answers are awaited, once the requests are out (a moment after they start), not after
  // the last answer; a report done sooner loads it at its end.
  let statusModule: Promise<typeof import('../completion/values.js')> | undefined;
  const statusList = () =>
    (statusModule ??= import('../completion/values.js').then(async (m) => {
      await m.loadStatusesSoon(settings.stateDir);
      return m;
    }));
  const loadSoon = setTimeout(() => void statusList().catch(() => undefined), 20);
  loadSoon.unref();
  // Ctrl-C: the spinner goes at once (the requests in flight are cancelled by the client).
  const onAbort = () => spinner.stop();
  ctx.signal.addEventListener('abort', onAbort, { once: true });
  const reportOpts = {
    client,
    campaignKey: campaign.key,
    plan,
    ...(flags.refId !== undefined ? { refId: flags.refId } : {}),
    concurrency: settings.report.concurrency,
    signal: ctx.signal,
    // Told of every piece of every answer: no text is made when none is drawn.
    onProgress: ({ done, total, bytes }: ReportProgress) => {
      if (!spinner.drawn) return;
      spinner.update(
        bytes > 0
          ? t('report.run.fetching.bytes', { done, total, bytes: formatBytes(bytes) })
          : t('report.run.fetching', { done, total }),
      );
    },
    ...(ctx.out.verbose ? { onSplit: (s: ReportSplit) => ctx.out.debug(describeSplit(s)) } : {}),
    countMismatch: settings.report.countMismatch,
    onWarning: (message: string) => ctx.out.warn(message),
  };
  // The fetch stage: summarised as it comes, each lead written as it comes, or all kept (the
  // table and the HTML page); the spinner is fed by its progress.
  let fetched: FetchStage;
  try {
    fetched = await fetchStage({
      report: reportOpts,
      campaign,
      ...(summaryMode && format !== 'html' ? { summary: statsOptions ?? {} } : {}),
      ...(byLead !== undefined ? { lead: byLead, memoryBudget: settings.report.memoryBudget } : {}),
    });
  } finally {
    spinner.stop();
    ctx.signal.removeEventListener('abort', onAbort);
  }
  // A refused key that came from an alias says which alias, read as what, from where.
  if (fetched.path === 'stop')
    throw (await import('../campaign.js')).explainRefusal(fetched.error, campaign, sources);
  if (fetched.path === 'summary') {
    const { summary, ...stream } = fetched;
    const heading = {
      campaign: campaign.alias !== undefined ? `${campaign.alias} (${campaign.key})` : campaign.key,
      from: stream.from,
      to: stream.to,
      serviceTimeZone: range.serviceTimeZone,
    };
    let text: string;
    if (format === 'table') {
      text = await renderSummary(summary, {
        colors: outputFile === undefined ? ctx.out.cOut : ctx.out.plain,
        // A file is no terminal: the usual 80 columns.
        columns: outputFile === undefined ? (ctx.io.columns ?? 80) : 80,
        heading,
      });
    } else {
      const json = {
        campaign: campaign.key,
        ...(campaign.alias !== undefined ? { campaignAlias: campaign.alias } : {}),
        from: stream.from,
        to: stream.to,
        serviceTimeZone: range.serviceTimeZone,
        ...summary,
      };
      text =
        format === 'ndjson' ? `${JSON.stringify(json)}\n` : `${JSON.stringify(json, null, 2)}\n`;
    }
    await writeOutput(text, summary);
    await finish(
      { requests: stream.requests, notFound: stream.notFound, split: stream.split, ...summary },
      summary.statuses.map((st) => st.status),
      'summary',
    );
    if (failOnViolations && summary.compliance.violations > 0) throw violationsError(summary);
    return 0;
  }

  let result;
  let recordsForStats: () => Iterable<CallRecord> | AsyncIterable<CallRecord>;
  /** Removes a spilled report's temporary folder (prepareReport): however the run ends. */
  let dispose: (() => void) | undefined;
  if (fetched.path === 'prepared') {
    const prepared = fetched.prepared;
    result = prepared;
    dispose = () => prepared.dispose();
    recordsForStats = () => prepared.records();
  } else {
    const { records, ...rest } = fetched.result;
    records.forEach(noteStatuses);
    recordsForStats = () => records;
    const leads = records.length;
    result = {
      ...rest,
      leads,
      write:
        format === 'html'
          ? await htmlReportWriter(records, {
              summary: { ...statsOptions, range: { from: rest.from, to: rest.to } },
              campaign: settings.campaign ?? campaign.key,
              range,
              statusFilter: [...asked.values()],
              refId: flags.refId,
              now: ctx.now(),
            })
          : (sink: Sink) => writeReport(records, sink, writeOpts),
    };
  }

  // The compliance check of --fail-on-violations, before the records are let go of by write.
  let violations: ReportSummary | undefined;
  const written = result;
  try {
    if (failOnViolations) {
      const records = recordsForStats();
      violations =
        Symbol.iterator in records
          ? summarize(records, statsOptions)
          : await summarize(records, statsOptions);
    }
    await writeOutput((sink) => written.write(sink), {
      leads: written.leads,
      attempts: written.attempts,
    });
  } finally {
    dispose?.();
  }
  if (filtered && (flatten === 'leads' || format === 'json' || format === 'ndjson')) {
    ctx.out.info(ctx.out.c.dim(t('cli.reportRun.statusNote')));
  }
  await finish(
    {
      requests: result.requests,
      notFound: result.notFound,
      split: result.split,
      leads: result.leads,
      attempts: result.attempts,
    },
    spelled,
    'report',
  );
  if (violations !== undefined && violations.compliance.violations > 0)
    throw violationsError(violations);
  return 0;
}

/** A --verbose line: a slice asked again in smaller ones, its answer being too large. */
function describeSplit(s: ReportSplit): string {
  const window = (x: { from: string; to: string }) =>
    t('report.run.split.window', { from: x.from, to: x.to });
  const what =
    s.slice.status === undefined
      ? t('report.run.split.what.every', { window: window(s.slice) })
      : t('report.run.split.what.status', { window: window(s.slice), status: s.slice.status });
  const cap = formatBytes(s.answerBytes);
  if (s.by === 'status')
    return t('report.run.split.byStatus', {
      cap,
      what,
      statuses: s.into.map((p) => p.status).join(', '),
    });
  const into = s.into
    .map(window)
    .reduce((first, second) => t('report.run.split.and', { first, second }));
  return s.unasked
    ? t('report.run.split.unasked', { what, cap, into })
    : t('report.run.split.byTime', { cap, what, into });
}

/** The flags as if -o was not given. */
function withoutOutput(flags: ReportFlags): ReportFlags {
  const rest = { ...flags };
  delete rest.output;
  return rest;
}
