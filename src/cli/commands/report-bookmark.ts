/**
 * `cacs report --bookmark`, `--bookmarks`, `--bookmark-reset`: the command's side of report
 * bookmarks (src/report/bookmark.ts keeps them). Loaded only when one of these flags is given.
 */
import {
  OPTION_DEFAULTS,
  UsageError,
  addSecond,
  checkBookmarkName,
  canonicalServiceUrl,
  describeFilters,
  describeKey,
  formatReaderDate,
  formatServiceDate,
  instantToWall,
  listBookmarks,
  openBookmark,
  parseServiceWall,
  readerWall,
  requireBaseUrl,
  requireCampaign,
  resetBookmark,
  statusSet,
  type BookmarkHandle,
  type BookmarkKey,
  type BookmarkOptions,
  type BookmarkState,
  type FlatConfig,
  type Settings,
  t,
  tCount,
} from '../../index.js';
import type { Context } from '../context.js';
import { fitTable, serviceColumn, type Column } from '../render/table.js';
import type { ReportFlags } from './report-flags.js';
import { stateOf } from '../state-where.js';

/** The library's bookmark options for a key, in the state store the settings name. */
function bookmarkOptions(
  key: BookmarkKey,
  settings: Pick<Settings, 'stateDir' | 'stateUrl' | 'stateSchema'>,
): BookmarkOptions {
  return {
    name: key.name,
    campaignKey: key.campaign,
    serviceUrl: key.service,
    ...stateOf(settings),
    status: key.status,
    ...(key.refId !== undefined ? { refId: key.refId } : {}),
  };
}

type Given = Pick<
  ReportFlags,
  | 'bookmark'
  | 'bookmarks'
  | 'bookmarkReset'
  | 'settle'
  | 'from'
  | 'to'
  | 'output'
  | 'status'
  | 'refId'
  | 'campaign'
  | 'format'
  | 'flatten'
  | 'bom'
  | 'windowDays'
  | 'concurrency'
  | 'summary'
  | 'failOnViolations'
>;

/** Flags that make no sense together with the bookmark flags: exit 2 before anything is done. */
export function bookmarkFlagProblem(flags: Given): UsageError | undefined {
  if (flags.bookmarks === true && flags.bookmarkReset !== undefined) {
    return new UsageError(t('cli.bookmark.listAndReset'));
  }
  const action =
    flags.bookmarks === true
      ? '--bookmarks'
      : flags.bookmarkReset !== undefined
        ? '--bookmark-reset'
        : undefined;
  if (action !== undefined) {
    const fetchOnly: Array<[string, unknown]> = [
      ['--bookmark', flags.bookmark],
      ['--settle', flags.settle],
      ['--from', flags.from],
      ['--to', flags.to],
      ['-o', flags.output],
      ['--flatten', flags.flatten],
      ['--bom', flags.bom],
      ['--window-days', flags.windowDays],
      ['--concurrency', flags.concurrency],
      ['--summary', flags.summary],
      ['--fail-on-violations', flags.failOnViolations],
    ];
    if (action === '--bookmarks') {
      fetchOnly.push(['--status', flags.status], ['--ref-id', flags.refId]);
    } else {
      fetchOnly.push(['--format', flags.format]);
    }
    const extra = fetchOnly.filter(([, v]) => v !== undefined).map(([f]) => f);
    if (extra.length > 0) {
      return new UsageError(
        t('cli.bookmark.fetchesNoReport', { flag: action, extra: extra.join(', ') }),
        action === '--bookmarks'
          ? { hint: t('cli.bookmark.list.hint') }
          : { hint: t('cli.bookmark.reset.hint') },
      );
    }
    if (
      action === '--bookmarks' &&
      flags.format !== undefined &&
      !['json', 'table'].includes(flags.format)
    ) {
      return new UsageError(t('cli.bookmark.list.format', { format: flags.format }), {
        hint: t('cli.bookmark.list.format.hint'),
      });
    }
    return undefined;
  }
  if (flags.settle !== undefined && flags.bookmark === undefined) {
    return new UsageError(t('cli.bookmark.settleAlone'), {
      hint: t('cli.bookmark.settleAlone.hint'),
    });
  }
  if (flags.settle !== undefined && flags.to !== undefined) {
    return new UsageError(t('cli.bookmark.settleAndTo'), {
      hint: t('cli.bookmark.settleAndTo.hint', { settle: OPTION_DEFAULTS.settle }),
    });
  }
  return undefined;
}

/** The key a run with these flags and settings keeps its bookmark under. */
export function bookmarkKey(
  name: string,
  settings: Settings,
  flags: Pick<ReportFlags, 'status' | 'refId'>,
): BookmarkKey {
  return {
    name,
    service: canonicalServiceUrl(requireBaseUrl(settings)),
    campaign: requireCampaign(settings).key,
    status: statusSet(flags.status),
    ...(flags.refId !== undefined ? { refId: flags.refId } : {}),
  };
}

/** Open the run's bookmark (its lock held until release); notes from settling a pending run. */
export async function openRunBookmark(
  name: string,
  settings: Settings,
  flags: Pick<ReportFlags, 'status' | 'refId'>,
  ctx: Context,
): Promise<BookmarkHandle> {
  const handle = await openBookmark(bookmarkOptions(bookmarkKey(name, settings, flags), settings));
  for (const line of handle.notes.splice(0)) ctx.out.info(line);
  return handle;
}

