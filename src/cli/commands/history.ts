/**
 * `cacs history`: past imports from the state store's history, one run in detail, and which runs
 * sent a lead (the campaign ledgers), as the library reads them (listHistory, showHistoryRun,
 * findInHistory); this module renders them.
 */
import { OPTION_DEFAULTS } from '../../defaults.js';
import fs from 'node:fs';
import path from 'node:path';
import { findInHistory, listHistory, showHistoryRun, type RunRecord } from '../../index.js';
import { formatCount, formatLocalTime } from '../../text.js';
import type { Context } from '../context.js';
import type { Flags } from '../flags.js';
import type { defineHistoryFind, defineHistoryList, defineHistoryShow } from './history-flags.js';

function when(iso: string): string {
  return formatLocalTime(new Date(iso));
}

function outcome(r: RunRecord): string {
  if (!r.end) return 'running or stopped without a summary';
  return `exit ${r.end.exitCode}`;
}

export async function runHistoryList(
  flags: Flags<typeof defineHistoryList>,
  ctx: Context,
): Promise<number> {
  const { settings } = await ctx.settings();
  const runs = await listHistory({
    stateDir: settings.stateDir,
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
    ctx.out.info(`no imports recorded in ${settings.stateDir}`);
    return 0;
  }
  const rows = runs.map((r) => [
    r.id,
    when(r.started),
    path.basename(r.file),
    r.alias ? `${r.alias} (${r.campaign})` : r.campaign,
    formatCount(r.end?.total ?? 0),
    formatCount(r.end?.imported ?? 0),
    formatCount(r.end?.rejected ?? 0),
    formatCount(r.end?.skipped ?? 0),
    formatCount(r.end?.uncertain ?? 0),
    r.end ? String(r.end.exitCode) : '—',
  ]);
  const head = [
    'run',
    'started',
    'file',
    'campaign',
    'rows',
    'imported',
    'rejected',
    'skipped',
    'uncertain',
    'exit',
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
  const run = await showHistoryRun({ stateDir: settings.stateDir, id: args[0] ?? '' });
  if (flags.json) {
    ctx.out.json({ run, exitCode: 0, error: null });
    return 0;
  }
  const e = run.end;
  const lines = [
    `run       ${run.id}`,
    `started   ${when(run.started)}${e ? `, ended ${when(e.ended)}` : ''}`,
    `file      ${run.file}`,
    `campaign  ${run.alias ? `${run.alias} (${run.campaign})` : run.campaign} at ${run.baseUrl}`,
    `outcome   ${outcome(run)}`,
  ];
  if (e) {
    lines.push(
      `rows      ${formatCount(e.total)}: imported ${formatCount(e.imported)}, rejected ${formatCount(e.rejected)}, skipped ${formatCount(e.skipped)}, uncertain ${formatCount(e.uncertain)}`,
    );
    for (const [label, file] of [
      ['rejects', e.rejectsFile],
      ['skipped', e.skippedFile],
      ['uncertain', e.uncertainFile],
    ] as const) {
      if (file)
        lines.push(`${label.padEnd(10)}${file}${fs.existsSync(file) ? '' : ' (no longer there)'}`);
    }
    if (e.uncertainLines.length > 0)
      lines.push(`uncertain leads on lines: ${compactLines(e.uncertainLines)}`);
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
    query: args[0] ?? '',
  });
  if (flags.json) {
    ctx.out.json({ query, found, exitCode: 0, error: null });
    return 0;
  }
  if (found.length === 0) {
    ctx.out.info(`no run recorded sending ${query} (looked in ${ledgersAt})`);
    return 0;
  }
  for (const x of found) {
    ctx.out.data(
      `${when(x.recorded)}  ${x.outcome.padEnd(12)}  campaign ${x.campaign} at ${x.baseUrl}  ${x.run ? `run ${x.run} (${path.basename(x.file ?? '')})` : 'run not in the history'}  [by ${x.matched}]\n`,
    );
  }
  return 0;
}
