/** `cacs import <file>`: flags → settings → runImport → progress, summary, exit code. */
import type { LeadField } from '../../api/spec.js';
import { UsageError } from '../../errors.js';
import { ENV } from '../../config/env.js';
import type { FlatConfig } from '../../config/schema.js';
import { requireCampaign } from '../../config/settings.js';
import type { ImportPhase, ImportSummary } from '../../delivery/import.js';
import { canonicalServiceUrl } from '../../net.js';
import { formatDuration, plural, formatCount } from '../../text.js';
import type { Context } from '../context.js';
import type { Flags, defineImport } from '../program.js';

/** The flags as commander parses them (program.ts defines them). */
export type ImportFlags = Flags<typeof defineImport>;

export async function runImportCommand(
  flags: ImportFlags,
  ctx: Context,
  args: string[],
): Promise<number> {
  const input = args[0];
  if (input === undefined) throw new UsageError('give the lead file to import (or - for stdin)');
  // What a --json run that fails before its summary repeats beside the error.
  ctx.known = { file: input === '-' ? 'stdin' : input, dryRun: flags.dryRun === true };
  const { parseMapFlags, ColumnError } = await import('../../leads/columns.js');
  let mapFlags: Partial<Record<LeadField, string>> = {};
  try {
    mapFlags = parseMapFlags(flags.map ?? []);
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
      from: `import.suppress (${sources.get('import.suppress') ?? 'config'})`,
    })),
    ...(flags.suppress ?? []).map((file) => ({
      path: resolve(ctx.io.cwd, file),
      name: file,
      from: '--suppress',
    })),
  ];

  let spooled: { path: string; cleanup(): void } | undefined;
  const { spoolStdin, isStreamInput } = await import('../../input/stdin.js');
  // Stdin, and a pipe or device given by name (/dev/stdin, <(…), a FIFO), are copied to a
  // temp file first, so they can be read twice; bounded by import.stdinLimit.
  const spoolOptions = {
    limit: settings.import.stdinLimit,
    raiseLimit: `${ENV.stdinLimit}=<size> or import.stdinLimit in the configuration (e.g. 4GiB)`,
    signal: ctx.signal,
    ...(flags.encoding !== undefined ? { encoding: flags.encoding } : {}),
  };
  if (input === '-') {
    spooled = await spoolStdin(ctx.io.stdin, { ...spoolOptions, displayName: 'stdin' });
  } else if (isStreamInput(input)) {
    const { createReadStream } = await import('node:fs');
    spooled = await spoolStdin(createReadStream(input), { ...spoolOptions, displayName: input });
  }
  const progress = await ctx.out.spinner(`Reading ${input === '-' ? 'stdin' : input}…`, {
    enabled: flags.json !== true,
  });
  const onInterrupt = () => progress.update('Stopping: waiting for the requests in flight…');
  ctx.signal.addEventListener('abort', onInterrupt, { once: true });
  let summary: ImportSummary;
  try {
    const { runImport } = await import('../../delivery/import.js');
    const sendStarted = { at: 0 };
    summary = await runImport({
      file: spooled?.path ?? input,
      displayName: input === '-' ? 'stdin' : input,
      campaignKey: campaign?.key ?? '',
      ...(flags.format ? { format: flags.format } : {}),
      ...(flags.delimiter ? { delimiter: flags.delimiter } : {}),
      ...(flags.encoding ? { encoding: flags.encoding } : {}),
      ...(flags.sheet !== undefined ? { sheet: flags.sheet } : {}),
      map: { ...settings.import.columns, ...mapFlags },
      ignoreUnmapped: flags.ignoreUnmapped === true,
      batchSize: settings.import.batchSize,
      concurrency: settings.import.concurrency,
      dryRun,
      dedupe: flags.dedupe,
      normalize: flags.normalize,
      phonePattern: settings.import.phonePattern,
      homePhonePattern: settings.import.homePhonePattern,
      placeholderNumbers: settings.import.placeholderNumbers,
      ...(suppress.length > 0 ? { suppress } : {}),
      ...(flags.rejects ? { rejectsPath: flags.rejects } : {}),
      retryUncertain: flags.retryUncertain === true,
      restart: flags.restart === true,
      allowRepeat: flags.allowRepeat === true,
      stateDir: settings.stateDir,
      // A dry run checks the ledger too when it knows the service's address.
      ...(baseUrl || settings.baseUrl !== undefined
        ? { serviceUrl: canonicalServiceUrl(baseUrl ?? new URL(settings.baseUrl!)) }
        : {}),
      ...(campaign?.alias !== undefined ? { alias: campaign.alias } : {}),
      onNote: (line) => ctx.out.info(line),
      cwd: ctx.io.cwd,
      signal: ctx.signal,
      ...(client ? { client } : {}),
      onPhase: (p) => progress.update(progressLine(p, sendStarted)),
    });
  } finally {
    ctx.signal.removeEventListener('abort', onInterrupt);
    progress.stop();
    spooled?.cleanup();
  }

  // A refused campaign key that came from an alias: say which alias, read as what, from where.
  const { aliasNote, aliasRefusalHint, refusesCampaign } = await import('../campaign.js');
  const note = campaign ? aliasNote(campaign, sources) : undefined;
  const refusalHint =
    summary.exitCode === 4 && note !== undefined && refusesCampaign(summary.stoppedBecause ?? '')
      ? `Nothing more was sent. ${aliasRefusalHint(note)}`
      : undefined;
  if (flags.json) {
    const { importError } = await import('../outcome.js');
    const {
      samples: _s,
      columns: _c,
      stoppedBecause: _w,
      stoppedHint: _h,
      stoppedCode: _k,
      ...json
    } = summary;
    const error = importError(summary);
    if (error && refusalHint) error.hint = refusalHint;
    ctx.out.json({ ...json, alias: campaign?.alias ?? null, error });
  } else {
    printSummary(ctx, summary, campaign?.alias);
  }
  printOutcome(ctx, summary, refusalHint);
  return summary.exitCode;
}

