/**
 * The typed CACS client (got 14): one method per endpoint, failures classified, retryable ones
 * retried with full-jitter backoff, redirects never followed, the token never in any message.
 */
import { DEFAULTS } from '../defaults.js';
import type http from 'node:http';
import type https from 'node:https';
import v8 from 'node:v8';
import type { Got } from 'got';
import { InterruptedError } from '../errors.js';
import { t as say } from '../messages/index.js';
import { Secrets, maskUrlCredentials } from '../secrets.js';
import { VERSION } from '../version.js';
import { formatBytes, formatSeconds, sanitizeServiceText } from '../text.js';
import { readImportAnswer, recordsProblem } from './answers.js';
import { recordBatches, scanAnswerShape, scanRecordsAnswer } from './records-scan.js';
import { AnswerBytes, announcedLength } from './answer-bytes.js';
import {
  UnknownEncodingError,
  classifyNetworkError,
  classifyResponse,
  decodeBody,
  type Answer,
  type CallKind,
  type RawAnswer,
} from './classify.js';
import { ApiError } from './errors.js';
import {
  DEFAULT_RETRY_POLICY,
  RetryBudget,
  backoffDelay,
  sleep,
  type RetryPolicy,
  type Sleep,
} from './retry.js';
import {
  IMPORT_PATH,
  REPORT_PATH,
  parseRecordsMessage,
  type CallRecord,
  type CallResultQuery,
  type Lead,
} from './spec.js';

/**
 * Bounds on answers (DESIGN.md, "Limits against hostile or broken answers"). Every request has
 * the per-phase timeout on connecting, sending, the first byte and every silence in the body;
 * on top of that an import request ends after `importDeadlineFactor` × the timeout, and a report
 * answer must keep arriving at `minReportRate` (measured over each timeout period).
 */
export interface AnswerLimits {
  /** Largest import answer, before and after decompression (answers are a line of JSON). */
  importAnswerBytes: number;
  /** Largest report answer (one window), before and after decompression. */
  reportAnswerBytes: number;
  /**
   * The most a whole report reads, its answers' decoded sizes added up (default: a fifth of
   * Node's heap limit, so that merging them never runs out of memory).
   */
  reportTotalBytes: number;
  /** Bytes per second a report answer must keep arriving at. */
  minReportRate: number;
  /** A whole import request lasts at most this many times the timeout. */
  importDeadlineFactor: number;
  /** After Ctrl-C, import requests in flight get this long to answer, then they are uncertain. */
  interruptGraceMs: number;
}

/**
 * A fifth of the heap V8 may grow to, in whole MB. A report holds every record until it is
 * written, and parsed records take more room than their JSON: six 60 MB answers ran a 512 MB
 * heap out of memory (a V8 crash), while a 1 GB heap held them.
 */
function reportTotalDefault(): number {
  return Math.floor(v8.getHeapStatistics().heap_size_limit / 5 / 1_000_000) * 1_000_000;
}

export const DEFAULT_LIMITS: AnswerLimits = {
  importAnswerBytes: 1_000_000,
  reportAnswerBytes: 64_000_000,
  reportTotalBytes: reportTotalDefault(),
  minReportRate: 64_000,
  importDeadlineFactor: 3,
  interruptGraceMs: 5_000,
};

export interface ClientOptions {
  baseUrl: string | URL;
  token: string;
  /** Per-phase timeout in ms (connect, send, first byte, each silence in the body). */
  timeoutMs?: number;
  limits?: Partial<AnswerLimits>;
  retry?: Partial<RetryPolicy>;
  /** Shared by every request of a run. */
  budget?: RetryBudget;
  /** Trace lines for --verbose (the token is masked before they are made). */
  log?: (line: string) => void;
  /** Called before each retry wait (for progress lines). */
  onRetry?: (info: { attempt: number; delayMs: number; reason: string }) => void;
  /**
   * Interruption: aborts backoff waits and report requests at once; import requests in flight
   * get `interruptGraceMs` to answer (their outcome matters), then count as uncertain.
   */
  signal?: AbortSignal;
  random?: () => number;
  /**
   * The wait between attempts (default: `sleep`, a timer cut short by `signal`). Tests pass a
   * quicker one; it is given `signal` and must reject with InterruptedError when it aborts.
   */
  sleep?: Sleep;
  /** Agents to use (a proxy's, see proxy.ts); default: keep-alive agents of our own. */
  agent?: { http?: http.Agent; https?: https.Agent };
}

export interface ImportResult {
  /** Leads the service says it imported. */
  imported: number;
  /** Leads the service counted in total, when it answered "<s>/<t>". */
  total?: number;
  /** Leads sent but not imported, by the service's own count (t − s). */
  skipped: number;
  /**
   * Always false: a success message that cannot be read as a count that can be true for the
   * batch makes it uncertain (an ApiError of kind 'uncertain'), never imported.
   */
  unparsedMessage: boolean;
  message: string;
}

/** An answer that inflates more than this many times is a compression bomb, not a busy day. */
const BOMB_RATIO = 100;

/**
 * Whether the first 1/BOMB_RATIO of `max` bytes of a compressed body already inflate beyond
 * `max`: a ratio no JSON answer has.
 */
