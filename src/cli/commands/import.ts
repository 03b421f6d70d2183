/** `cacs import <file>`: flags → settings → runImport → progress, summary, exit code. */
import {
  ColumnError,
  ENV,
  ExitCode,
  UsageError,
  formatCount,
  formatDuration,
  formatTimeOnClock,
  parseColumnMap,
  requireCampaign,
  type FlatConfig,
  type ImportSummary,
  type LeadField,
  pruneReminder,
  t,
  tCount,
  t as tPrivacy,
} from '../../index.js';
import type { Context, Spinner } from '../context.js';
import { importProgressDrawer, type ImportProgressEvent } from '../progress.js';
import { flagsFor, stopHint } from '../render/advice.js';
import { wrapItems } from '../render/wrap.js';
import type { Flags } from '../flags.js';
import type { defineImport } from './import-flags.js';
import { stateOf } from '../state-where.js';

/** The flags as commander parses them (program.ts defines them). */
export type ImportFlags = Flags<typeof defineImport>;

/** Retention (issue 26): once a day, one line on stderr when `cacs state prune` is due. */
async function remindPrune(ctx: Context, stateDir: string, days: number | undefined, zone: string) {
  if (days === undefined) return;
  const r = await pruneReminder({ stateDir, retentionDays: days, now: ctx.now() });
  if (r.due)
    ctx.out.warn(
      tPrivacy('privacy.reminder', {
        days,
        last: r.lastPrune
          ? formatTimeOnClock(r.lastPrune, zone)
          : tPrivacy('privacy.reminder.never'),
      }),
    );
}