function progressLine(p: ImportPhase, sendStarted: { at: number }): string {
  if (p.phase === 'preflight') return `Checking every row: ${formatCount(p.rowsRead)} read…`;
  if (sendStarted.at === 0) sendStarted.at = Date.now();
  const { sent, rejected } = p.progress;
  const pct = p.total > 0 ? Math.floor((sent * 100) / p.total) : 100;
  const secs = (Date.now() - sendStarted.at) / 1000;
  const rate = secs > 0 ? sent / secs : 0;
  const eta = rate > 0 ? formatDuration(((p.total - sent) / rate) * 1000) : '…';
  return `Importing ${formatCount(sent)}/${formatCount(p.total)} leads (${pct}%) · ${formatCount(Math.round(rate))} leads/s · ETA ${eta}${rejected ? ` · ${plural(rejected, 'reject')}` : ''}`;
}

function breakdown(counts: Record<string, number>): string {
  return Object.entries(counts)
    .filter(([, n]) => n > 0)
    .sort((a, b) => b[1] - a[1])
    .map(([k, n]) => `${k} ${formatCount(n)}`)
    .join(' · ');
}

function printSummary(ctx: Context, s: ImportSummary, alias: string | undefined): void {
  const out = ctx.out;
  if (out.quiet) return;
  const c = out.c;
  const n = (v: number) => formatCount(v).padStart(10);
  const row = (label: string, v: number, extra = '') =>
    out.info(`  ${label.padEnd(20)}${n(v)}${extra ? `   ${c.dim(extra)}` : ''}`);
  const target = s.campaign ? ` → campaign ${alias ? `${alias} (${s.campaign})` : s.campaign}` : '';
  out.info(`${c.bold(s.file)}${target}${s.dryRun ? c.yellow('  [dry run: nothing sent]') : ''}`);
  row('rows read', s.total);
  if (s.dryRun) {
    row(
      'would be sent',
      s.valid,
      `${plural(s.batches, 'batch', 'batches')} of up to ${s.batchSize}`,
    );
  } else {
    row('imported', s.imported);
  }
  row('rejected', s.rejected, breakdown(s.rejectedByCode));
  row('duplicates', s.duplicates, s.duplicates ? 'same phone_number as an earlier row' : '');
  if (s.alreadyImported > 0)
    row(
      s.dryRun ? 'already in campaign' : 'imported earlier',
      s.alreadyImported,
      'not sent: an earlier run imported them (--allow-repeat sends them)',
    );
  if (s.uncertainEarlier > 0)
    row('uncertain earlier', s.uncertainEarlier, 'not sent: check them, then --retry-uncertain');
  if (s.suppressionLists.length > 0 || s.suppressed > 0)
    row(
      'suppressed',
      s.suppressed,
      `not sent: on a do-not-call list${
        s.suppressed > 0
          ? ` (${s.suppressionLists
              .filter((l) => l.suppressed > 0)
              .map((l) => `${l.list} ${formatCount(l.suppressed)}`)
              .join(' · ')})`
          : ''
      }`,
    );
  if (!s.dryRun) {
    row(
      'skipped by service',
      s.serviceSkipped,
      s.serviceSkipped ? 'the service counted them but did not import them' : '',
    );
    row('uncertain', s.uncertain);
    if (s.notSent > 0)
      row('not sent', s.notSent, 'the run stopped early; run the same command again to send them');
  }
  row('normalised', s.normalized, breakdown(s.normalizedByKind));
  if (s.dryRun && s.samples.length > 0) {
    out.info('  normalisations, for example:');
    for (const x of s.samples)
      out.info(`    line ${x.line}: ${x.field} ${JSON.stringify(x.before)} → ${x.after}`);
  }
  if (s.ignoredColumns.length > 0) out.info(`  ignored columns: ${someOf(s.ignoredColumns)}`);
  for (const l of s.suppressionLists)
    out.info(
      c.dim(
        `  do-not-call list ${l.list}: ${plural(l.numbers, 'number')}${l.ignored > 0 ? `, ${plural(l.ignored, 'entry', 'entries')} ignored (not phone numbers)` : ''}`,
      ),
    );
  const pace = s.dryRun ? '' : ` · ${plural(s.requests, 'request')}`;
  out.info(
    c.dim(
      `  ${formatDuration(s.elapsedMs)}${pace} · ${formatCount(s.leadsPerSecond)} ${s.dryRun ? 'rows' : 'leads'}/s`,
    ),
  );
  if (s.rejectsFile)
    out.info(`  rejects: ${s.rejectsFile} (fix those rows and import that file again)`);
  if (s.skippedFile) out.info(`  skipped: ${s.skippedFile} (not sent by design; nothing to fix)`);
  if (s.uncertainFile) out.info(`  uncertain: ${s.uncertainFile}`);
  if (s.runId) out.info(c.dim(`  run ${s.runId} (cacs history show ${s.runId})`));
}

