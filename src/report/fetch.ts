/**
 * Fetching a report: one request per (window × status group), at most `concurrency` in
 * flight; an "Over 31 days" answer halves that window and asks again; "Data is not found with
 * <ref_id>" is an empty answer. Answers are merged in window order — each as soon as every
 * earlier window is in, so merging overlaps the waiting — and the output does not depend on
 * which request finished first.
 */
import type { CacsClient, ReportBudget } from '../api/client.js';
import { ApiError } from '../api/errors.js';
import type { CallAttempt, CallRecord } from '../api/spec.js';
import { InterruptedError, UsageError } from '../errors.js';
import { TaskPool } from '../pool.js';
import { formatServiceDate } from './dates.js';
import { RecordMerger } from './merge.js';
import { halveWindow, type Window } from './windows.js';

export interface FetchOptions {
  client: CacsClient;
  campaignKey: string;
  windows: Window[];
  statusGroups: Array<string | undefined>;
  refId?: string;
  /**
   * Keep only attempts inside [from, to] ('yyyy-mm-dd HH:mm:ss' on the service's wall clock, the
   * clock date_time is written in), whichever style the service uses.
   */
  range?: { from: string; to: string };
  concurrency: number;
  signal: AbortSignal;
  onProgress?: (done: number, total: number) => void;
  /** Told of the bytes of answers as they arrive (a large answer can take a while). */
  onBytes?: (bytes: number) => void;
  /** Called after answers were added to the merger (at a turn of the event loop of its own). */
  onMerged?: () => void;
}

export interface FetchCounts {
  requests: number;
  /** Requests answered "Data is not found with <ref_id>". */
  notFound: number;
  /** Windows split after an "Over 31 days" answer. */
  halved: number;
}

export interface FetchResult extends FetchCounts {
  records: CallRecord[];
}

interface Job {
  /** Sort key: position of the window, then of the status group, then halves in order. */
  order: number[];
  window: Window;
  status: string | undefined;
}

export async function fetchReport(opts: FetchOptions): Promise<FetchResult> {
  const merger = new RecordMerger();
  const counts = await fetchInto(opts, merger);
  return { records: merger.result(attemptFilter(opts.range)), ...counts };
}

/**
 * The attempts a report lists: those inside [from, to] ('yyyy-mm-dd HH:mm:ss' on the service's
 * wall clock), whichever style the service uses; every attempt without a range.
 */
export function attemptFilter(
  range: { from: string; to: string } | undefined,
): ((attempt: CallAttempt) => boolean) | undefined {
  if (!range) return undefined;
  const { from, to } = range;
  return (a) => {
    const v = comparableTime(a.date_time);
    return v === undefined || (v >= from && v <= to);
  };
}

/**
 * The requests of {@link fetchReport}, their answers added to `merger` in window order (each as
 * soon as every earlier window is in, the last before this resolves).
 */
