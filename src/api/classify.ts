/**
 * What an answer, or its absence, means (DESIGN.md, "Delivery guarantees" and "Limits against
 * hostile or broken answers"): pure functions of the HTTP exchange, apart from the got wiring in
 * client.ts. Retryable: provably not processed; uncertain: may have been processed; final: a
 * definite answer retrying cannot change.
 */
import type http from 'node:http';
import zlib from 'node:zlib';
import { sanitizeServiceText } from '../text.js';
import { ApiError, type FailureKind } from './errors.js';
import { parseRetryAfter } from './retry.js';
import { parseServiceMessage } from './spec.js';

export interface Answer {
  result?: unknown;
  message?: unknown;
  records?: unknown;
}

/** An HTTP answer, its body read within the limits and decoded. */
export interface RawAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
  /**
   * The body already read (a report answer read a batch of records at a time, records-scan.ts):
   * used instead of parsing `body`, which is then only its text outside the records.
   */
  parsed?: Answer;
}

export type CallKind = 'import' | 'report';

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

export function classifyResponse(
  res: RawAnswer,
  kind: CallKind,
  clean: (text: string) => string,
): { answer: Answer } | { error: ApiError; retryAfterMs?: number } {
  const status = res.status;
  const header = res.headers['retry-after'];
  const retryAfterMs = parseRetryAfter(Array.isArray(header) ? header[0] : header, Date.now());
  const fail = (
    kind: FailureKind,
    message: string,
    extra: { tooLarge?: boolean; hint?: string } = {},
  ) => ({
    error: new ApiError(clean(message), { kind, status, ...extra }),
    ...(retryAfterMs !== undefined ? { retryAfterMs } : {}),
  });
  const ok = status >= 200 && status < 300;
  const parsed = res.parsed ?? parseAnswer(res.body);
  if (kind === 'import' && !ok && parsed && claimsImported(parsed)) {
    // A status that says "not processed" with a body that says "imported": nothing can be
    // built on it, and resending could import the leads twice.
    return fail(
      'uncertain',
      `the service answered HTTP ${status} with a body that says it imported: ${sanitizeServiceText(res.body, 120)}; the batch may or may not have been imported`,
    );
  }
  if (status >= 300 && status < 400) {
    return fail(
      'final',
      `the service answered HTTP ${status} (a redirect to ${res.headers.location ?? 'nowhere'}); cacs does not follow redirects with the token`,
      {
        hint: 'Set the base URL to the final address (https:// rather than http://?).',
      },
    );
  }
  if (status === 407) {
    return fail('final', 'the proxy asked for authentication (HTTP 407)', {
      hint: PROXY_AUTH_HINT,
    });
  }
  if (status === 413) {
    return fail('final', 'the service answered HTTP 413: the request is too large', {
      tooLarge: true,
    });
  }
  if (RETRYABLE_STATUS.has(status)) return fail('retryable', `the service answered HTTP ${status}`);
  if (UNCERTAIN_STATUS.has(status)) return fail('uncertain', `the service answered HTTP ${status}`);

  if (parsed && parsed.result === 'success' && ok) return { answer: parsed };
  if (parsed && typeof parsed.message === 'string' && parsed.result !== 'success') {
    const message = clean(sanitizeServiceText(parsed.message));
    const service = { ...parseServiceMessage(message), message };
    if (kind === 'import' && claimsImported(parsed)) {
      // "error" with a message that says the leads were imported: it contradicts itself.
      return fail(
        'uncertain',
        `the service answered an error whose message says it imported: "${message}"; the batch may or may not have been imported`,
      );
    }
    if (/too large|too many|maximum (number|size)/i.test(message) && service.code === 'unknown') {
      return fail('final', `the service refused the request as too large: "${message}"`, {
        tooLarge: true,
      });
    }
    if (kind === 'import' && service.code === 'unknown' && status >= 200 && status < 300) {
      // An error the spec does not list: nothing says the batch was not processed.
      return fail(
        'uncertain',
        `the service answered an error cacs does not know: "${message}"; the batch may or may not have been imported`,
      );
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
    // Import: the batch may have been processed. Report: the same request would get the same
    // unreadable answer, so it is not asked again.
    return fail(
      kind === 'import' ? 'uncertain' : 'final',
      `the service answered HTTP ${status} with a body cacs cannot read: ${sanitizeServiceText(res.body, 120) || '(empty)'}`,
    );
  }
  return fail(
    'final',
    `the service answered HTTP ${status}: ${sanitizeServiceText(res.body, 120) || '(empty body)'}`,
  );
}

function parseAnswer(body: string): Answer | undefined {
  try {
    const v: unknown = JSON.parse(body);
    if (typeof v === 'object' && v !== null && !Array.isArray(v)) return v as Answer;
  } catch {
    // not JSON
  }
  return undefined;
}

/** An answer that says leads were imported: result "success", or the import template's words. */
function claimsImported(a: Answer): boolean {
  return (
    a.result === 'success' ||
    (typeof a.message === 'string' && /\bleads?\s+(?:were|was)\s+imported\b/i.test(a.message))
  );
}

export function classifyNetworkError(e: unknown, url: URL, timeoutMs: number): ApiError {
  const err = e as {
    code?: string;
    name?: string;
    event?: string;
    message?: string;
    timings?: { upload?: number; response?: number };
  };
  const code = err.code ?? '';
  const where = url.host;
  if (err.name === 'TimeoutError') {
    if (err.event !== undefined && CONNECT_TIMEOUT_EVENTS.has(err.event)) {
      return new ApiError(`could not connect to ${where} within ${timeoutMs} ms`, {
        kind: 'retryable',
        category: 'unreachable',
      });
    }
    if (err.event === 'socket' && err.timings?.response !== undefined) {
      return new ApiError(`the answer from ${where} stalled: nothing arrived for ${timeoutMs} ms`, {
        kind: 'uncertain',
        category: 'unreachable',
        hint: 'Raise --timeout if the service is slow.',
      });
    }
    if (err.event === 'request') {
      return new ApiError(`no complete answer from ${where} in time (the request's deadline)`, {
        kind: 'uncertain',
        category: 'unreachable',
        hint: 'Raise --timeout if the service is slow.',
      });
    }
    return new ApiError(`no answer from ${where} within ${timeoutMs} ms after sending`, {
      kind: 'uncertain',
      category: 'unreachable',
      hint: 'Raise --timeout if the service is slow.',
    });
  }
  if (/\b407\b/.test(err.message ?? '')) {
    return new ApiError(`the proxy asked for authentication (HTTP 407) before reaching ${where}`, {
      kind: 'final',
      category: 'unreachable',
      hint: PROXY_AUTH_HINT,
    });
  }
  if (CONNECT_CODES.has(code)) {
    const why =
      code === 'ECONNREFUSED'
        ? 'connection refused'
        : code === 'ENOTFOUND'
          ? 'host not found'
          : code;
    return new ApiError(`cannot reach ${where}: ${why}`, {
      kind: 'retryable',
      category: 'unreachable',
    });
  }
  if (TLS_CODE.test(code)) {
    return new ApiError(`TLS error talking to ${where}: ${code}`, {
      kind: 'final',
      category: 'unreachable',
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
    { kind: sent ? 'uncertain' : 'retryable', category: 'unreachable' },
  );
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

export const PROXY_AUTH_HINT =
  'Put the proxy user and password in HTTPS_PROXY / HTTP_PROXY (http://user:password@proxy:port), or ask for cacs to be let through.';

export class UnknownEncodingError extends Error {}

/** The body as sent, decoded per Content-Encoding with at most `max` bytes of output. */
export function decodeBody(
  raw: Buffer,
  encoding: string | string[] | undefined,
  max: number,
): Buffer {
  const enc = String(encoding ?? '')
    .trim()
    .toLowerCase();
  const opts = { maxOutputLength: Math.max(1, max) };
  if (enc === '' || enc === 'identity') return raw;
  if (enc === 'gzip' || enc === 'x-gzip') return zlib.gunzipSync(raw, opts);
  if (enc === 'br') return zlib.brotliDecompressSync(raw, opts);
  if (enc === 'deflate') {
    try {
      return zlib.inflateSync(raw, opts);
    } catch (e) {
      if ((e as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE') throw e;
      return zlib.inflateRawSync(raw, opts);
    }
  }
  throw new UnknownEncodingError(`it is encoded as "${enc.slice(0, 40)}"`);
}
