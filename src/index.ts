/**
 * cacs as a library: import leads into a CACS campaign and fetch call reports, with results
 * as data. Nothing here writes to stdout or stderr or exits the process: failures are thrown
 * as {@link CacsError}s (each with its `exitCode`), cancellation goes through an `AbortSignal`,
 * progress through a callback.
 *
 * ```ts
 * import { createClient, runImport, runReport } from 'cacs';
 * const client = createClient({ baseUrl: 'https://cacs.example.com', token: process.env.TOKEN! });
 * const summary = await runImport({ file: 'leads.csv', campaignKey: 'CAMP1', client });
 * const { records } = await runReport({ client, campaignKey: 'CAMP1', from: '7d' });
 * // Rejected rows as data too: summary.rejectedRows → [{ line, code, reason, values }, …]
 * // A long range, records handed out one at a time: (await streamReport(…)).records
 * // Its statistics and compliance check: summarize(records), or await summarize(stream.records)
 * ```
 *
 * The test emulator is in the `cacs/emulator` subpath.
 * @packageDocumentation
 */
import fs from 'node:fs';
import path from 'node:path';
// Loading this module must stay cheap (a command's start loads it): it imports statically only
// light modules (the errors, defaults, constants, the client class whose got loads on its first
// request, the report's plan, the summary); each service (the import, the report's fetching and
// writing, bookmarks, history, the state store…) is loaded by the function that needs it, on its
// first call. test/e2e/library-load.e2e.test.ts checks which modules an import of dist/index.js
// loads.
import { CacsClient, type ClientOptions } from './api/client.js';
import { DEFAULT_PHONE_PATTERN, LIMITS, type LeadField } from './api/spec.js';
import { ENV, envValue } from './config/env.js';
import { stateDirIn } from './config/paths.js';
import { DEFAULT_MAX_ROWS } from './delivery/import-types.js';
import type { ImportPhase, ImportSummary, RowsMode } from './delivery/import-types.js';
import { DEFAULTS } from './defaults.js';
import { UsageError } from './errors.js';
import { checkObject, checkOptions, checkWholeNumbers, type Check } from './lib-options.js';
import { CallerCallbacks } from './caller-callbacks.js';
import { machineTag, processGone } from './cleanup.js';
import { t } from './messages/index.js';
import { INPUT_FORMATS, type InputFormat } from './input/types.js';
import {
  delimiterChoices,
  OPTION_BOUNDS,
  parseDelimiter,
  tokenProblem,
  wholeNumberProblem,
  type Delimiter,
} from './options.js';
import { canonicalServiceUrl } from './net.js';
import { Secrets, maskLooseCredentials } from './secrets.js';
import { requireBaseUrl } from './config/require.js';
import type { ReconcileSummary } from './delivery/reconcile.js';
import type { HistoryFound, WrittenList } from './delivery/history.js';
import { DEFAULT_SERVICE_TIME_ZONE as SERVICE_ZONE } from './report/plan.js';
import type { BookmarkFileError, BookmarkHandle, BookmarkState } from './report/bookmark.js';
import type {
  PreparedReportResult,
  ReportOptions,
  ReportResult,
  ReportStream,
} from './report/service.js';
import type { LeadFormat, WriteOptions } from './report/write.js';
import { isValidTimeZone, type ReportFormat } from './report/formats.js';
import type { Sink } from './report/sink.js';
import type { WriteTarget } from './atomic-write.js';
import type { HtmlReportOptions } from './report/html.js';
import type { SummaryViewOptions } from './report/summary-view.js';
import type { Settings } from './config/settings.js';
import type { CallRecord } from './api/spec.js';
import { normalizePhone } from './leads/normalize.js';
import { subscriber, summaryDefaults } from './report/summary-defaults.js';
import type { RunRecord } from './state/index.js';
import {
  summarize as summarizeRecords,
  type ReportSummary,
  type SummaryOptions,
} from './report/summary.js';

export {
  CacsError,
  ConfigError,
  ExitCode,
  FailureError,
  InterruptedError,
  LockedError,
  UsageError,
  type CacsErrorOptions,
  type ErrorCategory,
  type Remedy,
  type Stop,
} from './errors.js';
export { ApiError, type ApiErrorDetails, type FailureKind } from './api/errors.js';
export { CacsClient, type ClientOptions, type AnswerLimits } from './api/client.js';
import type { AnswerLimits } from './api/client.js';
import type { RetryPolicy } from './api/retry.js';
export type { ImportResult as ImportBatchResult, CallResultsResult } from './api/client.js';
export type { RetryPolicy } from './api/retry.js';
export {
  LEAD_FIELDS,
  LEAD_MAX_LENGTH,
  LIMITS,
  DEFAULT_PHONE_PATTERN,
  DEFAULT_HOME_PHONE_PATTERN,
  type Lead,
  type LeadField,
  type CallAttempt,
  type CallRecord,
  type CallResultQuery,
} from './api/spec.js';
export type {
  ImportPhase,
  ImportSummary,
  ImportRow,
  RowsMode,
  SentEarlier,
  SuppressionListSummary,
} from './delivery/import.js';
export { DEFAULT_MAX_ROWS } from './delivery/import-types.js';
export type { ReconcileRun, ReconcileSummary } from './delivery/reconcile.js';
export type { HistoryFound, WrittenList } from './delivery/history.js';
export type { RunRecord, RunStart, RunEnd } from './state/index.js';
export type { SendProgress } from './delivery/send.js';
export type { NormalizationKind, NormalizationSample, RejectionSample } from './leads/prepare.js';
export type { InputFormat } from './input/types.js';
export {
  planReport,
  planRange,
  DEFAULT_REPORT_CONCURRENCY,
  DEFAULT_SERVICE_TIME_ZONE,
  DEFAULT_WINDOW_DAYS,
  type ReportPlan,
  type ReportPlanOptions,
} from './report/plan.js';
export type {
  ReportOptions,
  ReportProgress,
  ReportResult,
  ReportStream,
} from './report/service.js';
export type { ReportRange, LocalDateTime, Instant } from './report/dates.js';
export {
  DEFAULT_ANSWERED_STATUSES,
  DEFAULT_CALL_HOURS,
  DEFAULT_MAX_CALLS_PER_24H,
  type ReportSummary,
  type SummaryOptions,
  type ComplianceRules,
  type ComplianceReport,
  type TimeStats,
  type StatusCount,
  type DayCount,
  type HourCount,
  type Bucket,
  type AttemptRef,
  type NumberOverLimit,
  type CarrierCount,
} from './report/summary.js';
export type { Window } from './report/windows.js';
export type { ReportSlice, ReportSplit } from './report/fetch.js';
export { DEFAULT_SETTLE_MS, parseDuration } from './report/bookmark-range.js';
export { BookmarkFileError } from './report/bookmark-error.js';
export type {
  BookmarkHandle,
  BookmarkKey,
  BookmarkPending,
  BookmarkPlan,
  BookmarkPlanOptions,
  BookmarkRun,
  BookmarkRunInfo,
  BookmarkState,
} from './report/bookmark.js';

/**
 * Fetches a campaign's call results over a date range, any length: one request per window
 * (at most 31 days) and status group, at most `concurrency` at once, merged into one record
 * per lead. Throws a CacsError (UsageError, ApiError, InterruptedError…) on failure.
 *
 * With `join` (a lead file) and/or `recycle`, it is {@link runOutcomes}: the lead file's rows
 * with their outcomes appended, or the next round's leads, as data (issue 25).
 */
export function runReport(options: ReportOptions): Promise<ReportResult>;
export function runReport(
  options: RunOutcomesOptions &
    (
      | { join: import('./report/join/run.js').JoinInput }
      | { recycle: import('./report/join/run.js').RecycleOptions }
    ),
): Promise<import('./report/join/run.js').OutcomesResult>;
export async function runReport(
  options: ReportOptions | RunOutcomesOptions,
): Promise<ReportResult | import('./report/join/run.js').OutcomesResult> {
  checkObject('runReport', options); // before its keys are read
  const outcomes = options as RunOutcomesOptions;
  if (outcomes.join !== undefined || outcomes.recycle !== undefined) {
    checkOptions('runReport', options, OUTCOMES_OPTIONS, ['client', 'campaignKey']);
    return runOutcomes(outcomes);
  }
  checkOptions('runReport', options, REPORT_OPTIONS, ['client', 'campaignKey']);
  checkCampaignKey((options as ReportOptions).campaignKey);
  const { runReport: run } = await import('./report/service.js');
  const callbacks = new CallerCallbacks((options as ReportOptions).signal);
  return callbacks.run(() => run(guardReportCallbacks(options as ReportOptions, callbacks)));
}

/**
 * A report's options with the caller's callbacks guarded (caller-callbacks.ts): one that throws
 * stops the report, which then rejects with its error (it was called from inside the HTTP
 * client's events, where a throw ended the caller's process).
 */
function guardReportCallbacks<
  T extends Pick<ReportOptions, 'signal' | 'onProgress' | 'onSplit' | 'onWarning'>,
>(options: T, callbacks: CallerCallbacks): T {
  return {
    ...options,
    signal: callbacks.signal,
    ...(options.onProgress ? { onProgress: callbacks.guard(options.onProgress) } : {}),
    ...(options.onSplit ? { onSplit: callbacks.guard(options.onSplit) } : {}),
    ...(options.onWarning ? { onWarning: callbacks.guard(options.onWarning) } : {}),
  };
}

/** Every option of {@link runReport} (without `join`/`recycle`) and {@link streamReport}. */
const REPORT_OPTIONS = {
  from: 'string',
  to: 'string',
  status: 'string|strings',
  timeZone: 'string',
  serviceTimeZone: 'string',
  windowDays: 'number',
  now: 'date',
  client: 'client',
  campaignKey: 'string',
  refId: 'string',
  concurrency: 'number',
  largeAnswerBytes: 'number',
  expectedAnswerBytes: 'number',
  signal: 'signal',
  onProgress: 'function',
  onSplit: 'function',
  countMismatch: ['error', 'warn'],
  onWarning: 'function',
  plan: 'object',
  memoryBudget: 'number',
  tempDir: 'string',
} as const satisfies Record<keyof ReportOptions, Check>;

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
export async function streamReport(options: ReportOptions): Promise<ReportStream> {
  checkOptions('streamReport', options, REPORT_OPTIONS, ['client', 'campaignKey']);
  checkCampaignKey(options.campaignKey);
  const { streamReport: stream } = await import('./report/service.js');
  const callbacks = new CallerCallbacks(options.signal);
  return callbacks.run(() => stream(guardReportCallbacks(options, callbacks)));
}

