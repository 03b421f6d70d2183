/** `cacs report`: flags → settings → the report service (dates, windows, fetch, merge) → write. */
import fs from 'node:fs';
import path from 'node:path';
import { FailureError, UsageError } from '../../errors.js';
import type { FlatConfig } from '../../config/schema.js';
import { requireCampaign } from '../../config/settings.js';
import { plural } from '../../text.js';
import type { Context } from '../context.js';
import type { Sink } from '../../report/write.js';
import type { Flags, defineReport } from '../program.js';

/** The flags as commander parses them (program.ts defines them). */
export type ReportFlags = Flags<typeof defineReport>;

/** -o must name a file in an existing, writable folder: checked before any request. */
function checkWritableFolder(file: string, given: string): void {
  const dir = path.dirname(file);
  try {
    if (!fs.statSync(dir).isDirectory()) throw new Error('not a folder');
    fs.accessSync(dir, fs.constants.W_OK);
  } catch {
    throw new UsageError(`-o ${given}: the folder ${dir} does not exist or cannot be written`, {
      hint: 'Create the folder first, or write somewhere else.',
    });
  }
  if (fs.existsSync(file) && fs.statSync(file).isDirectory()) {
    throw new UsageError(`-o ${given}: is a folder; give a file name`);
  }
}

export async function runReportCommand(flags: ReportFlags, ctx: Context): Promise<number> {
  // What the report needs is loaded while the settings are read: got's module graph above all,
  // which otherwise loads only when the first request is made.
  const modules = Promise.all([
    import('../../report/service.js'),
    import('../client.js'),
    import('../../report/write.js'),
    import('../../report/dates.js'),
    import('../../api/client.js').then((m) => m.preloadHttpClient()),
  ]);
  // A failure is reported where they are awaited; this only keeps it from counting as
  // unhandled when the settings fail first.
  modules.catch(() => undefined);
  const cmdFlags: FlatConfig = new Map();
  if (flags.campaign !== undefined) cmdFlags.set('campaign', flags.campaign);
  if (flags.tz !== undefined) cmdFlags.set('timezone', flags.tz);
  if (flags.flatten !== undefined) cmdFlags.set('report.flatten', flags.flatten);
  if (flags.windowDays !== undefined) cmdFlags.set('report.windowDays', flags.windowDays);
  if (flags.concurrency !== undefined) cmdFlags.set('report.concurrency', flags.concurrency);
  const { settings } = await ctx.settings(cmdFlags);

  const [
    { planReport, prepareReport, runReport },
    { createClient },
    { formatFor, leadFormat, writeReport, writeFileAtomic, streamSink },
    { describeRange },
  ] = await modules;
  // Read in the user's zone, sent (and split into windows) on the service's wall clock.
  const plan = planReport({
    from: flags.from!, // undefined: resolveRange says "--from is required"
    ...(flags.to !== undefined ? { to: flags.to } : {}),
    ...(flags.status !== undefined ? { status: flags.status } : {}),
    now: ctx.now(),
    timeZone: settings.timezone,
    serviceTimeZone: settings.serviceTimezone,
    windowDays: settings.report.windowDays,
  });
  const { range, windows, statusGroups: groups, requests } = plan;
  const campaign = requireCampaign(settings);
  const outputFile =
    flags.output === undefined ? undefined : path.resolve(ctx.io.cwd, flags.output);
  if (outputFile !== undefined) checkWritableFolder(outputFile, flags.output!);
  const format =
    flags.format ?? formatFor(flags.output, settings.report.format, ctx.io.stdoutIsTTY);
  if (format === 'xlsx' && outputFile === undefined && ctx.io.stdoutIsTTY) {
    throw new UsageError('xlsx is binary; use -o file.xlsx', {
      hint: 'A pipe takes it too (cacs report … --format xlsx | …); a terminal does not.',
    });
  }
  const { client } = await createClient(ctx, settings);

  const flatten = settings.report.flatten;
  const writeOpts = { format, flatten, colors: ctx.out.cOut, columns: ctx.io.columns ?? 80 };
  // csv, json, ndjson: written lead by lead as the answers come (the table counts its leads
  // at the end, and is for a terminal).
  const byLead = leadFormat(writeOpts);

  ctx.out.debug(
    `report ${describeRange(range)}: ${plural(windows.length, 'window')} × ${plural(groups.length, 'status group')}`,
  );
  const spinner = await ctx.out.spinner(`Fetching 0/${requests} windows…`);
  const reportOpts = {
    client,
    campaignKey: campaign.key,
    plan,
    ...(flags.refId !== undefined ? { refId: flags.refId } : {}),
    concurrency: settings.report.concurrency,
    signal: ctx.signal,
    onProgress: ({ done, total }: { done: number; total: number }) =>
      spinner.update(`Fetching ${done}/${total} windows…`),
  };
  let result;
  try {
    if (byLead !== undefined) {
      result = await prepareReport(reportOpts, byLead);
    } else {
      const { records, ...rest } = await runReport(reportOpts);
      result = {
        ...rest,
        leads: records.length,
        write: (sink: Sink) => writeReport(records, sink, writeOpts),
      };
    }
  } finally {
    spinner.stop();
  }

  if (outputFile !== undefined) {
    try {
      await writeFileAtomic(outputFile, (sink) => result.write(sink));
    } catch (e) {
      const code = (e as { code?: string }).code;
      throw new FailureError(
        `-o ${flags.output}: could not write the report (${code ?? (e as Error).message})`,
        {
          hint: 'Nothing was written. Check the disk space and permissions, then run again.',
        },
      );
    }
  } else {
    await result.write(streamSink(ctx.io.stdout));
  }
  if (flags.refId !== undefined && result.leads === 0 && result.notFound > 0) {
    ctx.out.info(
      `note: the service has no data for ref_id ${flags.refId} in this range (Data is not found)`,
    );
  }
  const { attempts } = result;
  ctx.out.info(
    ctx.out.c.dim(
      `range: ${describeRange(range)} · ${plural(result.requests, 'request')} · ${plural(result.leads, 'lead')}, ${plural(attempts, 'attempt')}` +
        (flags.output !== undefined ? ` · written to ${flags.output}` : ''),
    ),
  );
  return 0;
}
