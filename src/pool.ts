/**
 * Bounded concurrency for requests: at most `limit` tasks running; the first failure is kept
 * (and `failed` tells callers to stop starting work) and rethrown by settle(). The limit is a
 * whole number of at least 1 (a RangeError otherwise: a pool of 0 would never start a task).
 */
export class TaskPool {
  private readonly running = new Set<Promise<void>>();
  private firstFailure: { error: unknown } | undefined;

  constructor(private readonly limit: number) {
    if (!Number.isSafeInteger(limit) || limit < 1) {
      throw new RangeError(
        `TaskPool: the limit must be a whole number of at least 1 (got ${String(limit)})`,
      );
    }
  }

  get failed(): boolean {
    return this.firstFailure !== undefined;
  }

  get busy(): boolean {
    return this.running.size > 0;
  }

  /** Tasks running now. */
  get size(): number {
    return this.running.size;
  }

  /** Whether every slot is taken (start() would wait). */
  get full(): boolean {
    return this.running.size >= this.limit;
  }

  /** Wait for a free slot, then start the task (without waiting for it to end). */
  async start(task: () => Promise<void>): Promise<void> {
    while (this.running.size >= this.limit) await this.next();
    const p: Promise<void> = task()
      .catch((e: unknown) => {
        this.firstFailure ??= { error: e };
      })
      .finally(() => this.running.delete(p));
    this.running.add(p);
  }

  /** Resolves when any running task ends. */
  next(): Promise<void> {
    return Promise.race(this.running);
  }

  /** Wait for every task started; rethrow the first failure. */
  async settle(): Promise<void> {
    while (this.running.size > 0) await Promise.all(this.running);
    if (this.firstFailure) throw this.firstFailure.error;
  }
}