/** Leads per request unless `batchSize` says otherwise. */
export const DEFAULT_BATCH_SIZE = DEFAULTS['import.batchSize'];
/** Import requests in flight at once unless `concurrency` says otherwise. */
export const DEFAULT_IMPORT_CONCURRENCY = DEFAULTS['import.concurrency'];

/** The service address each client made by {@link createClient} talks to (canonical form). */
const serviceUrls = new WeakMap<CacsClient, string>();

/** What {@link createClient} needs: the service's address and its access token. */
export interface CreateClientOptions extends Omit<ClientOptions, 'baseUrl' | 'token'> {
  /** The service's base URL, such as `https://cacs.example.com` (the API paths are added). */
  baseUrl: string | URL;
  /** The `access_token` header's value. */
  token: string;
  /**
   * Allow plain `http://` to a host other than this machine (loopback), as the CLI's
   * `--insecure-http` / config `allowInsecureHttp`: the token then travels unencrypted.
   * Default false: such an address is refused.
   */
  allowInsecureHttp?: boolean;
}

const CLIENT_OPTIONS = {
  baseUrl: 'string|url',
  token: 'string',
  allowInsecureHttp: 'boolean',
  timeoutMs: 'number',
  limits: 'object',
  retry: 'object',
  budget: 'object',
  log: 'function',
  onRetry: 'function',
  signal: 'signal',
  random: 'function',
  sleep: 'function',
  agent: 'object',
} as const satisfies Record<keyof CreateClientOptions, Check>;

/**
 * A client for the CACS service (keep-alive, retries with backoff, bounded answers, the token
 * masked in every message). Same as `new CacsClient(options)`, except that {@link runImport}
 * then knows the service's address for the campaign ledger and the journal without being told
 * (`serviceUrl`), and that the address is checked as the CLI checks it: an http:// or https://
 * URL, and plain http only to this machine unless `allowInsecureHttp` (a `UsageError`
 * otherwise, before any request).
 */
export function createClient(options: CreateClientOptions): CacsClient {
  // Review, session 17: no token gave a TypeError from deep inside, `timeOut` was ignored.
  checkOptions('createClient', options, CLIENT_OPTIONS, ['baseUrl', 'token']);
  if (options.token === '')
    throw new UsageError(`createClient: ${t('lib.options.required', { key: 'token' })}`);
  // Review, session 18: a token no header can carry failed as a network error after six tries;
  // a timeoutMs of -1 or Infinity, or a negative answer limit, ended the process or made every
  // batch uncertain; nested keys (retry: { attempts }) were ignored.
  const tokenWhy = tokenProblem(options.token);
  if (tokenWhy !== undefined) throw new UsageError(tokenWhy, { hint: t('lib.token.hint') });
  checkClientNumbers(options);
  const given = String(options.baseUrl);
  if (!URL.canParse(given))
    throw new UsageError(
      `baseUrl: ${t('config.value.notUrl', { value: shownUrl(given, options.token) })}`,
    );
  const url = new URL(given);
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new UsageError(`baseUrl: ${t('config.value.notHttp')}`);
  requireBaseUrl({
    baseUrl: given,
    allowInsecureHttp: options.allowInsecureHttp === true,
    campaigns: {},
  });
  const client = new CacsClient(options);
  serviceUrls.set(client, canonicalServiceUrl(new URL(String(options.baseUrl))));
  return client;
}

/** A base URL as an error shows it: the token masked too, as the command line masks it. */
function shownUrl(given: string, token: string): string {
  return JSON.stringify(new Secrets([String(token)]).scrub(maskLooseCredentials(given)));
}

/** The numbers of a client's options within what the client can use (createClient). */
function checkClientNumbers(options: CreateClientOptions): void {
  const l = options.limits;
  if (l !== undefined)
    checkOptions('createClient.limits', l, {
      importAnswerBytes: 'number',
      reportAnswerBytes: 'number',
      reportTotalBytes: 'number',
      minReportRate: 'number',
      importDeadlineFactor: 'number',
      interruptGraceMs: 'number',
    } satisfies Record<keyof AnswerLimits, Check>);
  const r = options.retry;
  if (r !== undefined)
    checkOptions('createClient.retry', r, {
      maxAttempts: 'number',
      baseDelayMs: 'number',
      maxDelayMs: 'number',
      maxRetryAfterMs: 'number',
    } satisfies Record<keyof RetryPolicy, Check>);
  const bytes = [1, Number.MAX_SAFE_INTEGER] as const;
  checkWholeNumbers('createClient', [
    // The CLI's `timeout` setting's range; a timer cannot wait longer than 2^31 − 1 ms anyway.
    ['timeoutMs', options.timeoutMs, [100, 3_600_000]],
    ['limits.importAnswerBytes', l?.importAnswerBytes, bytes],
    ['limits.reportAnswerBytes', l?.reportAnswerBytes, bytes],
    ['limits.reportTotalBytes', l?.reportTotalBytes, bytes],
    ['limits.minReportRate', l?.minReportRate, bytes],
    ['limits.importDeadlineFactor', l?.importDeadlineFactor, [1, 100]],
    ['limits.interruptGraceMs', l?.interruptGraceMs, [0, 600_000]],
    ['retry.maxAttempts', r?.maxAttempts, [1, 100]],
    ['retry.baseDelayMs', r?.baseDelayMs, [0, 3_600_000]],
    ['retry.maxDelayMs', r?.maxDelayMs, [0, 3_600_000]],
    ['retry.maxRetryAfterMs', r?.maxRetryAfterMs, [0, 86_400_000]],
  ]);
}

/** Options of {@link runImport}; only `file` and `campaignKey` (and `client`) are required. */
export interface RunImportOptions {
  /**
   * The lead file: CSV, JSON, NDJSON or XLSX (told by its name or content, or `format`). A pipe
   * or a device given by name (a FIFO, `/dev/stdin`) is read as `input` is. With `input`: only
   * the name the stream goes by (default `stdin`).
   */
  file?: string;
  /**
   * Read the leads from this stream (such as `process.stdin`), as `cacs import -`: it is copied
   * to a private temporary file first (the rows are read twice: checked, then sent), removed
   * when the call returns. At most `inputLimit` bytes; binary input is refused early.
   */
  input?: NodeJS.ReadableStream;
  /** Most bytes kept of `input`, or of a pipe or device named by `file` (default 1 GiB). */
  inputLimit?: number;
  /** How the caller's user raises `inputLimit`, added to the message when it is passed. */
  inputLimitAdvice?: string;
  /** Bytes of a stream input copied so far, as they come (a stream has no size). */
  onReading?: (bytes: number) => void;
  /** The alias the campaign was named by, recorded in the history beside its key. */
  alias?: string;
  /** The campaign the leads go into. */
  campaignKey: string;
  /** Needed unless `dryRun`. */
  client?: CacsClient;
  /**
   * Where the campaign ledger (leads imported earlier, not sent twice), the import journals
   * (resume after a crash) and the history live. Default: `CACS_STATE_DIR`, else the
   * `cacs` command's default folder (so runs of both see each other). Config files are not
   * read here: when the command's config pins `stateDir`, pass that folder. `false`: none of
   * them (every lead is sent, nothing is recorded). A relative folder is read against `cwd`, as
   * the file is: one call made from another working folder uses the same ledger.
   */
  stateDir?: string | false;
  /**
   * Shared state for a team: a PostgreSQL URL (`postgres://…`, libpq form; default
   * `CACS_STATE_URL`). Ledgers, journals and history go to that database (schema `stateSchema`,
   * default `cacs`); the connections are closed when the call returns.
   */
  state?: string;
  stateSchema?: string;
  /**
   * The service's address, which ledgers and journals are kept per. Default: the address of a
   * client made by {@link createClient}; needed with a client made by `new CacsClient`.
   */
  serviceUrl?: string | URL;
  /**
   * Name used in messages and the summary's `file`, whose last part names the sidecar files
   * (default: `file` as given, as `cacs import` does; the sidecars then go beside the input).
   */
  displayName?: string;
  format?: InputFormat;
  /**
   * CSV delimiter: `,` `;` `\t` or `|`, or its name as `--delimiter` takes it (`comma`,
   * `semicolon`, `tab`, `pipe`); anything else is refused (default: detected).
   */
  delimiter?: string;
  /** Text encoding (default: UTF-8, or as a byte order mark says). */
  encoding?: string;
  /** XLSX: the sheet's name or 1-based number (default: the first). */
  sheet?: string;
  /** Lead field → column name, for columns not named like the fields. */
  map?: Partial<Record<LeadField, string>>;
  /** Leave out columns that are no lead field instead of refusing the file. */
  ignoreUnmapped?: boolean;
  /** Leads per request (default {@link DEFAULT_BATCH_SIZE}). */
  batchSize?: number;
  /** Requests in flight at once (default {@link DEFAULT_IMPORT_CONCURRENCY}). */
  concurrency?: number;
  /** Read and check every row, send nothing (default false). */
  dryRun?: boolean;
  /** Drop later rows with the same phone number (default true). */
  dedupe?: boolean;
  /** Normalise phone numbers and text (default true). */
  normalize?: boolean;
  /** What a valid phone number looks like (default `^0\d{9}$`, the spec's). */
  phonePattern?: string;
  /** What a valid home_phone looks like (default `^0\d{9,10}$`: a landline or a mobile). */
  homePhonePattern?: string;
  /**
   * A centre's own test numbers, in any written form: refused like the built-in placeholders
   * (`phone_placeholder`).
   */
  placeholderNumbers?: readonly string[];
  /**
   * Hold back leads whose 10-digit number is in no allocated mobile range of Vietnam's 2026
   * numbering plan (skip code `phone_unallocated`); default false: they are sent and counted
   * (`phoneUnallocated`).
   */
  allocatedOnly?: boolean;
  /**
   * Column mappings applied only where the file has the column (config `import.columns`):
   * unlike `map`, a file without one of them is no error.
   */
  columnsIfPresent?: Partial<Record<LeadField, string>>;
  /**
   * Saved layouts (config `import.layouts`): `{ name, columns: field → column, optional? }`.
   * `layout` names the one to use (its non-optional columns must be in the file); without it,
   * the layout whose required columns the file has is used (most columns wins), if any.
   */
  layouts?: ReadonlyArray<{
    name: string;
    columns: Partial<Record<LeadField, string>>;
    optional?: readonly LeadField[];
  }>;
  layout?: string;
  /**
   * Do-not-call lists: files (CSV or XLSX with a phone column, or one number per line) whose
   * numbers are never sent, read against `cwd`. A lead on one is held back (skip code
   * `suppressed`, naming the list); a list that cannot be read, or holds no phone number, throws
   * a `UsageError` before anything is sent. A list given as `{ path, name, from }` is named
   * `name` in messages and reasons, `from` saying where it was given (default `suppress`).
   */
  suppress?: ReadonlyArray<string | { path: string; name?: string; from?: string }>;
  /** Where rejected rows go (default: `<name>.rejects.csv` beside the input). */
  rejectsPath?: string;
  /** Where the rejects, skipped and uncertain files go (default: beside the input). */
  sidecarDir?: string;
  /**
   * Where rejected, skipped and uncertain rows go:
   * - `'both'` (the default): the sidecar files, as `cacs import` writes them, and lists in the
   *   summary (`rejectedRows`, `skippedRows`, `uncertainRows`, `rowsTruncated`);
   * - `'data'`: the lists only; no sidecar file is written, checked for or removed;
   * - `'files'`: the files only (as the `cacs` command), no lists in the summary.
   *
   * The default keeps the files earlier versions of this function wrote (and which `cacs import`
   * runs of the same file replace or remove) and adds the rows as data, within `maxRows`.
   */
  rows?: RowsMode;
  /**
   * With `rows` `'both'` or `'data'`: at most this many rows per list are kept in the summary
   * (default 10,000; `Infinity` for all). Rows beyond it are still counted (`rejected`,
   * `skippedByCode`, `uncertain`) and written to the files, and `rowsTruncated` says which list
   * was cut: a file with a million bad rows must not fill the memory.
   */
  maxRows?: number;
  /** Send leads earlier runs left uncertain (default: hold them back). */
  retryUncertain?: boolean;
  /** Ignore what earlier runs of this same file recorded in its journal; send every lead. */
  restart?: boolean;
  /** Send leads the campaign ledger says were imported earlier (default: hold them back). */
  allowRepeat?: boolean;
  /** The folder relative paths are read against (default: `process.cwd()`). */
  cwd?: string;
  /**
   * Stops the import: nothing more is sent, requests in flight get a few seconds to answer,
   * the journal is saved; the summary's `exitCode` is then 130.
   */
  signal?: AbortSignal;
  /** Called as rows are checked (`preflight`) and leads are sent (`sending`). */
  onProgress?: (phase: ImportPhase) => void;
  /** Lines meant for a person (resuming an earlier run, a stale sidecar removed…). */
  onNote?: (line: string) => void;
  /**
   * Called once the state folder is open, before the rows are checked: which folder, and
   * whether it knows no earlier import into this campaign at this service.
   */
  onState?: (state: { stateDir: string; empty: boolean }) => void;
  /** The clock (default: real time): when the run started and ended, in its history. */
  now?: () => Date;
  /**
   * The zone (IANA) the times in the skipped rows' reasons are written in, named beside them
   * (`on 2026-11-20 14:03 Asia/Ho_Chi_Minh by run …`; default: the machine's zone).
   */
  timeZone?: string;
}

