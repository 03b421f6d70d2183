/**
 * The typed CACS client (got 14): one method per endpoint, failures classified, retryable ones
 * retried with full-jitter backoff, redirects never followed, the token never in any message.
 */
import http from 'node:http';
import https from 'node:https';
import type { Got, Response } from 'got';
import { VERSION } from '../version.js';
import { sanitizeServiceText } from '../text.js';
import { ApiError, type FailureKind } from './errors.js';
import {
  DEFAULT_RETRY_POLICY,
  RetryBudget,
  backoffDelay,
  parseRetryAfter,
  sleep,
  type RetryPolicy,
} from './retry.js';
import {
  IMPORT_PATH,
  REPORT_PATH,
  parseImportMessage,
  parseRecordsMessage,
  parseServiceMessage,
  type CallRecord,
  type CallResultQuery,
  type Lead,
} from './spec.js';

export interface ClientOptions {
  baseUrl: string | URL;
  token: string;
  /** Per-phase timeout in ms (connect, send, response, read). */
  timeoutMs?: number;
  retry?: Partial<RetryPolicy>;
  /** Shared by every request of a run. */
  budget?: RetryBudget;
  /** Trace lines for --verbose (the token is masked before they are made). */
  log?: (line: string) => void;
  /** Called before each retry wait (for progress lines). */
  onRetry?: (info: { attempt: number; delayMs: number; reason: string }) => void;
  /** Aborts backoff waits (not requests already sent). */
  signal?: AbortSignal;
  random?: () => number;
  /** Agents to use (a proxy's, see proxy.ts); default: keep-alive agents of our own. */
  agent?: { http?: http.Agent; https?: https.Agent };
  /** For tests: replace the got instance. */
  got?: Got;
}

export interface ImportResult {
  /** Leads the service says it imported. */
  imported: number;
  /** Leads the service counted in total, when it answered "<s>/<t>". */
  total?: number;
  /** Leads sent but not imported, by the service's own count (t − s). */
  skipped: number;
  /** The success message could not be read: all leads are counted as imported. */
  unparsedMessage: boolean;
  message: string;
}

export interface CallResultsResult {
  records: CallRecord[];
  /** The count the message stated, when readable. */
  count?: number;
  message: string;
}

interface Answer {
  result?: unknown;
  message?: unknown;
  records?: unknown;
}

const RETRYABLE_STATUS = new Set([408, 429, 503]);
const UNCERTAIN_STATUS = new Set([500, 502, 504]);
const CONNECT_CODES = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EADDRNOTAVAIL',
]);
const CONNECT_TIMEOUT_EVENTS = new Set(['lookup', 'connect', 'secureConnect']);
const TLS_CODE = /^(CERT_|ERR_TLS_|UNABLE_TO_|DEPTH_ZERO|SELF_SIGNED|ERR_SSL)/;

/** A lead for a request: an object of lead fields, or its JSON as text or UTF-8 bytes. */
export type LeadPayload = Readonly<Record<string, string>> | string | Uint8Array;

function isLeadObject(v: LeadPayload): v is Readonly<Record<string, string>> {
  return typeof v === 'object' && !(v instanceof Uint8Array);
}

const COMMA = Buffer.from(',');
const CLOSE = Buffer.from(']}');

let gotPromise: Promise<Got> | undefined;
const loadGot = () => (gotPromise ??= import('got').then((m) => m.default));

export class CacsClient {
  private readonly base: URL;
  private readonly token: string;
  private readonly policy: RetryPolicy;
  readonly budget: RetryBudget;
  private readonly timeoutMs: number;
  private readonly agent: { http: http.Agent; https: https.Agent };

  constructor(private readonly opts: ClientOptions) {
    this.base = new URL(String(opts.baseUrl));
    this.token = opts.token;
    this.policy = { ...DEFAULT_RETRY_POLICY, ...opts.retry };
    this.budget = opts.budget ?? new RetryBudget();
    this.timeoutMs = opts.timeoutMs ?? 30_000;
    this.agent = {
      http: opts.agent?.http ?? new http.Agent({ keepAlive: true, maxSockets: 64 }),
      https: opts.agent?.https ?? new https.Agent({ keepAlive: true, maxSockets: 64 }),
    };
  }

  /** POST import_lead. */
  async importLeads(campaignKey: string, leads: readonly Lead[]): Promise<ImportResult> {
    return this.importLeadsJson(campaignKey, leads);
  }

