/**
 * `cacs state prune [--dry-run] [--json]` (issue 26): remove what is older than
 * `state.retentionDays` (the library's pruneState), and say what went.
 */
import {
  UsageError,
  formatTimeOnClock,
  pruneState,
  type PruneReport,
  formatCount,
  t,
  tCount,
} from '../../index.js';
import type { Context } from '../context.js';
import type { Flags } from '../flags.js';
import { fitLine } from '../render/wrap.js';
import type { defineStatePrune } from './forget-flags.js';
import { stateOf } from '../state-where.js';

export async function runStatePrune(
  flags: Flags<typeof defineStatePrune>,
  ctx: Context,
): Promise<number> {
  const { settings } = await ctx.settings();
  const days = settings.state?.retentionDays;
  if (days === undefined)
    throw new UsageError(t('privacy.prune.noRetention'), {
      hint: t('cli.privacy.prune.noRetention.hint'),
    });
  const report = await pruneState({
    ...stateOf(settings),
    retentionDays: days,
    dryRun: flags.dryRun === true,
    now: ctx.now(),
  });
  if (flags.json) {
    ctx.out.json({ prune: report, exitCode: 0, error: null });
    return 0;
  }
  // Issue 27: the cutoff on the timezone setting's clock, named; lines broken between words on
  // a terminal.
  const width = ctx.io.stdoutIsTTY ? (ctx.io.columns ?? 80) : undefined;
  const lines = renderPrune(report, settings.timezone);
  ctx.out.data(`${lines.map((l) => (width === undefined ? l : fitLine(l, width))).join('\n')}\n`);
  return 0;
}

export function renderPrune(r: PruneReport, zone?: string): string[] {
  const n = formatCount;
  const lines = [
    tCount(r.dryRun ? 'privacy.prune.titleDry' : 'privacy.prune.title', r.retentionDays, {
      cutoff: zone === undefined ? r.cutoff : formatTimeOnClock(new Date(r.cutoff), zone),
      store: r.store.location,
    }),
    t('privacy.prune.ledger', { records: n(r.ledgerRecords) }),
    t('privacy.prune.journals', { journals: n(r.journals) }),
    t('privacy.prune.runs', { runs: n(r.runs) }),
    t('privacy.prune.files', { files: n(r.files.length) }),
    ...r.files.map((f) => `  ${f}`),
  ];
  if (r.tempFolders.length > 0)
    lines.push(
      t('privacy.prune.temp', { folders: n(r.tempFolders.length) }),
      ...r.tempFolders.map((f) => `  ${f}`),
    );
  if (r.keptUncertain > 0)
    lines.push(t('privacy.prune.keptUncertain', { leads: n(r.keptUncertain) }));
  for (const j of r.keptUnfinished) lines.push(t('privacy.prune.keptUnfinished', { input: j }));
  lines.push(t('privacy.prune.erasuresKept'));
  return lines;
}
