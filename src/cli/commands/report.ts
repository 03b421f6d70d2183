/** `cacs report`: flags → settings → the report service (dates, windows, fetch, merge) → write. */
import path from 'node:path';
import {
  CacsError,
  InterruptedError,
  OutputClosedError,
  UsageError,
  checkReportOutput,
  askedStatuses,
  finishStage,
  planRangeStage,
  writeStop,
  DEFAULT_SETTLE_MS,
  addSecond,
  checkBookmarkName,
  checkOutputName,
  describeRange,
  expandOutputName,
  formatServiceDate,
  leadFormat,
  loadDoNotCallLists,
  loadErasureCheck,
  normalizePhone,
  nowIn,
  parseDuration,
  preloadHttpClient,
  preloadReport,
  prepareReport,
  renderSummary,
  reportFormatFor,
  runReport,
  streamReport,
  streamSink,
  summarize,
  writeFileAtomic,
  writeReport,
  complianceStop,
  formatBytes,
  formatDurationFlag,
  plural,
  requireCampaign,
  type CallRecord,
  type FlatConfig,
  type ReportProgress,
  type ReportSplit,
  type ReportSummary,
  type Settings,
  type Sink,
  type SummaryOptions,
  type WriteTarget,
} from '../../index.js';
import { t } from '../../messages/index.js';
import type { Context } from '../context.js';
import { htmlReportWriter } from './report-html.js';
import type { ReportFlags } from './report-flags.js';

export type { ReportFlags };

/**
 * -o must name a file in an existing, writable folder, or a pipe or device that can be written
 * (the library's checkReportOutput): checked before any request; its message gets the flag.
 */
async function checkWritableFolder(file: string, given: string): Promise<WriteTarget> {
  try {
    return await checkReportOutput(file, given);
  } catch (e) {
    if (!(e instanceof UsageError)) throw e;
    throw new UsageError(`-o ${e.message}`, e.hint !== undefined ? { hint: e.hint } : {});
  }
}

/** Resolves once everything written to `stream` before has been handed to the OS. */
function flushed(stream: NodeJS.WritableStream, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if ((stream as { destroyed?: boolean }).destroyed) return reject(new OutputClosedError());
    // A reader that stopped reading must not keep a Ctrl-C waiting.
    const onAbort = () => reject(new InterruptedError('interrupted'));
    if (signal.aborted) return onAbort();
    signal.addEventListener('abort', onAbort, { once: true });
    stream.write('', (err?: Error | null) => {
      signal.removeEventListener('abort', onAbort);
      if (!err) return resolve();
      reject((err as { code?: string }).code === 'EPIPE' ? new OutputClosedError() : err);
    });
  });
}

/** Formats a summary can be written in: the terminal view (also `.txt`), JSON, one NDJSON line. */
const SUMMARY_FORMATS: readonly string[] = ['table', 'json', 'ndjson', 'html'];

/**
 * What the summary's compliance check needs from the settings: the rules with their origin,
 * the answered statuses, and the do-not-call lists of import.suppress, read now (a list that
 * cannot be read is exit 2, before any request, as in import).
 */
async function summaryOptions(
  settings: Settings,
  sources: ReadonlyMap<string, string>,
  cwd: string,
): Promise<SummaryOptions> {
  const opts: SummaryOptions = {
    // Called numbers compared as the import normalises them (one subscriber, one key).
    numberKey: (phone) => normalizePhone(phone).value,
    answeredStatuses: settings.report.answeredStatuses,
    compliance: settings.compliance,
    ruleOrigins: {
      callHours: sources.get('compliance.callHours') ?? 'default',
      maxCallsPer24h: sources.get('compliance.maxCallsPer24h') ?? 'default',
    },
  };
  // Calls to people after `cacs forget` erased them (issue 26).
  Object.assign(
    opts,
    await loadErasureCheck({
      stateDir: settings.stateDir,
      ...(settings.stateUrl !== undefined ? { state: settings.stateUrl } : {}),
      ...(settings.stateSchema !== undefined ? { stateSchema: settings.stateSchema } : {}),
      campaignKey: requireCampaign(settings).key,
      ...(settings.baseUrl !== undefined ? { baseUrl: settings.baseUrl } : {}),
      serviceTimeZone: settings.serviceTimezone,
    }),
  );
  if (settings.import.suppress.length === 0) return opts;
  const lists = await loadDoNotCallLists(
    settings.import.suppress.map((file) => ({
      path: file,
      // As the user sees it: relative to the working folder when the list is inside it.
      name: relativeName(cwd, file),
      from: `import.suppress (${sources.get('import.suppress') ?? 'config'})`,
    })),
    { cwd, phonePattern: settings.import.phonePattern },
  );
  return { ...opts, ...lists };
}