export async function runImportCommand(
  flags: ImportFlags,
  ctx: Context,
  args: string[],
): Promise<number> {
  const input = args[0];
  if (input === undefined) throw new UsageError(t('cli.import.noFile'));
  // `--rejects ''` took the default silently, `--rejects -` wrote a file named `-` (an operator
  // walk, session 22): `-` is stdout, as `-o -` is for a report.
  if (flags.rejects === '')
    throw new UsageError(t('cli.import.rejects.empty'), {
      hint: t('cli.import.rejects.empty.hint'),
    });
  const rejectsPath = flags.rejects === '-' ? '/dev/stdout' : flags.rejects;
  // What a --json run that fails before its summary repeats beside the error.
  ctx.known = { file: input === '-' ? 'stdin' : input, dryRun: flags.dryRun === true };
  // The rows on stdout before the summary's JSON line would leave stdout no JSON (review,
  // session 22), as `--html /dev/stdout` without -o is refused: stdout by any name (a link to
  // it, `/dev/./stdout`), as the write itself sees it.
  if (flags.json === true && rejectsPath !== undefined) {
    const { checkReportOutput } = await import('../../index.js');
    const target = await checkReportOutput(rejectsPath).catch(() => undefined);
    if (target?.kind === 'direct' && target.own === 1)
      throw new UsageError(t('cli.import.rejects.jsonStdout', { file: flags.rejects! }), {
        hint: t('cli.import.rejects.jsonStdout.hint'),
      });
  }
  let mapFlags: Partial<Record<LeadField, string>> = {};
  try {
    mapFlags = parseColumnMap(flags.map ?? []);
  } catch (e) {
    if (e instanceof ColumnError)
      throw new UsageError(`--map: ${e.message}`, e.hint ? { hint: e.hint } : {});
    throw e;
  }

  const cmdFlags: FlatConfig = new Map();
  if (flags.campaign !== undefined) cmdFlags.set('campaign', flags.campaign);
  if (flags.batchSize !== undefined) cmdFlags.set('import.batchSize', flags.batchSize);
  if (flags.concurrency !== undefined) cmdFlags.set('import.concurrency', flags.concurrency);
  const { settings, sources } = await ctx.settings(cmdFlags);
  await remindPrune(ctx, settings.stateDir, settings.state?.retentionDays, settings.timezone);

  // Everything a real run needs is checked before the file is read.
  const dryRun = flags.dryRun === true;
  const campaign =
    dryRun && settings.campaign === undefined ? undefined : requireCampaign(settings);
  if (campaign) Object.assign(ctx.known, { campaign: campaign.key, alias: campaign.alias ?? null });
  let client;
  let baseUrl: URL | undefined;
  if (!dryRun) {
    const { createClient } = await import('../client.js');
    ({ client, baseUrl } = await createClient(ctx, settings));
  }

  // Do-not-call lists: the config's (absolute: read against the config file's folder), then
  // --suppress (read against the working folder).
  const { resolve } = await import('node:path');
  const suppress = [
    ...settings.import.suppress.map((file) => ({
      path: file,
      name: file,
      from: t('cli.import.suppress.from', {
        source: sources.get('import.suppress') ?? 'config',
      }),
    })),
    ...(flags.suppress ?? []).map((file) => ({
      path: resolve(ctx.io.cwd, file),
      name: file,
      from: '--suppress',
    })),
  ];

  // `cacs import -` on a terminal: the person is to type or paste the leads. Say so, and how
  // to end; no spinner then (it would draw over what is being typed).
  const typing = input === '-' && ctx.io.stdinIsTTY;
  if (typing) ctx.out.prompt(t('cli.import.typing'));
  const progress = await ctx.out.spinner(
    t('cli.import.reading', { file: input === '-' ? 'stdin' : input }),
    {
      enabled: flags.json !== true && !typing,
    },
  );
  const shown = showProgress(ctx, progress);
  const onInterrupt = () => {
    shown.stop();
    progress.update(t('cli.import.stopping'));
  };
  ctx.signal.addEventListener('abort', onInterrupt, { once: true });
  let summary: ImportSummary;
  try {
    // Stdin, and a pipe or device given by name (/dev/stdin, <(…), a FIFO), are copied to a
    // temp file first by the library, so they can be read twice; bounded by import.stdinLimit.
    // A pipe has no size: the progress says how much came so far.
    const streamName = input === '-' ? 'stdin' : input;
    const { runImport } = await import('../../index.js');
    summary = await runImport({
      ...(input === '-' ? { input: ctx.io.stdin } : { file: input }),
      inputLimit: settings.import.stdinLimit,
      inputLimitAdvice: t('cli.import.stdinLimitAdvice', { env: ENV.stdinLimit }),
      onReading: (bytes) => shown.event({ phase: 'reading', name: streamName, bytes }),
      rows: 'files',
      campaignKey: campaign?.key ?? '',
      ...(flags.format ? { format: flags.format } : {}),
      ...(flags.delimiter ? { delimiter: flags.delimiter } : {}),
      ...(flags.encoding ? { encoding: flags.encoding } : {}),
      ...(flags.sheet !== undefined ? { sheet: flags.sheet } : {}),
      map: mapFlags,
      columnsIfPresent: settings.import.columns,
      layouts: settings.import.layouts,
      ...(flags.layout !== undefined ? { layout: flags.layout } : {}),
      ignoreUnmapped: flags.ignoreUnmapped === true,
      batchSize: settings.import.batchSize,
      concurrency: settings.import.concurrency,
      dryRun,
      dedupe: flags.dedupe,
      normalize: flags.normalize,
      phonePattern: settings.import.phonePattern,
      homePhonePattern: settings.import.homePhonePattern,
      placeholderNumbers: settings.import.placeholderNumbers,
      allocatedOnly: settings.import.allocatedOnly,
      ...(suppress.length > 0 ? { suppress } : {}),
      ...(rejectsPath !== undefined ? { rejectsPath } : {}),
      retryUncertain: flags.retryUncertain === true,
      restart: flags.restart === true,
      allowRepeat: flags.allowRepeat === true,
      ...stateOf(settings),
      // A dry run checks the ledger too when it knows the service's address.
      ...(baseUrl || settings.baseUrl !== undefined
        ? { serviceUrl: baseUrl ?? settings.baseUrl! }
        : {}),
      ...(campaign?.alias !== undefined ? { alias: campaign.alias } : {}),
      onNote: (line) => ctx.out.info(line),
      // A real import into a campaign this state folder knows nothing of, while a config file
      // names the service: say which folder it is (under cron, HOME and so the default folder
      // may not be the one the earlier imports used: README, "Running from cron"). Shown with
      // -q too: it is what a cron log needs to catch the wrong folder (review, session 16).
      onState: ({ stateDir, empty }) => {
        if (!dryRun && empty && configNamesService(sources.get('baseUrl')))
          ctx.out.notice(t('cli.import.stateEmpty', { stateDir }));
      },
      cwd: ctx.io.cwd,
      signal: ctx.signal,
      ...(client ? { client } : {}),
      onProgress: (p) => shown.event(p),
      now: ctx.now,
      // Times in the skipped file's reasons: on the `timezone` setting's clock, named.
      timeZone: settings.timezone,
    });
  } finally {
    ctx.signal.removeEventListener('abort', onInterrupt);
    shown.stop();
    progress.stop();
  }

  // A refused campaign key that came from an alias: say which alias, read as what, from where.
  const { aliasNote, aliasRefusalHint, refusesCampaign } = await import('../campaign.js');
  const note = campaign ? aliasNote(campaign, sources) : undefined;
  const refusalHint =
    summary.exitCode === ExitCode.REFUSED &&
    note !== undefined &&
    refusesCampaign(summary.stoppedBecause ?? '')
      ? t('import.stop.ownHint.hint', { hint: aliasRefusalHint(note) })
      : undefined;
  if (flags.json) {
    const { importError } = await import('../outcome.js');
    const {
      samples: _s,
      rejectionSamples: _r,
      unallocatedSamples: _u,
      sentEarlier: _e,
      columns: _c,
      stoppedBecause: _w,
      stoppedHint: _h,
      stoppedCode: _k,
      stop: _stop,
      ...json
    } = summary;
    const error = importError(summary);
    if (error && refusalHint) error.hint = refusalHint;
    ctx.out.json({ ...json, alias: campaign?.alias ?? null, error });
  } else {
    printSummary(ctx, summary, campaign?.alias);
  }
  printOutcome(
    settings.timezone,
    ctx,
    summary,
    campaign?.alias !== undefined ? `${campaign.alias} (${summary.campaign})` : summary.campaign,
    flags.json === true ? 'json' : ctx.out.quiet ? 'none' : 'text',
    refusalHint,
    reconcileArgs(sources, flags.campaign, settings.baseUrl),
    // Asked for the uncertain leads alone: with --allow-repeat too, the operator means to send
    // again, and the advice how (--restart) stays.
    flags.retryUncertain === true && flags.allowRepeat !== true,
  );
  return summary.exitCode;
}

