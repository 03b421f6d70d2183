/**
 * A library caller's callbacks (`onProgress`, `onNote`, `onSplit`…), called so that one that
 * throws cannot break a run (review, session 18): `runImport`'s `onProgress` throwing mid-send
 * had the batch whose answer had just come recorded as uncertain and the run's history say
 * `imported: 0` with hundreds in the campaign; `runReport`'s, called from inside the HTTP
 * client's events, was an uncaught exception that ended the caller's process.
 *
 * A callback that throws is not called again; the run stops as an abort of its `signal` would
 * (nothing more is sent or asked; what was sent is recorded as it happened), and the run then
 * rejects with the callback's own error, as thrown — whatever the run itself returned or threw
 * on the way out (the stop is the callback's doing).
 */
export class CallerCallbacks {
  private failure: { error: unknown } | undefined;
  private readonly stop = new AbortController();
  /** The caller's signal, aborted as well when a callback throws. */
  readonly signal: AbortSignal;

  constructor(signal?: AbortSignal) {
    this.signal =
      signal === undefined ? this.stop.signal : AbortSignal.any([signal, this.stop.signal]);
  }

  /** `fn`, called so that a throw stops the run instead of reaching the caller's process. */
  guard<A extends unknown[]>(fn: (...args: A) => unknown): (...args: A) => void;
  guard<A extends unknown[]>(
    fn: ((...args: A) => unknown) | undefined,
  ): ((...args: A) => void) | undefined;
  guard<A extends unknown[]>(
    fn: ((...args: A) => unknown) | undefined,
  ): ((...args: A) => void) | undefined {
    if (fn === undefined) return undefined;
    return (...args: A) => {
      if (this.failure !== undefined) return;
      try {
        fn(...args);
      } catch (e) {
        this.failure = { error: e };
        this.stop.abort();
      }
    };
  }

  /** Run `op`; a callback that threw meanwhile decides the outcome: its error is thrown. */
  async run<T>(op: () => Promise<T>): Promise<T> {
    let result: T;
    try {
      result = await op();
    } catch (e) {
      if (this.failure !== undefined) throw this.failure.error;
      throw e;
    }
    if (this.failure !== undefined) throw this.failure.error;
    return result;
  }
}
