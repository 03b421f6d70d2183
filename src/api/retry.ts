/**
 * Retry policy: full-jitter exponential backoff with a cap, Retry-After honoured up to a cap,
 * and a budget of retries shared by a whole run so that a failing service ends the run
 * instead of being retried forever.
 */
import { InterruptedError } from '../errors.js';

export interface RetryPolicy {
  /** Attempts per request, the first included. */
  maxAttempts: number;
  /** First backoff ceiling, doubled at each attempt. */
  baseDelayMs: number;
  /** Largest backoff ceiling. */
  maxDelayMs: number;
  /** A Retry-After longer than this ends the request with an error instead of waiting. */
  maxRetryAfterMs: number;
}

export const DEFAULT_RETRY_POLICY: RetryPolicy = {
  maxAttempts: 6,
  baseDelayMs: 250,
  maxDelayMs: 8_000,
  maxRetryAfterMs: 60_000,
};

/** Retries left for the whole run. */
export class RetryBudget {
  constructor(public remaining = 100) {}
  take(): boolean {
    if (this.remaining <= 0) return false;
    this.remaining -= 1;
    return true;
  }
}

/** Full jitter: a uniform delay in [0, min(max, base·2^(attempt−1))]. */
export function backoffDelay(attempt: number, policy: RetryPolicy, random: () => number): number {
  const ceiling = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** Math.max(0, attempt - 1));
  return Math.floor(random() * ceiling);
}

/** Retry-After as seconds or an HTTP date, in milliseconds; undefined when absent or unreadable. */
export function parseRetryAfter(value: string | undefined, now: number): number | undefined {
  if (value === undefined) return undefined;
  const v = value.trim();
  if (/^\d+$/.test(v)) return Number(v) * 1000;
  const t = Date.parse(v);
  if (Number.isNaN(t)) return undefined;
  return Math.max(0, t - now);
}

/**
 * How the client waits between attempts: resolves after ms, or rejects with InterruptedError
 * as soon as the signal aborts (at once if it already has).
 */
export type Sleep = (ms: number, signal?: AbortSignal) => Promise<void>;

/** Wait, unless the signal aborts first. */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(new InterruptedError());
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(new InterruptedError());
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
