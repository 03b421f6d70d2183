/**
 * `cacs report --join` and `--recycle` as a library function (runOutcomes), in named stages:
 * plan (the lead file's keys and history, the range) → fetch (the report, spilled past its
 * memory budget) → aggregate (each record folded into its key's outcome, then let go) → write
 * (the lead file read again, checked to be the same bytes, each row written with its outcome).
 * Memory: the file's keys with one small outcome each, whatever the number of rows or records.
 */
import path from 'node:path';
import type { CacsClient } from '../../api/client.js';
import type { CallRecord, LeadField } from '../../api/spec.js';
import { UsageError } from '../../errors.js';
import { inspectInput } from '../../input/inspect.js';
import { openRows } from '../../input/rows.js';
import type { InputFormat, InputInfo } from '../../input/types.js';
import { carrierOf } from '../../leads/carrier.js';
import { isBlankRow } from '../../leads/prepare.js';
import { createValidator } from '../../leads/validate.js';
import { t } from '../../messages/index.js';
import { formatServiceDate } from '../dates.js';
import { planReport, type ReportPlan } from '../plan.js';
import { DEFAULT_MEMORY_BUDGET, prepareReport, type ReportOptions } from '../service.js';
import { PhoneSet } from '../../leads/phoneset.js';
import type { Sink } from '../sink.js';
import { NO_TEXT } from '../prepared.js';
import type { ColumnKind } from '../xlsx.js';
import type { HtmlOutcomeCounts, HtmlReportOptions } from '../html.js';
import {
  emptyOutcome,
  OutcomeIndex,
  phoneKey,
  recordOutcome,
  refKey,
  type Outcome,
} from './aggregate.js';
import { keyColumns, OUTCOME_COLUMNS, type KeyColumns } from './columns.js';
import { fileHistory, type FileHistory } from './history.js';
import {
  DEFAULT_MIN_GAP_MS,
  lastCallBy,
  recycleStatusSet,
  recycleVerdict,
  RECYCLE_RULES,
  type RecycleRule,
  type RecycleRules,
} from './recycle.js';
import { rowWriter, type Cell, type LeadFileFormat, type RowWriter } from './write.js';

export interface JoinInput {
  /** The lead file (read against `cwd`). */
  file: string;
  /** How it is named in messages (default: `file` as given). */
  displayName?: string;
  format?: InputFormat;
  delimiter?: string;
  encoding?: string;
  /** xlsx: the sheet (name or 1-based number). */
  sheet?: string;
  /** Columns by lead field (`--map phone_number=Mobile`). */
  map?: Partial<Record<LeadField, string>>;
}

export interface RecycleOptions {
  /** Statuses that call for another round (default: every status not counted as answered). */
  statuses?: readonly string[];
  /** Leads with this many attempts (or more) are not recycled. */
  maxAttempts?: number;
  /** The last call at least this long ago (default 24 h). */
  minGapMs?: number;
  /** Do-not-call lists (read as `cacs import --suppress` reads them). */
  suppress?: ReadonlyArray<string | { path: string; name?: string; from?: string }>;
  phonePattern?: string;
  /** The centre's own test numbers (config `import.placeholderNumbers`): never recycled. */
  placeholderNumbers?: readonly string[];
}

export interface OutcomesOptions extends Pick<
  ReportOptions,
  | 'concurrency'
  | 'largeAnswerBytes'
  | 'signal'
  | 'onProgress'
  | 'onSplit'
  | 'countMismatch'
  | 'onWarning'
  | 'memoryBudget'
  | 'tempDir'
  | 'timeZone'
  | 'serviceTimeZone'
  | 'windowDays'
