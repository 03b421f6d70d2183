/**
 * An answer's text (api/client.ts utf8Text, a TextDecoder): exactly what buf.toString('utf8',
 * start) gives, for any bytes from any offset — bad sequences, cut characters, BOMs and all —
 * so that a report reads the same records as before it was decoded this way.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { utf8Text } from '../../src/api/client.js';

describe('utf8Text', () => {
  it('is buf.toString("utf8", start) for any bytes from any offset (property)', () => {
    // Bytes that make bad and cut sequences often: continuation bytes, lead bytes, the BOM's.
    const byte = fc.oneof(
      fc.integer({ min: 0, max: 255 }),
      fc.integer({ min: 0x80, max: 0xbf }),
      fc.integer({ min: 0xc0, max: 0xff }),
      fc.constantFrom(0xef, 0xbb, 0xbf, 0x00, 0x5c),
    );
    const piece = fc.oneof(
      fc.array(byte, { maxLength: 12 }).map((b) => Buffer.from(b)),
      fc.string({ unit: 'grapheme', maxLength: 8 }).map((s) => Buffer.from(s, 'utf8')),
      fc.constant(Buffer.from('\ufeffNguyễn Văn An 😀', 'utf8')),
    );
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 8 }), fc.nat(40), (pieces, at) => {
        const buf = Buffer.concat(pieces);
        const start = Math.min(at, buf.length);
        expect(utf8Text(buf, start)).toBe(buf.toString('utf8', start));
      }),
      { numRuns: 3_000 },
    );
  });
});
