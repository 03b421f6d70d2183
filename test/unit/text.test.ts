import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatCount, plural } from '../../src/text.js';

describe('formatCount', () => {
  it('writes integers as toLocaleString("en-US") does (property)', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.integer(),
          fc.maxSafeInteger(),
          fc.maxSafeInteger().map((n) => 0 - n),
        ),
        (n) => {
          expect(formatCount(n)).toBe(n.toLocaleString('en-US'));
        },
      ),
      { numRuns: 1000 },
    );
    expect(formatCount(0)).toBe('0');
    expect(formatCount(999)).toBe('999');
    expect(formatCount(1000)).toBe('1,000');
    expect(formatCount(-1234567)).toBe('-1,234,567');
    expect(formatCount(1.5)).toBe('1.5');
  });

  it('plural', () => {
    expect(plural(1, 'lead')).toBe('1 lead');
    expect(plural(12345, 'lead')).toBe('12,345 leads');
    expect(plural(2, 'entry', 'entries')).toBe('2 entries');
  });
});