/** `--bookmarks`: a table on stdout, or JSON with --format json. */
export async function runBookmarkList(flags: ReportFlags, ctx: Context): Promise<number> {
  const cmdFlags: FlatConfig = new Map();
  if (flags.campaign !== undefined) cmdFlags.set('campaign', flags.campaign);
  if (flags.tz !== undefined) cmdFlags.set('timezone', flags.tz);
  const { settings } = await ctx.settings(cmdFlags);
  const campaign = flags.campaign !== undefined ? requireCampaign(settings).key : undefined;
  // Where the bookmarks are: the state folder, or the team's database (password masked).
  const { bookmarks, unreadable, location } = await listBookmarks(stateOf(settings));
  const shown = bookmarks.filter((b) => campaign === undefined || b.campaign === campaign);
  // Dates in the table as a person reads them (25/11/2026 14:05:00 in Vietnamese); --format
  // json keeps the stored forms.
  const lastRunAt = (b: BookmarkState) =>
    formatReaderDate(instantToWall(Date.parse(b.lastRun.at), settings.timezone));
  const nextFrom = (b: BookmarkState) =>
    formatServiceDate(addSecond(parseServiceWall(b.coveredUntil)!));
  if (flags.format === 'json') {
    const list = shown.map((b) => ({
      name: b.name,
      campaign: b.campaign,
      service: b.service,
      status: b.status,
      refId: b.refId ?? null,
      firstFrom: b.firstFrom,
      coveredUntil: b.coveredUntil,
      nextFrom: nextFrom(b),
      serviceTimeZone: b.serviceTimeZone,
      startedWith: b.startedWith,
      runs: b.runs,
      createdAt: b.createdAt,
      lastRun: b.lastRun,
      file: b.file,
    }));
    ctx.out.data(`${JSON.stringify(list, null, 2)}\n`);
  } else if (shown.length > 0) {
    // Fitted to the terminal as `cacs history` is: the last run and the count of runs only
    // when there is room, names and filters cut to fit, the service only when the bookmarks
    // go to more than one (it is part of a bookmark's key; --format json always has it).
    const lastRunColumn: Column<BookmarkState> = {
      head: t('cli.bookmarks.head.lastRun'),
      cell: lastRunAt,
      optional: 1,
    };
    const columns: Column<BookmarkState>[] = [
      { head: t('cli.bookmarks.head.name'), cell: (b) => b.name, flex: true },
      { head: t('cli.bookmarks.head.campaign'), cell: (b) => b.campaign, flex: true },
      {
        head: t('cli.bookmarks.head.filters'),
        cell: (b) => (b.status.length === 0 && b.refId === undefined ? '-' : describeFilters(b)),
        flex: true,
        squeezeLast: true,
        keepWhole: true,
      },
      { head: t('cli.bookmarks.head.coveredUntil'), cell: (b) => readerWall(b.coveredUntil) },
      lastRunColumn,
      { head: t('cli.bookmarks.head.runs'), cell: (b) => String(b.runs), optional: 2 },
      // By what tells them apart (`:8788`), as history names them: a cut URL would not.
      ...serviceColumn<BookmarkState>(shown, t('cli.bookmarks.head.service'), (b) => b.service),
    ];
    const [head, rows, kept] = fitTable(columns, shown, Math.max(40, ctx.io.columns ?? 80), {
      apartLast: true,
    });
    ctx.out.data(`${[...head, ...rows].join('\n')}\n`);
    const zones = [...new Set(shown.map((b) => b.serviceTimeZone))].join(', ');
    ctx.out.info(
      ctx.out.c.dim(
        // The last run's clock is named only when its column is shown.
        tCount(
          kept[columns.indexOf(lastRunColumn)] === true
            ? 'cli.bookmarks.footer'
            : 'cli.bookmarks.footerCovered',
          shown.length,
          {
            stateDir: location,
            zones,
            timezone: settings.timezone,
          },
        ),
      ),
    );
  }
  if (shown.length === 0) {
    ctx.out.info(
      campaign !== undefined
        ? t('cli.bookmarks.none.campaign', { campaign, stateDir: location })
        : t('cli.bookmarks.none', { stateDir: location }),
    );
  }
  for (const e of unreadable) ctx.out.error(e.message, e.hint);
  return unreadable.length > 0 ? 2 : 0;
}

/** `--bookmark-reset <name>`: forget one, saying what it held. */
export async function runBookmarkReset(flags: ReportFlags, ctx: Context): Promise<number> {
  const cmdFlags: FlatConfig = new Map();
  if (flags.campaign !== undefined) cmdFlags.set('campaign', flags.campaign);
  if (flags.tz !== undefined) cmdFlags.set('timezone', flags.tz);
  const { settings } = await ctx.settings(cmdFlags);
  checkBookmarkName(flags.bookmarkReset!, '--bookmark-reset');
  const key = bookmarkKey(flags.bookmarkReset!, settings, flags);
  const { state, file, unreadable } = await resetBookmark(bookmarkOptions(key, settings));
  const what = { name: JSON.stringify(key.name), key: describeKey(key) };
  if (state === undefined) {
    ctx.out.info(
      t('cli.bookmark.forgot.unreadable', { ...what, file, reason: unreadable ?? 'unknown' }),
    );
    return 0;
  }
  const last = formatReaderDate(instantToWall(Date.parse(state.lastRun.at), settings.timezone));
  ctx.out.info(
    tCount('cli.bookmark.forgot', state.runs, {
      ...what,
      from: readerWall(state.firstFrom),
      until: readerWall(state.coveredUntil),
      zone: state.serviceTimeZone,
      last,
      timezone: settings.timezone,
    }),
  );
  return 0;
}