function isBomb(raw: Buffer, encoding: string | string[] | undefined, max: number): boolean {
  const enc = String(encoding ?? '')
    .trim()
    .toLowerCase();
  const head = raw.subarray(0, Math.ceil(max / BOMB_RATIO));
  const opts = { maxOutputLength: Math.max(1, max) };
  const zlib = builtin('node:zlib');
  try {
    if (enc === 'gzip' || enc === 'x-gzip')
      zlib.gunzipSync(head, { ...opts, finishFlush: zlib.constants.Z_SYNC_FLUSH });
    else if (enc === 'deflate')
      zlib.inflateSync(head, { ...opts, finishFlush: zlib.constants.Z_SYNC_FLUSH });
    else if (enc === 'br')
      zlib.brotliDecompressSync(head, {
        ...opts,
        finishFlush: zlib.constants.BROTLI_OPERATION_FLUSH,
      });
    return false;
  } catch (e) {
    return (e as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE';
  }
}

/**
 * Places on the wire shared by the requests of one report (report/fetch.ts): a request takes one
 * before it is sent and gives it back as soon as its answer's bytes are in (or it failed), before
 * the answer is read, so that a request waiting for a place goes out while this one is parsed.
 */
export interface WireSlots {
  /** Wait for a place (rejects when no more requests are to be sent: the report failed). */
  acquire(): Promise<void>;
  /** Give the place back; true when a request was waiting for it. */
  release(): boolean;
}

/** How a report answer's records are read (see callResults' options). */
interface Reading {
  /** Places on the wire to take for each attempt (see WireSlots). */
  wire?: WireSlots;
  /** A report answer at least this large keeps its records for later (LaterRecords). */
  laterFrom?: number;
  /** A report answer at most this large is read whole (default READ_WHOLE_BYTES). */
  readWholeUpTo?: number;
  /** The hint of a request that gave up retrying (default: the report's, "no report was written"). */
  gaveUpHint?: string;
  /**
   * The run's own stop (a library call's `signal`), heeded as the client's is: a request in
   * flight gets its grace (an import's) or ends (a report's), no retry waits or starts
   * (review, session 18: `runImport({ signal })` ended 30 s after the abort against a server
   * that did not answer, and `reconcile` retried six times after it).
   */
  signal?: AbortSignal;
}

/**
 * The client's signal and a call's, as one (either stops the call): only for a retry's wait.
 * A request listens to both itself (send), not to an `AbortSignal.any` of them, which Node 20
 * keeps alive as long as the longer-lived signal (nodejs/node#55351): one per request would
 * grow with every request of a long-running process.
 */
function eitherSignal(
  a: AbortSignal | undefined,
  b: AbortSignal | undefined,
): AbortSignal | undefined {
  if (a === undefined || a === b) return b;
  if (b === undefined) return a;
  return AbortSignal.any([a, b]);
}

/** Answers whose text held a JSON escape (backslash): their strings may hide a secret. */
const escapedAnswers = new WeakSet<object>();

/** Answers whose records are read later (readLater), with the problem their records have. */
const laterAnswers = new WeakMap<object, { records: LaterRecords; problem: string | undefined }>();

/** The largest answer whose records readLater keeps as its check parsed them (LaterRecords.release). */
const KEEP_PARSED_BYTES = 4 * 1024 * 1024;

/**
 * A report answer of at most this many bytes is read whole, as one string and one JSON.parse
 * (the way any other answer is): half the CPU time of the batch reader (records-scan.ts), whose
 * byte scan pays only where an answer's text and objects at once would be what costs memory.
 * A 365-day report's monthly answers (2–3 MB) are read whole; a million leads' daily ones
 * (about 20 MB) a batch at a time.
 */
export const READ_WHOLE_BYTES = 4 * 1024 * 1024;

/**
 * A report answer checked the way scanRecordsAnswer reads it — every batch parsed, scrubbed and
 * its records checked (recordsProblem) — but not kept: its records are read again, the same way,
 * when `later.batches()` is iterated. Undefined where scanRecordsAnswer gives undefined.
 */
function readLater(
  buf: Buffer,
  start: number,
  parse: (text: string) => unknown,
  scrubEscaped: (records: unknown[], escaped: boolean) => void,
  readWholeUpTo: number,
):
  | {
      rest: unknown;
      records: unknown[];
      later: { records: LaterRecords; problem: string | undefined };
    }
  | undefined {
  if (buf.length - start <= readWholeUpTo) return readLaterWhole(buf, start, parse, scrubEscaped);
  const shape = scanAnswerShape(buf, start, parse);
  if (shape === undefined) return undefined;
  let problem: string | undefined;
  let offset = 0;
  /**
   * The batches as this check read them, handed out by the first batches() unless released
   * first; not for an answer so large that all its records at once would carry the memory
   * (those are parsed again a batch at a time, see fetch.ts).
   */
  let kept: CallRecord[][] | undefined = buf.length <= KEEP_PARSED_BYTES ? [] : undefined;
  for (const batch of recordBatches(buf, shape.bounds, parse)) {
    if (batch === undefined) return undefined;
    try {
      scrubEscaped(batch.records, batch.escaped);
    } catch {
      return undefined;
    }
    problem ??= recordsProblem(batch.records, offset);
    offset += batch.records.length;
    kept?.push(batch.records as CallRecord[]);
  }
  const { bounds, count } = shape;
  const records: LaterRecords = {
    length: count,
    *batches() {
      const parsed = kept;
      kept = undefined;
      if (parsed !== undefined) {
        // Read at once, merged at once: the check's own objects, not a second parse.
        while (parsed.length > 0) yield parsed.shift()!;
        return;
      }
      for (const batch of recordBatches(buf, bounds, parse)) {
        // Read once already: the same bytes read the same way.
        if (batch === undefined) throw new Error('report answer changed');
        scrubEscaped(batch.records, batch.escaped);
        yield batch.records as CallRecord[];
      }
    },
    release() {
      kept = undefined;
    },
  };
  return { rest: shape.rest, records: [], later: { records, problem } };
}

/**
 * readLater for an answer small enough to be read whole: its records parsed at once with the
 * rest of it (one JSON.parse) and kept for the first batches(); once released (the answer waits
 * for an earlier one as its bytes), or read a second time, they are parsed from the bytes again.
 */
function readLaterWhole(
  buf: Buffer,
  start: number,
  parse: (text: string) => unknown,
  scrubEscaped: (records: unknown[], escaped: boolean) => void,
): ReturnType<typeof readLater> {
  let rest: unknown;
  try {
    rest = parse(buf.toString('utf8', start));
  } catch {
    return undefined;
  }
  if (rest === null || typeof rest !== 'object' || Array.isArray(rest)) return undefined;
  const answer = rest as { records?: unknown };
  if (!Array.isArray(answer.records)) return undefined;
  const parsed = answer.records as unknown[];
  const escaped = buf.includes(0x5c, start);
  try {
    scrubEscaped(parsed, escaped);
  } catch {
    return undefined;
  }
  const problem = recordsProblem(parsed, 0);
  answer.records = [];
  let kept: CallRecord[] | undefined = parsed as CallRecord[];
  const records: LaterRecords = {
    length: parsed.length,
    *batches() {
      const first = kept;
      kept = undefined;
      if (first !== undefined) {
        yield first;
        return;
      }
      // Read again from the bytes the same way: the same values.
      const again = (parse(buf.toString('utf8', start)) as { records: CallRecord[] }).records;
      scrubEscaped(again, escaped);
      yield again;
    },
    release() {
      kept = undefined;
    },
  };
  return { rest, records: [], later: { records, problem } };
}

/** A parsed JSON value with every string (and key) passed through `clean`. */
function scrubValue(v: unknown, clean: (text: string) => string): unknown {
  if (typeof v === 'string') return clean(v);
  if (Array.isArray(v)) return v.map((x) => scrubValue(x, clean));
  if (v !== null && typeof v === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, x] of Object.entries(v)) out[clean(k)] = scrubValue(x, clean);
    return out;
  }
  return v;
}