> {
  client: CacsClient;
  campaignKey: string;
  /** The lead file to write back with its outcomes. */
  join?: JoinInput;
  /** Write an import-ready file of the leads to call again instead. */
  recycle?: RecycleOptions;
  /** Range start; default with `join`: when the file's first lead was imported (history). */
  from?: string;
  to?: string;
  now?: Date;
  /** Statuses counted as answered (default `ANSWERED`). */
  answeredStatuses?: readonly string[];
  /** The service's canonical address (for the history); default: the client's. */
  serviceUrl: string;
  /** Where state lives (the history). */
  state: import('../../state/types.js').StateStore | undefined;
  /** Read the files against this folder (default: the process's). */
  cwd?: string;
  /**
   * Where the rows go, in `format`: without one, they are returned as data (`rows`). The
   * format defaults to the input's (`--join`), else CSV.
   */
  sink?: Sink;
  format?: LeadFileFormat;
  /** CSV: a UTF-8 BOM first (default: when the input had one). */
  bom?: boolean;
  /** The plan of the range, when the caller made it (else from `from`/`to`). */
  plan?: ReportPlan;
  /**
   * When a phone (any written form) was erased by `cacs forget` (undefined: never). Erased
   * people are never recycled, and `join` writes their row with `call_status` `ERASED` and no
   * outcome.
   */
  erasedAt?: (phone: string) => Date | undefined;
  /**
   * Also write the HTML report of the range (`cacs report --join … --html page.html`): the page
   * `cacs report --format html` makes, of the records this run fetched (no second fetch: read
   * again from memory or the spill folder, one at a time), with this run's counts in its "Lead
   * file outcomes" section (HtmlReportOptions.outcomes). Its range is the run's.
   */
  html?: {
    sink: Sink;
    page: Omit<HtmlReportOptions, 'range' | 'outcomes'>;
    /** The file written, as the user named it (the recycle section's title; default `-`). */
    outputName?: string;
  };
}

export interface OutcomesResult {
  /** The columns written, the lead file's first. */
  columns: string[];
  /** The rows, when no `sink` was given. */
  rows?: Cell[][];
  format: LeadFileFormat;
  /** Rows written. */
  written: number;
  /** join: rows of the file (blank rows included), and how their outcomes fell. */
  fileRows: number;
  called: number;
  notCalled: number;
  notImported: number;
  /** join: the rows of `notImported` by the code they were refused with. */
  notImportedBy: Record<string, number>;
  /** join: rows whose `answered` is `yes`. */
  answered: number;
  /** join: rows of people erased by `cacs forget` (`call_status` `ERASED`, no outcome). */
  erased: number;
  /**
   * Rows with every cell empty (Excel's blank lines, `;;;`: no lead, skipped by the import):
   * join writes them with every outcome cell empty, recycle leaves them out; not in `called`,
   * `notCalled` or `notImported`.
   */
  blank: number;
  /** Leads of the report matched by no row of the file (counted, not written). */
  notInFile: number;
  /** recycle: leads excluded by each rule. */
  excluded?: Record<RecycleRule, number>;
  /** Leads in the report, and their attempts. */
  leads: number;
  attempts: number;
  requests: number;
  split: number;
  notFound: number;
  /** The range fetched, on the service's clock. */
  from: string;
  to: string;
  /** Where `from` came from: given, or the history's first import of the file. */
  fromSource: 'given' | 'history';
  /** Lines for a person (a sidecar file that could not be used…). */
  notes: string[];
}

/** Stage 1, plan: the lead file's keys (one read), its history, the range. */
interface JoinPlanned {
  info: InputInfo;
  headers: string[];
  keys: KeyColumns;
  index: OutcomeIndex;
  digests: readonly Buffer[];
  rows: number;
  history: FileHistory | undefined;
}