/**
 * Imports a lead file into a campaign: every row is checked first (nothing is sent if the file
 * is malformed), then valid leads are sent in batches; leads imported earlier into the same
 * campaign are held back, and a crashed or stopped run resumes without resending. Returns the
 * summary (counts, the rejected, skipped and uncertain rows as data and/or sidecar files — see
 * `rows` —, `exitCode` as `cacs import` would exit); throws a {@link CacsError} when nothing
 * could be done (bad file, unknown option, locked campaign).
 */
export async function runImport(options: RunImportOptions): Promise<ImportSummary> {
  // The options first (an unknown one, a value of the wrong kind): before any is used.
  const delimiter = checkImportOptions(options);
  const env = process.env;
  // The option relative to `cwd`, as the file is (read against the process's working folder it
  // sent the same file twice from two folders: review, session 22); CACS_STATE_DIR as the
  // command reads it, against the working folder, so both see one ledger.
  const stateDir =
    options.stateDir === false
      ? undefined
      : options.stateDir !== undefined
        ? path.resolve(options.cwd ?? process.cwd(), options.stateDir)
        : path.resolve(stateDirIn(env));
  let serviceUrl: string | undefined;
  if (options.serviceUrl !== undefined) {
    serviceUrl = canonicalServiceUrl(new URL(String(options.serviceUrl)));
  } else if (options.client !== undefined) {
    serviceUrl = serviceUrls.get(options.client);
  }
  if (stateDir !== undefined && serviceUrl === undefined && options.client !== undefined) {
    throw new UsageError(t('lib.serviceUrl.missing', { fn: 'runImport' }), {
      hint: t('lib.import.serviceUrl.hint'),
    });
  }
  if (options.dryRun !== true && options.client === undefined) {
    throw new UsageError(t('lib.import.clientNeeded'));
  }
  const cwd = options.cwd ?? process.cwd();
  if (options.file === undefined && options.input === undefined)
    throw new UsageError(t('lib.import.fileNeeded'));
  // The caller's callbacks: one that throws stops the run and is what it rejects with.
  const callbacks = new CallerCallbacks(options.signal);
  const signal = callbacks.signal;
  // A stream that fails before spoolStdin listens (its module loads first) must not end the
  // caller's process as an uncaught 'error' event (review, session 18): spoolStdin then throws it.
  options.input?.on?.('error', () => {});
  const name = options.file ?? 'stdin';
  const file = path.resolve(cwd, name);
  // A stream (given, or a pipe or device named by `file`) has no size and may be read only once:
  // copied to a temp file first (input/stdin.ts).
  const [{ runImport: runImportPipeline }, { isStreamInput, spoolStdin }] = await Promise.all([
    import('./delivery/import.js'),
    import('./input/stdin.js'),
  ]);
  let spooled: { path: string; cleanup(): void } | undefined;
  if (options.input !== undefined || isStreamInput(file)) {
    spooled = await spoolStdin(options.input ?? fs.createReadStream(file), {
      displayName: name,
      // Default: input/stdin.ts DEFAULT_SPOOL_LIMIT (the command: import.stdinLimit).
      ...(options.inputLimit !== undefined ? { limit: options.inputLimit } : {}),
      ...(options.inputLimitAdvice !== undefined ? { raiseLimit: options.inputLimitAdvice } : {}),
      ...(options.encoding !== undefined ? { encoding: options.encoding } : {}),
      signal,
      ...(options.onReading ? { onProgress: callbacks.guard(options.onReading) } : {}),
    });
  }
  try {
    return await callbacks.run(() =>
      runImportPipeline({
        // Read against `cwd`, as documented; named as given, so that the sidecars go beside it.
        file: spooled?.path ?? file,
        displayName: options.displayName ?? name,
        campaignKey: options.campaignKey,
        ...(options.format !== undefined ? { format: options.format } : {}),
        ...(delimiter !== undefined ? { delimiter } : {}),
        ...(options.encoding !== undefined ? { encoding: options.encoding } : {}),
        ...(options.sheet !== undefined ? { sheet: options.sheet } : {}),
        map: options.map ?? {},
        ignoreUnmapped: options.ignoreUnmapped ?? false,
        batchSize: options.batchSize ?? DEFAULT_BATCH_SIZE,
        concurrency: options.concurrency ?? DEFAULT_IMPORT_CONCURRENCY,
        dryRun: options.dryRun ?? false,
        dedupe: options.dedupe ?? true,
        normalize: options.normalize ?? true,
        phonePattern: options.phonePattern ?? DEFAULT_PHONE_PATTERN,
        ...(options.homePhonePattern !== undefined
          ? { homePhonePattern: options.homePhonePattern }
          : {}),
        ...(options.placeholderNumbers ? { placeholderNumbers: options.placeholderNumbers } : {}),
        ...(options.allocatedOnly === true ? { allocatedOnly: true } : {}),
        ...(options.columnsIfPresent ? { columnsIfPresent: options.columnsIfPresent } : {}),
        ...(options.layouts ? { layouts: options.layouts } : {}),
        ...(options.layout !== undefined ? { layout: options.layout } : {}),
        ...(options.suppress !== undefined && options.suppress.length > 0
          ? {
              suppress: options.suppress.map((list) =>
                typeof list === 'string'
                  ? { path: path.resolve(cwd, list), name: list, from: 'suppress' }
                  : {
                      path: path.resolve(cwd, list.path),
                      name: list.name ?? list.path,
                      from: list.from ?? 'suppress',
                    },
              ),
            }
          : {}),
        ...(options.rejectsPath !== undefined ? { rejectsPath: options.rejectsPath } : {}),
        ...(options.sidecarDir !== undefined ? { sidecarDir: options.sidecarDir } : {}),
        rows: options.rows ?? 'both',
        maxRows: options.maxRows ?? DEFAULT_MAX_ROWS,
        retryUncertain: options.retryUncertain ?? false,
        restart: options.restart ?? false,
        allowRepeat: options.allowRepeat ?? false,
        ...(stateDir !== undefined ? { stateDir } : {}),
        ...(stateDir !== undefined ? stateUrlOf(options) : {}),
        ...(serviceUrl !== undefined ? { serviceUrl } : {}),
        cwd,
        signal,
        ...(options.client ? { client: options.client } : {}),
        ...(options.onProgress ? { onPhase: callbacks.guard(options.onProgress) } : {}),
        ...(options.now ? { now: () => options.now!().getTime() } : {}),
        ...(options.onNote ? { onNote: callbacks.guard(options.onNote) } : {}),
        ...(options.onState ? { onState: callbacks.guard(options.onState) } : {}),
        ...(options.alias !== undefined ? { alias: options.alias } : {}),
        ...(options.timeZone !== undefined ? { timeZone: options.timeZone } : {}),
      }),
    );
  } finally {
    spooled?.cleanup();
  }
}

