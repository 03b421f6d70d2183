/**
 * Fetching a report: one request per (window × status group), at most `concurrency` in
 * flight; an "Over 31 days" answer halves that window and asks again; an answer larger than the
 * client reads (AnswerLimits.reportAnswerBytes) is asked again in smaller slices — the window
 * split on round times down to one minute (windows.ts splitWindowForSize), then a status group
 * into its single statuses — until one status in one minute is still too large (exit 1, naming
 * that slice); "Data is not found with <ref_id>" is an empty answer. Answers are merged in window order — each as soon as every
 * earlier window is in, so merging overlaps the waiting — and the output does not depend on
 * which request finished first.
 */
import type { CacsClient, LaterRecords, ReportBudget, WireSlots } from '../api/client.js';
import { listedCount, miscounted } from '../api/answers.js';
import { ApiError } from '../api/errors.js';
import type { CallAttempt, CallRecord } from '../api/spec.js';
import { InterruptedError, UsageError } from '../errors.js';
import { TaskPool } from '../pool.js';
import { formatBytes } from '../text.js';
import { t } from '../messages/index.js';
import { formatServiceDate } from './dates.js';
import { RecordMerger } from './merge.js';
import { halveWindow, splitWindowForSize, windowSeconds, type Window } from './windows.js';

/** One request's slice of a report: a window on the service's clock, and its status filter. */
export interface ReportSlice {
  /** 'yyyy-mm-dd HH:mm:ss' on the service's wall clock, both ends included. */
  from: string;
  to: string;
  /** The `status` parameter (comma-joined statuses), or undefined: every status. */
  status: string | undefined;
}

/**
 * A slice asked again in smaller ones because its answer was larger than the client reads for
 * one request (`unasked`: not asked at all, as a slice at least as long with the same statuses
 * already was too large).
 */
export interface ReportSplit {
  slice: ReportSlice;
  /** 'time': the window in two; 'status': the status group into its single statuses. */
  by: 'time' | 'status';
  into: ReportSlice[];
  unasked: boolean;
  /** The most the client reads for one answer (bytes). */
  answerBytes: number;
}

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
  /**
   * Once one answer reaches this many bytes (default {@link LARGE_ANSWER_BYTES}), the rest of
   * the report asks one request at a time: an answer that large is read and merged at the speed
   * of one core anyway, and each one in flight holds its bytes and then its records in memory.
   */
  largeAnswerBytes?: number;
  /**
   * What one answer is expected to carry, when the caller can tell before asking (a `--join`
   * lead file's rows spread over the requests): at least `largeAnswerBytes` and the report asks
   * one request at a time from its first request, not only once a large answer arrived — four
   * large answers arriving at once at the start were the peak of a million-row join. Each answer
   * under `largeAnswerBytes` before any large one gives back one slot (the guess may be wrong,
   * or that answer a quiet day before the busy ones).
   */
  expectedAnswerBytes?: number;
  signal: AbortSignal;
  onProgress?: (done: number, total: number) => void;
  /** Told of the bytes of answers as they arrive (a large answer can take a while). */
  onBytes?: (bytes: number) => void;
  /** Called after answers were added to the merger (at a turn of the event loop of its own). */
  onMerged?: () => void;
  /**
   * Called after each part of an answer (a few thousand records) was added to the merger, before
   * the next: where a memory budget can spill the merger in the middle of a large answer.
   */
  onAdded?: () => void;
  /**
   * An answer of at least this many bytes (default {@link LATER_FROM_BYTES}) waits for its turn
   * to be merged as its bytes, its records read when merged (CallResultsResult.later), not as
   * objects three times their size.
   */
  laterFrom?: number;
  /**
   * An answer of at most this many bytes is read whole (one JSON.parse; default the client's
   * READ_WHOLE_BYTES), a larger one a batch of records at a time.
   */
  readWholeUpTo?: number;
  /** Told of each slice asked again in smaller ones (an answer too large): for --verbose. */
  onSplit?: (split: ReportSplit) => void;
  /**
   * An answer whose "Have <n> records found" is not the number of records it lists, asked again
   * and still so: 'error' (default) fails the report naming the window and both numbers;
   * 'warn' tells onWarning and keeps the records as listed.
   */
  countMismatch?: 'error' | 'warn';
  /** Told of what the report goes on despite (countMismatch 'warn'). */
  onWarning?: (message: string) => void;
}

