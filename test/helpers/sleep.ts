/**
 * A quick retry wait for tests: the API client's backoff and Retry-After waits take no real
 * time, yet an abort still interrupts them (it delegates to the real sleep with 0 ms).
 */
import { sleep, type Sleep } from '../../src/api/retry.js';

export interface FastSleep extends Sleep {
  /** Every delay the client asked for, in ms, in order. */
  readonly waits: number[];
}

export function fastSleep(): FastSleep {
  const waits: number[] = [];
  const fn = (ms: number, signal?: AbortSignal) => {
    waits.push(ms);
    return sleep(0, signal);
  };
  return Object.assign(fn, { waits });
}