async function planJoin(opts: OutcomesOptions, join: JoinInput): Promise<JoinPlanned> {
  const cwd = opts.cwd ?? process.cwd();
  const name = join.displayName ?? join.file;
  const info = await inspectInput(path.resolve(cwd, join.file), name, {
    ...(join.format !== undefined ? { format: join.format } : {}),
    ...(join.delimiter !== undefined ? { delimiter: join.delimiter } : {}),
    ...(join.encoding !== undefined ? { encoding: join.encoding } : {}),
    ...(join.sheet !== undefined ? { sheet: join.sheet } : {}),
  });
  const source = await openRows(info);
  let keys: KeyColumns;
  const index = new OutcomeIndex();
  let rows = 0;
  try {
    keys = keyColumns(source.headers, info.displayName, join.map);
    await source.each((row) => {
      rows++;
      index.addRow(rowRef(row.values, keys), phoneKey(row.values[keys.phone]));
    });
  } finally {
    await source.close?.();
  }
  const inputHash = source.contentHash();
  const history =
    opts.state !== undefined && inputHash !== undefined
      ? await fileHistory(opts.state, {
          serviceUrl: opts.serviceUrl,
          campaignKey: opts.campaignKey,
          inputHash,
        })
      : undefined;
  return {
    info,
    headers: source.headers,
    keys,
    index,
    digests: source.blockDigests() ?? [],
    rows,
    history,
  };
}

function rowRef(values: readonly string[], keys: KeyColumns): string {
  return keys.ref === undefined ? '' : refKey(values[keys.ref]);
}

/** The least memory budget the fetch stage is left when the index takes the rest. */
const MIN_FETCH_BUDGET = 16 * 1024 * 1024;

/**
 * The fetch stage's memory budget: `report.memoryBudget` less what the lead file's index holds
 * (so a million-row file does not add its index on top of the report's budget), but never below
 * {@link MIN_FETCH_BUDGET} (a smaller budget given stands).
 */
export function fetchBudget(budget: number, indexBytes: number): number {
  return budget <= MIN_FETCH_BUDGET ? budget : Math.max(MIN_FETCH_BUDGET, budget - indexBytes);
}

/**
 * Bytes of one record in a report answer, at the least (a lead's fields and one attempt, without
 * diacritics): the lead file's rows spread over the requests tell how large an answer will be.
 */
export const RECORD_BYTES_AT_LEAST = 300;

/**
 * What one answer of the report is expected to carry: every row of the file called once, spread
 * evenly over the requests (FetchOptions.expectedAnswerBytes). A million rows over 31 daily
 * windows: about 9.7 MB, so such a join asks one request at a time from the start.
 */
export function expectedAnswerBytes(rows: number, requests: number): number {
  return requests > 0 ? (rows * RECORD_BYTES_AT_LEAST) / requests : 0;
}

/** Stage 2, fetch: the report prepared (spilled to disk past its budget), its records after. */
async function fetchStage(
  opts: OutcomesOptions,
  plan: ReportPlan,
  indexBytes: number,
  rows: number,
) {
  const budget = opts.memoryBudget ?? DEFAULT_MEMORY_BUDGET;
  return prepareReport(
    {
      client: opts.client,
      campaignKey: opts.campaignKey,
      plan,
      ...(opts.concurrency !== undefined ? { concurrency: opts.concurrency } : {}),
      ...(opts.largeAnswerBytes !== undefined ? { largeAnswerBytes: opts.largeAnswerBytes } : {}),
      expectedAnswerBytes: expectedAnswerBytes(rows, plan.requests),
      ...(opts.signal !== undefined ? { signal: opts.signal } : {}),
      ...(opts.onProgress !== undefined ? { onProgress: opts.onProgress } : {}),
      ...(opts.onSplit !== undefined ? { onSplit: opts.onSplit } : {}),
      ...(opts.countMismatch !== undefined ? { countMismatch: opts.countMismatch } : {}),
      ...(opts.onWarning !== undefined ? { onWarning: opts.onWarning } : {}),
      memoryBudget: budget >= 0 ? fetchBudget(budget, indexBytes) : budget,
      ...(opts.tempDir !== undefined ? { tempDir: opts.tempDir } : {}),
    },
    NO_TEXT,
  );
}

/**
 * Codes of the history that stand even when the report holds a lead of the row: the number is
 * on a do-not-call list, or its person was erased — never called again, never recycled.
 */
const STANDING_CODES: ReadonlySet<string> = new Set(['suppressed', 'erased']);

