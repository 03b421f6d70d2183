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
  formatTimeIn,
  formatTimeOnClock,
  listHistory,
  runStopped,
  showHistoryRun,
  zoneOffset,
  type RunRecord,
  t,
  tCount,
} from '../../index.js';
import type { Context } from '../context.js';
import { stateOf } from '../state-where.js';
import { fitTable, serviceColumn, type Column } from '../render/table.js';
import { wrapWords } from '../render/wrap.js';
import type { Flags } from '../flags.js';
import type { defineHistoryFind, defineHistoryList, defineHistoryShow } from './history-flags.js';

/** The clock history's times are shown on: the `timezone` setting (default: the service's). */
let zone = 'UTC';

/** A time on that clock, as the reader writes it ("26/11/2026 13:10" in Vietnamese). */
function when(iso: string, on: string = zone): string {
  return formatTimeIn(new Date(iso), on);
}

/**
 * "times: Asia/Ho_Chi_Minh (UTC+07:00)" for the runs shown (the offset of the newest); with
 * `year`, the year the started column leaves out ("times: Asia/Ho_Chi_Minh (UTC+07:00), all in
 * 2026").
 */
function clockLine(at: string | undefined, on: string, year?: string): string {
  const offset = zoneOffset(at ? new Date(at) : new Date(), on);
  return year === undefined
    ? t('cli.habits.history.clock', { zone: on, offset })
    : t('cli.habits.history.clock.year', { year, zone: on, offset });
}

/** A run as `history --json` gives it: the documented fields only (README "cacs history"). */
function runJson(r: RunRecord, withLines = false) {
  const e = r.end;
  return {
    id: r.id,
    started: r.started,
    ended: e?.ended ?? null,
    file: r.file,
    campaign: r.campaign,
    alias: r.alias ?? null,
    service: r.baseUrl,
    host: r.host ?? null,
    user: r.user ?? null,
    rows: e?.total ?? null,
    imported: e?.imported ?? null,
    rejected: e?.rejected ?? null,
    skipped: e?.skipped ?? null,
    uncertain: e?.uncertain ?? null,
    serviceSkipped: e?.serviceSkipped ?? null,
    blank: e?.blank ?? null,
    notSent: e?.notSent ?? null,
    exitCode: e?.exitCode ?? null,
    rejectsFile: e?.rejectsFile ?? null,
    skippedFile: e?.skippedFile ?? null,
    uncertainFile: e?.uncertainFile ?? null,
    ...(withLines ? { uncertainLines: e?.uncertainLines ?? [] } : {}),
  };
}

function outcome(r: RunRecord): string {
  if (!r.end) {
    // A run of this machine whose process is gone was killed (or crashed) before its summary
    // (found by an operator walk: "running or stopped" for a run kill -9'd an hour before).
    if (runStopped(r)) return t('cli.history.show.outcome.gone', { pid: r.pid });
    return t('cli.history.show.outcome.none');
  }
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
    ...stateOf(settings),
    ...(flags.campaign !== undefined
      ? { campaignKey: settings.campaigns[flags.campaign] ?? flags.campaign }
      : {}),
    limit: flags.limit ?? OPTION_DEFAULTS.historyLimit,
  });
  zone = settings.timezone;
  if (flags.json) {
    ctx.out.json({ runs: runs.map((r) => runJson(r)), exitCode: 0, error: null });
    return 0;
  }
  if (runs.length === 0) {
    // A campaign asked for: none of its imports — not none at all (review, session 18: "no
    // imports recorded" with 26 runs there, none into that campaign).
    ctx.out.info(
      flags.campaign !== undefined
        ? t('cli.history.none.campaign', {
            campaign: settings.campaigns[flags.campaign] ?? flags.campaign,
            stateDir: settings.stateDir,
          })
        : t('cli.history.none', { stateDir: settings.stateDir }),
    );
    return 0;
  }
  ctx.out.data(historyTable(runs, Math.max(40, ctx.io.columns ?? 80), settings.timezone));
  return 0;
}