/** Bytes in MB with one decimal, the unit of the report limits' messages. */
const megabytes = (n: number) => `${(n / 1e6).toFixed(1)} MB`;

/** What the answers of one report have added up to so far (their decoded sizes). */
export interface ReportBudget {
  used: number;
  /** Told of each answer's size (bytes, decompressed) as it is counted. */
  onAnswer?: (bytes: number) => void;
}

/**
 * An answer's JSON string escapes read (`\uXXXX`, `\"`, `\\`, `\/`, `\n`…), for the `-v` trace
 * only: a token the service echoes escaped is then masked like one echoed plainly (review,
 * session 21: the trace showed `\u0073\u0065…`, the whole token; a token holding `"` or `\`
 * echoed as `\"` or `\\`). Read left to right, as JSON reads them: `\\u0074` is a backslash
 * and `u0074`.
 */
export function readEscapes(text: string): string {
  if (!text.includes('\\')) return text;
  return text.replace(
    /\\(?:u([0-9a-fA-F]{4})|(["\\/bfnrt]))/g,
    (escape, hex?: string, c?: string) =>
      hex !== undefined ? String.fromCharCode(parseInt(hex, 16)) : (JSON_ESCAPES[c!] ?? escape),
  );
}

const JSON_ESCAPES: Readonly<Record<string, string>> = {
  '"': '"',
  '\\': '\\',
  '/': '/',
  b: '\b',
  f: '\f',
  n: '\n',
  r: '\r',
  t: '\t',
};

export interface CallResultsResult {
  /** The records (empty when they are given as `later`). */
  records: CallRecord[];
  /** The count the message stated, when readable. */
  count?: number;
  message: string;
  /**
   * A large answer's records, read (parsed and scrubbed again, the same values) only when asked
   * for, a batch at a time: the answer waits as its bytes, which take a third of its records'
   * objects. Only when callResults was asked for it (`laterFrom`); `records` is then empty.
   */
  later?: LaterRecords;
}

/** The records of an answer read a batch at a time, when asked (CallResultsResult.later). */
export interface LaterRecords {
  /** The number of records the answer lists. */
  readonly length: number;
  /** The records in order, in batches (each batch its own array); can be read more than once. */
  batches(): Iterable<CallRecord[]>;
  /**
   * Let go of the records as the answer's check parsed them (kept until then, so that an answer
   * merged as soon as it arrives is not parsed twice): from now on batches() reads them again
   * from the bytes. Call it when the answer is to wait.
   */
  release(): void;
}

/** A lead for a request: an object of lead fields, or its JSON as text or UTF-8 bytes. */
export type LeadPayload = Readonly<Record<string, string>> | string | Uint8Array;

function isLeadObject(v: LeadPayload): v is Readonly<Record<string, string>> {
  return typeof v === 'object' && !(v instanceof Uint8Array);
}

/**
 * An import request's body, `{"campaign_key":…,"data":[…]}`, written into one buffer: each lead
 * serialised on its own (JSON text and bytes copied as they are), never the whole body as one
 * string — a batch of leads with diacritics is a two-byte string of hundreds of kB, which V8
 * puts straight into its old generation: garbage that made the heap grow with the leads sent.
 */
export function importBody(campaignKey: string, leads: ReadonlyArray<LeadPayload>): Buffer {
  const head = `{"campaign_key":${JSON.stringify(campaignKey)},"data":[`;
  const parts: Array<string | Uint8Array> = new Array<string | Uint8Array>(leads.length);
  // The head, a comma between leads, "]}".
  let size = Buffer.byteLength(head) + Math.max(0, leads.length - 1) + 2;
  for (let i = 0; i < leads.length; i++) {
    const lead = leads[i]!;
    const part = isLeadObject(lead) ? JSON.stringify(lead) : lead;
    parts[i] = part;
    size += typeof part === 'string' ? Buffer.byteLength(part) : part.length;
  }
  const body = Buffer.allocUnsafe(size);
  let at = body.write(head, 0);
  for (let i = 0; i < parts.length; i++) {
    if (i > 0) body[at++] = 0x2c; // ,
    const part = parts[i]!;
    if (typeof part === 'string') at += body.write(part, at);
    else {
      body.set(part, at);
      at += part.length;
    }
  }
  body[at++] = 0x5d; // ]
  body[at++] = 0x7d; // }
  if (at !== size) throw new Error(`importBody: wrote ${at} of ${size} bytes`);
  return body;
}

/**
 * A Node module loaded when first used, not when this module is (`import 'cacs'` and the
 * command's start-up load this module: DESIGN.md "One door", ARCHITECTURE.md "Start-up").
 */
const builtin = <ID extends 'node:http' | 'node:https' | 'node:zlib'>(id: ID) =>
  process.getBuiltinModule(id);

let gotPromise: Promise<Got> | undefined;
const loadGot = () => (gotPromise ??= import('got').then((m) => m.default));

/**
 * Start loading the HTTP client (got, a graph of about 100 modules) now, so that it overlaps
 * other start-up work instead of delaying the first request. Resolves once it is loaded.
 */
export function preloadHttpClient(): Promise<unknown> {
  return loadGot();
}

export class CacsClient {
  // The address (it may hold a password), the token, the options (which hold it) and the
  // secrets are ES private fields: not in `{ ...client }`, `Object.keys`, `util.inspect` without
  // its custom view, nor readable as `client.token` (review, session 18).
  readonly #base: URL;
  readonly #token: string;
  private readonly policy: RetryPolicy;
  readonly budget: RetryBudget;
  private readonly timeoutMs: number;
  private readonly agent: { http: http.Agent; https: https.Agent };
  private readonly limits: AnswerLimits;
  /** The token in every form a server may echo it: masked in every message made here. */
  readonly #secrets: Secrets;
  readonly #opts: ClientOptions;

  constructor(opts: ClientOptions) {
    this.#opts = opts;
    this.#base = new URL(String(opts.baseUrl));
    this.#token = opts.token;
    this.#secrets = new Secrets([opts.token]);
    this.limits = { ...DEFAULT_LIMITS, ...opts.limits };
    this.policy = { ...DEFAULT_RETRY_POLICY, ...opts.retry };
    this.budget = opts.budget ?? new RetryBudget();
    this.timeoutMs = opts.timeoutMs ?? DEFAULTS.timeout;
    this.agent = {
      http:
        opts.agent?.http ?? new (builtin('node:http').Agent)({ keepAlive: true, maxSockets: 64 }),
      https:
        opts.agent?.https ?? new (builtin('node:https').Agent)({ keepAlive: true, maxSockets: 64 }),
    };
  }

  /**
   * What `console.log(client)`, `util.inspect` and `JSON.stringify` show of a client: its
   * address, never the token (review, session 17: they printed it, and its options with it).
   */
  [Symbol.for('nodejs.util.inspect.custom')](): string {
    return `CacsClient { baseUrl: '${maskUrlCredentials(this.#base.href)}', token: '***' }`;
  }

  toJSON(): { baseUrl: string; token: string } {
    return { baseUrl: maskUrlCredentials(this.#base.href), token: '***' };
  }

  /** POST import_lead. */
  async importLeads(campaignKey: string, leads: readonly Lead[]): Promise<ImportResult> {
    return this.importLeadsJson(campaignKey, leads);
  }

  /**
   * POST import_lead with leads as objects, or already serialised (one JSON object each, as
   * text or UTF-8 bytes), in one buffer (importBody).
   */
  async importLeadsJson(
    campaignKey: string,
    leadJsons: ReadonlyArray<LeadPayload>,
    /** `signal`: the run's stop, heeded as the client's is (see Reading.signal). */
    opts: { signal?: AbortSignal } = {},
  ): Promise<ImportResult> {
    const body = importBody(campaignKey, leadJsons);
    const count = leadJsons.length;
    const answer = await this.call(
      'POST',
      IMPORT_PATH,
      body,
      'import',
      `${count} leads`,
      undefined,
      undefined,
      opts.signal !== undefined ? { signal: opts.signal } : undefined,
    );
    const message = typeof answer.message === 'string' ? this.clean(answer.message) : '';
    const reading = readImportAnswer(
      typeof answer.message === 'string' ? message : answer.message,
      count,
    );
    if ('unexpected' in reading) {
      const quoted = typeof answer.message === 'string' ? `"${message.slice(0, 120)}"` : 'success';
      const said = { answer: quoted, count, why: reading.unexpected };
      throw new ApiError(
        reading.impossible
          ? say('api.import.impossible', said)
          : say('api.import.unexpected', said),
        { kind: 'uncertain', hint: say('api.import.unexpected.hint') },
      );
    }
    const result: ImportResult = {
      imported: reading.imported,
      skipped: reading.skipped,
      unparsedMessage: false,
      message,
    };
    if (reading.total !== undefined) result.total = reading.total;
    return result;
  }

  /** GET call_result, with its parameters in a JSON body. Read-only, so every failure but a final one is retried. */
  async callResults(
    query: CallResultQuery,
    opts: {
      onBytes?: (bytes: number) => void;
      /** Shared by the requests of one report: all their answers stay within reportTotalBytes. */
      budget?: ReportBudget;
      /**
       * An answer of at least this many bytes is checked whole but its records are given as
       * `later` (read again when asked), not as objects: see CallResultsResult.later.
       */
      laterFrom?: number;
      /**
       * An answer of at most this many bytes (default READ_WHOLE_BYTES) is read whole, as one
       * string and one JSON.parse, not a batch of records at a time.
       */
      readWholeUpTo?: number;
      /**
       * Places on the wire shared with other requests: each attempt takes one before it is sent
       * and gives it back once its answer's bytes are in (see WireSlots).
       */
      wire?: WireSlots;
      /** The hint of a request that gave up retrying (see Reading). */
      gaveUpHint?: string;
      /** The run's stop, heeded as the client's is (see Reading.signal). */
      signal?: AbortSignal;
    } = {},
  ): Promise<CallResultsResult> {
    const body: Record<string, string> = {
      campaign_key: query.campaign_key,
      start_date: query.start_date,
      end_date: query.end_date,
    };
    if (query.status !== undefined) body.status = query.status;
    if (query.ref_id !== undefined) body.ref_id = query.ref_id;
    const what = `${query.start_date} → ${query.end_date}${query.status ? ` status=${query.status}` : ''}`;
    const answer = await this.call(
      'GET',
      REPORT_PATH,
      JSON.stringify(body),
      'report',
      what,
      opts.onBytes,
      opts.budget,
      {
        laterFrom: opts.laterFrom,
        readWholeUpTo: opts.readWholeUpTo,
        ...(opts.wire !== undefined ? { wire: opts.wire } : {}),
        ...(opts.gaveUpHint !== undefined ? { gaveUpHint: opts.gaveUpHint } : {}),
        ...(opts.signal !== undefined ? { signal: opts.signal } : {}),
      },
    );
    const message = typeof answer.message === 'string' ? this.clean(answer.message) : '';
    const count = parseRecordsMessage(message);
    if (answer.records === undefined && count === 0) return { records: [], count, message };
    if (!Array.isArray(answer.records)) {
      throw new ApiError(say('api.report.noRecords'), {
        kind: 'final',
        hint: say('api.report.noRecords.hint'),
      });
    }
    const later = laterAnswers.get(answer);
    const problem = later !== undefined ? later.problem : recordsProblem(answer.records);
    if (problem !== undefined) {
      throw new ApiError(say('api.report.unusable', { what, problem: this.clean(problem) }), {
        kind: 'final',
        hint: say('api.report.unusable.hint'),
      });
    }
    // The text was scrubbed before parsing; a token it held JSON-escaped is masked now.
    if (escapedAnswers.has(answer) && this.#secrets.size > 0) {
      if (this.#secrets.leaks(JSON.stringify(answer.records)))
        answer.records = scrubValue(answer.records, (t) => this.clean(t));
    }
    const result: CallResultsResult = { records: answer.records as CallRecord[], message };
    if (later !== undefined) result.later = later.records;
    if (count !== undefined) result.count = count;
    return result;
  }

  /** Send once per attempt, classify, retry what may be retried. */
  private async call(
    method: 'GET' | 'POST',
    path: string,
    body: string | Buffer,
    kind: CallKind,
    what: string,
    onBytes?: (bytes: number) => void,
    budget?: ReportBudget,
    reading?: Reading,
  ): Promise<Answer> {
    const idempotent = kind === 'report';
    const url = new URL(
      path.replace(/^\//, ''),
      this.#base.href.endsWith('/') ? this.#base : `${this.#base.href}/`,
    );
    for (let attempt = 1; ; attempt++) {
      let error: ApiError;
      let retryAfterMs: number | undefined;
      // A place on the wire for this attempt (report/fetch.ts), given back by send() once the
      // answer's bytes are in, or here if the attempt ended sooner.
      const wire = reading?.wire;
      if (wire !== undefined) await wire.acquire();
      const place = { held: wire !== undefined };
      try {
        const res = await this.send(method, url, body, what, kind, onBytes, budget, {
          ...reading,
          place,
        });
        const outcome = classifyResponse(res, kind, (t) => this.clean(t));
        if ('answer' in outcome) {
          // A JSON escape (`\u0074…`) hides an echoed token from the scrub of the text.
          // (An answer read a batch at a time had its records' escapes seen to in send.)
          if (res.parsed === undefined && res.body.includes('\\'))
            escapedAnswers.add(outcome.answer);
          return outcome.answer;
        }
        error = outcome.error;
        retryAfterMs = outcome.retryAfterMs;
      } catch (e) {
        if (e instanceof InterruptedError) throw e;
        error = e instanceof ApiError ? e : classifyNetworkError(e, url, this.timeoutMs);
      } finally {
        // An attempt that ended without its answer's bytes (an error, an answer too large):
        // its place is given back at the next turn of the event loop, once the caller has
        // heard why (a window found too large is not asked again by the request that waited).
        if (place.held) {
          place.held = false;
          setImmediate(() => wire!.release());
        }
      }
      const retry = error.kind === 'retryable' || (idempotent && error.kind === 'uncertain');
      if (!retry) throw error;
      if (retryAfterMs !== undefined && retryAfterMs > this.policy.maxRetryAfterMs) {
        throw new ApiError(
          say('api.retry.waitTooLong', {
            message: error.message,
            // A day or more is said so (a Retry-After of 1e20 s was printed as its 21 digits).
            wait:
              retryAfterMs < 86_400_000
                ? say('api.retry.waitSeconds', { n: Math.ceil(retryAfterMs / 1000) })
                : say('api.retry.waitDays'),
            max: Math.round(this.policy.maxRetryAfterMs / 1000),
          }),
          {
            kind: error.kind,
            exhausted: true,
            category: error.category,
            hint: say('api.retry.waitTooLong.hint'),
            ...(error.status !== undefined ? { status: error.status } : {}),
          },
        );
      }
      if (attempt >= this.policy.maxAttempts || !this.budget.take()) {
        throw new ApiError(
          attempt === 1
            ? say('api.retry.gaveUp.one', { message: error.message, count: attempt })
            : say('api.retry.gaveUp.other', { message: error.message, count: attempt }),
          {
            kind: error.kind,
            exhausted: true,
            category: error.category,
            hint:
              error.hint ??
              (kind === 'report'
                ? (reading?.gaveUpHint ?? say('api.retry.gaveUp.report.hint'))
                : say('api.retry.gaveUp.hint')),
            ...(error.status !== undefined ? { status: error.status } : {}),
          },
        );
      }
      const delayMs = Math.max(
        retryAfterMs ?? 0,
        backoffDelay(attempt, this.policy, this.#opts.random ?? Math.random),
      );
      this.#opts.log?.(`  ${say('api.retry.retrying', { ms: delayMs, reason: error.message })}`);
      this.#opts.onRetry?.({ attempt, delayMs, reason: error.message });
      // The wait heeds the client's stop and the run's.
      await (this.#opts.sleep ?? sleep)(delayMs, eitherSignal(this.#opts.signal, reading?.signal));
    }
  }

  /**
   * `text` with the token masked (`***`) wherever it stands whole, in any of the forms a server
   * may echo it, and nothing else changed: for data that is the caller's own (the rows of a lead
   * file copied into its rejects, skipped and uncertain lists), which DESIGN.md says never hold
   * the token.
   */
  maskToken(text: string): string {
    return this.#secrets.scrubWhole(text);
  }

  /** The token (and URL credentials) masked: for every text that came from outside. */
  private clean(text: string): string {
    return this.#secrets.scrub(text);
  }

  /**
   * One HTTP exchange within the limits: per-phase timeouts, an idle timeout on the body, an
   * overall deadline, a minimum rate for report answers, and size caps before and after
   * decompression. Compression is decoded here (not by got) so the raw size can be capped too.
   */
  private async send(
    method: 'GET' | 'POST',
    url: URL,
    body: string | Buffer,
    what: string,
    kind: CallKind,
    /** Told of each part of the answer's body as it arrives (bytes on the wire). */
    onBytes?: (bytes: number) => void,
    budget?: ReportBudget,
    reading: Reading & { place?: { held: boolean } } = {},
  ): Promise<RawAnswer> {
    const got = await loadGot();
    const t = this.timeoutMs;
    const L = this.limits;
    const maxBytes = kind === 'import' ? L.importAnswerBytes : L.reportAnswerBytes;
    const deadline =
      kind === 'import'
        ? L.importDeadlineFactor * t
        : 3 * t + Math.ceil((maxBytes / L.minReportRate) * 1000);
    const started = Date.now();
    this.#opts.log?.(
      `> ${method} ${maskUrlCredentials(url.href)} (${what}, ${body.length} bytes) access_token: ***`,
    );

    const controller = new AbortController();
    let stopped: Error | undefined;
    const stop = (why: Error) => {
      stopped ??= why;
      controller.abort();
    };
    const timers: NodeJS.Timeout[] = [];
    // The client's stop and the run's: the request heeds both (each listened to, see eitherSignal).
    const users = [this.#opts.signal, reading.signal].filter(
      (s, i, all): s is AbortSignal => s !== undefined && all.indexOf(s) === i,
    );
    let heard = false;
    const onUser = () => {
      if (heard) return;
      heard = true;
      if (kind === 'report') {
        stop(new InterruptedError(say('api.report.interrupted')));
        return;
      }
      timers.push(
        setTimeout(
          () =>
            stop(
              new ApiError(
                say('api.interrupted.noAnswer', {
                  seconds: Math.round(L.interruptGraceMs / 1000),
                  what,
                }),
                { kind: 'uncertain' },
              ),
            ),
          L.interruptGraceMs,
        ),
      );
    };
    if (users.some((s) => s.aborted)) onUser();
    else for (const s of users) s.addEventListener('abort', onUser, { once: true });
    /** `bomb`: a tiny body that inflates beyond the cap, no busy day (asking for less won't help). */
    const tooLarge = (size: string, bomb = false) =>
      new ApiError(
        kind === 'import'
          ? say('api.answer.tooLarge.import', { max: formatBytes(maxBytes), size })
          : say('api.answer.tooLarge.report', { max: formatBytes(maxBytes), size }),
        kind === 'import'
          ? { kind: 'uncertain' }
          : {
              kind: 'final',
              ...(bomb ? {} : { answerCap: maxBytes }),
              hint: say('api.answer.tooLarge.hint'),
            },
      );

    let transferred = 0;
    let settled = false;
    // Read as a stream, so that the body is held once (answer-bytes.ts), not as its chunks and
    // then their concatenation (got's promise interface).
    const request = got.stream(url, {
      method,
      body,
      headers: {
        access_token: this.#token,
        'content-type': 'application/json',
        accept: 'application/json',
        'accept-encoding': 'gzip, deflate, br',
        'user-agent': `cacs/${VERSION}`,
      },
      allowGetBody: true,
      followRedirect: false,
      throwHttpErrors: false,
      retry: { limit: 0 },
      decompress: false,
      signal: controller.signal,
      timeout: {
        lookup: Math.min(t, 10_000),
        connect: Math.min(t, 10_000),
        secureConnect: Math.min(t, 10_000),
        send: t,
        response: t,
        // A report's body is watched by the rate check below, which names what arrived; the
        // socket's own idle timeout is only a backstop there, so it must not win the race.
        socket: kind === 'report' ? 2 * t : t,
        request: deadline,
      },
      agent: this.agent,
    });
    // got reports progress from the moment the answer's headers arrive (transferred 0).
    let answered = false;
    const onAnswer = (declared: number | undefined) => {
      answered = true;
      if (declared !== undefined && declared > maxBytes)
        stop(tooLarge(say('api.answer.announces', { size: formatBytes(declared) })));
      if (kind !== 'report') return;
      // The body must keep coming: at least minReportRate over each timeout period.
      let last = 0;
      const check = () => {
        if (settled) return;
        if (transferred === last) {
          // Nothing at all for a whole period: the idle timeout, said as such.
          stop(
            new ApiError(say('api.answer.stalled', { what, ms: t }), {
              kind: 'uncertain',
              hint: say('api.timeout.hint'),
            }),
          );
        } else if (transferred - last < (L.minReportRate * t) / 1000) {
          const seconds = (Date.now() - started) / 1000;
          stop(
            new ApiError(
              say('api.answer.slow', {
                what,
                rate: formatBytes(L.minReportRate),
                size: formatBytes(transferred),
                // `1.5 s`, `1,5 giây`: a decimal as the language writes it.
                duration: formatSeconds(
                  seconds < 10 ? Math.round(seconds * 10) / 10 : Math.round(seconds),
                ),
              }),
              {
                kind: 'uncertain',
                category: 'unreachable',
                hint: say('api.answer.slow.hint'),
              },
            ),
          );
        }
        last = transferred;
      };
      // The verdict waits one turn of the event loop (setImmediate runs after the poll phase):
      // on a starved machine the timer can fire before bytes already waiting in the socket
      // are read, and those bytes must count.
      timers.push(setInterval(() => setImmediate(check), t));
    };
    request.on('downloadProgress', (p: { transferred: number; total?: number }) => {
      if (!answered) onAnswer(p.total);
      if (p.transferred > transferred) onBytes?.(p.transferred - transferred);
      transferred = p.transferred;
      if (transferred > maxBytes) stop(tooLarge(say('api.answer.moreArrived')));
    });

    let raw: Buffer;
    let status: number;
    let headers: http.IncomingHttpHeaders;
    try {
      ({ raw, status, headers } = await new Promise<{
        raw: Buffer;
        status: number;
        headers: http.IncomingHttpHeaders;
      }>((resolve, reject) => {
        request.once('response', (res: http.IncomingMessage) => {
          const bytes = new AnswerBytes(announcedLength(res.headers['content-length']), maxBytes);
          request.on('data', (chunk: Buffer) => bytes.add(chunk));
          request.once('end', () =>
            resolve({ raw: bytes.bytes(), status: res.statusCode ?? 0, headers: res.headers }),
          );
        });
        // Closed with neither an answer's end nor an error: a connection that broke.
        request.once('close', () => reject(Object.assign(new Error(), { code: 'ECONNRESET' })));
        request.once('error', reject);
      }));
    } catch (e) {
      if (stopped) throw stopped;
      throw e;
    } finally {
      settled = true;
      for (const timer of timers) clearTimeout(timer);
      for (const s of users) s.removeEventListener('abort', onUser);
    }
    if (stopped) throw stopped;

    let decoded: Buffer;
    try {
      decoded = decodeBody(raw, headers['content-encoding'], maxBytes);
    } catch (e) {
      if ((e as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE')
        throw tooLarge(
          say('api.answer.decompressesToMore', { size: formatBytes(raw.length) }),
          // JSON records compress 5 to 20 times; over 100 times is a compression bomb.
          isBomb(raw, headers['content-encoding'], maxBytes),
        );
      const why =
        e instanceof UnknownEncodingError ? e.message : say('api.answer.compressionDamaged');
      throw new ApiError(say('api.http.unreadable', { status, body: why }), {
        kind: kind === 'import' ? 'uncertain' : 'final',
      });
    }
    if (budget !== undefined && status >= 200 && status < 300) {
      // Checked before the answer becomes text and objects: a report that would not fit in
      // memory stops with a message instead of a V8 crash. Not retried: it would not fit again.
      if (budget.used + decoded.length > L.reportTotalBytes)
        throw new ApiError(
          say('api.report.totalTooLarge', {
            max: formatBytes(L.reportTotalBytes),
            before: megabytes(budget.used),
            what,
            size: megabytes(decoded.length),
          }),
          {
            kind: 'final',
            hint: say('api.report.totalTooLarge.hint'),
          },
        );
      budget.used += decoded.length;
      budget.onAnswer?.(decoded.length);
    }
    // The answer is in, decoded and within the report's total: its place on the wire goes to
    // the next request, which is sent before this answer is read (a turn of the event loop)
    // when one was waiting. (An answer refused above gives its place back once its caller has
    // heard why: see call().)
    if (reading.place?.held === true) {
      reading.place.held = false;
      if (reading.wire!.release()) await new Promise((r) => setImmediate(r));
    }
    // Whatever the service echoes of the token is masked before anything is built on it:
    // messages, journal reasons, rejects files and report records alike. A UTF-8 byte order
    // mark (some Windows services write one) is not part of the JSON.
    const bom = decoded[0] === 0xef && decoded[1] === 0xbb && decoded[2] === 0xbf ? 3 : 0;
    const { laterFrom, readWholeUpTo = READ_WHOLE_BYTES } = reading;
    const forLater = laterFrom !== undefined && decoded.length >= laterFrom;
    if (
      kind === 'report' &&
      status >= 200 &&
      status < 300 &&
      (forLater || decoded.length - bom > readWholeUpTo)
    ) {
      // A report answer is read a batch of records at a time (records-scan.ts): neither the
      // whole answer as a string nor its scrubbed copy ever exists. Each piece is scrubbed before
      // it is parsed, and a record whose text held an escape is scrubbed again once parsed (a
      // token echoed JSON-escaped). Anything else is read whole below, as before.
      // Bytes that hold no form of a secret (searched natively) are parsed as they are.
      const clean = this.#secrets.absentFrom(decoded)
        ? (piece: string) => piece
        : (piece: string) => this.clean(piece);
      const parse = (piece: string) => JSON.parse(clean(piece)) as unknown;
      const scrubEscaped = (records: unknown[], escaped: boolean) => {
        if (!escaped || this.#secrets.size === 0) return;
        for (let r = 0; r < records.length; r++)
          if (this.#secrets.leaks(JSON.stringify(records[r])))
            records[r] = scrubValue(records[r], (t) => this.clean(t));
      };
      const scanned = forLater
        ? readLater(decoded, bom, parse, scrubEscaped, readWholeUpTo)
        : scanRecordsAnswer(decoded, bom, parse, scrubEscaped);
      const parsed = scanned?.rest as Answer | undefined;
      if (scanned !== undefined && parsed?.result === 'success') {
        parsed.records = scanned.records;
        if ('later' in scanned) laterAnswers.set(parsed, scanned.later);
        if (this.#opts.log) {
          const head = decoded.toString('utf8', bom, Math.min(decoded.length, bom + 65_536));
          this.#opts.log(
            say('api.trace.answer', {
              status,
              ms: Date.now() - started,
              body: sanitizeServiceText(this.clean(readEscapes(head)), 200),
            }),
          );
        }
        return { status, headers, body: '', parsed };
      }
    }
    // Bytes that hold no form of a secret (searched natively) need no scrub.
    const whole = decoded.toString('utf8', bom);
    const text = this.#secrets.absentFrom(decoded) ? whole : this.clean(whole);
    this.#opts.log?.(
      say('api.trace.answer', {
        status,
        ms: Date.now() - started,
        // Escapes read first: a token echoed as `\u0074\u006f…` is masked like any other.
        body: sanitizeServiceText(this.clean(readEscapes(whole)), 200),
      }),
    );
    return { status, headers, body: text };
  }
}