  /**
   * POST import_lead with leads as objects, or already serialised (one JSON object each, as
   * text or UTF-8 bytes): objects are serialised in one call, bytes joined without decoding.
   */
  async importLeadsJson(
    campaignKey: string,
    leadJsons: ReadonlyArray<LeadPayload>,
  ): Promise<ImportResult> {
    let body: Buffer;
    if (leadJsons.every(isLeadObject)) {
      body = Buffer.from(JSON.stringify({ campaign_key: campaignKey, data: leadJsons }));
    } else {
      const parts: Uint8Array[] = [
        Buffer.from(`{"campaign_key":${JSON.stringify(campaignKey)},"data":[`),
      ];
      leadJsons.forEach((json, i) => {
        if (i > 0) parts.push(COMMA);
        parts.push(
          typeof json === 'string'
            ? Buffer.from(json)
            : isLeadObject(json)
              ? Buffer.from(JSON.stringify(json))
              : json,
        );
      });
      parts.push(CLOSE);
      body = Buffer.concat(parts);
    }
    const count = leadJsons.length;
    const answer = await this.call('POST', IMPORT_PATH, body, false, `${count} leads`);
    const message = typeof answer.message === 'string' ? answer.message : '';
    const counts = parseImportMessage(message);
    if (!counts) {
      return { imported: count, skipped: 0, unparsedMessage: true, message };
    }
    const total = counts.total ?? count;
    const result: ImportResult = {
      imported: counts.imported,
      skipped: Math.max(0, total - counts.imported),
      unparsedMessage: false,
      message,
    };
    if (counts.total !== undefined) result.total = counts.total;
    return result;
  }

  /** GET call_result, with its parameters in a JSON body. Read-only, so every failure but a final one is retried. */
  async callResults(query: CallResultQuery): Promise<CallResultsResult> {
    const body: Record<string, string> = {
      campaign_key: query.campaign_key,
      start_date: query.start_date,
      end_date: query.end_date,
    };
    if (query.status !== undefined) body.status = query.status;
    if (query.ref_id !== undefined) body.ref_id = query.ref_id;
    const answer = await this.call(
      'GET',
      REPORT_PATH,
      JSON.stringify(body),
      true,
      `${query.start_date} → ${query.end_date}${query.status ? ` status=${query.status}` : ''}`,
    );
    const message = typeof answer.message === 'string' ? answer.message : '';
    const count = parseRecordsMessage(message);
    if (answer.records === undefined && count === 0) return { records: [], count, message };
    if (!Array.isArray(answer.records)) {
      throw new ApiError('the service answered success without a list of records', {
        kind: 'final',
        hint: 'This is not an answer the spec describes; try again later or report it to the operator.',
      });
    }
    const result: CallResultsResult = { records: answer.records as CallRecord[], message };
    if (count !== undefined) result.count = count;
    return result;
  }