/** Every option of {@link runImport}, and what its value must be (lib-options.ts). */
const IMPORT_OPTIONS = {
  file: 'string',
  input: 'stream',
  inputLimit: 'number',
  inputLimitAdvice: 'string',
  onReading: 'function',
  alias: 'string',
  campaignKey: 'string',
  client: 'client',
  stateDir: 'string|false',
  state: 'string',
  stateSchema: 'string',
  serviceUrl: 'string|url',
  displayName: 'string',
  format: 'string',
  delimiter: 'string',
  encoding: 'string',
  sheet: 'string',
  map: 'object',
  ignoreUnmapped: 'boolean',
  batchSize: 'number',
  concurrency: 'number',
  dryRun: 'boolean',
  dedupe: 'boolean',
  normalize: 'boolean',
  phonePattern: 'string',
  homePhonePattern: 'string',
  placeholderNumbers: 'strings',
  allocatedOnly: 'boolean',
  columnsIfPresent: 'object',
  layouts: 'object',
  layout: 'string',
  suppress: 'object',
  rejectsPath: 'string',
  sidecarDir: 'string',
  rows: ['both', 'data', 'files'],
  maxRows: 'number',
  retryUncertain: 'boolean',
  restart: 'boolean',
  allowRepeat: 'boolean',
  cwd: 'string',
  signal: 'signal',
  onProgress: 'function',
  onNote: 'function',
  onState: 'function',
  now: 'function',
  timeZone: 'string',
} as const satisfies Record<keyof RunImportOptions, Check>;

/**
 * runImport's options checked by the rules `cacs import` checks its flags by (options.ts):
 * throws a UsageError naming the option; returns the delimiter as a character.
 */
function checkImportOptions(options: RunImportOptions): Delimiter | undefined {
  checkOptions('runImport', options, IMPORT_OPTIONS, ['campaignKey']);
  const problems: string[] = [];
  if (options.timeZone !== undefined && !isValidTimeZone(options.timeZone))
    problems.push(
      t('lib.options.timeZone', { key: 'timeZone', zone: JSON.stringify(options.timeZone) }),
    );
  let delimiter: Delimiter | undefined;
  if (options.delimiter !== undefined) {
    delimiter =
      typeof options.delimiter === 'string' ? parseDelimiter(options.delimiter) : undefined;
    if (delimiter === undefined)
      problems.push(
        t('lib.option.delimiter', {
          value: JSON.stringify(options.delimiter),
          choices: delimiterChoices(),
        }),
      );
  }
  if (options.format !== undefined && !INPUT_FORMATS.includes(options.format))
    problems.push(
      t('lib.option.format', {
        value: JSON.stringify(options.format),
        formats: INPUT_FORMATS.join(', '),
      }),
    );
  for (const [name, value, bounds] of [
    ['batchSize', options.batchSize, OPTION_BOUNDS.batchSize],
    ['concurrency', options.concurrency, OPTION_BOUNDS.importConcurrency],
  ] as const) {
    const problem = value === undefined ? undefined : wholeNumberProblem(value, bounds);
    // A number as itself (NaN said "null" through JSON).
    if (problem !== undefined) problems.push(`${name} ${String(value)}: ${problem}`);
  }
  if (problems.length > 0) throw new UsageError(`runImport: ${problems.join('; ')}`);
  checkWholeNumbers('runImport', [
    ['inputLimit', options.inputLimit, [1, Number.MAX_SAFE_INTEGER]],
  ]);
  // A dry run needs no campaign (the CLI's without --campaign passes an empty key).
  checkCampaignKey(options.campaignKey, options.dryRun === true);
  return delimiter;
}

/**
 * A campaign key the service could take, checked before anything is read or sent, as the CLI
 * checks `--campaign` (review, session 18: an empty key or one of 40 characters was sent).
 */
function checkCampaignKey(key: string, emptyAllowed = false): void {
  if (key.trim() === '') {
    if (emptyAllowed) return;
    throw new UsageError(t('config.campaign.empty'));
  }
  const length = [...key].length;
  if (length > LIMITS.campaignKey)
    throw new UsageError(t('config.campaign.tooLong', { key, length, max: LIMITS.campaignKey }));
}

/** The summary's answer rate per carrier: the network of the number, normalised (issue 25). */
const carrierDefaults: Pick<SummaryOptions, 'carrierOf' | 'carrierOrder'> = {
  carrierOf: summaryDefaults.carrierOf,
  carrierOrder: summaryDefaults.carrierOrder,
};

/**
 * The statistics of a report (`cacs report --summary`): counts per status, the answer rate,
 * wait and talk time, attempts per day and hour of day, key presses, and the compliance block
 * (calls outside the permitted hours, numbers called too often in 24 hours, calls to numbers on
 * a do-not-call list). Over a list (`runReport`'s `records`) it returns the summary; over an
 * async iterable (`streamReport`'s) a promise of it, each record summarised as it is handed out
 * and not kept. Called numbers are compared normalised, as the import normalises them, unless
 * `numberKey` says otherwise.
 *
 * ```ts
 * const summary = summarize((await runReport({ client, campaignKey: 'CAMP1', from: '7d' })).records);
 * const stream = await streamReport({ client, campaignKey: 'CAMP1', from: '365d' });
 * const yearly = await summarize(stream.records, { compliance: { callHours: '08:00-17:00' } });
 * ```
 */
export function summarize(records: Iterable<CallRecord>, options?: SummaryOptions): ReportSummary;
export function summarize(
  records: AsyncIterable<CallRecord>,
  options?: SummaryOptions,
): Promise<ReportSummary>;
export function summarize(
  records: Iterable<CallRecord> | AsyncIterable<CallRecord>,
  options: SummaryOptions = {},
): ReportSummary | Promise<ReportSummary> {
  // Review, session 18: `complience: {…}` (a typo) was ignored and the defaults applied.
  checkOptions('summarize', options, SUMMARY_OPTIONS);
  const opts = { numberKey: subscriber, ...carrierDefaults, ...options };
  return Symbol.iterator in records
    ? summarizeRecords(records, opts)
    : summarizeRecords(records, opts);
}

/** Every option of {@link openBookmark} and {@link resetBookmark} (lib-options.ts). */
const BOOKMARK_OPTIONS = {
  name: 'string',
  campaignKey: 'string',
  client: 'client',
  serviceUrl: 'string|url',
  stateDir: 'string',
  state: 'string',
  stateSchema: 'string',
  status: 'string|strings',
  refId: 'string',
} as const satisfies Record<keyof BookmarkOptions, Check>;

/** Every option of {@link summarize} (lib-options.ts). */
const SUMMARY_OPTIONS = {
  answeredStatuses: 'strings',
  compliance: 'object',
  suppressed: 'function',
  suppressionLists: 'strings',
  numberKey: 'function',
  ruleOrigins: 'object',
  range: 'object',
  carrierOf: 'function',
  carrierOrder: 'strings',
  erasedAt: 'function',
} as const satisfies Record<keyof SummaryOptions, Check>;

/** Which bookmark: {@link openBookmark} and {@link resetBookmark}. */
export interface BookmarkOptions {
  /** The bookmark's name: letters, digits, `.`, `_`, `-` (at most 64). */
  name: string;
  campaignKey: string;
  /** A client made by {@link createClient}: its address is the service's (or give `serviceUrl`). */
  client?: CacsClient;
  /** The service's address (bookmarks are kept per address, campaign and filters). */
  serviceUrl?: string | URL;
  /** Where bookmarks live (in `bookmarks/`); default: `CACS_STATE_DIR`, else the command's folder. */
  stateDir?: string;
  /** A team's PostgreSQL store (`postgres://…`; default `CACS_STATE_URL`): bookmarks live there. */
  state?: string;
  stateSchema?: string;
  /** The status filter of the runs (a set: order and repeats do not matter). */
  status?: string | readonly string[];
  /** The ref_id filter of the runs. */
  refId?: string;
}

/**
 * The PostgreSQL store these options name (`state`, else CACS_STATE_URL), as openStateStore
 * takes it; none: the file store.
 */
function stateUrlOf(options: { state?: string; stateSchema?: string }): {
  stateUrl?: string;
  stateSchema?: string;
} {
  const url = options.state ?? envValue(process.env, ENV.stateUrl);
  return {
    ...(url !== undefined ? { stateUrl: url } : {}),
    ...(options.stateSchema !== undefined ? { stateSchema: options.stateSchema } : {}),
  };
}

function stateDirFor(stateDir: string | undefined): string {
  return stateDir ?? stateDirIn(process.env);
}

/**
 * The bookmark module and the bookmarks of the state store these options name (`state`, else
 * CACS_STATE_URL: the database; else the folder `stateDir`, default as stateDirFor); `close()`
 * lets go of the store.
 */
async function bookmarksAt(options: { stateDir?: string; state?: string; stateSchema?: string }) {
  const [bookmark, { openStateStore }] = await Promise.all([
    import('./report/bookmark.js'),
    import('./state/index.js'),
  ]);
  const state = openStateStore({ stateDir: stateDirFor(options.stateDir), ...stateUrlOf(options) });
  return {
    bookmark,
    store: state.bookmarks,
    location: state.location,
    close: () => state.close(),
  };
}

function bookmarkKeyOf(
  fn: string,
  options: BookmarkOptions,
  statusSet: (status: string | readonly string[] | undefined) => string[],
) {
  const service =
    options.serviceUrl !== undefined
      ? canonicalServiceUrl(new URL(String(options.serviceUrl)))
      : options.client !== undefined
        ? serviceUrls.get(options.client)
        : undefined;
  if (service === undefined) {
    throw new UsageError(t('lib.serviceOrClient', { fn }));
  }
  if (options.campaignKey === '') throw new UsageError(t('lib.campaignKey.empty', { fn }));
  return {
    name: options.name,
    service,
    campaign: options.campaignKey,
    status: statusSet(options.status),
    ...(options.refId !== undefined ? { refId: options.refId } : {}),
  };
}

/**
 * Opens a report bookmark for one incremental run, as `cacs report --bookmark` does: takes its
 * lock (a `LockedError` while another run holds it), reads it (a `UsageError` when its file is
 * damaged) and returns a handle. `plan()` gives the range (one second after where the last
 * successful run ended, to `to` or now minus `settleMs`; the first run needs `from`) and the
 * plan to pass to {@link runReport}; once the output is complete, `commit()` moves the
 * bookmark. Always `release()` the handle (in a `finally`).
 *
 * ```ts
 * const bookmark = await openBookmark({ name: 'nightly', campaignKey: 'CAMP1', client });
 * try {
 *   const { plan } = bookmark.plan({ from: '2026-11-01' }); // later runs: no from
 *   const report = await runReport({ client, campaignKey: 'CAMP1', plan });
 *   await save(report.records); // your output, complete
 *   await bookmark.commit({ leads: report.records.length, attempts: report.attempts });
 * } finally {
 *   await bookmark.release();
 * }
 * ```
 */
