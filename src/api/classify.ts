/**
 * What an answer, or its absence, means (DESIGN.md, "Delivery guarantees" and "Limits against
 * hostile or broken answers"): pure functions of the HTTP exchange, apart from the got wiring in
 * client.ts. Retryable: provably not processed; uncertain: may have been processed; final: a
 * definite answer retrying cannot change.
 */
import type http from 'node:http';
import { t } from '../messages/index.js';
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
    return fail('uncertain', t('api.http.claimsImported', { status, body: excerpt(res.body) }));
  }
  if (status >= 300 && status < 400) {
    return fail(
      'final',
      res.headers.location !== undefined
        ? t('api.http.redirect', { status, location: res.headers.location })
        : t('api.http.redirect.nowhere', { status }),
      { hint: t('api.http.redirect.hint') },
    );
  }
  if (status === 407) {
    return fail('final', t('api.proxy.auth'), {
      hint: PROXY_AUTH_HINT(),
    });
  }
  if (status === 413) {
    return fail('final', t('api.http.413'), {
      tooLarge: true,
    });
  }
  if (RETRYABLE_STATUS.has(status)) return fail('retryable', t('api.http.status', { status }));
  if (UNCERTAIN_STATUS.has(status)) return fail('uncertain', t('api.http.status', { status }));

  if (parsed && parsed.result === 'success' && ok) return { answer: parsed };
  if (parsed && typeof parsed.message === 'string' && parsed.result !== 'success') {
    const message = clean(sanitizeServiceText(parsed.message));
    const service = { ...parseServiceMessage(message), message };
    if (kind === 'import' && claimsImported(parsed)) {
      // "error" with a message that says the leads were imported: it contradicts itself.
      return fail('uncertain', t('api.error.claimsImported', { message }));
    }
    if (/too large|too many|maximum (number|size)/i.test(message) && service.code === 'unknown') {
      return fail('final', t('api.error.tooLarge', { message }), {
        tooLarge: true,
      });
    }
    if (kind === 'import' && service.code === 'unknown' && status >= 200 && status < 300) {
      // An error the spec does not list: nothing says the batch was not processed.
      return fail('uncertain', t('api.error.unknown', { message }));
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
      t('api.http.unreadable', {
        status,
        body: excerpt(res.body) || t('api.body.empty'),
      }),
    );
  }
  return fail(
    'final',
    t('api.http.body', {
      status,
      body: excerpt(res.body) || t('api.body.emptyBody'),
    }),
  );
}

/**
 * The start of an answer's body, as a message quotes it: JSON escapes read (`\u0074` → `t`),
 * so that the scrub of the message (`clean`) finds a secret the service echoed escaped, and
 * made safe to print. The body was scrubbed as text already; an escaped form is not text.
 */
function excerpt(body: string): string {
  const read = body.includes('\\')
    ? body.replace(/\\(?:u([0-9a-fA-F]{4})|(["\\/bfnrt]))/g, (_m, hex?: string, c?: string) =>
        hex !== undefined
          ? String.fromCharCode(parseInt(hex, 16))
          : (({ b: '\b', f: '\f', n: '\n', r: '\r', t: '\t' } as Record<string, string>)[c!] ?? c!),
      )
    : body;
  return sanitizeServiceText(read, 120);
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
      return new ApiError(t('api.net.connectTimeout', { host: where, ms: timeoutMs }), {
        kind: 'retryable',
        category: 'unreachable',
      });
    }
    if (err.event === 'socket' && err.timings?.response !== undefined) {
      return new ApiError(t('api.net.stalled', { host: where, ms: timeoutMs }), {
        kind: 'uncertain',
        category: 'unreachable',
        hint: t('api.timeout.hint'),
      });
    }
    if (err.event === 'request') {
      return new ApiError(t('api.net.deadline', { host: where }), {
        kind: 'uncertain',
        category: 'unreachable',
        hint: t('api.timeout.hint'),
      });
    }
    return new ApiError(t('api.net.noAnswer', { host: where, ms: timeoutMs }), {
      kind: 'uncertain',
      category: 'unreachable',
      hint: t('api.timeout.hint'),
    });
  }
  if (/\b407\b/.test(err.message ?? '')) {
    return new ApiError(t('api.proxy.auth.before', { host: where }), {
      kind: 'final',
      category: 'unreachable',
      hint: PROXY_AUTH_HINT(),
    });
  }
  if (CONNECT_CODES.has(code)) {
    const why =
      code === 'ECONNREFUSED'
        ? t('api.net.refused')
        : code === 'ENOTFOUND'
          ? t('api.net.notFound')
          : code;
    return new ApiError(t('api.net.unreachable', { host: where, why }), {
      kind: 'retryable',
      category: 'unreachable',
    });
  }
  if (TLS_CODE.test(code)) {
    return new ApiError(t('api.net.tls', { host: where, code }), {
      kind: 'final',
      category: 'unreachable',
      hint: t('api.net.tls.hint'),
    });
  }
  // Reset or hang-up: if the body never left us, the service cannot have processed it.
  const sent = err.timings?.upload !== undefined;
  const why = code || err.name || t('api.net.error');
  return new ApiError(
    sent
      ? t('api.net.brokeAfter', { host: where, why })
      : t('api.net.brokeBefore', { host: where, why }),
    { kind: sent ? 'uncertain' : 'retryable', category: 'unreachable' },
  );
}

function describeServiceError(code: string, message: string): string {
  switch (code) {
    case 'missing_header':
    case 'header_mismatch':
      return t('api.service.tokenRefused', { message });
    case 'parameter_mismatch':
    case 'missing_parameter':
      return t('api.service.requestRefused', { message });
    default:
      return t('api.service.answered', { message });
  }
}

export const PROXY_AUTH_HINT = (): string => t('api.proxy.auth.hint');

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
  // Loaded when an answer is decoded, not with the client (start-up: ARCHITECTURE.md).
  const zlib = process.getBuiltinModule('node:zlib');
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
  throw new UnknownEncodingError(t('api.body.encoding', { encoding: enc.slice(0, 40) }));
}