/** Whether the service address came from a config file (or a profile in one). */
function configNamesService(source: string | undefined): boolean {
  return source !== undefined && /^(?:--config|user config|project config|profile) /.test(source);
}

/**
 * The progress line on the spinner (progress.ts importProgressDrawer): drawn at once at most
 * every DRAW_EVERY_MS of the context's clock and whenever the phase changes, and worked out
 * again every second, so the rate falls and "no answer for …" shows during a stall.
 */
function showProgress(
  ctx: Context,
  spinner: Spinner,
): { event(e: ImportProgressEvent): void; stop(): void } {
  return importProgressDrawer(
    () => ctx.now().getTime(),
    ctx.io.columns ?? 80,
    (line) => spinner.update(line, true),
  );
}

function breakdown(counts: Record<string, number>): string {
  return Object.entries(counts)
    .filter(([, n]) => n > 0)
    .sort((a, b) => b[1] - a[1])
    .map(([k, n]) => `${k} ${formatCount(n)}`)
    .join(' · ');
}

/** Runs shorter than this say no rate: there is not enough to say. */
const MIN_RATE_MS = 2000;

/** The summary's row labels (their longest sets the labels' column). */
const SUMMARY_LABELS = [
  'cli.import.label.rowsRead',
  'cli.import.label.wouldSend',
  'cli.import.label.imported',
  'cli.import.label.rejected',
  'cli.import.label.blank',
  'cli.import.label.duplicates',
  'cli.import.label.alreadyInCampaign',
  'cli.import.label.importedEarlier',
  'cli.import.label.uncertainEarlier',
  'cli.import.label.inFlightElsewhere',
  'cli.import.label.suppressed',
  'cli.import.label.serviceSkipped',
  'cli.import.label.uncertain',
  'cli.import.label.notSent',
  'cli.import.label.normalised',
  'privacy.summary.erased.label',
] as const;