export async function openBookmark(options: BookmarkOptions): Promise<BookmarkHandle> {
  checkOptions('openBookmark', options, BOOKMARK_OPTIONS, ['name', 'campaignKey']);
  const { bookmark, store, close } = await bookmarksAt(options);
  let key;
  try {
    key = bookmarkKeyOf('openBookmark', options, bookmark.statusSet);
  } catch (e) {
    await close();
    throw e;
  }
  return bookmark.openBookmark(store, key, close);
}

/**
 * Every report bookmark in the state store, the ones that could not be read, and where the store
 * is (`location`: the state folder, or the database with its password masked, and its schema).
 */
export async function listBookmarks(
  options: { stateDir?: string; state?: string; stateSchema?: string } = {},
): Promise<{
  bookmarks: Array<BookmarkState & { file: string }>;
  unreadable: BookmarkFileError[];
  location: string;
}> {
  const { bookmark, store, location, close } = await bookmarksAt(options);
  try {
    return { ...(await bookmark.listBookmarks(store)), location };
  } finally {
    await close();
  }
}

/**
 * Forgets a report bookmark (its next run then needs `from`), as `cacs report --bookmark-reset`;
 * returns what it held (`state` undefined when its file was unreadable: removed all the same).
 * A `UsageError` when there is no such bookmark; a `LockedError` while a run holds it.
 */
export async function resetBookmark(options: BookmarkOptions): Promise<{
  file: string;
  state: BookmarkState | undefined;
  unreadable?: string;
}> {
  checkOptions('resetBookmark', options, BOOKMARK_OPTIONS, ['name', 'campaignKey']);
  const { bookmark, store, close } = await bookmarksAt(options);
  try {
    return await bookmark.resetBookmark(
      store,
      bookmarkKeyOf('resetBookmark', options, bookmark.statusSet),
    );
  } finally {
    await close();
  }
}

/** Options of {@link reconcile}. */
export interface ReconcileOptions {
  campaignKey: string;
  client: CacsClient;
  /** Default: `CACS_STATE_DIR`, else the folder the `cacs` command uses. */
  stateDir?: string;
  /** A team's PostgreSQL store (`postgres://…`; default `CACS_STATE_URL`). */
  state?: string;
  stateSchema?: string;
  /** Default: the address of a client made by {@link createClient}. */
  serviceUrl?: string | URL;
  /** Only the leads this run (an id from the history, or a unique prefix) left uncertain. */
  run?: string;
  /** The zone the service reads dates in (default Asia/Ho_Chi_Minh), as the report's option. */
  serviceTimeZone?: string;
  /** The same, as this function first spelled it (the config key's spelling). */
  serviceTimezone?: string;
  /** Report requests in flight (default {@link DEFAULT_REPORT_CONCURRENCY}). */
  concurrency?: number;
  signal?: AbortSignal;
  /** The clock (default: real time). */
  now?: () => Date;
  /**
   * An answer whose "Have <n> records found" disagrees with the records it lists (asked twice):
   * 'error' (default) stops with nothing settled; 'warn' matches the records as listed and tells
   * `onWarning` (as config `report.countMismatch`).
   */
  countMismatch?: 'error' | 'warn';
  onWarning?: (text: string) => void;
}

const RECONCILE_OPTIONS = {
  campaignKey: 'string',
  client: 'client',
  stateDir: 'string',
  state: 'string',
  stateSchema: 'string',
  serviceUrl: 'string|url',
  run: 'string',
  serviceTimeZone: 'string',
  serviceTimezone: 'string',
  concurrency: 'number',
  signal: 'signal',
  now: 'function',
  countMismatch: ['error', 'warn'],
  onWarning: 'function',
} as const satisfies Record<keyof ReconcileOptions, Check>;

/**
 * Settles uncertain leads against the service's records, as `cacs reconcile`: the leads the
 * campaign's ledger holds as uncertain are looked for in the campaign's report since their
 * batch was sent; those found are recorded as imported (a later import does not send them),
 * the others stay uncertain. Sends no lead. `exitCode` 0 when none remains uncertain, else 5.
 */
export async function reconcile(options: ReconcileOptions): Promise<ReconcileSummary> {
  checkOptions('reconcile', options, RECONCILE_OPTIONS, ['campaignKey', 'client']);
  // The report's range (review, session 22: 0 threw a RangeError, and only when a lead was
  // uncertain; 1000 was taken).
  checkWholeNumbers('reconcile', [
    ['concurrency', options.concurrency, OPTION_BOUNDS.reportConcurrency],
  ]);
  const serviceUrl =
    options.serviceUrl !== undefined
      ? canonicalServiceUrl(new URL(String(options.serviceUrl)))
      : serviceUrls.get(options.client);
  if (serviceUrl === undefined)
    throw new UsageError(t('lib.serviceUrl.missing', { fn: 'reconcile' }), {
      hint: t('lib.reconcile.serviceUrl.hint'),
    });
  const [{ runReconcile }, { formatServiceDate, instantToWall }, { splitWindows }] =
    await Promise.all([
      import('./delivery/reconcile.js'),
      import('./report/dates.js'),
      import('./report/windows.js'),
    ]);
  return runReconcile({
    stateDir: stateDirFor(options.stateDir),
    ...stateUrlOf(options),
    serviceUrl,
    campaignKey: options.campaignKey,
    client: options.client,
    ...(options.run !== undefined ? { run: options.run } : {}),
    // One calendar day of the service's clock a request: a busy day stays within an answer's
    // size cap.
    windows: (from, to) => {
      const zone = options.serviceTimeZone ?? options.serviceTimezone ?? SERVICE_ZONE;
      return splitWindows(instantToWall(from, zone), instantToWall(to, zone), 1).map((w) => ({
        start: formatServiceDate(w.start),
        end: formatServiceDate(w.end),
      }));
    },
    ...(options.concurrency !== undefined ? { concurrency: options.concurrency } : {}),
    signal: options.signal ?? new AbortController().signal,
    ...(options.now ? { now: options.now } : {}),
    ...(options.countMismatch !== undefined ? { countMismatch: options.countMismatch } : {}),
    ...(options.onWarning ? { onWarning: options.onWarning } : {}),
  });
}

/** Where {@link listHistory}, {@link showHistoryRun} and {@link findInHistory} read. */
export interface HistoryOptions {
  /** The state folder (default: `CACS_STATE_DIR`, else the folder the `cacs` command uses). */
  stateDir?: string;
  /** A team's PostgreSQL store (`postgres://…`; default `CACS_STATE_URL`): every operator's runs. */
  state?: string;
  stateSchema?: string;
}

const HISTORY_OPTIONS = {
  stateDir: 'string',
  state: 'string',
  stateSchema: 'string',
} as const satisfies Record<keyof HistoryOptions, Check>;

/**
 * Past imports from the history, newest first (`cacs history`): each run's start (id, file,
 * campaign, service address) and, once it ended, its counts, exit code and sidecar files.
 */
export async function listHistory(
  options: HistoryOptions & { campaignKey?: string; limit?: number } = {},
): Promise<RunRecord[]> {
  checkOptions('listHistory', options, {
    ...HISTORY_OPTIONS,
    campaignKey: 'string',
    limit: 'number',
  });
  const { listHistory: listRuns } = await import('./delivery/history.js');
  return listRuns({ ...options, stateDir: stateDirFor(options.stateDir), ...stateUrlOf(options) });
}

/**
 * The lists (rejects, skipped, uncertain) cacs wrote, a dry run's too, as the state's sidecar
 * records name them — each with the input it was written for (`null`: stdin) and whether a real
 * import wrote it. Paths only: no row. Files removed since may be listed.
 */
export async function listWrittenLists(options: HistoryOptions = {}): Promise<WrittenList[]> {
  checkOptions('listWrittenLists', options, HISTORY_OPTIONS);
  const { listWrittenLists: listLists } = await import('./delivery/history.js');
  return listLists({ stateDir: stateDirFor(options.stateDir), ...stateUrlOf(options) });
}

/**
 * One run of the history by its id or a unique prefix of it (`cacs history show`); a
 * `UsageError` when no run, or more than one, matches.
 */
export async function showHistoryRun(options: HistoryOptions & { id: string }): Promise<RunRecord> {
  checkOptions('showHistoryRun', options, { ...HISTORY_OPTIONS, id: 'string' }, ['id']);
  const { showHistoryRun: showRun } = await import('./delivery/history.js');
  return showRun({ ...options, stateDir: stateDirFor(options.stateDir), ...stateUrlOf(options) });
}

/**
 * Whether a run of the history that has no summary (no `end`) was stopped: it ran on this
 * machine, since its last boot, and its process is gone (killed or crashed; the same import
 * resumes it). False for a run that ended, one whose process is there (running, or its number
 * reused), one of another machine (a state folder shared over the network, a team's database)
 * or of an earlier boot, and one recorded before runs kept where they ran (session 12).
 */
export function runStopped(run: RunRecord): boolean {
  if (run.end !== undefined) return false;
  return run.machine !== undefined && run.machine === machineTag() && processGone(run.pid);
}

/**
 * Which runs sent a lead, by its phone number (any written form) or its ref_id
 * (`cacs history find`), from the campaign ledgers; oldest first. `ledgersAt` names where the
 * ledgers were looked for.
 */
export async function findInHistory(options: HistoryOptions & { query: string }): Promise<{
  query: string;
  found: HistoryFound[];
  ledgersAt: string;
  /** When the number was erased by `cacs forget` (ISO), if it was; else null. */
  erased: string | null;
}> {
  checkOptions('findInHistory', options, { ...HISTORY_OPTIONS, query: 'string' }, ['query']);
  const { findInHistory: findLead } = await import('./delivery/history.js');
  return findLead({ ...options, stateDir: stateDirFor(options.stateDir), ...stateUrlOf(options) });
}

