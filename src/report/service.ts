/**
 * A report as a library function: the range (read in the user's zone, sent on the service's
 * wall clock) → windows × status groups → fetch (halving "Over 31 days" windows) → merged
 * records, returned as data. Writing them (csv, json, table…) is the caller's business.
 */
import { DEFAULTS } from '../defaults.js';
import type { CacsClient } from '../api/client.js';
import { LIMITS, type CallRecord } from '../api/spec.js';
import { InterruptedError, UsageError } from '../errors.js';
import { OPTION_BOUNDS, wholeNumberProblem } from '../options.js';
import { formatServiceDate, type ReportRange } from './dates.js';
import {
  attemptFilter,
  fetchInto,
  fetchReport,
  type FetchOptions,
  type ReportSplit,
  warnNumberClash,
} from './fetch.js';
import { PreparedReport } from './prepared.js';
import type { LeadFormat, Sink } from './write.js';
import { t } from '../messages/index.js';

import {
  DEFAULT_REPORT_CONCURRENCY,
  planReport,
  type ReportPlan,
  type ReportPlanOptions,
} from './plan.js';

// The plan (range, windows, status groups) is plan.ts's: light, exported from here too.
export {
  DEFAULT_SERVICE_TIME_ZONE,
  DEFAULT_WINDOW_DAYS,
  DEFAULT_REPORT_CONCURRENCY,
  planReport,
  planRange,
  type ReportPlanOptions,
  type ReportPlan,
} from './plan.js';

export interface ReportProgress {
  done: number;
  total: number;
  /** Bytes of answers received so far (retried requests included). */
  bytes: number;
}

export interface ReportOptions extends Partial<ReportPlanOptions> {
  client: CacsClient;
  campaignKey: string;
  /** Only this lead (`ref_id`); a service answer "Data is not found" counts as empty. */
  refId?: string;
  /** Requests in flight at once; default 4. */
  concurrency?: number;
  /**
   * Once one answer reaches this many bytes, the rest of the report asks one request at a time
   * (default {@link LARGE_ANSWER_BYTES}): see FetchOptions.largeAnswerBytes.
   */
  largeAnswerBytes?: number;
  /** What one answer is expected to carry, when the caller can tell: see FetchOptions.expectedAnswerBytes. */
  expectedAnswerBytes?: number;
  /** Aborting stops the report (an InterruptedError is thrown). */
  signal?: AbortSignal;
  onProgress?: (progress: ReportProgress) => void;
  /**
   * Told of each slice (window × statuses) asked again in smaller ones because its answer was
   * larger than the client reads for one request: the window is split on round times (a day →
   * 12 h → 6 h → 3 h → 1 h → 30 min → 15 min → 5 min → … → 1 min), then a status group into
   * single statuses. One status in one minute still too large fails the report.
   */
  onSplit?: (split: ReportSplit) => void;
  /**
   * An answer whose "Have <n> records found" is not the number of records it lists is asked
   * again; still so, 'error' (default) fails the report (an ApiError naming the window and both
   * numbers) and 'warn' tells `onWarning` and keeps the records as listed.
   */
  countMismatch?: 'error' | 'warn';
  /** Told of what a report goes on despite (see `countMismatch`). */
  onWarning?: (message: string) => void;
  /** A plan already made by planReport (the plan options are then ignored). */
  plan?: ReportPlan;
  /**
   * prepareReport: once the merged leads (and the output made of them) take more than about
   * this many bytes, they are spilled to disk as sorted runs and merged at the end (spill.ts);
   * default {@link DEFAULT_MEMORY_BUDGET}. The output is the same.
   */
  memoryBudget?: number;
  /** prepareReport: where the private spill folder is made (default: os.tmpdir()). */
  tempDir?: string;
}

/** prepareReport's memory budget unless told otherwise (setting report.memoryBudget). */
export const DEFAULT_MEMORY_BUDGET = DEFAULTS['report.memoryBudget'];

export interface ReportResult {
  /** One record per lead, attempts merged across windows, in lead order. */
  records: CallRecord[];
  range: ReportRange;
  /** Requests made (more than planned when windows were halved). */
  requests: number;
  /** Requests answered "Data is not found with <ref_id>". */
  notFound: number;
  /** Windows halved after an "Over 31 days" answer. */
  halved: number;
  /**
   * Slices asked again in smaller ones because an answer was larger than the client reads for
   * one request (AnswerLimits.reportAnswerBytes): see `onSplit`.
   */
  split: number;
  /** Windows asked again because their answer's count disagreed with its records. */
  recounted: number;
  /** Call attempts in all records. */
  attempts: number;
  /** From `range`, on the service's wall clock ('yyyy-mm-dd HH:mm:ss'). */
  from: string;
  to: string;
}

