/**
 * `cacs state prune [--dry-run] [--json]` (issue 26): remove what is older than
 * `state.retentionDays` (the library's pruneState), and say what went.
 */
import { UsageError, pruneState, type PruneReport } from '../../index.js';
import { formatCount, t } from '../../messages/index.js';
import type { Context } from '../context.js';
import type { Flags } from '../flags.js';
import type { defineStatePrune } from './forget-flags.js';

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
    stateDir: settings.stateDir,
    ...(settings.stateUrl !== undefined ? { state: settings.stateUrl } : {}),
    ...(settings.stateSchema !== undefined ? { stateSchema: settings.stateSchema } : {}),
    retentionDays: days,
    dryRun: flags.dryRun === true,
    now: ctx.now(),
  });
  if (flags.json) {
    ctx.out.json({ prune: report, exitCode: 0, error: null });
    return 0;
  }
  ctx.out.data(`${renderPrune(report).join('\n')}\n`);
  return 0;
}

export function renderPrune(r: PruneReport): string[] {
  const n = formatCount;
  const lines = [
    t(r.dryRun ? 'privacy.prune.title.dry' : 'privacy.prune.title', {
      days: n(r.retentionDays),
      cutoff: r.cutoff,
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