/**
 * Reads do-not-call lists for {@link summarize}'s compliance check, as `cacs report --summary`
 * reads `import.suppress`: files (CSV or XLSX with a phone column, or one number per line) read
 * against `cwd`, numbers normalised as the import normalises them. Returns the `suppressed` and
 * `suppressionLists` options to spread into summarize's; a list that cannot be read, or holds
 * no phone number, throws a `UsageError`. A list given as `{ path, name, from }` is named `name`
 * in messages, `from` saying where it was given.
 */
export async function loadDoNotCallLists(
  lists: ReadonlyArray<string | { path: string; name?: string; from?: string }>,
  options: { cwd?: string; phonePattern?: string } = {},
): Promise<Required<Pick<SummaryOptions, 'suppressed' | 'suppressionLists'>>> {
  const cwd = options.cwd ?? process.cwd();
  const { Suppression, suppressionSources } = await import('./leads/suppress.js');
  const suppression = await Suppression.load(suppressionSources(lists, cwd), {
    ...(options.phonePattern !== undefined ? { phonePattern: options.phonePattern } : {}),
    purpose: 'report',
  });
  return {
    suppressed: (phone) => suppression.listOf(phone),
    suppressionLists: suppression.lists.map((l) => l.list),
  };
}

// ── pg (issue 24): shared state for teams ──────────────────────────────────────────────────

export type { StateStatus, MigrateResult } from './state/team.js';

/**
 * Where state lives and what it holds (`cacs state status`): the file store's folder, or the
 * PostgreSQL database (password masked), its schema version, and counts. `state`: a PostgreSQL
 * URL (default CACS_STATE_URL; unset: the state folder `stateDir`).
 */
export async function stateStatus(
  options: { stateDir?: string; state?: string; stateSchema?: string } = {},
): Promise<import('./state/team.js').StateStatus> {
  const [{ stateStatusOf }, { openStateStore }] = await Promise.all([
    import('./state/team.js'),
    import('./state/index.js'),
  ]);
  const store = openStateStore({
    stateDir: stateDirFor(options.stateDir),
    ...stateUrlOf(options),
  });
  try {
    return await stateStatusOf(store);
  } finally {
    await store.close();
  }
}

/**
 * Copies file stores — `stateDirs` (each operator's state folder), else `stateDir` — into the
 * PostgreSQL database `to` (`cacs state migrate --to <url> [folders…]`): ledgers, history,
 * report bookmarks and unfinished journals; one result per folder. Idempotent; the folders are
 * left as they are. A folder whose keyed hash has another secret than the database's is kept
 * beside it and looked up with its own secret too.
 */
export async function migrateState(options: {
  to: string;
  stateDir?: string;
  stateDirs?: readonly string[];
  stateSchema?: string;
}): Promise<Array<import('./state/team.js').MigrateResult>> {
  const { migrateFileStores } = await import('./state/team.js');
  const { isStateUrl, maskStateUrl } = await import('./state/pg/connection.js');
  if (!isStateUrl(options.to))
    throw new UsageError(t('lib.migrate.notPostgres', { url: maskStateUrl(options.to) }));
  const dirs =
    options.stateDirs !== undefined && options.stateDirs.length > 0
      ? options.stateDirs
      : [stateDirFor(options.stateDir)];
  return migrateFileStores(dirs, {
    url: options.to,
    ...(options.stateSchema !== undefined ? { schema: options.stateSchema } : {}),
  });
}

// ─── door (issue 23 item 1): what the `cacs` command takes from the library ──────────────────
// Light facts are re-exported as they are; a service is loaded by its function on first call.

export { OutputClosedError, exitCodeHelp, exitCodesSentence } from './errors.js';
export { OPTION_BOUNDS, delimiterChoices, parseDelimiter, type Delimiter } from './options.js';
export { INPUT_FORMATS } from './input/types.js';
export { REPORT_FORMATS, isValidTimeZone } from './report/formats.js';
export type { Sleep } from './api/retry.js';
export { Secrets } from './secrets.js';
export { sanitizeServiceText } from './text.js';
export { removeAllNow } from './cleanup.js';
export {
  formatBytes,
  formatCount,
  formatDuration,
  formatDurationFlag,
  formatEta,
  formatLocalTime,
  formatPerSecond,
  formatProgress,
  formatSize,
  plural,
} from './text.js';
export { VERSION } from './version.js';
export { DEFAULTS, OPTION_DEFAULTS, defaultText } from './defaults.js';
export { ENV, envValue };
export type { Env } from './config/env.js';
export { defaultStateDir, userConfigDir } from './config/paths.js';
export { maskUrlCredentials } from './secrets.js';
export { normalizePhone } from './leads/normalize.js';
export { parseMapFlags as parseColumnMap, ColumnError } from './leads/columns.js';
export { canonicalServiceUrl } from './net.js';
export { requireBaseUrl, requireCampaign } from './config/require.js';
export type { Settings, ResolvedSettings } from './config/settings.js';
export type { FlatConfig } from './config/schema.js';
export type { FindConfigOptions, LoadedConfigFile } from './config/files.js';
export type { ResolveOptions } from './config/settings.js';

// The config reader and the settings, loaded on first call (src/lazy.ts).
export {
  loadConfigFiles,
  resolveSettings,
  looselyProtectedTokenFiles,
  completionStatuses,
  stateDirOf,
  setLanguage,
} from './lazy.js';

/**
 * The names a user's config file may have in their config folder ({@link userConfigDir}), as
 * `cacs config path` lists them. Loads the config reader (a command has it loaded already).
 */
export async function userConfigPlaces(): Promise<readonly string[]> {
  return (await import('./config/files.js')).USER_CONFIG_PLACES;
}

/**
 * Writes a small file atomically and synchronously (`cacs config init`): complete or absent;
 * `noClobber`: never replaces an existing file or symlink (an `EEXIST` error).
 */
export async function writeSmallFileAtomic(
  file: string,
  data: string,
  options: { mode?: number; noClobber?: boolean } = {},
): Promise<void> {
  (await import('./atomic-write.js')).writeFileAtomicSync(file, data, options);
}

/** Why a lead {@link reconcile} did not find stays uncertain (its summary's reason). */
export async function reconcileNotFoundReason(): Promise<string> {
  return (await import('./delivery/reconcile.js')).NOT_FOUND_YET();
}
export { preloadHttpClient } from './api/client.js';
export {
  addSecond,
  describeRange,
  formatReaderDate,
  formatServiceDate,
  instantToWall,
  nowIn,
  type LocalDateTime as ServiceWallTime,
} from './report/dates.js';
export { parseServiceWall, readerWall } from './report/bookmark-range.js';
export {
  checkBookmarkName,
  describeFilters,
  describeKey,
  statusSet,
} from './report/bookmark-key.js';
export { checkOutputName, expandOutputName } from './report/output-name.js';
export { streamSink, type Sink } from './report/sink.js';
export { complianceStop } from './report/stop.js';
// The report's run as named stages, each returning data (issue 23 item 3): plan range, fetch
// (runReport / streamReport / prepareReport), write (writeReport, writeFileAtomic; its failure
// as a typed stop), finish.
export { planRangeStage, type RangeStage, type RangeStageOptions } from './report/stages/range.js';
export {
  askedStatuses,
  finishStage,
  type FinishStage,
  type FinishStageInput,
} from './report/stages/finish.js';
export { writeStop, writeErrorReason, type WriteFailure } from './report/stages/write-stop.js';
export type { ReportFormat, FlattenMode } from './report/formats.js';
export type { LeadFormat, WriteOptions } from './report/write.js';
export type { PreparedReportResult } from './report/service.js';
export type { HtmlReportOptions, HtmlOutcomeCounts } from './report/html.js';
export type { SummaryViewOptions, SummaryHeading } from './report/summary-view.js';
export type { WriteTarget } from './atomic-write.js';
export { isStateFile } from './state/entries.js';

/**
 * Loads the report's services (fetching, merging, the writers) ahead of their first call, so a
 * caller can overlap that with its own work (`cacs report` does while it reads its settings).
 */
export async function preloadReport(): Promise<void> {
  await Promise.all([import('./report/service.js'), import('./report/write.js')]);
}

/**
 * The report {@link runReport} fetches, made into `format`'s text as it comes in (each lead
 * while the remaining answers are awaited) and kept for `write(sink)`, in memory or spilled to
 * a private folder past `memoryBudget`: what `cacs report` writes. Always call `dispose()`.
 */
export async function prepareReport(
  options: ReportOptions,
  format: LeadFormat,
): Promise<PreparedReportResult> {
  return (await import('./report/service.js')).prepareReport(options, format);
}

/**
 * A report's format, as `cacs report` picks it: `given` (`--format`) if set, else the extension
 * of `output` (`.csv`, `.json`, `.ndjson`/`.jsonl`, `.txt`, `.xlsx`, `.html`/`.htm`), else
 * `configured`, else a table on a terminal and JSON elsewhere. A `UsageError` when the name and
 * the format disagree, or the name tells none.
 */
export async function reportFormatFor(
  output: string | undefined,
  configured: ReportFormat | undefined,
  stdoutIsTTY: boolean,
  given?: ReportFormat,
): Promise<ReportFormat> {
  return (await import('./report/write.js')).formatFor(output, configured, stdoutIsTTY, given);
}

/**
 * How each lead of a report is written in `format` (CSV, JSON, NDJSON, xlsx), for
 * {@link prepareReport}; undefined for the table and HTML, written from all the records.
 */
export async function leadFormat(
  options: Pick<WriteOptions, 'format' | 'flatten' | 'bom' | 'filtered'>,
): Promise<LeadFormat | undefined> {
  return (await import('./report/write.js')).leadFormat(options);
}

/** Writes a report's records to `sink` in `options.format` (as `cacs report` writes them). */
export async function writeReport(
  records: Iterable<CallRecord>,
  sink: Sink,
  options: WriteOptions,
): Promise<void> {
  return (await import('./report/write.js')).writeReport(records, sink, options);
}

/**
 * Writes a file atomically, as `cacs report -o`: into a private temporary file beside it, then
 * renamed into place, so the file is complete or absent (a pipe or device is written
 * directly). `noClobber`: never replace an existing file (an `EEXIST` error); `beforeCommit`:
 * called with the finished temporary file just before the rename.
 */