/**
 * A report whose records are handed out one at a time ({@link streamReport}): the same fields
 * as {@link ReportResult}, with `records` an async iterable that can be iterated once.
 */
export interface ReportStream extends Omit<ReportResult, 'records'> {
  /**
   * The merged records, in the order `runReport` lists them (by `campaign_lead_id`). Each is
   * let go of once handed out: a consumer that writes them away and keeps none lets them be
   * freed one by one. Iterable once; a second iteration yields nothing.
   */
  records: AsyncIterable<CallRecord>;
}

/**
 * Fetches a campaign's call results over a date range, any length: one request per window
 * (at most 31 days) and status group, at most `concurrency` at once, merged into one record
 * per lead. Throws a CacsError (UsageError, ApiError, InterruptedError…) on failure.
 */
export async function runReport(opts: ReportOptions): Promise<ReportResult> {
  return fetchMerged(opts);
}

/**
 * The same report as {@link runReport}, its records handed out one at a time, for large ranges
 * whose records a caller writes away (a file, a database) rather than keeps.
 *
 * Memory, honestly: a lead's attempts may come in any window, so no record is complete before
 * the last answer is in. The returned promise therefore resolves once every request has been
 * answered and merged (the same work and peak as `runReport`); the records are then handed out
 * from that one merged list — no second copy is made — and each is dropped from it as it is
 * handed out, so what stays in memory shrinks as the caller consumes. Failures of the requests
 * reject the promise; aborting `signal` during the iteration stops it with an InterruptedError.
 *
 * ```ts
 * const report = await streamReport({ client, campaignKey: 'CAMP1', from: '365d' });
 * for await (const record of report.records) out.write(JSON.stringify(record) + '\n');
 * ```
 */
export async function streamReport(opts: ReportOptions): Promise<ReportStream> {
  const { records, ...rest } = await fetchMerged(opts);
  const signal = opts.signal;
  async function* handOut(): AsyncGenerator<CallRecord> {
    for (let i = 0; i < records.length; i++) {
      if (signal?.aborted) throw new InterruptedError(t('report.interrupted'));
      const record = records[i]!;
      // Let go of it: the list holds only what is still to be handed out.
      (records as Array<CallRecord | undefined>)[i] = undefined;
      yield record;
    }
    records.length = 0;
  }
  return { ...rest, records: handOut() };
}

/** The report's requests, merged into one list of records (runReport and streamReport). */
async function fetchMerged(opts: ReportOptions): Promise<ReportResult> {
  const { fetchOptions, range, from, to } = fetchSetup(opts);
  const result = await fetchReport(fetchOptions);
  const attempts = result.records.reduce((n, r) => n + (r.data?.length ?? 0), 0);
  return {
    records: result.records,
    range,
    requests: result.requests,
    notFound: result.notFound,
    halved: result.halved,
    split: result.split,
    recounted: result.recounted,
    attempts,
    from,
    to,
  };
}

/** A report made ready to write by {@link prepareReport}. */
export interface PreparedReportResult extends Omit<ReportResult, 'records'> {
  /** Leads listed. */
  leads: number;
  /** Write the report (once) in the format it was prepared in. */
  write(sink: Sink): Promise<void>;
  /**
   * The records listed, made again one at a time (not kept): for a summary of the report. An
   * async iterable when the report spilled to disk.
   */
  records(): Iterable<CallRecord> | AsyncIterable<CallRecord>;
  /** Runs spilled to disk (0: the report was merged in memory). */
  spills: number;
  /**
   * Prepared with NO_TEXT and spilled: `leads` and `attempts` are 0, for the reader of
   * records() to count (the records are merged once, as they are read).
   */
  totalsLater?: boolean;
  /** Remove the spill folder (once written, or when the output fails): always call it. */
  dispose(): void;
}

/**
 * The report {@link runReport} fetches, written in `format` (write.ts leadFormat) as it comes
 * in: each lead is made into text while the remaining answers are awaited, so little is left
 * to do after the last one (see prepared.ts). The output is byte for byte what writeReport
 * writes for runReport's records. For `cacs report`.
 */