/** The appended cells of a row. */
function outcomeCells(
  outcome: Outcome | undefined,
  phone: string,
  notImported: string | undefined,
): Cell[] {
  const o = outcome ?? emptyOutcome();
  const status =
    notImported !== undefined
      ? `NOT_IMPORTED:${notImported}`
      : o.attempts === 0
        ? 'NOT_CALLED'
        : (o.lastStatus ?? '');
  return [
    status,
    o.attempts,
    o.first ?? null,
    o.last ?? null,
    o.talk,
    o.answered ? 'yes' : 'no',
    o.leadId ?? null,
    phone === '' ? 'unknown' : carrierOf(phone),
  ];
}

/** The appended cells of an erased person's row: `ERASED`, nothing about the calls. */
function erasedCells(phone: string): Cell[] {
  const cells = outcomeCells(undefined, phone, undefined);
  cells[0] = 'ERASED';
  cells[1] = null;
  cells[4] = null;
  cells[5] = null;
  return cells;
}

const OUTCOME_KINDS: Record<(typeof OUTCOME_COLUMNS)[number], ColumnKind> = {
  call_status: 'text',
  call_attempts: 'number',
  first_call_at: 'datetime',
  last_call_at: 'datetime',
  talk_time_total: 'number',
  answered: 'text',
  campaign_lead_id: 'code',
  carrier: 'text',
};

/** The output's format: given, else the input's, else CSV. */
function outputFormat(opts: OutcomesOptions, info: InputInfo | undefined): LeadFileFormat {
  return opts.format ?? info?.format ?? 'csv';
}

/** Collects rows as data, or writes them. */
async function rowsOut(
  opts: OutcomesOptions,
  format: LeadFileFormat,
  columns: ReadonlyArray<{ name: string; kind: ColumnKind }>,
  csv: { delimiter?: string; bom: boolean },
): Promise<{ writer: RowWriter; rows: Cell[][] | undefined }> {
  if (opts.sink === undefined) {
    const rows: Cell[][] = [];
    return {
      rows,
      writer: {
        row: async (cells) => void rows.push([...cells]),
        end: async () => undefined,
        destroy: () => undefined,
      },
    };
  }
  return {
    rows: undefined,
    writer: await rowWriter(opts.sink, {
      format,
      columns,
      ...(csv.delimiter !== undefined ? { delimiter: csv.delimiter } : {}),
      bom: csv.bom,
    }),
  };
}

/** The recycle rules the options ask for. */
async function recycleRules(
  opts: OutcomesOptions,
  recycle: RecycleOptions,
  answered: ReadonlySet<string>,
): Promise<RecycleRules> {
  if (
    recycle.maxAttempts !== undefined &&
    !(Number.isSafeInteger(recycle.maxAttempts) && recycle.maxAttempts >= 1)
  ) {
    throw new UsageError(t('outcomes.recycle.badMaxAttempts', { value: recycle.maxAttempts }));
  }
  let doNotCall: RecycleRules['doNotCall'];
  if (recycle.suppress !== undefined && recycle.suppress.length > 0) {
    const cwd = opts.cwd ?? process.cwd();
    const { Suppression, suppressionSources } = await import('../../leads/suppress.js');
    const suppression = await Suppression.load(suppressionSources(recycle.suppress, cwd), {
      ...(recycle.phonePattern !== undefined ? { phonePattern: recycle.phonePattern } : {}),
      purpose: 'report',
    });
    doNotCall = (phone) => suppression.listOf(phone);
  }
  return {
    statuses: recycleStatusSet(recycle.statuses, answered),
    maxAttempts: recycle.maxAttempts,
    lastCallBy: lastCallBy(
      opts.now ?? new Date(),
      recycle.minGapMs ?? DEFAULT_MIN_GAP_MS,
      opts.serviceTimeZone ?? 'Asia/Ho_Chi_Minh',
    ),
    doNotCall,
    ...(opts.erasedAt !== undefined
      ? { erased: (phone: string) => opts.erasedAt!(phone) !== undefined }
      : {}),
    phoneRefused: phoneRefusal(recycle.phonePattern, recycle.placeholderNumbers),
  };
}

/**
 * Whether the import's phone rule refuses a number (recycleVerdict): normalised, and as the row
 * writes it (an import with `--no-normalize` sends that: a rule for `84…` numbers).
 */
