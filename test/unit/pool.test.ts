import { describe, expect, it } from 'vitest';
import { TaskPool } from '../../src/pool.js';

const tick = (ms = 1) => new Promise((r) => setTimeout(r, ms));

describe('TaskPool', () => {
  it('never runs more than its limit at once, and settles after all', async () => {
    const pool = new TaskPool(3);
    let running = 0;
    let peak = 0;
    let done = 0;
    for (let i = 0; i < 20; i++) {
      await pool.start(async () => {
        running++;
        peak = Math.max(peak, running);
        await tick(1 + (i % 3));
        running--;
        done++;
      });
    }
    await pool.settle();
    expect(peak).toBe(3);
    expect(done).toBe(20);
  });

  it('keeps the first failure, reports failed, and rethrows it from settle', async () => {
    const pool = new TaskPool(2);
    await pool.start(async () => {
      await tick();
      throw new Error('first');
    });
    await pool.start(async () => {
      await tick(5);
      throw new Error('second');
    });
    await pool.next();
    expect(pool.failed).toBe(true);
    await expect(pool.settle()).rejects.toThrow('first');
  });

  it('refuses a limit that is not a whole number of at least 1 (a pool of 0 would hang)', () => {
    for (const limit of [0, -1, 1.5, Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(() => new TaskPool(limit)).toThrow(RangeError);
      expect(() => new TaskPool(limit)).toThrow(/whole number of at least 1/);
    }
    expect(() => new TaskPool(1)).not.toThrow();
  });
});