export async function prepareReport(
  opts: ReportOptions,
  format: LeadFormat,
): Promise<PreparedReportResult> {
  const { fetchOptions, range, from, to } = fetchSetup(opts);
  const budget = opts.memoryBudget ?? DEFAULT_MEMORY_BUDGET;
  if (!(budget >= 0)) throw new UsageError(t('report.memoryBudget.invalid'));
  const prepared = new PreparedReport(format, attemptFilter(fetchOptions.range), undefined, {
    budget,
    ...(opts.tempDir !== undefined ? { tempDir: opts.tempDir } : {}),
  });
  prepared.onNumberClash = (lead) => warnNumberClash(opts.onWarning, lead);
  let counts;
  let totals;
  try {
    counts = await fetchInto(
      {
        ...fetchOptions,
        onMerged: () => prepared.makeSoon(),
        onAdded: () => prepared.checkBudget(),
      },
      prepared.merger,
    );
    totals = await prepared.finish(fetchOptions.signal);
    prepared.tellMergerClash();
  } catch (e) {
    prepared.dispose();
    throw e;
  }
  const { leads, attempts } = totals;
  return {
    ...(totals.later ? { totalsLater: true } : {}),
    ...counts,
    range,
    attempts,
    from,
    to,
    leads,
    spills: prepared.spills,
    write: (sink) => prepared.write(sink),
    records: () => prepared.records(),
    dispose: () => prepared.dispose(),
  };
}

/** Requests answered and bytes received, told together. */
function progressOptions(
  onProgress: (progress: ReportProgress) => void,
  requests: number,
): Pick<FetchOptions, 'onProgress' | 'onBytes'> {
  const p: ReportProgress = { done: 0, total: requests, bytes: 0 };
  return {
    onProgress: (done, total) => {
      p.done = done;
      p.total = total;
      onProgress({ ...p });
    },
    onBytes: (bytes) => {
      p.bytes += bytes;
      onProgress({ ...p });
    },
  };
}

/** Checks the options and makes the plan: what fetchReport is given. */
function fetchSetup(opts: ReportOptions): {
  fetchOptions: FetchOptions;
  range: ReportRange;
  from: string;
  to: string;
} {
  if (opts.refId !== undefined && [...opts.refId].length > LIMITS.refId) {
    throw new UsageError(t('report.refId.tooLong', { max: LIMITS.refId }));
  }
  const concurrency = opts.concurrency ?? DEFAULT_REPORT_CONCURRENCY;
  // The rule `cacs report --concurrency` checks (options.ts).
  const problem = wholeNumberProblem(concurrency, OPTION_BOUNDS.reportConcurrency);
  if (problem !== undefined) throw new UsageError(t('report.concurrency.invalid', { problem }));
  if (opts.largeAnswerBytes !== undefined && !(opts.largeAnswerBytes > 0))
    throw new UsageError(t('report.largeAnswerBytes.invalid'));
  if (
    opts.expectedAnswerBytes !== undefined &&
    !(typeof opts.expectedAnswerBytes === 'number' && opts.expectedAnswerBytes >= 0)
  )
    throw new UsageError(t('report.expectedAnswerBytes.invalid'));
  let plan = opts.plan;
  if (plan === undefined) {
    if (opts.from === undefined) throw new UsageError(t('report.from.required'));
    plan = planReport({ ...opts, from: opts.from });
  }
  const { range } = plan;
  const from = formatServiceDate(range.from);
  const to = formatServiceDate(range.to);
  const fetchOptions: FetchOptions = {
    client: opts.client,
    campaignKey: opts.campaignKey,
    windows: plan.windows,
    statusGroups: plan.statusGroups,
    ...(opts.refId !== undefined ? { refId: opts.refId } : {}),
    range: { from, to },
    concurrency,
    ...(opts.largeAnswerBytes !== undefined ? { largeAnswerBytes: opts.largeAnswerBytes } : {}),
    ...(opts.expectedAnswerBytes !== undefined
      ? { expectedAnswerBytes: opts.expectedAnswerBytes }
      : {}),
    signal: opts.signal ?? new AbortController().signal,
    ...(opts.onProgress ? progressOptions(opts.onProgress, plan.requests) : {}),
    ...(opts.onSplit ? { onSplit: opts.onSplit } : {}),
    ...(opts.countMismatch ? { countMismatch: opts.countMismatch } : {}),
    ...(opts.onWarning ? { onWarning: opts.onWarning } : {}),
  };
  return { fetchOptions, range, from, to };
}