function printSummary(ctx: Context, s: ImportSummary, alias: string | undefined): void {
  const out = ctx.out;
  if (out.quiet) return;
  const c = out.c;
  // On a terminal, long lines are broken to its width, indented under their column.
  const width = ctx.io.stderrIsTTY ? Math.max(40, (ctx.io.columns ?? 80) - 1) : undefined;
  const n = (v: number) => formatCount(v).padStart(10);
  // The labels' column: 20 wide, or the longest label of the language in use (Vietnamese's
  // "đã có trong chiến dịch" is 22), so every number stays in one column.
  const labelWidth = Math.max(20, ...SUMMARY_LABELS.map((id) => t(id).length));
  const row = (label: string, v: number, extra = '') => {
    const head = `  ${label.padEnd(labelWidth)}${n(v)}`;
    if (!extra) return out.info(head);
    const column = head.length + 3;
    if (width !== undefined && width - column < 40 && column + extra.length > width) {
      // A narrow terminal: the note goes under the row.
      out.info(head);
      for (const l of wrapItems(extra, 4, 4, width)) out.info(`    ${c.dim(l)}`);
      return;
    }
    const [first, ...rest] = wrapItems(extra, column, column, width);
    out.info(`${head}   ${c.dim(first!)}`);
    for (const l of rest) out.info(`${' '.repeat(column)}${c.dim(l)}`);
  };
  /** A line as given (its leading spaces kept), broken to the width with `indent`. */
  const para = (text: string, indent = 4, style = (t: string) => t) => {
    const lead = text.length - text.trimStart().length;
    const lines = wrapItems(text.trimStart(), lead, indent, width);
    lines.forEach((l, i) => out.info(style(`${' '.repeat(i === 0 ? lead : indent)}${l}`)));
  };
  const target = s.campaign
    ? ` ${t('cli.import.summary.target', { campaign: alias ? `${alias} (${s.campaign})` : s.campaign })}`
    : '';
  out.info(
    `${c.bold(s.file)}${target}${s.dryRun ? c.yellow(`  ${t('cli.import.summary.dryRun')}`) : ''}`,
  );
  row(t('cli.import.label.rowsRead'), s.total);
  if (s.dryRun) {
    row(
      t('cli.import.label.wouldSend'),
      s.valid,
      s.valid > 0 ? tCount('cli.import.summary.batches', s.batches, { size: s.batchSize }) : '',
    );
  } else {
    row(t('cli.import.label.imported'), s.imported);
  }
  row(t('cli.import.label.rejected'), s.rejected, breakdown(s.rejectedByCode));
  if (s.blank > 0) row(t('cli.import.label.blank'), s.blank, t('cli.import.summary.blank'));
  row(
    t('cli.import.label.duplicates'),
    s.duplicates,
    s.duplicates ? t('cli.import.summary.duplicates') : '',
  );
  if (s.alreadyImported > 0)
    row(
      s.dryRun ? t('cli.import.label.alreadyInCampaign') : t('cli.import.label.importedEarlier'),
      s.alreadyImported,
      s.dryRun
        ? tCount('cli.import.summary.alreadyImported.dryRun', s.alreadyImported)
        : tCount('cli.import.summary.alreadyImported', s.alreadyImported),
    );
  if (s.uncertainEarlier > 0)
    row(
      t('cli.import.label.uncertainEarlier'),
      s.uncertainEarlier,
      t('cli.import.summary.uncertainEarlier'),
    );
  // Another run of the team (PostgreSQL) was sending them: with these the rows add up.
  if ((s.inFlightElsewhere ?? 0) > 0)
    row(
      t('cli.import.label.inFlightElsewhere'),
      s.inFlightElsewhere!,
      t('cli.import.summary.inFlightElsewhere'),
    );
  if (s.suppressionLists.length > 0 || s.suppressed > 0)
    row(
      t('cli.import.label.suppressed'),
      s.suppressed,
      s.suppressed > 0
        ? t('cli.import.summary.suppressed.lists', {
            lists: s.suppressionLists
              .filter((l) => l.suppressed > 0)
              .map((l) => `${l.list} ${formatCount(l.suppressed)}`)
              .join(' · '),
          })
        : t('cli.import.summary.suppressed'),
    );
  if (s.erased > 0)
    row(tPrivacy('privacy.summary.erased.label'), s.erased, tPrivacy('privacy.summary.erased'));
  if (!s.dryRun) {
    row(
      t('cli.import.label.serviceSkipped'),
      s.serviceSkipped,
      s.serviceSkipped ? t('cli.import.summary.serviceSkipped') : '',
    );
    row(t('cli.import.label.uncertain'), s.uncertain);
    if (s.notSent > 0)
      row(
        t('cli.import.label.notSent'),
        s.notSent,
        // After a refusal, a full state folder or a changed file, the same command alone would
        // stop the same way: the fix comes first (the message below says which).
        s.stoppedCode === 'refused' ||
          s.stoppedCode === 'write_failed' ||
          s.stoppedCode === 'input_changed'
          ? t('cli.import.summary.notSent.fixFirst')
          : t('cli.import.summary.notSent.runAgain'),
      );
  }
  row(t('cli.import.label.normalised'), s.normalized, breakdown(s.normalizedByKind));
  if (s.dryRun && s.samples.length > 0) {
    out.info(`  ${t('cli.import.summary.samples.normalised')}`);
    for (const x of s.samples)
      para(
        `    ${t('cli.import.summary.sample.normalised', { line: x.line, field: x.field, before: JSON.stringify(x.before), after: x.after })}`,
        6,
      );
  }
  if (s.dryRun && s.rejectionSamples.length > 0) {
    out.info(`  ${t('cli.import.summary.samples.rejected')}`);
    for (const x of s.rejectionSamples)
      para(
        `    ${t('cli.import.summary.sample.rejected', { line: x.line, code: x.code, reason: x.reason })}`,
        6,
      );
  }
  if (s.layout)
    para(
      s.layout.chosen === 'flag'
        ? t('cli.habits.import.layout.flag', { name: s.layout.name })
        : t('cli.habits.import.layout.headers', { name: s.layout.name }),
      4,
      c.dim,
    );
  if (s.phoneUnallocated > 0) {
    const skipping = (s.skippedByCode.phone_unallocated ?? 0) > 0;
    row(
      t('cli.habits.import.unallocated.label'),
      s.phoneUnallocated,
      skipping
        ? t('cli.habits.import.unallocated.skipped')
        : t('cli.habits.import.unallocated.sent'),
    );
    if (s.dryRun || !skipping) {
      out.info(t('cli.habits.import.unallocated.examples'));
      for (const x of s.unallocatedSamples)
        para(t('cli.habits.import.unallocated.example', { line: x.line, phone: x.phone }), 6);
    }
  }
  if (s.ignoredColumns.length > 0)
    para(`  ${t('cli.import.summary.ignoredColumns', { columns: someOf(s.ignoredColumns) })}`);
  for (const l of s.suppressionLists) {
    const numbers = tCount('cli.import.summary.numbers', l.numbers);
    para(
      `  ${
        l.ignored > 0
          ? t('cli.import.summary.dncList.ignored', {
              list: l.list,
              numbers,
              ignored: tCount('cli.import.summary.entriesIgnored', l.ignored),
            })
          : t('cli.import.summary.dncList', { list: l.list, numbers })
      }`,
      4,
      c.dim,
    );
  }
  // Time, requests and a rate only when the run was long enough for one to mean something, and
  // the rate at least one a second (review, session 21: one lead in 4.1 s said "0 leads/s").
  const counted = s.dryRun ? s.total : s.imported;
  const pace = [
    formatDuration(s.elapsedMs),
    ...(s.requests > 0 ? [tCount('cli.import.summary.requests', s.requests)] : []),
    ...(s.elapsedMs >= MIN_RATE_MS && counted > 0 && s.leadsPerSecond >= 1
      ? [
          t(s.dryRun ? 'cli.import.summary.rate.rows' : 'cli.import.summary.rate.leads', {
            rate: formatCount(s.leadsPerSecond),
          }),
        ]
      : []),
  ];
  out.info(c.dim(`  ${pace.join(' · ')}`));
  if (s.rejectsFile) para(`  ${t('cli.import.summary.rejectsFile', { file: s.rejectsFile })}`);
  // The list also holds leads earlier runs left uncertain: those are not "nothing to fix" (they
  // wait for cacs reconcile, the warning below says; found by an operator walk).
  if (s.skippedFile)
    para(
      `  ${t(
        (s.skippedByCode.uncertain_earlier ?? 0) === 0
          ? 'cli.import.summary.skippedFile'
          : Object.values(s.skippedByCode).reduce((a, b) => a + b, 0) >
              s.skippedByCode.uncertain_earlier!
            ? 'cli.import.summary.skippedFile.uncertain'
            : 'cli.import.summary.skippedFile.uncertainOnly',
        { file: s.skippedFile },
      )}`,
    );
  if (s.uncertainFile)
    para(`  ${t('cli.import.summary.uncertainFile', { file: s.uncertainFile })}`);
  if (s.runId) para(`  ${t('cli.import.summary.run', { run: s.runId })}`, 4, c.dim);
}

