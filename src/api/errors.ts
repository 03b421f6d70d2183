/**
 * Errors from the service or the way to it, classified as DESIGN.md's delivery section says:
 *  - retryable: provably not processed (no connection, 408/429/503, connect timeout);
 *  - uncertain: may have been processed, no definite answer (reset after sending, response
 *    timeout, 500/502/504, unreadable 2xx body);
 *  - final: a definite answer that retrying cannot change (a service error message, 413, 4xx).
 */
import { CacsError, ExitCode, type ErrorCategory } from '../errors.js';
import { t } from '../messages/index.js';
import type { ParsedServiceMessage } from './spec.js';

export type FailureKind = 'retryable' | 'uncertain' | 'final';

export interface ApiErrorDetails {
  kind: FailureKind;
  /** HTTP status, when an answer came. */
  status?: number;
  /** The service's own error message, parsed (spec section 7). */
  service?: ParsedServiceMessage & { message: string };
  /** HTTP 413 or another "too large" answer: split the batch. */
  tooLarge?: boolean;
  /** The retry budget or the attempts ran out on a retryable failure. */
  exhausted?: boolean;
  /**
   * A report answer was larger than this many bytes, the most cacs reads for one request: asking
   * for less (a shorter window, fewer statuses) may fit.
   */
  answerCap?: number;
  hint?: string;
  cause?: unknown;
  /**
   * What kind of failure (default: `refused` or `usage` by the service's message, `unreachable`
   * for HTTP 407/408/429/503, otherwise `unexpected_answer`); network errors say `unreachable`.
   */
  category?: ErrorCategory;
}

const REFUSED_PARAMS = new Set(['access_token', 'campaign_key']);
const DATE_CODES = new Set([
  'missing_dates',
  'dates_wrong_format',
  'start_after_end',
  'range_too_long',
]);
const DATE_PARAMS = new Set(['start_date', 'end_date', 'status', 'ref_id']);

/** Exit code for a service error message: 4 for token/campaign, 2 for report parameters. */
export function exitCodeForService(s: ParsedServiceMessage): ExitCode {
  if (s.param !== undefined && REFUSED_PARAMS.has(s.param)) return ExitCode.REFUSED;
  if (DATE_CODES.has(s.code)) return ExitCode.USAGE;
  if (s.param !== undefined && DATE_PARAMS.has(s.param)) return ExitCode.USAGE;
  return ExitCode.FAILURE;
}

function hintFor(s: ParsedServiceMessage): string | undefined {
  if (s.param === 'access_token') {
    return s.code === 'missing_header'
      ? t('api.token.headerStripped.hint')
      : t('api.token.refused.hint');
  }
  if (s.param === 'campaign_key') {
    return t('api.campaign.refused.hint');
  }
  return undefined;
}

/** HTTP answers that mean the service could not be used at all (a proxy, overload). */
const UNAVAILABLE_STATUS = new Set([407, 408, 429, 503]);

function apiCategory(exit: ExitCode, status: number | undefined): ErrorCategory {
  if (exit === ExitCode.REFUSED) return 'refused';
  if (exit === ExitCode.USAGE) return 'usage';
  if (status !== undefined && UNAVAILABLE_STATUS.has(status)) return 'unreachable';
  return 'unexpected_answer';
}

export class ApiError extends CacsError {
  readonly kind: FailureKind;
  readonly status?: number;
  readonly service?: ParsedServiceMessage & { message: string };
  readonly tooLarge: boolean;
  readonly exhausted: boolean;
  readonly answerCap?: number;

  constructor(message: string, d: ApiErrorDetails) {
    const exit = d.service ? exitCodeForService(d.service) : ExitCode.FAILURE;
    const hint = d.hint ?? (d.service ? hintFor(d.service) : undefined);
    super(message, exit, {
      ...(hint ? { hint } : {}),
      cause: d.cause,
      category: d.category ?? apiCategory(exit, d.status),
    });
    this.kind = d.kind;
    if (d.status !== undefined) this.status = d.status;
    if (d.service) this.service = d.service;
    this.tooLarge = d.tooLarge === true;
    this.exhausted = d.exhausted === true;
    if (d.answerCap !== undefined) this.answerCap = d.answerCap;
  }

  /** A refusal of the request as a whole (token or campaign): no other batch can succeed. */
  get refused(): boolean {
    return this.exitCode === ExitCode.REFUSED;
  }
}