export async function writeFileAtomic(
  file: string,
  write: (sink: Sink) => Promise<void>,
  options: { noClobber?: boolean; beforeCommit?: (temp: string) => void | Promise<void> } = {},
): Promise<void> {
  return (await import('./report/write.js')).writeFileAtomic(file, write, options);
}

/**
 * Where a report goes, checked before any request (`cacs report -o`): a file in an existing,
 * writable folder, or a pipe or device that can be written. Returns what writing it will be
 * (`WriteTarget`); a `UsageError` `<name>: <why>` (`name`: how your user named it, default
 * `file`) when it cannot be written, or when it is the file `reads` (a `--join` lead file the
 * report reads: named again, through a symlink or by a hard link).
 */
export async function checkReportOutput(
  file: string,
  name?: string,
  reads?: string,
): Promise<WriteTarget> {
  return (await import('./report/output.js')).checkReportOutput(file, name, reads);
}

/** The HTML page of a report (`cacs report --format html`), its records read once, to `sink`. */
export async function writeHtmlReport(
  records: Iterable<CallRecord>,
  sink: Sink,
  options: HtmlReportOptions,
): Promise<void> {
  // The page's answer rate per carrier, unless the options say otherwise (issue 25).
  const summary = { ...carrierDefaults, ...options.summary };
  return (await import('./report/html.js')).writeHtmlReport(records, sink, { ...options, summary });
}

/** The terminal view of a {@link summarize} result (`cacs report --summary`), as text. */
export async function renderSummary(
  summary: ReportSummary,
  options: SummaryViewOptions,
): Promise<string> {
  return (await import('./report/summary-view.js')).renderSummary(summary, options);
}

/**
 * The access token the settings name (`accessToken`, or the output of `accessTokenCommand`,
 * run without blocking), checked; a `UsageError` when none is set or it is unusable. Never
 * printed.
 */
export async function requireToken(
  settings: Pick<Settings, 'token'>,
  env: Readonly<Record<string, string | undefined>>,
): Promise<string> {
  return (await import('./config/token.js')).requireToken(settings, env);
}

/**
 * The proxy agents for requests to `target` as the environment says (`HTTPS_PROXY`,
 * `HTTP_PROXY`, `NO_PROXY`…), for {@link createClient}'s `agent`; `proxy` is the proxy's address
 * with its password masked, when one is used.
 */
export async function proxyAgentsFor(
  target: URL,
  env: Readonly<Record<string, string | undefined>>,
): Promise<{ agent?: NonNullable<ClientOptions['agent']>; proxy?: string }> {
  const { agentsFor, redactProxy } = await import('./api/proxy.js');
  const agents = agentsFor(target, env);
  return {
    ...(agents.http || agents.https ? { agent: agents } : {}),
    ...(agents.proxy ? { proxy: redactProxy(agents.proxy) } : {}),
  };
}

// ── language (issue 27) ──
export { LANGUAGES, chooseLanguage, currentLanguage } from './messages/language.js';
export type { Language, LanguageSource } from './messages/language.js';
// Every user-facing message, by id, in the language set (src/messages/): the CLI says its words
// through these, and a back office may say cacs's words the same way.
export { t, tCount, tEnglish, asLanguage, setFaceWords, type MessageId } from './messages/index.js';
export { notCleanedReason } from './messages/why.js';

// ── habits (issues 25, 27): times on a named clock, history as documented JSON ──
export { formatInZone, zoneOffset } from './clock.js';
// ── outcomes (issue 25): the lead file back with its outcomes, and the next round ─────────────

export type { JoinInput, RecycleOptions, OutcomesResult } from './report/join/run.js';
export type { Cell as OutcomeCell, LeadFileFormat } from './report/join/write.js';
export type { RecycleRule } from './report/join/recycle.js';

/** What {@link runOutcomes} takes: the report's options, and `join` and/or `recycle`. */
export interface RunOutcomesOptions extends Omit<
  import('./report/join/run.js').OutcomesOptions,
  'state' | 'serviceUrl'
> {
  /** The service's address for the history (default: the one `createClient` was given). */
  serviceUrl?: string | URL;
  /** The state folder holding the history (default: `CACS_STATE_DIR`, else cacs's own). */
  stateDir?: string;
  /** A team's PostgreSQL store (`postgres://…`; default `CACS_STATE_URL`). */
  state?: string;
  stateSchema?: string;
}

/** Every option of {@link runOutcomes} (and of runReport with `join` or `recycle`). */
const OUTCOMES_OPTIONS = {
  concurrency: 'number',
  largeAnswerBytes: 'number',
  signal: 'signal',
  onProgress: 'function',
  onSplit: 'function',
  countMismatch: ['error', 'warn'],
  onWarning: 'function',
  memoryBudget: 'number',
  tempDir: 'string',
  timeZone: 'string',
  serviceTimeZone: 'string',
  windowDays: 'number',
  client: 'client',
  campaignKey: 'string',
  join: 'object',
  recycle: 'object',
  from: 'string',
  to: 'string',
  now: 'date',
  answeredStatuses: 'strings',
  serviceUrl: 'string|url',
  stateDir: 'string',
  state: 'string',
  stateSchema: 'string',
  cwd: 'string',
  sink: 'object',
  format: 'string',
  bom: 'boolean',
  plan: 'object',
  erasedAt: 'function',
  html: 'object',
} as const satisfies Record<keyof RunOutcomesOptions, Check>;

/**
 * `cacs report --join <file>` and `--recycle` as data: the lead file's rows in its order, its
 * cells as read, with `call_status`, `call_attempts`, `first_call_at`, `last_call_at`,
 * `talk_time_total`, `answered`, `campaign_lead_id` and `carrier` appended (`join`); or an
 * import-ready list of the leads to call again (`recycle`, with or without `join`). Rows are
 * returned in `rows`, or written to `sink` in `format` (CSV, JSON, NDJSON, xlsx) in bounded
 * memory. With `join` and no `from`, the range starts when the file was first imported into the
 * campaign (the history); a file cacs cannot use is a `UsageError` before any request.
 */
export async function runOutcomes(
  options: RunOutcomesOptions,
): Promise<import('./report/join/run.js').OutcomesResult> {
  checkOptions('runOutcomes', options, OUTCOMES_OPTIONS, ['client', 'campaignKey']);
  const [{ runOutcomes: run }, { openStateStore }] = await Promise.all([
    import('./report/join/run.js'),
    import('./state/index.js'),
  ]);
  const given = options.serviceUrl ?? serviceUrls.get(options.client);
  const serviceUrl = given === undefined ? '' : canonicalServiceUrl(new URL(String(given)));
  // The option relative to `cwd`, as the files are; CACS_STATE_DIR as the command reads it.
  const stateDir =
    options.stateDir !== undefined
      ? path.resolve(options.cwd ?? process.cwd(), options.stateDir)
      : path.resolve(stateDirFor(undefined));
  // People erased by `cacs forget` are never brought back (issue 26).
  let erasedAt = options.erasedAt;
  if (erasedAt === undefined) {
    const erasures = await loadErasures({
      stateDir,
      ...(options.state !== undefined ? { state: options.state } : {}),
      ...(options.stateSchema !== undefined ? { stateSchema: options.stateSchema } : {}),
      campaignKey: options.campaignKey,
      ...(serviceUrl !== '' ? { baseUrl: serviceUrl } : {}),
    });
    if (erasures.count > 0) erasedAt = (phone) => erasures.erasedAt(phone);
  }
  const state = openStateStore({ stateDir, ...stateUrlOf(options) });
  const callbacks = new CallerCallbacks(options.signal);
  try {
    return await callbacks.run(() =>
      run({
        ...guardReportCallbacks(options, callbacks),
        serviceUrl,
        state,
        ...(erasedAt !== undefined ? { erasedAt } : {}),
      }),
    );
  } finally {
    await state.close();
  }
}

/** `--min-gap`'s durations (`90m`, `24h`, `7d`) in ms; a `UsageError` naming `flag` otherwise. */
export async function parseMinGap(text: string, flag = '--min-gap'): Promise<number> {
  return (await import('./report/join/recycle.js')).parseGap(text, flag);
}

// ── privacy (issue 26): forget, erased, retention ───────────────────────────────────────────

export type { ForgetReceipt, ForgetQuery, NotCleaned } from './delivery/forget.js';
export type { PruneReport } from './delivery/prune.js';

export interface PrivacyStateOptions {
  stateDir?: string;
  /** A PostgreSQL URL (default CACS_STATE_URL; unset: the state folder). */
  state?: string;
  stateSchema?: string;
}

/**
 * Erase people from everything cacs keeps (`cacs forget`): `queries` are phone numbers in any
 * written form or ref_ids; `campaign` (with `baseUrl`) limits it to one campaign. Returns the
 * receipt: what was erased, where, when. Doing it again is harmless.
 */
export async function forgetLeads(
  options: PrivacyStateOptions & {
    queries: readonly string[];
    /** Lists of more people, one a line (read against `cwd`). */
    files?: readonly string[];
    cwd?: string;
    campaignKey?: string;
    baseUrl?: string;
    now?: Date;
  },
): Promise<import('./delivery/forget.js').ForgetReceipt> {
  // Review, session 17: `statedir` (a typo) erased from the default store; `queries: '0912…'`
  // was read a character at a time.
  checkOptions(
    'forgetLeads',
    options,
    {
      stateDir: 'string',
      state: 'string',
      stateSchema: 'string',
      queries: 'strings',
      files: 'strings',
      cwd: 'string',
      campaignKey: 'string',
      baseUrl: 'string',
      now: 'date',
    } satisfies Record<keyof Parameters<typeof forgetLeads>[0], Check>,
    ['queries'],
  );
  const [{ forget, readForgetList }, { openStateStore }, { canonicalServiceUrl }] =
    await Promise.all([
      import('./delivery/forget.js'),
      import('./state/index.js'),
      import('./net.js'),
    ]);
  const { t } = await import('./messages/index.js');
  const queries = [...options.queries];
  for (const f of options.files ?? []) {
    const file = path.resolve(options.cwd ?? process.cwd(), f);
    try {
      queries.push(...readForgetList(file));
    } catch (e) {
      throw new UsageError(
        t('privacy.forget.listUnreadable', {
          file: f,
          reason: (e as NodeJS.ErrnoException).code ?? String(e),
        }),
        { hint: t('privacy.forget.listUnreadable.hint') },
      );
    }
  }
  if (queries.length === 0)
    throw new UsageError(t('privacy.forget.nobody'), {
      hint: t('privacy.forget.nobody.hint'),
    });
  // Review, session 18: campaignKey without baseUrl erased in every campaign (receipt
  // `campaign: null`), more than was asked.
  if (options.campaignKey !== undefined && options.baseUrl === undefined)
    throw new UsageError(t('privacy.forget.noBaseUrl'), {
      hint: t('privacy.forget.noBaseUrl.hint'),
    });
  const store = openStateStore({ stateDir: stateDirFor(options.stateDir), ...stateUrlOf(options) });
  try {
    return await forget({
      store,
      queries,
      ...(options.campaignKey !== undefined && options.baseUrl !== undefined
        ? {
            campaign: {
              serviceUrl: canonicalServiceUrl(new URL(options.baseUrl)),
              campaignKey: options.campaignKey,
            },
          }
        : {}),
      ...(options.now ? { now: options.now } : {}),
    });
  } finally {
    await store.close();
  }
}