/**
 * The runs as a table of at most `width` columns: started (on the named clock), run (the id's
 * last 6 characters: `cacs history show` takes them), file, campaign, rows, imported, rejected,
 * exit; skipped and uncertain when there is room; the service's host when runs went to more
 * than one; who ran each (`user@host`) when the runs are more than one operator's (a shared
 * store: DESIGN "every operator's runs (host, user)"). File and campaign names are cut to fit.
 */
export function historyTable(
  runs: readonly RunRecord[],
  width: number,
  /** The clock the times are on (the `timezone` setting); passed, not kept between calls. */
  timeZone = 'UTC',
): string {
  const at = (iso: string) => when(iso, timeZone);
  const full = historyRows(runs, width, at, timeZone);
  if (!full.cut) return full.text;
  // A narrow terminal cuts the names: when every run is of one year, the year is said once, in
  // the clock line, and the started column goes without it (`11-27 01:15`, `27/11 01:15`): five
  // more characters for the file and campaign names (at 60 columns `big….csv` was all a file
  // name showed).
  const years = new Set(runs.map((r) => at(r.started).match(YEAR)![0]));
  if (years.size !== 1) return full.text;
  const [year] = years;
  return historyRows(runs, width, (iso) => at(iso).replace(YEAR_PART, ''), timeZone, year).text;
}

/** A time as `when` writes it: its year (`2026-11-27 01:15`, `27/11/2026 01:15`). */
const YEAR = /\d{4}/;
/** The year and the separator beside it, in either form. */
const YEAR_PART = /^\d{4}-|\/\d{4}(?= )/;

function historyRows(
  runs: readonly RunRecord[],
  width: number,
  started: (iso: string) => string,
  timeZone: string,
  year?: string,
): { text: string; cut: boolean } {
  const operators = new Set(runs.map(operatorOf));
  const num = (v: number | undefined) => (v === undefined ? '—' : formatCount(v));
  const all: Column<RunRecord>[] = [
    { head: t('cli.history.head.started'), cell: (r) => started(r.started) },
    { head: t('cli.history.head.run'), cell: (r) => r.id.slice(-6) },
    { head: t('cli.history.head.file'), cell: (r) => path.basename(r.file), flex: true },
    { head: t('cli.history.head.campaign'), cell: (r) => campaignName(r), flex: true },
    ...serviceColumn(runs, t('cli.habits.history.head.service'), (r) => r.baseUrl),
    ...(operators.size > 1
      ? [
          {
            head: t('cli.history.head.operator'),
            cell: operatorOf,
            flex: true,
            squeezeLast: true,
          },
        ]
      : []),
    { head: t('cli.history.head.rows'), cell: (r) => num(r.end?.total), right: true, optional: 2 },
    { head: t('cli.history.head.imported'), cell: (r) => num(r.end?.imported), right: true },
    {
      head: t('cli.history.head.rejected'),
      cell: (r) => num(r.end?.rejected),
      right: true,
      optional: 1,
    },
    {
      head: t('cli.history.head.skipped'),
      cell: (r) => num(r.end?.skipped),
      right: true,
      optional: 3,
    },
    {
      head: t('cli.history.head.uncertain'),
      cell: (r) => num(r.end?.uncertain),
      right: true,
      optional: 4,
    },
    {
      head: t('cli.history.head.exit'),
      cell: (r) => (r.end ? String(r.end.exitCode) : '—'),
      right: true,
    },
  ];
  const [head, rows, , cut] = fitTable(all, runs, width);
  return {
    text: `${clockLine(runs[0]?.started, timeZone, year)}\n${[...head, ...rows].join('\n')}\n`,
    cut,
  };
}

/** Who ran a run, as the table shows it: `user@host`, either alone when the other is unknown. */
function operatorOf(r: RunRecord): string {
  if (r.user !== undefined && r.host !== undefined) return `${r.user}@${r.host}`;
  return r.user ?? r.host ?? '—';
}

