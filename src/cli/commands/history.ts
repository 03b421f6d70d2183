/**
 * `cacs history`: past imports from the state store's history, one run in detail, and which runs
 * sent a lead (the campaign ledgers): all read through the store (state/index.ts).
 */
import { OPTION_DEFAULTS } from '../../defaults.js';
import fs from 'node:fs';
import path from 'node:path';
import { UsageError } from '../../errors.js';
import {
  STATE_ACCEPTED,
  STATE_UNCERTAIN,
  openStateStore,
  type RunRecord,
  type StateStore,
} from '../../state/index.js';
import { normalizePhone } from '../../leads/normalize.js';
import { formatCount, formatLocalTime } from '../../text.js';
import type { Context } from '../context.js';
import type { Flags } from '../flags.js';
import type { defineHistoryFind, defineHistoryList, defineHistoryShow } from './history-flags.js';

async function storeOf(ctx: Context): Promise<StateStore> {
  return openStateStore({ stateDir: (await ctx.settings()).settings.stateDir });
}

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
  const store = openStateStore({ stateDir: settings.stateDir });
  let runs = (await store.readHistory()).reverse();
  await store.close();
  if (flags.campaign !== undefined) {
    const key = settings.campaigns[flags.campaign] ?? flags.campaign;
    runs = runs.filter((r) => r.campaign === key);
  }
  runs = runs.slice(0, flags.limit ?? OPTION_DEFAULTS.historyLimit);
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

function findRun(runs: readonly RunRecord[], id: string): RunRecord {
  const exact = runs.find((r) => r.id === id);
  if (exact) return exact;
  const matches = runs.filter((r) => r.id.startsWith(id));
  if (matches.length === 1) return matches[0]!;
  throw new UsageError(
    matches.length === 0 ? `no run ${id} in the history` : `${id} matches ${matches.length} runs`,
    { hint: 'List runs with: cacs history' },
  );
}

export async function runHistoryShow(
  flags: Flags<typeof defineHistoryShow>,
  ctx: Context,
  args: string[],
): Promise<number> {
  const store = await storeOf(ctx);
  const history = await store.readHistory();
  await store.close();
  const run = findRun(history, args[0] ?? '');
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

interface Found {
  run: string | null;
  started: string | null;
  file: string | null;
  campaign: string;
  baseUrl: string;
  recorded: string;
  outcome: 'accepted' | 'uncertain' | 'not imported';
  matched: 'phone' | 'ref_id';
}

export async function runHistoryFind(
  flags: Flags<typeof defineHistoryFind>,
  ctx: Context,
  args: string[],
): Promise<number> {
  const query = (args[0] ?? '').trim();
  if (query === '') throw new UsageError('give a phone number or a ref_id to look for');
  const store = await storeOf(ctx);
  const phone = normalizePhone(query, { value: '', changes: 0 }).value;
  const records = await store.findLead({
    ...(/^\d+$/.test(phone) ? { phone } : {}),
    ref: query,
  });
  const runs = new Map((records.length > 0 ? await store.readHistory() : []).map((r) => [r.n, r]));
  await store.close();
  /** Per ledger, the latest record per run, so a batch's uncertain-then-accepted shows as accepted. */
  const latest = new Map<string, Found>();
  for (const r of records) {
    const run = runs.get(r.run);
    latest.set(`${r.ledger}\0${r.run}`, {
      run: run?.id ?? null,
      started: run?.started ?? null,
      file: run?.file ?? null,
      campaign: run?.alias ? `${run.alias} (${r.campaignKey})` : r.campaignKey,
      baseUrl: r.serviceUrl,
      recorded: new Date(r.time * 1000).toISOString(),
      outcome:
        r.state === STATE_ACCEPTED
          ? 'accepted'
          : r.state === STATE_UNCERTAIN
            ? 'uncertain'
            : 'not imported',
      matched: r.matched,
    });
  }
  const found = [...latest.values()];
  found.sort((a, b) => a.recorded.localeCompare(b.recorded));
  if (flags.json) {
    ctx.out.json({ query, found, exitCode: 0, error: null });
    return 0;
  }
  if (found.length === 0) {
    ctx.out.info(`no run recorded sending ${query} (looked in ${store.ledgersAt})`);
    return 0;
  }
  for (const x of found) {
    ctx.out.data(
      `${when(x.recorded)}  ${x.outcome.padEnd(12)}  campaign ${x.campaign} at ${x.baseUrl}  ${x.run ? `run ${x.run} (${path.basename(x.file ?? '')})` : 'run not in the history'}  [by ${x.matched}]\n`,
    );
  }
  return 0;
}