export function phoneRefusal(
  phonePattern: string | undefined,
  placeholderNumbers?: readonly string[],
): (phone: string, written: string) => boolean {
  const validator = createValidator(
    phonePattern,
    placeholderNumbers !== undefined ? { placeholderNumbers } : {},
  );
  const refused = (p: string) => validator.validate({ phone_number: p }, p) !== undefined;
  return (phone, written) => refused(phone) && refused(written);
}

/**
 * `cacs report --join` / `--recycle` (see the module comment). Without `sink`, the rows are
 * returned as data. Throws a UsageError (exit 2) for a file the join cannot use, before any
 * request.
 */
export async function runOutcomes(opts: OutcomesOptions): Promise<OutcomesResult> {
  if (opts.join === undefined && opts.recycle === undefined)
    throw new UsageError(t('outcomes.nothingAsked'));
  const answered = new Set((opts.answeredStatuses ?? ['ANSWERED']).map((s) => s.toUpperCase()));
  const notes: string[] = [];
  // Stage 1: plan.
  const planned = opts.join !== undefined ? await planJoin(opts, opts.join) : undefined;
  if (planned?.history !== undefined) notes.push(...planned.history.notes);
  let from = opts.from;
  let fromSource: OutcomesResult['fromSource'] = 'given';
  if (from === undefined && opts.plan === undefined) {
    from = planned?.history?.firstImportAt;
    fromSource = 'history';
    if (from === undefined) {
      throw new UsageError(
        planned !== undefined
          ? t('outcomes.join.noImportFound', {
              file: planned.info.displayName,
              campaign: opts.campaignKey,
            })
          : t('outcomes.recycle.fromRequired'),
        { hint: t('outcomes.fromRequired.hint') },
      );
    }
  }
  const plan =
    opts.plan ??
    planReport({
      from: from!,
      ...(opts.to !== undefined ? { to: opts.to } : {}),
      ...(opts.timeZone !== undefined ? { timeZone: opts.timeZone } : {}),
      ...(opts.serviceTimeZone !== undefined ? { serviceTimeZone: opts.serviceTimeZone } : {}),
      ...(opts.windowDays !== undefined ? { windowDays: opts.windowDays } : {}),
      ...(opts.now !== undefined ? { now: opts.now } : {}),
    });
  const rules =
    opts.recycle !== undefined ? await recycleRules(opts, opts.recycle, answered) : undefined;
  const format = outputFormat(opts, planned?.info);
  const excluded =
    rules !== undefined
      ? (Object.fromEntries(RECYCLE_RULES.map((r) => [r, 0])) as Record<RecycleRule, number>)
      : undefined;

  // Stage 2: fetch.
  let handedOn = false;
  const prepared = await fetchStage(opts, plan, planned?.index.byteSize ?? 0, planned?.rows ?? 0);
  const result: OutcomesResult = {
    columns: [],
    format,
    written: 0,
    fileRows: planned?.rows ?? 0,
    called: 0,
    notCalled: 0,
    notImported: 0,
    notImportedBy: {},
    answered: 0,
    erased: 0,
    blank: 0,
    notInFile: 0,
    leads: prepared.leads,
    attempts: prepared.attempts,
    requests: prepared.requests,
    split: prepared.split,
    notFound: prepared.notFound,
    from: formatServiceDate(plan.range.from),
    to: formatServiceDate(plan.range.to),
    fromSource,
    notes,
    ...(excluded !== undefined ? { excluded } : {}),
  };
  try {
    if (planned === undefined) {
      // Recycle from the report alone: one row per lead, phone_number, name, ref_id.
      const columns = [
        { name: 'phone_number', kind: 'code' as const },
        { name: 'name', kind: 'text' as const },
        { name: 'ref_id', kind: 'code' as const },
      ];
      result.columns = columns.map((c) => c.name);
      const { writer, rows } = await rowsOut(opts, format, columns, { bom: opts.bom ?? false });
      const seen = new PhoneSet();
      try {
        for await (const record of counted(prepared, result)) {
          const phone = phoneKey(record.phone_number);
          const verdict = recycleVerdict(recordOutcome(record, answered), phone, rules!);
          if (verdict !== undefined) {
            excluded![verdict]++;
            continue;
          }
          if (seen.addOrGet(phone, 0) !== undefined) {
            excluded!.duplicate++;
            continue;
          }
          await writer.row([phone, refKey(record.lead_name), refKey(record.ref_id)]);
          result.written++;
        }
        await writer.end();
      } catch (e) {
        writer.destroy();
        throw e;
      }
      if (rows !== undefined) result.rows = rows;
      if (opts.html !== undefined) await writePage(opts.html, prepared, plan, result, undefined);
      return result;
    }

    // Stage 3: aggregate.
    const { index } = planned;
    const erasedAt = opts.erasedAt;
    for await (const record of counted(prepared, result)) {
      // An erased person's calls reach no row: not theirs (ERASED), nor one that shares their
      // ref_id (review, session 19: a typo row of theirs got their outcome, and was recycled).
      if (erasedAt !== undefined && erasedAt(phoneKey(record.phone_number)) !== undefined) continue;
      index.addRecord(record, answered);
    }
    result.notInFile = index.unmatched;
    handedOn = opts.html !== undefined;
  } finally {
    // Kept for the page (--html) until it is written, else let go of now.
    if (!handedOn) prepared.dispose();
  }
  try {
    await writeStage(opts, planned, rules, format, result);
    if (opts.html !== undefined) await writePage(opts.html, prepared, plan, result, planned);
  } finally {
    prepared.dispose();
  }
  return result;
}