export async function runHistoryShow(
  flags: Flags<typeof defineHistoryShow>,
  ctx: Context,
  args: string[],
): Promise<number> {
  const { settings } = await ctx.settings();
  const run = await showHistoryRun({
    ...stateOf(settings),
    id: args[0] ?? '',
  });
  zone = settings.timezone;
  if (flags.json) {
    ctx.out.json({ run: runJson(run, true), exitCode: 0, error: null });
    return 0;
  }
  const e = run.end;
  const lines = [
    t('cli.history.show.run', { run: run.id }),
    e
      ? t('cli.habits.history.show.startedEnded', {
          started: when(run.started),
          ended: when(e.ended),
          clock: `${zone}, ${zoneOffset(new Date(run.started), zone)}`,
        })
      : t('cli.habits.history.show.started', {
          started: when(run.started),
          clock: `${zone}, ${zoneOffset(new Date(run.started), zone)}`,
        }),
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
    // What the counts above leave out, so that they add up to the rows.
    if ((e.serviceSkipped ?? 0) > 0)
      lines.push(tCount('cli.history.show.serviceSkipped', e.serviceSkipped!));
    if ((e.blank ?? 0) > 0) lines.push(tCount('cli.history.show.blank', e.blank!));
    // A run that stopped early: the leads it never sent (found by an operator walk: only the
    // exit code said that most of a file was still to send).
    if ((e.notSent ?? 0) > 0) lines.push(tCount('cli.history.show.notSent', e.notSent!));
    // Why a run with none of its own uncertain exited 5 (found by an operator walk): those held
    // back by the ledger are among the skipped, those by this file's journal are not.
    if ((e.uncertainEarlier ?? 0) > 0)
      lines.push(tCount('cli.history.show.uncertainEarlier', e.uncertainEarlier!));
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
  const width = Math.max(40, ctx.io.columns ?? 80);
  // Later lines under the values: as far in as the labels are wide (in the current language).
  const labels = t('cli.history.show.run', { run: '' }).length;
  // (A no-break space keeps a count beside its word: a space again once the lines are made.)
  ctx.out.data(
    `${lines
      .flatMap((l) => wrapWords(l, width, labels))
      .join('\n')
      .replace(/\u00a0/g, ' ')}\n`,
  );
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
  const { query, found, ledgersAt, erased } = await findInHistory({
    ...stateOf(settings),
    query: args[0] ?? '',
  });
  zone = settings.timezone;
  if (flags.json) {
    ctx.out.json({ query, found, erased, exitCode: 0, error: null });
    return 0;
  }
  if (erased !== null)
    ctx.out.info(
      t('cli.history.find.erased', {
        query,
        when: formatTimeOnClock(new Date(erased), settings.timezone),
      }),
    );
  if (found.length === 0) {
    if (erased === null) ctx.out.info(t('cli.history.find.none', { query, ledgers: ledgersAt }));
    return 0;
  }
  const width = Math.max(40, ctx.io.columns ?? 80);
  ctx.out.data(`${clockLine(found[0]?.recorded, zone)}\n`);
  // The outcome and what matched in words (--json keeps the codes).
  const outcomeWords = (o: (typeof found)[number]['outcome']) =>
    t(
      o === 'accepted'
        ? 'cli.habits.history.find.accepted'
        : o === 'uncertain'
          ? 'cli.habits.history.find.uncertain'
          : 'cli.habits.history.find.notImported',
    );
  const outcomeWidth = Math.max(
    12,
    ...(
      [
        'cli.habits.history.find.accepted',
        'cli.habits.history.find.uncertain',
        'cli.habits.history.find.notImported',
      ] as const
    ).map((id) => t(id).length),
  );
  for (const x of found) {
    const found = {
      when: when(x.recorded),
      outcome: outcomeWords(x.outcome).padEnd(outcomeWidth),
      campaign: x.campaign,
      service: x.baseUrl,
      matched: t(
        x.matched === 'phone'
          ? 'cli.habits.history.find.byPhone'
          : 'cli.habits.history.find.byRefId',
      ),
    };
    const text = x.run
      ? t('cli.history.find.found', { ...found, run: x.run, file: path.basename(x.file ?? '') })
      : t('cli.history.find.found.noRun', found);
    // A run id stays with the word before it ("run r2026…").
    const kept = text.replace(/ (r\d{8}-\d{6}-[0-9a-f]{6})/g, '\u00a0$1');
    ctx.out.data(
      `${wrapWords(kept, width, 2)
        .join('\n')
        .replace(/\u00a0/g, ' ')}\n`,
    );
  }
  return 0;
}
