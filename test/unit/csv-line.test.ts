/** The CSV record writer must write exactly what csv-stringify writes. */
import fc from 'fast-check';
import { stringify } from 'csv-stringify/sync';
import { describe, expect, it } from 'vitest';
import { csvLineWriter } from '../../src/csv-writer.js';

const cell = fc.string({
  unit: fc.constantFrom(
    'a',
    'é',
    'Đ',
    ' ',
    ',',
    ';',
    '\t',
    '|',
    '"',
    '\r',
    '\n',
    '=',
    '😀',
    '\\',
    ']',
  ),
  maxLength: 8,
});

describe('csvLineWriter', () => {
  for (const delimiter of [',', ';', '\t', '|']) {
    it(`writes what csv-stringify writes, delimiter ${JSON.stringify(delimiter)} (property)`, () => {
      const line = csvLineWriter(delimiter);
      fc.assert(
        fc.property(fc.array(cell, { minLength: 1, maxLength: 6 }), (cells) => {
          expect(line(cells)).toBe(stringify([cells], { delimiter }));
        }),
        { numRuns: 500 },
      );
    });
  }

  it('quotes only what needs it', () => {
    const line = csvLineWriter();
    expect(line(['a', '', 'b c', 'x,y', 'say "hi"', 'two\nlines'])).toBe(
      'a,,b c,"x,y","say ""hi""","two\nlines"\n',
    );
    expect(csvLineWriter(';')(['x,y', 'a;b'])).toBe('x,y;"a;b"\n');
  });

  it('refuses a delimiter it cannot write', () => {
    expect(() => csvLineWriter('"')).toThrow('unsupported delimiter');
    expect(() => csvLineWriter('ab')).toThrow('unsupported delimiter');
  });
});
