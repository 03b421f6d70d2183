/**
 * `cacs history`: past imports from the state store's history, one run in detail, and which runs
 * sent a lead (the campaign ledgers), as the library reads them (listHistory, showHistoryRun,
 * findInHistory); this module renders them.
 */
import fs from 'node:fs';
import path from 'node:path';
import {
  OPTION_DEFAULTS,
  findInHistory,
  formatCount,
  formatLocalTime,
  listHistory,
  showHistoryRun,
  type RunRecord,
} from '../../index.js';
import { t } from '../../messages/index.js';
import type { Context } from '../context.js';
import type { Flags } from '../flags.js';
import type { defineHistoryFind, defineHistoryList, defineHistoryShow } from './history-flags.js';

function when(iso: string): string {
  return formatLocalTime(new Date(iso));
}

function outcome(r: RunRecord): string {
  if (!r.end) return t('cli.history.show.outcome.none');
  return t('cli.history.show.outcome.exit', { code: r.end.exitCode });
}

/** "summer (SUMMER2026)", or the key alone. */
function campaignName(r: RunRecord): string {
  return r.alias ? t('cli.history.aliasOf', { alias: r.alias, campaign: r.campaign }) : r.campaign;
}

export async function runHistoryList(
  flags: Flags<typeof defineHistoryList>,
  ctx: Context,
): Promise<number> {
  const { settings } = await ctx.settings();
  const runs = await listHistory({
    stateDir: settings.stateDir,
    ...(settings.stateUrl !== undefined ? { state: settings.stateUrl } : {}),
    ...(settings.stateSchema !== undefined ? { stateSchema: settings.stateSchema } : {}),
    ...(flags.campaign !== undefined
      ? { campaignKey: settings.campaigns[flags.campaign] ?? flags.campaign }
      : {}),
    limit: flags.limit ?? OPTION_DEFAULTS.historyLimit,
  });
  if (flags.json) {
    ctx.out.json({ runs, exitCode: 0, error: null });
    return 0;
  }
  if (runs.length === 0) {
    ctx.out.info(t('cli.history.none', { stateDir: settings.stateDir }));
    return 0;
  }
  const rows = runs.map((r) => [
    r.id,
    when(r.started),
    path.basename(r.file),
    campaignName(r),
    formatCount(r.end?.total ?? 0),
    formatCount(r.end?.imported ?? 0),
    formatCount(r.end?.rejected ?? 0),
    formatCount(r.end?.skipped ?? 0),
    formatCount(r.end?.uncertain ?? 0),
    r.end ? String(r.end.exitCode) : '—',
  ]);
  const head = [
    t('cli.history.head.run'),
    t('cli.history.head.started'),
    t('cli.history.head.file'),
    t('cli.history.head.campaign'),
    t('cli.history.head.rows'),
    t('cli.history.head.imported'),
    t('cli.history.head.rejected'),
    t('cli.history.head.skipped'),
    t('cli.history.head.uncertain'),
    t('cli.history.head.exit'),
  ];
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) =>
    cells
      .map((c, i) => (i >= 4 ? c.padStart(widths[i]!) : c.padEnd(widths[i]!)))
      .join('  ')
      .trimEnd();
  ctx.out.data(`${[line(head), ...rows.map(line)].join('\n')}\n`);
  return 0;
}

export async function runHistoryShow(
  flags: Flags<typeof defineHistoryShow>,
  ctx: Context,
  args: string[],
): Promise<number> {
  const { settings } = await ctx.settings();
  const run = await showHistoryRun({
    stateDir: settings.stateDir,
    ...(settings.stateUrl !== undefined ? { state: settings.stateUrl } : {}),
    ...(settings.stateSchema !== undefined ? { stateSchema: settings.stateSchema } : {}),
    id: args[0] ?? '',
  });
  if (flags.json) {
    ctx.out.json({ run, exitCode: 0, error: null });
    return 0;
  }
  const e = run.end;
  const lines = [
    t('cli.history.show.run', { run: run.id }),
    e
      ? t('cli.history.show.startedEnded', { started: when(run.started), ended: when(e.ended) })
      : t('cli.history.show.started', { started: when(run.started) }),
    t('cli.history.show.file', { file: run.file }),
    t('cli.history.show.campaign', { campaign: campaignName(run), service: run.baseUrl }),
    t('cli.history.show.outcome', { outcome: outcome(run) }),
  ];
  if (e) {
    lines.push(
      t('cli.history.show.rows', {
        total: formatCount(e.total),
        imported: formatCount(e.imported),
        rejected: formatCount(e.rejected),
        skipped: formatCount(e.skipped),
        uncertain: formatCount(e.uncertain),
      }),
    );
    for (const [list, file] of [
      ['rejects', e.rejectsFile],
      ['skipped', e.skippedFile],
      ['uncertain', e.uncertainFile],
    ] as const) {
      if (file)
        lines.push(
          fs.existsSync(file)
            ? t(`cli.history.show.list.${list}`, { file })
            : t(`cli.history.show.list.gone.${list}`, { file }),
        );
    }
    if (e.uncertainLines.length > 0)
      lines.push(t('cli.history.show.uncertainLines', { lines: compactLines(e.uncertainLines) }));
  }
  ctx.out.data(`${lines.join('\n')}\n`);
  return 0;
}

/** [3,4,5,9] → "3–5, 9". */
function compactLines(lines: readonly number[]): string {
  const out: string[] = [];
  for (let i = 0; i < lines.length;) {
    let j = i;
    while (j + 1 < lines.length && lines[j + 1] === lines[j]! + 1) j++;
    out.push(j > i ? `${lines[i]}–${lines[j]}` : String(lines[i]));
    i = j + 1;
  }
  return out.join(', ');
}

export async function runHistoryFind(
  flags: Flags<typeof defineHistoryFind>,
  ctx: Context,
  args: string[],
): Promise<number> {
  const { settings } = await ctx.settings();
  const { query, found, ledgersAt } = await findInHistory({
    stateDir: settings.stateDir,
    ...(settings.stateUrl !== undefined ? { state: settings.stateUrl } : {}),
    ...(settings.stateSchema !== undefined ? { stateSchema: settings.stateSchema } : {}),
    query: args[0] ?? '',
  });
  if (flags.json) {
    ctx.out.json({ query, found, exitCode: 0, error: null });
    return 0;
  }
  if (found.length === 0) {
    ctx.out.info(t('cli.history.find.none', { query, ledgers: ledgersAt }));
    return 0;
  }
  for (const x of found) {
    const found = {
      when: when(x.recorded),
      outcome: x.outcome.padEnd(12),
      campaign: x.campaign,
      service: x.baseUrl,
      matched: x.matched,
    };
    ctx.out.data(
      `${
        x.run
          ? t('cli.history.find.found', { ...found, run: x.run, file: path.basename(x.file ?? '') })
          : t('cli.history.find.found.noRun', found)
      }\n`,
    );
  }
  return 0;
}