/**
 * The report's records, counted into `result` (leads, attempts) when the fetch stage left that
 * to their reader (a spilled report is merged once, here).
 */
async function* counted(
  prepared: {
    records(): Iterable<CallRecord> | AsyncIterable<CallRecord>;
    totalsLater?: boolean;
  },
  result: Pick<OutcomesResult, 'leads' | 'attempts'>,
): AsyncGenerator<CallRecord> {
  const count = prepared.totalsLater === true;
  for await (const record of prepared.records()) {
    if (count) {
      result.leads++;
      result.attempts += record.data?.length ?? 0;
    }
    yield record;
  }
}

/** The page of `--html`: the run's records again, with its counts. */
async function writePage(
  html: NonNullable<OutcomesOptions['html']>,
  prepared: { records(): Iterable<CallRecord> | AsyncIterable<CallRecord> },
  plan: ReportPlan,
  result: OutcomesResult,
  planned: JoinPlanned | undefined,
): Promise<void> {
  const { writeHtmlReport } = await import('../html.js');
  await writeHtmlReport(prepared.records(), html.sink, {
    ...html.page,
    summary: { ...html.page.summary, range: { from: result.from, to: result.to } },
    range: plan.range,
    outcomes: outcomeCounts(result, planned?.info.displayName, html.outputName ?? '-'),
  });
}

/** Recycle rules as the page names them (kebab case, as flags are written). */
const RULE_NAMES: Record<RecycleRule, string> = {
  erased: 'erased',
  notImported: 'not-imported',
  notCalled: 'not-called',
  status: 'status',
  maxAttempts: 'max-attempts',
  minGap: 'min-gap',
  doNotCall: 'do-not-call',
  duplicate: 'duplicate',
  invalidPhone: 'invalid-phone',
};

/**
 * A run's counts as the HTML page shows them (HtmlReportOptions.outcomes): a join's, or a
 * recycle run's (rules that excluded nobody left out).
 */
export function outcomeCounts(
  result: OutcomesResult,
  joinFile: string | undefined,
  outputName: string,
): HtmlOutcomeCounts {
  if (result.excluded !== undefined) {
    const excluded: Record<string, number> = {};
    for (const rule of RECYCLE_RULES)
      if (result.excluded[rule] > 0) excluded[RULE_NAMES[rule]] = result.excluded[rule];
    return {
      recycle: { file: outputName, written: result.written, excluded, blank: result.blank },
    };
  }
  return {
    join: {
      file: joinFile ?? '-',
      rows: result.written,
      called: result.called,
      answered: result.answered,
      notCalled: result.notCalled,
      notImported: { ...result.notImportedBy },
      notInFile: result.notInFile,
      erased: result.erased,
      blank: result.blank,
    },
  };
}