function relativeName(cwd: string, file: string): string {
  const rel = path.relative(cwd, file);
  return rel !== '' && !rel.startsWith('..') && !path.isAbsolute(rel) ? rel : file;
}

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

async function reportCommand(
  flags: ReportFlags,
  ctx: Context,
  args: string[],
  held: { release?: () => Promise<void> },
): Promise<number> {
  const stray = strayArgumentError(args, flags);
  if (stray !== undefined) throw stray;
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
    const problem = bookmarks.bookmarkFlagProblem(flags);
    if (problem !== undefined) throw problem;
    if (flags.bookmarks === true) return bookmarks.runBookmarkList(flags, ctx);
    if (flags.bookmarkReset !== undefined) return bookmarks.runBookmarkReset(flags, ctx);
  }
  if (flags.output !== undefined) checkOutputName(flags.output);
  if (flags.bookmark !== undefined) checkBookmarkName(flags.bookmark);
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
  // -o with {from}, {to} (the range fetched) and {date} (today in the user's zone) filled in.
  const output =
    flags.output === undefined
      ? undefined
      : expandOutputName(flags.output, {
          from: range.from,
          to: range.to,
          today: nowIn(settings.timezone, now),
        });
  const outputFile = output === undefined ? undefined : path.resolve(ctx.io.cwd, output);
  const outputTarget =
    outputFile === undefined ? undefined : await checkWritableFolder(outputFile, output!);
  const format = await reportFormatFor(
    output,
    settings.report.format,
    ctx.io.stdoutIsTTY,
    flags.format,
  );
  // A bookmarked report file is never replaced: it holds a range no later run fetches again.
  // A pipe or a device (-o /dev/stdout) is written, never replaced: nothing to keep there.
  let keepExisting = false;
  if (bookmark !== undefined && outputTarget?.kind === 'file' && outputTarget.exists) {
    if (!empty) {
      throw new UsageError(
        `-o ${output}: the file exists, and a bookmarked report never replaces one (it holds calls no later run fetches again)`,
        {
          hint: 'Put {from} or {to} in the name (-o "calls-{from}-{to}.csv"), or move the file away; the bookmark is not moved.',
        },
      );
    }
    keepExisting = true;
  }
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
    `report ${describeRange(range)}: ${plural(windows.length, 'window')} × ${plural(groups.length, 'status group')}`,
  );
  // Ctrl-C while the report is written stops the writing: -o leaves no file.
  let wroteToStdout = false;
  /** Whether any byte went to the output (stdout, or -o: a pipe or device keeps what it got). */
  let wroteToOutput = false;
  const interruptible = (sink: Sink): Sink => ({
    write: (chunk) => {
      if (ctx.signal.aborted)
        return Promise.reject(new InterruptedError('interrupted: no report was written'));
      wroteToStdout ||= outputFile === undefined;
      wroteToOutput = true;
      return sink.write(chunk);
    },
  });
  /** What the bookmark records of this run. */
  const runOf = (leads: number, attempts: number) => ({
    at: ctx.now().toISOString(),
    leads,
    attempts,
    ...(outputFile !== undefined ? { output: outputFile } : {}),
  });
  /**
   * The output to -o (atomically: complete or not at all) or to stdout. With a bookmark: never
   * replacing a file, the run recorded as pending just before the rename, stdout flushed.
   */
  const writeOutput = async (
    write: string | ((sink: Sink) => Promise<void>),
    counts: { leads: number; attempts: number },
  ) => {
    const into = (sink: Sink) => {
      const out = interruptible(sink);
      return typeof write === 'string' ? out.write(write) : write(out);
    };
    // Nothing new, and the file of this name is an earlier run's: it stays as it is.
    if (keepExisting) return;
    if (outputFile === undefined) {
      try {
        await into(streamSink(ctx.io.stdout, ctx.signal));
        // Every byte handed to the OS before the bookmark moves.
        if (bookmark !== undefined) await flushed(ctx.io.stdout, ctx.signal);
      } catch (e) {
        // Part of it may have gone out already: say so, rather than "no report was written".
        if (e instanceof InterruptedError && wroteToStdout)
          throw new InterruptedError(
            `interrupted: the report on stdout is incomplete${bookmark !== undefined ? `; bookmark "${bookmark.key.name}" was not moved` : ''}`,
          );
        if (bookmark !== undefined && e instanceof OutputClosedError) {
          ctx.out.warn(
            `stdout was closed before the report was complete: bookmark "${bookmark.key.name}" was not moved, the next run fetches this range again`,
          );
        }
        throw e;
      }
      return;
    }
    try {
      await writeFileAtomic(
        outputFile,
        into,
        bookmark === undefined || empty
          ? {}
          : {
              noClobber: outputTarget?.kind !== 'direct',
              beforeCommit: (temp) => bookmark.prepare(runOf(counts.leads, counts.attempts), temp),
            },
      );
    } catch (e) {
      await bookmark?.abandon();
      const direct = outputTarget?.kind === 'direct';
      if (e instanceof InterruptedError) {
        if (direct && wroteToOutput)
          throw new InterruptedError(`interrupted: the report written to ${output} is incomplete`);
        throw e;
      }
      if (e instanceof CacsError) throw e;
      const stop = writeStop({
        error: e,
        name: output!,
        target: outputTarget?.kind === 'direct' ? outputTarget.what : 'file',
        wroteSomething: wroteToOutput,
        ...(bookmark !== undefined ? { bookmark: bookmark.key.name } : {}),
      });
      // The library names the output; the command names it by its flag.
      throw new CacsError(`-o ${stop.message}`, stop.exitCode, {
        category: stop.code,
        ...(stop.hint !== undefined ? { hint: stop.hint } : {}),
        remedies: stop.remedies,
      });
    }
  };
  /** Once the output is complete: the bookmark moves (or says why not). */
  const moveBookmark = async (leads: number, attempts: number) => {
    if (bookmark === undefined) return;
    const name = JSON.stringify(bookmark.key.name);
    if (empty) {
      const covered = bookmark.state?.coveredUntil;
      const end =
        flags.to !== undefined
          ? `--to is ${formatServiceDate(range.to)}`
          : `calls after ${formatServiceDate(range.to)} (now − ${formatDurationFlag(settleMs)}) are left to settle`;
      ctx.out.info(
        (covered !== undefined
          ? `nothing new to fetch: bookmark ${name} covers up to ${covered} (service clock), and ${end}; the bookmark is unchanged`
          : `nothing to fetch yet: --from is ${formatServiceDate(range.from)} (service clock), and ${end}; bookmark ${name} is not started`) +
          (keepExisting ? `; ${output} (an earlier run's) is left as it is` : ''),
      );
      return;
    }
    const moved = (await bookmark.commit(runOf(leads, attempts)))!;
    ctx.out.info(
      `bookmark ${name} now covers up to ${moved.coveredUntil} (service clock, ${moved.serviceTimeZone}); its next run starts at ${formatServiceDate(addSecond(range.to))}`,
    );
  };
  /**
   * After the output is complete, in either path: the ref_id note, a warning for an asked
   * status that matched nothing, the statuses remembered for completion, the range line, and
   * the bookmark moved.
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
    written: string,
  ) => {
    const finished = finishStage({
      ...(flags.refId !== undefined ? { refId: flags.refId } : {}),
      leads: done.leads,
      notFound: done.notFound,
      statusGroups: groups,
      statuses,
    });
    if (finished.refIdNotFound) {
      ctx.out.info(t('cli.reportRun.refIdNotFound', { refId: flags.refId! }));
    }
    const none = finished.unmatchedStatuses;
    if (none.length > 0) {
      ctx.out.warn(
        t('cli.reportRun.unmatchedStatus', {
          statuses: none.map((st) => JSON.stringify(st)).join(', '),
        }),
      );
    }
    await (
      await import('../completion/values.js')
    ).rememberStatuses(settings.stateDir, finished.statuses);
    const parts = [
      // Nothing new for a bookmark: no range to show (its start would lie after its end).
      empty ? 'range: nothing new' : `range: ${describeRange(range)}`,
      plural(done.requests, 'request') +
        (done.split > 0 ? ` (${done.split} split: answers too large)` : ''),
      `${plural(done.leads, 'lead')}, ${plural(done.attempts, 'attempt')}`,
      ...(output !== undefined && !keepExisting ? [`${written} ${output}`] : []),
    ];
    ctx.out.info(ctx.out.c.dim(parts.join(' · ')));
    await moveBookmark(done.leads, done.attempts);
  };
  const spinner = await ctx.out.spinner(`Fetching 0/${requests} windows…`);
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
    onProgress: ({ done, total, bytes }: ReportProgress) =>
      spinner.update(
        `Fetching ${done}/${total} windows…${bytes > 0 ? ` ${formatBytes(bytes)} received` : ''}`,
      ),
    ...(ctx.out.verbose ? { onSplit: (s: ReportSplit) => ctx.out.debug(describeSplit(s)) } : {}),
    countMismatch: settings.report.countMismatch,
    onWarning: (message: string) => ctx.out.warn(message),
  };
  if (summaryMode && format !== 'html') {
    let summary: ReportSummary;
    let stream;
    try {
      stream = await streamReport(reportOpts);
      // Each record is summarised as it is handed out, and let go of.
      // Every day of the range is a row of "attempts per day", called or not.
      summary = await summarize(stream.records, {
        ...statsOptions,
        range: { from: stream.from, to: stream.to },
      });
    } finally {
      spinner.stop();
    }
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
      'summary written to',
    );
    if (failOnViolations && summary.compliance.violations > 0) throw violationsError(summary);
    return 0;
  }

  let result;
  let recordsForStats: (() => Iterable<CallRecord> | AsyncIterable<CallRecord>) | undefined;
  /** Removes a spilled report's temporary folder (prepareReport): however the run ends. */
  let dispose: (() => void) | undefined;
  try {
    if (byLead !== undefined) {
      result = await prepareReport(
        { ...reportOpts, memoryBudget: settings.report.memoryBudget },
        byLead,
      );
      const prepared = result;
      dispose = () => prepared.dispose();
      recordsForStats = () => prepared.records();
    } else {
      const { records, ...rest } = await runReport(reportOpts);
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
  } catch (e) {
    // A refused key that came from an alias says which alias, read as what, from where.
    throw (await import('../campaign.js')).explainRefusal(e, campaign, sources);
  } finally {
    spinner.stop();
    ctx.signal.removeEventListener('abort', onAbort);
  }

  // The compliance check of --fail-on-violations, before the records are let go of by write.
  let violations: ReportSummary | undefined;
  const written = result;
  try {
    if (failOnViolations && recordsForStats !== undefined) {
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
    'written to',
  );
  if (violations !== undefined && violations.compliance.violations > 0)
    throw violationsError(violations);
  return 0;
}

/** A --verbose line: a slice asked again in smaller ones, its answer being too large. */
function describeSplit(s: ReportSplit): string {
  const window = (x: { from: string; to: string }) => `${x.from} → ${x.to}`;
  const statuses = (status: string | undefined) =>
    status === undefined ? 'every status' : `status ${status}`;
  const what = `${window(s.slice)} (${statuses(s.slice.status)})`;
  const cap = formatBytes(s.answerBytes);
  if (s.by === 'status')
    return `answer over ${cap} for ${what}: asking each status on its own (${s.into.map((p) => p.status).join(', ')})`;
  const into = s.into.map(window).join(' and ');
  return s.unasked
    ? `split before asking: ${what}, as a window as long was over ${cap}: asking ${into}`
    : `answer over ${cap} for ${what}: asking ${into}`;
}