export interface FetchCounts {
  requests: number;
  /** Requests answered "Data is not found with <ref_id>". */
  notFound: number;
  /** Windows split after an "Over 31 days" answer. */
  halved: number;
  /** Slices split because an answer was too large (or one as long was: see ReportSplit). */
  split: number;
  /** Windows asked again because their answer's count disagreed with its records. */
  recounted: number;
}

export interface FetchResult extends FetchCounts {
  records: CallRecord[];
}

/** A job's window found too long while it waited for its place on the wire: split, not asked. */
class SplitUnasked extends Error {}

/** See FetchOptions.largeAnswerBytes. */
export const LARGE_ANSWER_BYTES = 8 * 1024 * 1024;

/** See FetchOptions.laterFrom. */
export const LATER_FROM_BYTES = 1024 * 1024;

/**
 * Records of answers waiting for an earlier one that may keep the objects their check parsed
 * (about 3 MB of answer, 10 MB of objects); beyond that they wait as their bytes.
 */
const KEPT_WAITING_RECORDS = 8192;

/** Records of an answer given to the merger at once (FetchOptions.onAdded between). */
const ADD_SLICE = 2048;

interface Job {
  /** Sort key: position of the window, then of the status group, then halves in order. */
  order: number[];
  window: Window;
  status: string | undefined;
}

export async function fetchReport(opts: FetchOptions): Promise<FetchResult> {
  const merger = new RecordMerger();
  const counts = await fetchInto(opts, merger);
  warnNumberClash(opts.onWarning, merger.numberClash);
  return { records: merger.result(attemptFilter(opts.range)), ...counts };
}