  /** Send once per attempt, classify, retry what may be retried. */
  private async call(
    method: 'GET' | 'POST',
    path: string,
    body: string | Buffer,
    idempotent: boolean,
    what: string,
  ): Promise<Answer> {
    const url = new URL(
      path.replace(/^\//, ''),
      this.base.href.endsWith('/') ? this.base : `${this.base.href}/`,
    );
    for (let attempt = 1; ; attempt++) {
      let error: ApiError;
      let retryAfterMs: number | undefined;
      try {
        const res = await this.send(method, url, body, what);
        const outcome = this.classifyResponse(res);
        if ('answer' in outcome) return outcome.answer;
        error = outcome.error;
        retryAfterMs = outcome.retryAfterMs;
      } catch (e) {
        error = e instanceof ApiError ? e : this.classifyNetworkError(e, url);
      }
      const retry = error.kind === 'retryable' || (idempotent && error.kind === 'uncertain');
      if (!retry) throw error;
      if (retryAfterMs !== undefined && retryAfterMs > this.policy.maxRetryAfterMs) {
        throw new ApiError(
          `${error.message}; the service asks to wait ${Math.ceil(retryAfterMs / 1000)} s, longer than the ${Math.round(this.policy.maxRetryAfterMs / 1000)} s cacs waits`,
          {
            kind: error.kind,
            exhausted: true,
            hint: 'The service is overloaded or rate-limiting: run again later.',
            ...(error.status !== undefined ? { status: error.status } : {}),
          },
        );
      }
      if (attempt >= this.policy.maxAttempts || !this.budget.take()) {
        throw new ApiError(
          `${error.message} (gave up after ${attempt} attempt${attempt === 1 ? '' : 's'})`,
          {
            kind: error.kind,
            exhausted: true,
            hint:
              error.hint ??
              'Check the service address and your network, then run again: nothing more was sent.',
            ...(error.status !== undefined ? { status: error.status } : {}),
          },
        );
      }
      const delayMs = Math.max(
        retryAfterMs ?? 0,
        backoffDelay(attempt, this.policy, this.opts.random ?? Math.random),
      );
      this.opts.log?.(`  retrying in ${delayMs} ms: ${error.message}`);
      this.opts.onRetry?.({ attempt, delayMs, reason: error.message });
      await sleep(delayMs, this.opts.signal);
    }
  }

  private async send(
    method: 'GET' | 'POST',
    url: URL,
    body: string | Buffer,
    what: string,
  ): Promise<Response<string>> {
    const got = this.opts.got ?? (await loadGot());
    const t = this.timeoutMs;
    const started = Date.now();
    this.opts.log?.(`> ${method} ${url.href} (${what}, ${body.length} bytes) access_token: ***`);
    const res = await got(url, {
      method,
      body,
      headers: {
        access_token: this.token,
        'content-type': 'application/json',
        accept: 'application/json',
        'user-agent': `cacs/${VERSION}`,
      },
      allowGetBody: true,
      followRedirect: false,
      throwHttpErrors: false,
      retry: { limit: 0 },
      timeout: {
        lookup: Math.min(t, 10_000),
        connect: Math.min(t, 10_000),
        secureConnect: Math.min(t, 10_000),
        send: t,
        response: t,
      },
      responseType: 'text',
      agent: this.agent,
    });
    this.opts.log?.(
      `< ${res.statusCode} in ${Date.now() - started} ms: ${sanitizeServiceText(res.body, 200)}`,
    );
    return res;
  }

  private classifyResponse(
    res: Response<string>,
  ): { answer: Answer } | { error: ApiError; retryAfterMs?: number } {
    const status = res.statusCode;
    const header = res.headers['retry-after'];
    const retryAfterMs = parseRetryAfter(Array.isArray(header) ? header[0] : header, Date.now());
    const fail = (
      kind: FailureKind,
      message: string,
      extra: { tooLarge?: boolean; hint?: string } = {},
    ) => ({
      error: new ApiError(message, { kind, status, ...extra }),
      ...(retryAfterMs !== undefined ? { retryAfterMs } : {}),
    });
    if (status >= 300 && status < 400) {
      return fail(
        'final',
        `the service answered HTTP ${status} (a redirect to ${res.headers.location ?? 'nowhere'}); cacs does not follow redirects with the token`,
        {
          hint: 'Set the base URL to the final address (https:// rather than http://?).',
        },
      );
    }
    if (status === 413) {
      return fail('final', 'the service answered HTTP 413: the request is too large', {
        tooLarge: true,
      });
    }
    if (RETRYABLE_STATUS.has(status))
      return fail('retryable', `the service answered HTTP ${status}`);
    if (UNCERTAIN_STATUS.has(status))
      return fail('uncertain', `the service answered HTTP ${status}`);

    let parsed: Answer | undefined;
    try {
      const v: unknown = JSON.parse(res.body);
      if (typeof v === 'object' && v !== null && !Array.isArray(v)) parsed = v as Answer;
    } catch {
      parsed = undefined;
    }
    if (parsed && parsed.result === 'success' && status >= 200 && status < 300)
      return { answer: parsed };
    if (parsed && typeof parsed.message === 'string' && parsed.result !== 'success') {
      const message = sanitizeServiceText(parsed.message);
      const service = { ...parseServiceMessage(message), message };
      if (/too large|too many|maximum (number|size)/i.test(message) && service.code === 'unknown') {
        return fail('final', `the service refused the request as too large: "${message}"`, {
          tooLarge: true,
        });
      }
      return {
        error: new ApiError(describeServiceError(service.code, message), {
          kind: 'final',
          status,
          service,
        }),
      };
    }
    if (status >= 200 && status < 300) {
      return fail(
        'uncertain',
        `the service answered HTTP ${status} with a body cacs cannot read: ${sanitizeServiceText(res.body, 120) || '(empty)'}`,
      );
    }
    return fail(
      'final',
      `the service answered HTTP ${status}: ${sanitizeServiceText(res.body, 120) || '(empty body)'}`,
    );
  }

  private classifyNetworkError(e: unknown, url: URL): ApiError {
    const err = e as {
      code?: string;
      name?: string;
      event?: string;
      message?: string;
      timings?: { upload?: number };
    };
    const code = err.code ?? '';
    const where = url.host;
    if (err.name === 'TimeoutError') {
      if (err.event !== undefined && CONNECT_TIMEOUT_EVENTS.has(err.event)) {
        return new ApiError(`could not connect to ${where} within ${this.timeoutMs} ms`, {
          kind: 'retryable',
        });
      }
      return new ApiError(`no answer from ${where} within ${this.timeoutMs} ms after sending`, {
        kind: 'uncertain',
        hint: 'Raise --timeout if the service is slow.',
      });
    }
    if (CONNECT_CODES.has(code)) {
      const why =
        code === 'ECONNREFUSED'
          ? 'connection refused'
          : code === 'ENOTFOUND'
            ? 'host not found'
            : code;
      return new ApiError(`cannot reach ${where}: ${why}`, { kind: 'retryable' });
    }
    if (TLS_CODE.test(code)) {
      return new ApiError(`TLS error talking to ${where}: ${code}`, {
        kind: 'final',
        hint: 'If your network inspects TLS, point NODE_EXTRA_CA_CERTS at its CA certificate.',
      });
    }
    // Reset or hang-up: if the body never left us, the service cannot have processed it.
    const sent = err.timings?.upload !== undefined;
    const why = code || err.name || 'network error';
    return new ApiError(
      sent
        ? `the connection to ${where} broke after the request was sent (${why})`
        : `the connection to ${where} broke before the request was sent (${why})`,
      { kind: sent ? 'uncertain' : 'retryable' },
    );
  }
}

function describeServiceError(code: string, message: string): string {
  switch (code) {
    case 'missing_header':
    case 'header_mismatch':
      return `the service refused the access token: "${message}"`;
    case 'parameter_mismatch':
    case 'missing_parameter':
      return `the service refused the request: "${message}"`;
    default:
      return `the service answered: "${message}"`;
  }
}