/**
 * Leads held back because earlier runs sent them to this service, said plainly: which record
 * says so (the campaign's ledger, the file's journal), where and when, and how to check and
 * send them again if the service lost them.
 */
function sentEarlierMessage(
  s: ImportSummary,
  campaign: string,
  nothingSent: boolean,
  zone: string,
  retrying: boolean,
): string | undefined {
  const e = s.sentEarlier;
  if (!e) return undefined;
  const when = (iso: string) => formatTimeOnClock(new Date(iso), zone);
  const parts: string[] = [];
  const all = nothingSent && s.valid === e.journal;
  if (e.ledger > 0) {
    const latest = e.runs[0]!;
    const run = latest.id
      ? t('cli.import.earlier.run', { run: latest.id })
      : t('cli.import.earlier.run.unknown');
    const by =
      e.runs.length === 1
        ? t('cli.import.earlier.by.one', { when: when(latest.started), run })
        : t('cli.import.earlier.by.many', {
            runs: e.runs.length,
            when: when(latest.started),
            run,
          });
    parts.push(
      tCount(all ? 'cli.import.earlier.ledger.these' : 'cli.import.earlier.ledger', e.ledger, {
        campaign,
        service: e.serviceUrl,
        by,
      }),
    );
  }
  if (e.journal > 0 && e.journalSince) {
    parts.push(
      tCount(
        all && e.ledger === 0 ? 'cli.import.earlier.journal.these' : 'cli.import.earlier.journal',
        e.journal,
        { service: e.serviceUrl, when: when(e.journalSince) },
      ),
    );
  }
  if (parts.length === 0) return undefined;
  // What sends them again: the library's remedies, as flags.
  const flagsToSend = flagsFor(e.resend).join(' ');
  const one = e.ledger + e.journal === 1;
  // Commands and flags are not broken across lines (no-break spaces, made spaces when printed).
  const find = t('cli.import.earlier.find', { phone: e.examplePhone }).replace(/ /g, '\u00a0');
  const send = flagsToSend.replace(/ /g, '\u00a0');
  const n = one ? 1 : 2;
  if (nothingSent && retrying)
    return t('cli.import.earlier.noneUncertain', { records: parts.join('; ') });
  return nothingSent
    ? tCount('cli.import.earlier.nothingSent', n, { records: parts.join('; '), find, send })
    : // Some: the flags that would send them again would resend this run's leads too.
      tCount('cli.import.earlier.some', n, { records: parts.join('; '), find });
}