/** The warning for a lead the service gave two phone numbers (RecordMerger.numberClash). */
export function warnNumberClash(
  onWarning: ((message: string) => void) | undefined,
  lead: string | undefined,
): void {
  if (lead !== undefined) onWarning?.(t('report.fetch.numberClash', { lead }));
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
  let split = 0;
  let recounted = 0;
  /**
   * Answers whose message is not "Have <n> records found" (review, session 17): their records
   * are kept as listed, unchecked, and the report says so once at its end (onWarning).
   */
  let uncounted = 0;
  let uncountedMessage = '';
  /**
   * The shortest window (seconds) whose answer was too large, per status filter: a window at
   * least as long is split before it is asked, rather than read up to the cap and dropped (a
   * busy month of daily windows does not pay for every day's first request). Windows shorter
   * than an hour teach only about their own hour: a burst says little about the rest of the day.
   */
  const tooLong = new Map<string, number>();
  const learnKey = (job: Job): string =>
    windowSeconds(job.window) < 3_600
      ? `${job.status ?? ''}\u0000${formatServiceDate(job.window.start).slice(0, 13)}`
      : (job.status ?? '');
  /** The client's cap on one answer, once an answer reached it. */
  let answerBytes = 0;
  const sliceOf = (job: Job): ReportSlice => ({
    from: formatServiceDate(job.window.start),
    to: formatServiceDate(job.window.end),
    status: job.status,
  });
  /** The job in two halves of its window, or undefined within one minute. */
  const splitByTime = (job: Job, cap: number, unasked: boolean): Job[] | undefined => {
    const halves = splitWindowForSize(job.window);
    if (!halves) return undefined;
    const parts = halves.map((window, i) => ({
      order: [...job.order, i],
      window,
      status: job.status,
    }));
    announce(job, 'time', parts, unasked, cap);
    return parts;
  };
  const announce = (
    job: Job,
    by: ReportSplit['by'],
    parts: Job[],
    unasked: boolean,
    answerBytes: number,
  ) => {
    split++;
    total += parts.length - 1;
    opts.onSplit?.({ slice: sliceOf(job), by, into: parts.map(sliceOf), unasked, answerBytes });
  };
  /**
   * A window at least as long as one whose answer was too large (same statuses): its halves, to
   * ask instead (announced as split unasked); undefined when it is to be asked as it is.
   */
  const splitUnasked = (job: Job): Job[] | undefined => {
    const limit = tooLong.get(learnKey(job));
    if (limit === undefined || windowSeconds(job.window) < limit) return undefined;
    return splitByTime(job, answerBytes, true);
  };
  /** The smaller jobs to ask instead of one whose answer was larger than `cap` bytes. */
  const smaller = (job: Job, cap: number): Job[] => {
    answerBytes = cap;
    const key = learnKey(job);
    tooLong.set(key, Math.min(tooLong.get(key) ?? Infinity, windowSeconds(job.window)));
    const byTime = splitByTime(job, cap, false);
    if (byTime) return byTime;
    const statuses = job.status?.split(',') ?? [];
    if (statuses.length > 1) {
      const parts = statuses.map((status, i) => ({
        order: [...job.order, i],
        window: job.window,
        status,
      }));
      announce(job, 'status', parts, false, cap);
      return parts;
    }
    const { from, to } = sliceOf(job);
    throw new ApiError(
      job.status === undefined
        ? t('report.fetch.tooLarge', { from, to, cap: formatBytes(cap) })
        : t('report.fetch.tooLarge.status', {
            from,
            to,
            status: job.status,
            cap: formatBytes(cap),
          }),
      {
        kind: 'final',
        answerCap: cap,
        hint:
          job.status === undefined
            ? t('report.fetch.tooLarge.hint')
            : t('report.fetch.tooLarge.status.hint'),
      },
    );
  };
  /** Answers not merged yet, in order; merged once no earlier job is queued or running. */
  const answers: Array<{
    order: number[];
    records: CallRecord[];
    later?: LaterRecords;
    /** The statuses its request asked for (upper case), when it asked for some. */
    asked?: ReadonlySet<string>;
  }> = [];
  /**
   * Attempts whose status its request did not ask for, by status (review, session 17): a service
   * that ignores the filter had every status written without a word. Kept as sent (the spec
   * shows no status values, so cacs does not judge which spelling is the same status), and said
   * once at the report's end (onWarning).
   */
  const offStatus = new Map<string, number>();
  const tallyOffStatus = (records: readonly CallRecord[], asked: ReadonlySet<string>) => {
    for (const record of records) {
      const data = (record as { data?: unknown }).data;
      if (!Array.isArray(data)) continue;
      for (const a of data as CallAttempt[]) {
        const s = a?.status;
        if (typeof s === 'string' && !asked.has(s.trim().toUpperCase()))
          offStatus.set(s, (offStatus.get(s) ?? 0) + 1);
      }
    }
  };
  /** Jobs taken from the queue and not ended yet (running, or waiting for a free slot). */
  const taken = new Set<Job>();
  /** Every answer of the report counts against the client's reportTotalBytes. */
  const budget: ReportBudget = { used: 0 };
  /**
   * Requests on the wire at once: at most `concurrency` (the wire's places). Jobs started at
   * once: twice that, so that when an answer's bytes are in, a job waiting for its place sends
   * its request before that answer is read (api/client.ts WireSlots); 1 once an answer was
   * large (one answer at a time, read and merged). Expected to be large (expectedAnswerBytes),
   * 1 from the start, until an answer shows it is not.
   */
  const large = opts.largeAnswerBytes ?? LARGE_ANSWER_BYTES;
  const jobs = 2 * opts.concurrency;
  let expectingLarge = (opts.expectedAnswerBytes ?? 0) >= large;
  let sawLarge = false;
  let startable = expectingLarge ? 1 : jobs;
  const isLarge = () => {
    sawLarge = true;
    startable = 1;
  };
  // Bytes on the wire tell early (while the answer arrives); the decoded size tells of a
  // compressed answer.
  budget.onAnswer = (bytes) => {
    if (bytes >= large) isLarge();
    else if (expectingLarge && !sawLarge) {
      // The expectation may be wrong (a file's rows mostly not called in the range), or this
      // a quiet day before the busy ones: one slot more per small answer, not all at once.
      startable = Math.min(jobs, startable + 1);
      if (startable === jobs) expectingLarge = false;
    }
  };
  const addInParts = (records: readonly CallRecord[]) => {
    if (opts.onAdded === undefined) {
      merger.add(records);
      return;
    }
    for (let at = 0; at < records.length; at += ADD_SLICE) {
      merger.add(
        at === 0 && records.length <= ADD_SLICE ? records : records.slice(at, at + ADD_SLICE),
      );
      opts.onAdded();
    }
  };
  // With a ref_id every record is checked against it (below): read whole.
  const laterFrom = opts.refId !== undefined ? Infinity : (opts.laterFrom ?? LATER_FROM_BYTES);
  /** Records of answers waiting to be merged that keep their objects (not released). */
  let keptWaiting = 0;
  const kept = new WeakSet<LaterRecords>();
  /**
   * An answer read later keeps the objects its check parsed (no second parse) when it is merged
   * at the next turn (no earlier job outstanding) or while few records wait that way; otherwise
   * it waits as its bytes.
   */
  const keepOrRelease = (job: Job, later: LaterRecords) => {
    let earlier = false;
    for (const j of queue) if (compareOrder(j.order, job.order) < 0) earlier = true;
    for (const j of taken) if (j !== job && compareOrder(j.order, job.order) < 0) earlier = true;
    if (!earlier || keptWaiting + later.length <= KEPT_WAITING_RECORDS) {
      keptWaiting += later.length;
      kept.add(later);
    } else later.release();
  };
  const mergeReady = () => {
    let first: number[] | undefined;
    for (const j of queue) if (!first || compareOrder(j.order, first) < 0) first = j.order;
    for (const j of taken) if (!first || compareOrder(j.order, first) < 0) first = j.order;
    let merged = false;
    while (answers.length > 0 && (!first || compareOrder(answers[0]!.order, first) < 0)) {
      const answer = answers.shift()!;
      if (answer.later !== undefined) {
        if (kept.delete(answer.later)) keptWaiting -= answer.later.length;
        for (const batch of answer.later.batches()) {
          if (answer.asked !== undefined) tallyOffStatus(batch, answer.asked);
          addInParts(batch);
        }
      } else {
        if (answer.asked !== undefined) tallyOffStatus(answer.records, answer.asked);
        addInParts(answer.records);
      }
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
    // The job's place on the wire; when its first request is about to go out, a window at least
    // as long as one found too large meanwhile (a job waits for its place) is split unasked.
    let first = true;
    let unasked: Job[] | undefined;
    const jobWire: WireSlots = {
      acquire: async () => {
        await wire.acquire();
        if (!first) return;
        first = false;
        try {
          unasked = splitUnasked(job);
        } catch (e) {
          // (onSplit failing): the request will not go out. The place is given back one turn
          // later, as a failed request's is (see callResults), once the report has recorded the
          // failure: given back at once, it went to a waiting job, whose request left for a
          // report that had already failed (review, session 15).
          setImmediate(() => wire.release());
          throw e;
        }
        if (unasked === undefined) return;
        wire.release();
        throw new SplitUnasked();
      },
      release: () => wire.release(),
    };
    const ask = () => {
      requests++;
      let bytes = 0;
      const onBytes = (n: number) => {
        bytes += n;
        if (bytes >= large) isLarge();
        opts.onBytes?.(n);
      };
      return opts.client.callResults(
        {
          campaign_key: opts.campaignKey,
          start_date: formatServiceDate(job.window.start),
          end_date: formatServiceDate(job.window.end),
          ...(job.status !== undefined ? { status: job.status } : {}),
          ...(opts.refId !== undefined ? { ref_id: opts.refId } : {}),
        },
        {
          onBytes,
          budget,
          laterFrom,
          readWholeUpTo: opts.readWholeUpTo,
          wire: jobWire,
          signal: opts.signal,
        },
      );
    };
    try {
      let r = await ask();
      if (!Array.isArray(r.records)) throw new UsageError(t('report.fetch.recordsNotList'));
      // "Have 50 records found" with 5 records: the answer contradicts itself. Asked once more.
      if (miscounted(r)) {
        recounted++;
        r = await ask();
        if (!Array.isArray(r.records)) throw new UsageError(t('report.fetch.recordsNotList'));
        if (miscounted(r)) {
          const { from, to, status } = sliceOf(job);
          const counts = { from, to, count: String(r.count), listed: listedCount(r) };
          const what =
            status === undefined
              ? t('report.fetch.miscounted', counts)
              : t('report.fetch.miscounted.status', { ...counts, status });
          if (opts.countMismatch !== 'warn') {
            throw new ApiError(what, {
              kind: 'final',
              hint: t('report.fetch.miscounted.hint'),
            });
          }
          opts.onWarning?.(t('report.fetch.miscounted.warned', { what }));
        }
      }
      if (opts.refId !== undefined) {
        // Asked about one ref_id, the service lists another's lead: another customer's data, not
        // the one asked about, never written (review, session 22). Compared as the "Data is not
        // found with <ref_id>" answer is (trimmed, case aside).
        const asked = opts.refId.trim().toLowerCase();
        for (const rec of r.records as ReadonlyArray<{ ref_id?: unknown }>) {
          const ref = rec?.ref_id;
          const text = typeof ref === 'string' || typeof ref === 'number' ? String(ref) : '';
          // A ref_id the service wrote as a JSON number is read as a double: compared as one
          // (`12345678901234567890` comes back as 12345678901234567000).
          const same =
            typeof ref === 'number'
              ? opts.refId.trim() !== '' && Number(opts.refId.trim()) === ref
              : text.trim().toLowerCase() === asked;
          if (!same) {
            const { from, to } = sliceOf(job);
            throw new ApiError(
              t('report.fetch.otherRefId', {
                from,
                to,
                other:
                  text === ''
                    ? t('report.fetch.notFoundOther.none')
                    : JSON.stringify(text.slice(0, 40)),
                asked: JSON.stringify(opts.refId),
              }),
              { kind: 'final', hint: t('report.fetch.otherRefId.hint') },
            );
          }
        }
      }
      if (r.count === undefined) {
        uncounted++;
        uncountedMessage ||= r.message;
      }
      if (r.later !== undefined) keepOrRelease(job, r.later);
      let at = answers.length;
      while (at > 0 && compareOrder(answers[at - 1]!.order, job.order) > 0) at--;
      answers.splice(at, 0, {
        ...(job.status !== undefined ? { asked: askedStatuses(job.status) } : {}),
        order: job.order,
        records: r.records,
        ...(r.later !== undefined ? { later: r.later } : {}),
      });
    } catch (e) {
      if (e instanceof SplitUnasked) {
        requests--;
        queue.unshift(...unasked!);
        return;
      }
      if (e instanceof ApiError && e.service?.code === 'ref_id_not_found') {
        // "Data is not found with <ref_id>": no data, but only about what was asked — the ref_id
        // given, or none (a service that words an empty range so: "Data is not found with .").
        // An answer about another ref_id contradicts the request: taken as empty, it dropped
        // the range from the report without a word (review, session 17).
        const echoed = (e.service.refId ?? '').trim().toLowerCase();
        const asked = (opts.refId ?? '').trim().toLowerCase();
        if (echoed !== asked) {
          const { from, to } = sliceOf(job);
          throw new ApiError(
            t('report.fetch.notFoundOther', {
              from,
              to,
              message: e.service.message,
              asked: opts.refId ?? t('report.fetch.notFoundOther.none'),
            }),
            { kind: 'final', hint: t('report.fetch.notFoundOther.hint') },
          );
        }
        notFound++;
      } else if (e instanceof ApiError && e.answerCap !== undefined) {
        // Asked again in smaller slices, before the rest of the queue: the merge waits for the
        // earliest slices, so they go first.
        queue.unshift(...smaller(job, e.answerCap));
        return;
      } else if (e instanceof ApiError && e.service?.code === 'range_too_long') {
        const halves = halveWindow(job.window);
        if (!halves) {
          throw new ApiError(
            t('report.fetch.dayRefused', {
              from: formatServiceDate(job.window.start),
              to: formatServiceDate(job.window.end),
            }),
            { kind: 'final', hint: t('report.fetch.dayRefused.hint') },
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
  // A job is taken from the queue only when a slot is free, so that what the answers before it
  // taught (a window as long was too large) applies to it.
  const pool = new TaskPool(jobs);
  const wire = wireSlots(
    () => Math.min(opts.concurrency, startable),
    () => (opts.signal.aborted ? 'interrupted' : pool.failed ? 'failed' : undefined),
  );
  while ((queue.length > 0 || pool.busy) && !pool.failed && !opts.signal.aborted) {
    if (queue.length === 0 || pool.full || pool.size >= startable) {
      await pool.next();
      continue;
    }
    const job = queue.shift()!;
    // A window at least as long as one that was too large (same statuses) is split unasked.
    const parts = splitUnasked(job);
    if (parts !== undefined) {
      queue.unshift(...parts);
      continue;
    }
    taken.add(job);
    await pool.start(() => runJob(job));
  }
  await pool.settle();
  if (opts.signal.aborted) throw new InterruptedError(t('api.report.interrupted'));
  mergeReady();
  if (offStatus.size > 0) {
    const byCount = [...offStatus].sort((a, b) => b[1] - a[1]);
    const shown = byCount.slice(0, 5).map(([s, n]) => `${JSON.stringify(s)} (${n})`);
    if (byCount.length > 5) shown.push('…');
    opts.onWarning?.(
      t('report.fetch.offStatus', {
        count: byCount.reduce((n, [, c]) => n + c, 0),
        statuses: shown.join(', '),
        asked: opts.statusGroups.filter((g) => g !== undefined).join(','),
      }),
    );
  }
  if (uncounted > 0)
    opts.onWarning?.(
      t('report.fetch.uncounted', {
        count: uncounted,
        requests,
        message: JSON.stringify(uncountedMessage.slice(0, 120)),
      }),
    );
  return { requests, notFound, halved, split, recounted };
}

/**
 * Places on the wire (WireSlots), `limit()` at once (it may shrink and grow): a place given back
 * goes straight to the request waiting longest. Once `stopped` says why (the user interrupted,
 * or the report failed), no place is given: waiting and later requests are refused (an
 * InterruptedError, or an error the failed report's first failure stands before).
 */
function wireSlots(
  limit: () => number,
  stopped: () => 'interrupted' | 'failed' | undefined,
): WireSlots {
  let inUse = 0;
  const waiting: Array<{ resolve: () => void; reject: (e: unknown) => void }> = [];
  const refusal = (why: 'interrupted' | 'failed') =>
    why === 'interrupted'
      ? new InterruptedError(t('api.report.interrupted'))
      : new Error('report failed: no more requests');
  return {
    acquire() {
      const why = stopped();
      if (why !== undefined) return Promise.reject(refusal(why));
      if (inUse < limit()) {
        inUse++;
        return Promise.resolve();
      }
      return new Promise<void>((resolve, reject) => waiting.push({ resolve, reject }));
    },
    release() {
      inUse--;
      const why = stopped();
      if (why !== undefined) {
        for (const w of waiting.splice(0)) w.reject(refusal(why));
        return false;
      }
      let handed = false;
      while (waiting.length > 0 && inUse < limit()) {
        inUse++;
        waiting.shift()!.resolve();
        handed = true;
      }
      return handed;
    },
  };
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

/** Whether an answer's stated count is not the number of records it lists. */
/** A status filter as a set, compared without case or surrounding blanks. */
function askedStatuses(status: string): ReadonlySet<string> {
  return new Set(status.split(',').map((s) => s.trim().toUpperCase()));
}

function compareOrder(a: number[], b: number[]): number {
  for (let i = 0; i < Math.min(a.length, b.length); i++) {
    if (a[i] !== b[i]) return a[i]! - b[i]!;
  }
  return a.length - b.length;
}
