/**
 * KeyCounts (src/state/pg/key-counts.ts), the PostgreSQL store's count of outcomes not yet
 * written per key, against a Map doing the same: random adds and removes of keys that collide
 * on purpose (few distinct keys, sequential lines, hashes), through the table's growth.
 */
import { describe, expect, it } from 'vitest';
import { KeyCounts } from '../../src/state/pg/key-counts.js';

function check(keyOf: (r: number) => number, steps: number, seed: number) {
  let x = seed;
  const rand = () => {
    x = (Math.imul(x, 1103515245) + 12345) >>> 0;
    return x / 2 ** 32;
  };
  const table = new KeyCounts();
  const ref = new Map<number, number>();
  const live: number[] = [];
  for (let s = 0; s < steps; s++) {
    if (live.length === 0 || rand() < 0.55) {
      const k = keyOf(rand());
      table.add(k);
      ref.set(k, (ref.get(k) ?? 0) + 1);
      live.push(k);
    } else {
      const k = live.splice(Math.floor(rand() * live.length), 1)[0]!;
      table.remove(k);
      const n = ref.get(k)! - 1;
      if (n > 0) ref.set(k, n);
      else ref.delete(k);
    }
    if (s % 97 === 0) {
      expect(table.size).toBe(ref.size);
      for (const k of live.slice(-50)) expect(table.has(k)).toBe(true);
      for (let i = 0; i < 20; i++) {
        const k = keyOf(rand());
        expect(table.has(k)).toBe(ref.has(k));
      }
    }
  }
  for (const k of live) table.remove(k);
  expect(table.size).toBe(0);
  for (const k of ref.keys()) expect(table.has(k)).toBe(false);
}

describe('KeyCounts', () => {
  it('counts like a Map: hashes (30-bit), journal lines (negative, sequential), few keys', () => {
    check((r) => Math.floor(r * 2 ** 30), 60_000, 1);
    check((r) => -(Math.floor(r * 5_000) + 1), 60_000, 2);
    check((r) => Math.floor(r * 40), 20_000, 3);
    check((r) => (Math.floor(r * 2 ** 32) | 0) & ~0xffff, 20_000, 4);
  });
  it('removing a key it does not hold changes nothing', () => {
    const t = new KeyCounts();
    t.add(5);
    t.remove(6);
    t.remove(-5);
    expect(t.has(5)).toBe(true);
    expect(t.size).toBe(1);
  });
});