/** Stage 4: write, the file read again (the same bytes, or InputChangedError). */
async function writeStage(
  opts: OutcomesOptions,
  planned: JoinPlanned,
  rules: RecycleRules | undefined,
  format: LeadFileFormat,
  result: OutcomesResult,
): Promise<void> {
  const excluded = result.excluded;
  const { index, keys, info, headers, digests, history } = planned;
  const notImported = history?.notImported ?? new Map<number, string>();
  const kindOf = (i: number): ColumnKind => (i === keys.phone || i === keys.ref ? 'code' : 'text');
  const columns = [
    ...headers.map((name, i) => ({ name, kind: kindOf(i) })),
    ...(rules === undefined
      ? OUTCOME_COLUMNS.map((name) => ({ name, kind: OUTCOME_KINDS[name] }))
      : []),
  ];
  result.columns = columns.map((c) => c.name);
  const { writer, rows } = await rowsOut(opts, format, columns, {
    ...(info.format === 'csv' && format === 'csv' ? { delimiter: info.delimiter } : {}),
    bom: opts.bom ?? (info.bom && format === 'csv'),
  });
  const source = await openRows(info, { verify: digests });
  const seen = new PhoneSet();
  const pending: Cell[][] = [];
  try {
    await source.each(
      (row) => {
        const cells: Cell[] = headers.map((_, i) => row.values[i] ?? '');
        if (isBlankRow(row.values)) {
          // No lead: join keeps the operator's row where it is with nothing appended; an
          // import-ready file (recycle) leaves it out.
          result.blank++;
          if (rules === undefined) pending.push([...cells, ...OUTCOME_COLUMNS.map(() => null)]);
          return;
        }
        const phone = phoneKey(row.values[keys.phone]);
        const ref = rowRef(row.values, keys);
        const outcome = index.outcomeOf(ref, phone);
        // The history's refusal stands only while the report knows no lead of the row (a row
        // fixed in the rejects file and imported from it is in the campaign after all) — except
        // a do-not-call list's or an erasure's, which stand whatever the report holds.
        const historyCode = notImported.get(row.line);
        const refused =
          outcome === undefined || (historyCode !== undefined && STANDING_CODES.has(historyCode))
            ? historyCode
            : undefined;
        if (rules !== undefined) {
          const verdict = recycleVerdict(
            outcome,
            phone,
            rules,
            refused !== undefined,
            row.values[keys.phone] ?? '',
          );
          if (verdict !== undefined) {
            excluded![verdict]++;
            return;
          }
          if (seen.addOrGet(phone, 0) !== undefined) {
            excluded!.duplicate++;
            return;
          }
          pending.push(cells);
          return;
        }
        if (phone !== '' && opts.erasedAt?.(phone) !== undefined) {
          // Consent withdrawn: the operator's row stays, with no outcome and no lead id.
          result.erased++;
          pending.push([...cells, ...erasedCells(phone)]);
          return;
        }
        const out = outcomeCells(outcome, phone, refused);
        if (refused !== undefined) {
          result.notImported++;
          result.notImportedBy[refused] = (result.notImportedBy[refused] ?? 0) + 1;
        } else if (outcome === undefined || outcome.attempts === 0) result.notCalled++;
        else {
          result.called++;
          if (outcome.answered) result.answered++;
        }
        pending.push([...cells, ...out]);
      },
      {
        afterChunk: async () => {
          for (const cells of pending.splice(0)) {
            await writer.row(cells);
            result.written++;
          }
        },
      },
    );
    for (const cells of pending.splice(0)) {
      await writer.row(cells);
      result.written++;
    }
    await writer.end();
  } catch (e) {
    writer.destroy();
    throw e;
  } finally {
    await source.close?.();
  }
  if (rows !== undefined) result.rows = rows;
}