function printOutcome(ctx: Context, s: ImportSummary, refusalHint?: string): void {
  const out = ctx.out;
  if (s.stoppedBecause !== undefined && s.exitCode !== 130) {
    out.error(
      `stopped: ${s.stoppedBecause}`,
      refusalHint ??
        s.stoppedHint ??
        (s.exitCode === 4
          ? 'Nothing more was sent. Check the token and campaign (cacs config show), then run the same command again.'
          : 'Nothing more was sent. Run the same command again later: what was imported is not sent twice.'),
    );
  }
  if (s.exitCode === 130)
    out.warn(
      'interrupted: run the same command again to send the rest (what was imported is not sent twice).',
    );
  if (s.uncertainEarlier > 0) {
    out.warn(
      `${plural(s.uncertainEarlier, 'lead')} an earlier run left uncertain ${s.uncertainEarlier === 1 ? 'was' : 'were'} not sent (listed in ${s.skippedFile}). ` +
        'Check them in the campaign (cacs history find <phone>), then leave them or rerun with --retry-uncertain.',
    );
  }
  if (s.uncertain > 0) {
    for (const { reason, leads } of s.uncertainReasons.slice(0, 5))
      out.warn(`uncertain (${plural(leads, 'lead')}): ${reason}`);
    out.warn(
      `${plural(s.uncertain, 'lead')} may or may not have been imported (no definite answer came); they were not resent. ` +
        `Check them in the campaign (list: ${s.uncertainFile}${s.runId ? `; cacs history show ${s.runId}` : ''}), then either leave them or rerun with --retry-uncertain.`,
    );
  }
  if (s.valid === 0 && s.total > 0) {
    if (s.rejected === 0)
      out.info(
        `nothing to send: every lead is held back by design (listed in ${s.skippedFile ?? 'the skipped file'}).`,
      );
    else
      out.warn(
        `no valid lead in the file: nothing was sent. Check the phone column and ${s.rejectsFile ?? 'the rejects file'}.`,
      );
  }
}

/** The first 20 names (each cut at 80 characters), then "… and N more". */
function someOf(names: readonly string[]): string {
  const shown = names.slice(0, 20).map((h) => (h.length > 80 ? `${h.slice(0, 80)}…` : h));
  return names.length > 20
    ? `${shown.join(', ')}, … and ${formatCount(names.length - 20)} more`
    : shown.join(', ');
}
