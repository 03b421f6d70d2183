/**
 * `cacs reconcile`: settle the leads a campaign's ledger holds as uncertain against the
 * service's report (delivery/reconcile.ts); exit 0 when none remains uncertain, 5 when some do.
 */
import {
  formatCount,
  formatTimeOnClock,
  readerWall,
  maskUrlCredentials,
  reconcile,
  reconcileNotFoundReason,
  requireCampaign,
  showHistoryRun,
  UsageError,
  type FlatConfig,
  type ReconcileSummary,
  t,
  tCount,
} from '../../index.js';
import type { Context } from '../context.js';
import type { Flags } from '../flags.js';
import type { defineReconcile } from './reconcile-flags.js';
import { stateOf } from '../state-where.js';

export async function runReconcileCommand(
  flags: Flags<typeof defineReconcile>,
  ctx: Context,
): Promise<number> {
  const cmdFlags: FlatConfig = new Map();
  if (flags.campaign !== undefined) cmdFlags.set('campaign', flags.campaign);
  const { settings, sources } = await ctx.settings(cmdFlags);
  // `--run` with no campaign set: the campaign that run imported into, from the history (the
  // run's id is all `cacs history` shows). Its key as it is, not read as an alias again. The
  // service is not taken from it: the history keeps it without credentials.
  let fromRun: { key: string; alias?: string } | undefined;
  if (flags.run !== undefined && settings.campaign === undefined) {
    let run;
    try {
      run = await showHistoryRun({
        ...stateOf(settings),
        id: flags.run,
      });
    } catch (e) {
      // Said as with a campaign set: `--run: no run … in the history`.
      if (e instanceof UsageError)
        throw new UsageError(
          t('cli.reconcile.runFlag', { message: e.message }),
          e.hint !== undefined ? { hint: e.hint } : {},
        );
      throw e;
    }
    fromRun = { key: run.campaign, ...(run.alias !== undefined ? { alias: run.alias } : {}) };
  }
  const campaign = fromRun ?? requireCampaign(settings);
  ctx.known = { campaign: campaign.key, alias: campaign.alias ?? null, run: flags.run ?? null };
  const { createClient } = await import('../client.js');
  const { client, baseUrl } = await createClient(ctx, settings);
  let summary: ReconcileSummary;
  try {
    summary = await reconcile({
      ...stateOf(settings),
      serviceUrl: baseUrl,
      campaignKey: campaign.key,
      client,
      ...(flags.run !== undefined ? { run: flags.run } : {}),
      serviceTimeZone: settings.serviceTimezone,
      concurrency: settings.report.concurrency,
      countMismatch: settings.report.countMismatch,
      onWarning: (text) => ctx.out.warn(text),
      signal: ctx.signal,
      now: () => ctx.now(),
    });
  } catch (e) {
    const { explainRefusal } = await import('../campaign.js');
    throw explainRefusal(e, campaign, sources);
  }
  const name = campaign.alias !== undefined ? `${campaign.alias} (${campaign.key})` : campaign.key;
  const still = summary.stillUncertain;
  const NOT_FOUND_YET = await reconcileNotFoundReason();
  const advice = t('cli.reconcile.advice');
  if (flags.json) {
    ctx.out.json({
      ...summary,
      alias: campaign.alias ?? null,
      error:
        still > 0
          ? {
              code: 'uncertain',
              message: tCount('cli.reconcile.still', still, { why: NOT_FOUND_YET }),
              hint: advice,
            }
          : null,
    });
    return summary.exitCode;
  }
  // On a terminal, lines are broken at spaces to its width, as the import's are.
  const { wrapItems } = await import('../render/wrap.js');
  const width = ctx.io.stderrIsTTY ? Math.max(40, (ctx.io.columns ?? 80) - 1) : undefined;
  const fit = (text: string, first: number, indent: number) =>
    wrapItems(text, first, indent, width).join(`\n${' '.repeat(indent)}`);
  const out = {
    info: (text: string, indent = 2) => {
      const lead = /^ */.exec(text)![0];
      ctx.out.info(lead + fit(text.slice(lead.length), lead.length, indent));
    },
    warn: (text: string) => ctx.out.warn(fit(text, t('cli.label.warning').length + 1, 2)),
  };
  const run = summary.run;
  if (summary.uncertain === 0) {
    // Which state: under cron (another HOME) the folder may not be the one the imports used;
    // with a database, the database (its password masked), not a folder it does not use.
    if (settings.stateUrl !== undefined) {
      const where = { campaign: name, db: maskUrlCredentials(settings.stateUrl) };
      out.info(
        run !== null
          ? t('cli.reconcile.nothing.run.db', { ...where, run })
          : t('cli.reconcile.nothing.db', where),
      );
      return summary.exitCode;
    }
    const where = { campaign: name, stateDir: settings.stateDir };
    out.info(
      run !== null
        ? t('cli.reconcile.nothing.run', { ...where, run })
        : t('cli.reconcile.nothing', where),
    );
    return summary.exitCode;
  }
  const asked = {
    campaign: name,
    uncertain: tCount('cli.reconcile.n.uncertain', summary.uncertain),
    // On the service's clock, written as a person reads dates (25/11/2026 14:05:00 in Vietnamese).
    from: readerWall(String(summary.from)),
    to: readerWall(String(summary.to)),
    requests: tCount('cli.reconcile.n.requests', summary.requests),
    records: tCount('cli.reconcile.n.records', summary.records),
  };
  out.info(
    run !== null
      ? t('cli.reconcile.asked.run', { ...asked, run })
      : t('cli.reconcile.asked', asked),
  );
  const n = (v: number) => formatCount(v).padStart(10);
  // The explanations stay in their column.
  out.info(t('cli.reconcile.settled', { count: n(summary.settled) }), 25);
  out.info(t('cli.reconcile.uncertain', { count: n(still), why: NOT_FOUND_YET }), 25);
  for (const r of summary.runs) {
    const counts = { settled: formatCount(r.settled), still: formatCount(r.stillUncertain) };
    const list = r.uncertainFile;
    if (r.id) {
      const who = {
        ...counts,
        run: r.id,
        file: r.file ?? '?',
        started: r.started ? formatTimeOnClock(new Date(r.started), settings.timezone) : '?',
      };
      out.info(
        list ? t('cli.reconcile.run.list', { ...who, list }) : t('cli.reconcile.run', who),
        4,
      );
    } else {
      out.info(
        list
          ? t('cli.reconcile.run.unknown.list', { ...counts, list })
          : t('cli.reconcile.run.unknown', counts),
        4,
      );
    }
  }
  if (still > 0) out.warn(tCount('cli.reconcile.warn', still, { why: NOT_FOUND_YET, advice }));
  return summary.exitCode;
}