/**
 * What `cacs reconcile --run <id>` needs besides the run to be run as printed, in the same
 * shell: the campaign and the service when this import took them from its flags, not from the
 * settings reconcile reads too (found by an operator walk: the printed command said "no campaign
 * given"). A service address holding credentials is left out (never printed).
 */
function reconcileArgs(
  sources: ReadonlyMap<string, string>,
  campaignFlag: string | undefined,
  baseUrl: string | undefined,
): string {
  const fromFlag = (key: string) => sources.get(key)?.startsWith('flag ') === true;
  const args: string[] = [];
  if (campaignFlag !== undefined && fromFlag('campaign'))
    args.push('--campaign', shellWord(campaignFlag));
  if (baseUrl !== undefined && fromFlag('baseUrl')) {
    const u = URL.parse(baseUrl);
    if (u !== null && u.username === '' && u.password === '')
      args.push('--base-url', shellWord(baseUrl));
  }
  return args.length > 0 ? ` ${args.join(' ')}` : '';
}

/** A value as one shell word: as it is when it needs no quotes, else in single quotes. */
function shellWord(value: string): string {
  return /^[\w.:/@%+=,-]+$/.test(value) ? value : `'${value.replace(/'/g, `'\\''`)}'`;
}

function printOutcome(
  /** The clock times are said on (the `timezone` setting), named beside them. */
  zone: string,
  ctx: Context,
  s: ImportSummary,
  campaign: string,
  /** How the summary went out: as text (stderr), as JSON (stdout), or not at all (-q). */
  summary: 'text' | 'json' | 'none',
  /** A refused campaign key that came from an alias: the hint that says so. */
  refusalHint?: string,
  /** Flags `cacs reconcile --run` needs to be run as printed (reconcileArgs). */
  reconcileWith = '',
  /** The run was asked to send the uncertain leads again, and only them (--retry-uncertain). */
  retrying = false,
): void {
  // On a terminal, warnings and notes are broken at spaces to its width, the later lines indented.
  const width = ctx.io.stderrIsTTY ? Math.max(40, (ctx.io.columns ?? 80) - 1) : undefined;
  const fit = (text: string, first: number) =>
    wrapItems(text, first, 2, width)
      .join('\n  ')
      .replace(/\u00a0/g, ' ');
  const out = {
    warn: (text: string) => ctx.out.warn(fit(text, t('cli.label.warning').length + 1)),
    info: (text: string) => ctx.out.info(fit(text, 0)),
    error: (text: string, hint?: string) => ctx.out.error(text, hint),
  };
  if (s.stop !== undefined && s.stop.code !== 'interrupted') {
    out.error(s.stop.message, refusalHint ?? stopHint(s.stop));
  }
  if (s.exitCode === ExitCode.INTERRUPTED) out.warn(t('cli.import.warn.interrupted'));
  // With -q the files written are still said, as warnings: a cron log must show where the
  // rejected and held-back rows went (--json has them in the summary).
  const rows = s.total - s.blank;
  const noValidLead = s.valid === 0 && rows > 0 && s.rejected >= rows;
  if (summary === 'none') {
    // (With no valid lead at all, the warning below names the rejects file.)
    if (s.rejectsFile && s.rejected > 0 && !noValidLead)
      out.warn(
        tCount('cli.import.warn.rejected', s.rejected, {
          codes: breakdown(s.rejectedByCode),
          file: s.rejectsFile,
        }),
      );
    // They make the exit code 3 as rejects do; no file lists them (they were sent).
    if (s.serviceSkipped > 0) out.warn(tCount('cli.import.warn.serviceSkipped', s.serviceSkipped));
    const skipped = Object.values(s.skippedByCode).reduce((a, b) => a + b, 0);
    if (s.skippedFile && skipped > 0)
      out.warn(
        tCount('cli.import.warn.byDesign', skipped, {
          codes: breakdown(s.skippedByCode),
          file: s.skippedFile,
        }),
      );
  }
  if (s.uncertainEarlier > 0) {
    // The ledger's are in the skipped file; the journal's, in the uncertain list.
    const fromLedger = s.skippedByCode.uncertain_earlier ?? 0;
    const lists = [
      ...(fromLedger > 0 && s.skippedFile ? [s.skippedFile] : []),
      ...(s.uncertainEarlier > fromLedger && s.uncertainFile ? [s.uncertainFile] : []),
    ];
    out.warn(
      lists.length > 0
        ? tCount('cli.import.warn.uncertainEarlier.listed', s.uncertainEarlier, {
            lists:
              lists.length === 2
                ? t('cli.import.twoLists', { first: lists[0]!, second: lists[1]! })
                : lists[0]!,
          })
        : tCount('cli.import.warn.uncertainEarlier', s.uncertainEarlier),
    );
  }
  if (s.uncertain > 0) {
    for (const { reason, leads } of s.uncertainReasons.slice(0, 5))
      out.warn(tCount('cli.import.warn.uncertainReason', leads, { reason }));
    // (A list that could not be written: said so, not "null": review, session 22.)
    const list = s.uncertainFile ?? t('cli.import.uncertainList.unwritten');
    out.warn(
      s.runId
        ? tCount('cli.import.warn.uncertain.run', s.uncertain, {
            run: `${s.runId}${reconcileWith}`,
            list,
          })
        : tCount('cli.import.warn.uncertain', s.uncertain, { list }),
    );
  }
  // Interrupted before its first request, a run sent nothing because it was stopped, not
  // because the ledger held its leads: the advice for a service that lost them (rerun with
  // --allow-repeat, --restart) would send them all again (review, session 18).
  const nothingSent = !s.dryRun && s.requests === 0 && s.exitCode !== ExitCode.INTERRUPTED;
  if (noValidLead) {
    const phone = s.columns.find((col) => col.field === 'phone_number')?.column;
    const phoneCodes = Object.keys(s.rejectedByCode).some((code) => code.startsWith('phone_'));
    const where = {
      list: s.rejectsFile ?? t('cli.import.rejectsList'),
      codes: breakdown(s.rejectedByCode),
    };
    out.warn(
      `${t(s.dryRun ? 'cli.import.warn.noValid.dryRun' : 'cli.import.warn.noValid', { file: s.file })} ${
        phoneCodes && phone !== undefined
          ? tCount('cli.import.warn.noValid.rows.phone', rows, {
              ...where,
              column: JSON.stringify(phone),
            })
          : tCount('cli.import.warn.noValid.rows', rows, where)
      }`,
    );
    return;
  }
  // Every lead that passed the checks was sent and the service refused each one.
  if (!s.dryRun && s.exitCode === ExitCode.USAGE && s.rejected > 0 && s.imported === 0) {
    out.warn(
      tCount('cli.import.warn.allRefused', rows, {
        list: s.rejectsFile ?? t('cli.import.rejectsList'),
      }),
    );
    return;
  }
  const earlier = s.dryRun
    ? undefined
    : sentEarlierMessage(s, campaign, nothingSent, zone, retrying);
  if (earlier !== undefined && nothingSent) {
    // Asked to send the uncertain leads again and none is left (cacs reconcile settled them):
    // nothing is wrong, and the advice for a service that lost its leads is not for this run.
    if (retrying) out.info(earlier);
    else out.warn(earlier);
    return;
  }
  if (s.valid === 0 && s.total > 0) {
    out.info(
      t(s.dryRun ? 'cli.import.info.allHeldBack.dryRun' : 'cli.import.info.allHeldBack', {
        list: s.skippedFile ?? t('cli.import.skippedList'),
      }),
    );
  }
  if (earlier !== undefined && summary === 'text') out.info(earlier);
}

/** The first 20 names (each cut at 80 characters), then "… and N more". */
function someOf(names: readonly string[]): string {
  const shown = names.slice(0, 20).map((h) => (h.length > 80 ? `${h.slice(0, 80)}…` : h));
  return names.length > 20
    ? t('cli.import.someOf', { names: shown.join(', '), count: formatCount(names.length - 20) })
    : shown.join(', ');
}
