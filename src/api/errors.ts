/**
 * Errors from the service or the way to it, classified as DESIGN.md's delivery section says:
 *  - retryable: provably not processed (no connection, 408/429/503, connect timeout);
 *  - uncertain: may have been processed, no definite answer (reset after sending, response
 *    timeout, 500/502/504, unreadable 2xx body);
 *  - final: a definite answer that retrying cannot change (a service error message, 413, 4xx).
 */
import { CacsError, ExitCode } from '../errors.js';
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
  hint?: string;
  cause?: unknown;
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
      ? 'The request reached the service without its access_token header: a proxy may strip headers with underscores.'
      : 'Check the token in CACS_ACCESS_TOKEN or accessToken / accessTokenCommand (cacs config show tells where it comes from).';
  }
  if (s.param === 'campaign_key') {
    return 'Check --campaign, CACS_CAMPAIGN or the campaigns aliases in your config; the key is case-sensitive.';
  }
  return undefined;
}

export class ApiError extends CacsError {
  readonly kind: FailureKind;
  readonly status?: number;
  readonly service?: ParsedServiceMessage & { message: string };
  readonly tooLarge: boolean;
  readonly exhausted: boolean;

  constructor(message: string, d: ApiErrorDetails) {
    const exit = d.service ? exitCodeForService(d.service) : ExitCode.FAILURE;
    const hint = d.hint ?? (d.service ? hintFor(d.service) : undefined);
    super(message, exit, { ...(hint ? { hint } : {}), cause: d.cause });
    this.kind = d.kind;
    if (d.status !== undefined) this.status = d.status;
    if (d.service) this.service = d.service;
    this.tooLarge = d.tooLarge === true;
    this.exhausted = d.exhausted === true;
  }

  /** A refusal of the request as a whole (token or campaign): no other batch can succeed. */
  get refused(): boolean {
    return this.exitCode === ExitCode.REFUSED;
  }
}
