import fs from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  formatCount,
  formatHour,
  formatRatio,
  formatWholePercent,
  plural,
} from '../../src/text.js';

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

describe('one formatting module for the terminal views and the HTML page (issue 23 item 4)', () => {
  const SRC = path.resolve(import.meta.dirname, '../../src');
  /** The views: the HTML page, the terminal summary view and table, and the CLI. */
  const VIEWS = [
    'report/html.ts',
    'report/summary-view.ts',
    ...fs
      .readdirSync(path.join(SRC, 'cli'), { recursive: true, encoding: 'utf8' })
      .filter((f) => f.endsWith('.ts'))
      .map((f) => `cli/${f.split(path.sep).join('/')}`),
  ];
  /** Number and time formatting written out where text.ts has a function for it. */
  const OWN_FORMATTING: Array<[RegExp, string]> = [
    [/\.toFixed\(/, 'toFixed: formatRatio, formatPercent, formatDuration…'],
    [/\.toLocaleString\(/, 'toLocaleString: formatCount'],
    [/padStart\(2, '0'\)\}?:00/, "an hour's padStart: formatHour"],
    [/\* 100\}%/, 'a percentage: formatPercent, formatWholePercent'],
  ];

  it('no view formats a count, ratio, percentage or hour itself', () => {
    const found = VIEWS.flatMap((file) => {
      const text = fs.readFileSync(path.join(SRC, file), 'utf8');
      return OWN_FORMATTING.filter(([re]) => re.test(text)).map(([, what]) => `${file}: ${what}`);
    });
    expect(found).toEqual([]);
  });

  it('formatHour, formatRatio, formatWholePercent (properties)', () => {
    expect(formatHour(9)).toBe('09:00');
    expect(formatHour(24)).toBe('24:00');
    expect(formatRatio(1.255)).toBe((1.255).toFixed(2));
    expect(formatRatio(3)).toBe('3.00');
    expect([0, 0.25, 0.5, 0.75, 1].map(formatWholePercent)).toEqual([
      '0%',
      '25%',
      '50%',
      '75%',
      '100%',
    ]);
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 24 }), (h) => {
        expect(formatHour(h)).toMatch(/^\d\d:00$/);
        expect(Number(formatHour(h).slice(0, 2))).toBe(h);
      }),
    );
    fc.assert(
      fc.property(fc.double({ min: 0, max: 1e6, noNaN: true }), (n) => {
        expect(formatRatio(n)).toMatch(/^\d+\.\d\d$/);
        expect(Math.abs(Number(formatRatio(n)) - n)).toBeLessThanOrEqual(0.005 + n * 1e-12);
      }),
    );
  });
});