export async function fetchInto(opts: FetchOptions, merger: RecordMerger): Promise<FetchCounts> {
  const queue: Job[] = [];
  opts.windows.forEach((window, w) =>
    opts.statusGroups.forEach((status, g) => queue.push({ order: [w, g], window, status })),
  );
  let total = queue.length;
  let done = 0;
  let requests = 0;
  let notFound = 0;
  let halved = 0;
  /** Answers not merged yet, in order; merged once no earlier job is queued or running. */
  const answers: Array<{ order: number[]; records: CallRecord[] }> = [];
  /** Jobs taken from the queue and not ended yet (running, or waiting for a free slot). */
  const taken = new Set<Job>();
  /** Every answer of the report counts against the client's reportTotalBytes. */
  const budget: ReportBudget = { used: 0 };
  const mergeReady = () => {
    let first: number[] | undefined;
    for (const j of queue) if (!first || compareOrder(j.order, first) < 0) first = j.order;
    for (const j of taken) if (!first || compareOrder(j.order, first) < 0) first = j.order;
    let merged = false;
    while (answers.length > 0 && (!first || compareOrder(answers[0]!.order, first) < 0)) {
      merger.add(answers.shift()!.records);
      merged = true;
    }
    if (merged) opts.onMerged?.();
  };
  // Merging waits for the next turn of the event loop, so the request that takes the freed
  // slot goes out first.
  let mergeScheduled = false;
  const scheduleMerge = () => {
    if (mergeScheduled) return;
    mergeScheduled = true;
    setImmediate(() => {
      mergeScheduled = false;
      mergeReady();
    });
  };

  const runJob = async (job: Job): Promise<void> => {
    // A job that got its slot from a request that failed: the report has failed, ask no more.
    if (pool.failed) {
      taken.delete(job);
      return;
    }
    requests++;
    try {
      const r = await opts.client.callResults(
        {
          campaign_key: opts.campaignKey,
          start_date: formatServiceDate(job.window.start),
          end_date: formatServiceDate(job.window.end),
          ...(job.status !== undefined ? { status: job.status } : {}),
          ...(opts.refId !== undefined ? { ref_id: opts.refId } : {}),
        },
        opts.onBytes !== undefined ? { onBytes: opts.onBytes, budget } : { budget },
      );
      if (!Array.isArray(r.records))
        throw new UsageError('the service answered records that are not a list');
      let at = answers.length;
      while (at > 0 && compareOrder(answers[at - 1]!.order, job.order) > 0) at--;
      answers.splice(at, 0, { order: job.order, records: r.records });
    } catch (e) {
      if (e instanceof ApiError && e.service?.code === 'ref_id_not_found') {
        notFound++;
      } else if (e instanceof ApiError && e.service?.code === 'range_too_long') {
        const halves = halveWindow(job.window);
        if (!halves) {
          throw new ApiError(
            `the service refused a single-day window (${formatServiceDate(job.window.start)} → ${formatServiceDate(job.window.end)}) as over 31 days`,
            { kind: 'final', hint: 'This contradicts the spec; report it to the operator.' },
          );
        }
        halved++;
        total += 1;
        queue.push(
          { order: [...job.order, 0], window: halves[0], status: job.status },
          { order: [...job.order, 1], window: halves[1], status: job.status },
        );
        return;
      } else {
        throw e;
      }
    } finally {
      taken.delete(job);
    }
    scheduleMerge();
    done++;
    opts.onProgress?.(done, total);
  };

  // A halved window adds two jobs while others run: wait for one to end when the queue is empty.
  const pool = new TaskPool(opts.concurrency);
  while ((queue.length > 0 || pool.busy) && !pool.failed && !opts.signal.aborted) {
    const job = queue.shift();
    if (job === undefined) {
      await pool.next();
      continue;
    }
    taken.add(job);
    await pool.start(() => runJob(job));
  }
  await pool.settle();
  if (opts.signal.aborted) throw new InterruptedError('interrupted: no report was written');
  mergeReady();
  return { requests, notFound, halved };
}

/**
 * A date_time as 'yyyy-mm-dd HH:mm:ss' for comparing: the spec does not fix its format, so a T
 * separator, a missing seconds part or fractional seconds are accepted. Anything else is
 * undefined, and such attempts are kept (never dropped for a format cacs cannot read).
 */
export function comparableTime(t: string | null | undefined): string | undefined {
  if (typeof t !== 'string') return undefined;
  if (isServiceTime(t)) return t;
  const m = /^(\d{4}-\d{2}-\d{2})[T ](\d{2}:\d{2})(:\d{2})?/.exec(t.trim());
  if (!m) return /^\d{4}-\d{2}-\d{2}$/.test(t.trim()) ? `${t.trim()} 00:00:00` : undefined;
  return `${m[1]} ${m[2]}${m[3] ?? ':00'}`;
}

/** Whether t is exactly 'dddd-dd-dd dd:dd:dd' (the usual form: no regex, no new string). */
function isServiceTime(t: string): boolean {
  if (t.length !== 19) return false;
  for (let i = 0; i < 19; i++) {
    const c = t.charCodeAt(i);
    const want = SERVICE_TIME_SHAPE.charCodeAt(i);
    if (want === 100 /* d */ ? c < 48 || c > 57 : c !== want) return false;
  }
  return true;
}
const SERVICE_TIME_SHAPE = 'dddd-dd-dd dd:dd:dd';

function compareOrder(a: number[], b: number[]): number {
  for (let i = 0; i < Math.min(a.length, b.length); i++) {
    if (a[i] !== b[i]) return a[i]! - b[i]!;
  }
  return a.length - b.length;
}
