/**
 * The report's last stage, finish: what a person is told once the output is complete, as data
 * (a face words it): whether a ref_id asked for is unknown to the service in the range, which
 * statuses asked for matched no call attempt, and the statuses the answers held, as the
 * service spells them.
 */
import { formatCount, t, tCount } from '../../messages/index.js';
import { formatDurationFlag } from '../../text.js';
import type { BookmarkHandle, BookmarkRunInfo } from '../bookmark.js';
import { readerWall } from '../bookmark-range.js';
import { addSecond, describeRange, formatReaderDate, type ReportRange } from '../dates.js';

export interface FinishStageInput {
  /** The ref_id filter of the run, if any. */
  refId?: string;
  /** Leads written, and windows the service answered "Data is not found" for. */
  leads: number;
  notFound: number;
  /** The status groups of the plan (undefined: every status). */
  statusGroups: ReadonlyArray<string | undefined>;
  /** The statuses of the call attempts the answers held. */
  statuses: Iterable<string>;
}

export interface FinishStage {
  /** A ref_id was asked for, and the service has no data for it in this range. */
  refIdNotFound: boolean;
  /** Statuses asked for (as asked) that no call attempt in the range has. */
  unmatchedStatuses: string[];
  /** The statuses the answers held, each once (for completion lists and the like). */
  statuses: string[];
}

/** The statuses a plan asks for, by their lower-case form (empty: every status). */
export function askedStatuses(
  statusGroups: ReadonlyArray<string | undefined>,
): Map<string, string> {
  const asked = new Map<string, string>();
  for (const g of statusGroups)
    for (const st of g?.split(',') ?? []) asked.set(st.toLowerCase(), st);
  return asked;
}

export function finishStage(input: FinishStageInput): FinishStage {
  const statuses = [...new Set(input.statuses)];
  const matched = new Set(statuses.map((st) => st.toLowerCase()));
  return {
    refIdNotFound: input.refId !== undefined && input.leads === 0 && input.notFound > 0,
    unmatchedStatuses: [...askedStatuses(input.statusGroups)]
      .filter(([key]) => !matched.has(key))
      .map(([, st]) => st),
    statuses,
  };
}

/** What {@link finishRunStage} needs: the finish stage's input, and what the run did. */
export interface FinishRunInput extends FinishStageInput {
  /** The range fetched; `empty`: a bookmarked run with nothing new (no range to show). */
  range: ReportRange;
  empty: boolean;
  /** Requests made, and how many of them were split (their answers too large). */
  requests: number;
  split: number;
  attempts: number;
  /** The output as the caller's user named it, when it went to a file, pipe or device. */
  output?: string;
  /** A bookmarked run with nothing new left an earlier run's file of this name as it was. */
  keepExisting?: boolean;
  /** What was written: the summary, or the report. */
  wrote: 'summary' | 'report';
}

/** The finish stage's data, and the run's range line (`range: … · 3 requests · …`) in words. */
export interface FinishRun extends FinishStage {
  rangeLine: string;
}

/**
 * " (service clock)" after the report's range when the user's zone is the service's, so its one
 * range is on both clocks (when they differ, the range line names the service's range itself).
 */
function serviceClockNote(range: { timeZone: string; serviceTimeZone: string }): string {
  return range.timeZone === range.serviceTimeZone ? ` ${t('cli.habits.range.serviceClock')}` : '';
}

/** The report's last stage: what a person is told once the output is complete. */
export function finishRunStage(input: FinishRunInput): FinishRun {
  const requests = tCount('report.run.requests', input.requests);
  const parts = [
    // Nothing new for a bookmark: no range to show (its start would lie after its end).
    input.empty
      ? t('report.run.range.nothingNew')
      : t('report.run.range', {
          range: describeRange(input.range) + serviceClockNote(input.range),
        }),
    input.split > 0
      ? t('report.run.requests.split', { requests, split: formatCount(input.split) })
      : requests,
    t('report.run.counts', {
      leads: tCount('report.run.leads', input.leads),
      attempts: tCount('report.run.attempts', input.attempts),
    }),
    ...(input.output !== undefined && input.keepExisting !== true
      ? [
          input.wrote === 'summary'
            ? t('report.run.summaryWrittenTo', { output: input.output })
            : t('report.run.writtenTo', { output: input.output }),
        ]
      : []),
  ];
  return { ...finishStage(input), rangeLine: parts.join(' · ') };
}

/** What {@link bookmarkStage} needs. */
export interface BookmarkStageInput {
  /** The run's bookmark, its range planned (planRangeStage). */
  bookmark: Pick<BookmarkHandle, 'key' | 'state' | 'commit'>;
  range: ReportRange;
  empty: boolean;
  /** What the bookmark records of this run. */
  run: BookmarkRunInfo;
  /** Whether the run was given its end (else: now less `settleMs`). */
  toGiven: boolean;
  settleMs: number;
  /** An earlier run's file of this name was left as it was (`output`: its name). */
  keepExisting?: boolean;
  /** No file was written: `output` (the name as given) has placeholders (OutputStage.noRange). */
  noRange?: boolean;
  output?: string;
}

/**
 * Once the output is complete, a bookmarked run's bookmark moves to the end of its range (or,
 * with nothing new, stays): the line that says which.
 */
export async function bookmarkStage(input: BookmarkStageInput): Promise<string> {
  const { bookmark, range } = input;
  const name = JSON.stringify(bookmark.key.name);
  if (input.empty) {
    const covered = bookmark.state?.coveredUntil;
    const to = formatReaderDate(range.to);
    const end = input.toGiven
      ? t('report.run.end.to', { to })
      : t('report.run.end.settle', { to, settle: formatDurationFlag(input.settleMs) });
    const line =
      covered !== undefined
        ? t('report.run.nothingNew', { name, covered: readerWall(covered), end })
        : t('report.run.nothingYet', { from: formatReaderDate(range.from), end, name });
    if (input.noRange === true && input.output !== undefined)
      return t('report.run.nothingNew.noFile', { line, output: input.output });
    return input.keepExisting === true && input.output !== undefined
      ? t('report.run.nothingNew.kept', { line, output: input.output })
      : line;
  }
  const moved = (await bookmark.commit(input.run))!;
  return t('report.run.bookmarkMoved', {
    name,
    covered: readerWall(moved.coveredUntil),
    zone: moved.serviceTimeZone,
    next: formatReaderDate(addSecond(range.to)),
  });
}