/**
 * Remove what is older than `retentionDays` (`cacs state prune`): ledger records, finished
 * journals, history entries, the sidecar lists of old runs. Never an erasure record, an
 * unfinished journal or a lead still uncertain. `dryRun`: only say what would go.
 */
export async function pruneState(
  options: PrivacyStateOptions & { retentionDays: number; dryRun?: boolean; now?: Date },
): Promise<import('./delivery/prune.js').PruneReport> {
  // Review, session 18: `dryrun: true` (a typo) pruned for real, and retentionDays 0, -1 or
  // '30' were taken: a pruned ledger lets the next import send its numbers again.
  checkOptions(
    'pruneState',
    options,
    {
      stateDir: 'string',
      state: 'string',
      stateSchema: 'string',
      retentionDays: 'number',
      dryRun: 'boolean',
      now: 'date',
    } satisfies Record<keyof Parameters<typeof pruneState>[0], Check>,
    ['retentionDays'],
  );
  checkWholeNumbers('pruneState', [['retentionDays', options.retentionDays, [1, 36_500]]]);
  const [{ prune }, { openStateStore }] = await Promise.all([
    import('./delivery/prune.js'),
    import('./state/index.js'),
  ]);
  const stateDir = stateDirFor(options.stateDir);
  const store = openStateStore({ stateDir, ...stateUrlOf(options) });
  try {
    return await prune({
      store,
      stateDir,
      retentionDays: options.retentionDays,
      dryRun: options.dryRun === true,
      now: options.now ?? new Date(),
    });
  } finally {
    await store.close();
  }
}

/**
 * Whether a run should remind that `cacs state prune` is due (retention configured, no prune for
 * a day): at most once a day (recorded when it says yes).
 */
export async function pruneReminder(options: {
  stateDir?: string;
  retentionDays?: number | undefined;
  now?: Date;
}): Promise<{ due: boolean; lastPrune?: Date }> {
  if (options.retentionDays === undefined) return { due: false };
  const { pruneReminderDue } = await import('./delivery/prune.js');
  return pruneReminderDue(stateDirFor(options.stateDir), options.now ?? new Date());
}

/**
 * The people erased by `cacs forget`, for the report's compliance block: `erasedAt(phone)` (any
 * written form) says when a number was erased (undefined: never), so calls after that time can
 * be counted. `campaignKey` with `baseUrl`: erasures limited to that campaign count too.
 */
export async function loadErasures(
  options: PrivacyStateOptions & { campaignKey?: string; baseUrl?: string } = {},
): Promise<{ count: number; erasedAt(phone: string): Date | undefined }> {
  const [{ openStateStore }, { phoneOf }, { canonicalServiceUrl }] = await Promise.all([
    import('./state/index.js'),
    import('./delivery/forget.js'),
    import('./net.js'),
  ]);
  const store = openStateStore({ stateDir: stateDirFor(options.stateDir), ...stateUrlOf(options) });
  try {
    const service =
      options.baseUrl !== undefined ? canonicalServiceUrl(new URL(options.baseUrl)) : undefined;
    const records = (await store.erasures()).filter(
      (r) =>
        r.scope === undefined ||
        (r.scope.campaignKey === options.campaignKey && r.scope.serviceUrl === service),
    );
    const hasher = records.length > 0 ? await store.hasher() : undefined;
    const at = new Map(records.map((r) => [`${r.lo >>> 0}:${r.hi >>> 0}`, r.time]));
    return {
      count: at.size,
      erasedAt(phone: string): Date | undefined {
        const p = phoneOf(phone);
        if (hasher === undefined || p === undefined) return undefined;
        const [lo, hi] = hasher.phone(p);
        const time = at.get(`${lo >>> 0}:${hi >>> 0}`);
        return time === undefined ? undefined : new Date(time * 1000);
      },
    };
  } finally {
    await store.close();
  }
}

// ── outcomes2 (issue 26 item 2): erasures in the summary's compliance check ─────────────────

/**
 * The `erasedAt` option of {@link summarize}, from the people `cacs forget` erased (as
 * {@link loadErasures} reads them): when a number was erased, on the service's clock, so the
 * compliance block counts calls made to it afterwards (`callsAfterErasure`). Empty (the check
 * not made) when nobody was erased.
 */
export async function loadErasureCheck(
  options: PrivacyStateOptions & {
    campaignKey?: string;
    baseUrl?: string;
    /** The service's clock (default `Asia/Ho_Chi_Minh`). */
    serviceTimeZone?: string;
  } = {},
): Promise<Pick<SummaryOptions, 'erasedAt'>> {
  const erasures = await loadErasures(options);
  if (erasures.count === 0) return {};
  const { formatServiceDate, instantToWall } = await import('./report/dates.js');
  const zone = options.serviceTimeZone ?? 'Asia/Ho_Chi_Minh';
  return {
    erasedAt: (phone) => {
      const at = erasures.erasedAt(phone);
      return at === undefined ? undefined : formatServiceDate(instantToWall(at.getTime(), zone));
    },
  };
}

// ── door (issue 23 item 3): the report's run as named stages, each returning data ────────────
// plan range (planRangeStage) → output (outputStage) → fetch (streamReport / prepareReport /
// runReport) → write (writeStage) → finish (finishRunStage, bookmarkStage). Light modules: each
// loads what it needs on its first call.
export {
  outputStage,
  ReportOutputError,
  type OutputStage,
  type OutputStageInput,
} from './report/stages/output.js';
export {
  writeStage,
  ReportWriteError,
  type WriteStage,
  type WriteStageOptions,
  type WriteStageTarget,
} from './report/stages/write.js';
export {
  finishRunStage,
  bookmarkStage,
  type FinishRun,
  type FinishRunInput,
  type BookmarkStageInput,
} from './report/stages/finish.js';

/**
 * What a report's summary and compliance check need from the settings (the stage before the
 * fetch of `cacs report --summary`, `--fail-on-violations` and the HTML page): the rules with
 * where each came from (`sources`: the settings' sources, as `resolveSettings` gives them),
 * the answered statuses, the erasures of `cacs forget`, and the do-not-call lists of
 * `import.suppress`, read now (a list that cannot be read is a `UsageError`, before any
 * request). `suppressFrom`: how those lists were given, as a person reads it.
 */
export async function reportSummaryOptions(options: {
  settings: Settings;
  sources: ReadonlyMap<string, string>;
  cwd: string;
  suppressFrom: string;
}): Promise<SummaryOptions> {
  const { settings, sources, cwd } = options;
  const opts: SummaryOptions = {
    // Called numbers compared as the import normalises them (one subscriber, one key).
    numberKey: (phone) => normalizePhone(phone).value,
    answeredStatuses: settings.report.answeredStatuses,
    compliance: settings.compliance,
    ruleOrigins: {
      callHours: sources.get('compliance.callHours') ?? 'default',
      maxCallsPer24h: sources.get('compliance.maxCallsPer24h') ?? 'default',
    },
  };
  // Calls to people after `cacs forget` erased them (issue 26).
  Object.assign(
    opts,
    await loadErasureCheck({
      stateDir: settings.stateDir,
      ...(settings.stateUrl !== undefined ? { state: settings.stateUrl } : {}),
      ...(settings.stateSchema !== undefined ? { stateSchema: settings.stateSchema } : {}),
      campaignKey: (await import('./config/require.js')).requireCampaign(settings).key,
      ...(settings.baseUrl !== undefined ? { baseUrl: settings.baseUrl } : {}),
      serviceTimeZone: settings.serviceTimezone,
    }),
  );
  if (settings.import.suppress.length === 0) return opts;
  const { default: path } = await import('node:path');
  // As the user sees it: relative to the working folder when the list is inside it.
  const shown = (file: string) => {
    const rel = path.relative(cwd, file);
    return rel !== '' && !rel.startsWith('..') && !path.isAbsolute(rel) ? rel : file;
  };
  const lists = await loadDoNotCallLists(
    settings.import.suppress.map((file) => ({
      path: file,
      name: shown(file),
      from: options.suppressFrom,
    })),
    { cwd, phonePattern: settings.import.phonePattern },
  );
  return { ...opts, ...lists };
}

// ── habits (issue 27 item 5): times in messages on the `timezone` setting's clock, named ──
export { formatTimeIn, formatTimeOnClock, machineZone } from './text.js';

// ── lead (issue 27): where a setting came from, in the reader's words ─────────────────────
export { describeSource } from './source-label.js';
export { formatWallDate } from './text.js';

// ── door (issue 23 item 3): the report's fetch stage ─────────────────────────────────────────
export type {
  FetchStage,
  FetchStageInput,
  FetchedSummary,
  FetchedPrepared,
  FetchedRecords,
  CampaignRefused,
} from './report/stages/fetch.js';

/**
 * The report's fetch stage (`cacs report` between output and write): the records summarised as
 * they come (`summary`), made into `lead`'s format as they come (prepareReport), or all kept
 * (runReport); progress through `report.onProgress`. A campaign key the service refuses that
 * came from an alias returns the `campaignRefused` stop; other failures are thrown.
 */
export async function fetchStage(
  input: import('./report/stages/fetch.js').FetchStageInput,
): Promise<import('./report/stages/fetch.js').FetchStage> {
  return (await import('./report/stages/fetch.js')).fetchStage(input);
}

// ── memory (issue 22 item 10): a large report answer's records read when merged ──────────
export type { LaterRecords } from './api/client.js';
