import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ByteArena } from '../../src/leads/sending.js';

/**
 * The sending pass keeps each lead's JSON as UTF-8 bytes in shared 64 kB buffers (ByteArena):
 * a view handed out must keep its bytes whatever is put after it (a new buffer is started, the
 * old one never written again), and hold exactly its text's UTF-8.
 */
describe('ByteArena', () => {
  it("every view still holds its text's UTF-8 after any later puts (property)", () => {
    const text = fc.oneof(
      fc.string({ maxLength: 40 }),
      fc.string({ unit: 'grapheme', maxLength: 200 }),
      fc.string({ unit: 'binary', maxLength: 3000 }),
      // Long enough to be given a buffer of its own (over a quarter of the arena's 64 kB).
      fc.integer({ min: 5_000, max: 30_000 }).map((n) => 'đ'.repeat(n)),
    );
    fc.assert(
      fc.property(fc.array(text, { minLength: 60, maxLength: 300, size: 'max' }), (texts) => {
        const arena = new ByteArena();
        const views = texts.map((t) => arena.put(t));
        texts.forEach((t, i) => {
          expect(views[i]!.equals(Buffer.from(t, 'utf8'))).toBe(true);
        });
      }),
      { numRuns: 200 },
    );
  });

  it('fills one buffer, then starts another (views side by side, none split)', () => {
    const arena = new ByteArena();
    const piece = 'x'.repeat(1000);
    const views = Array.from({ length: 70 }, () => arena.put(piece));
    // A put needs room for its worst case (3 bytes a UTF-16 unit: 3,000 here): after 63
    // pieces (63,000 bytes) the 64th no longer has it and starts a new buffer.
    expect(views[62]!.buffer === views[0]!.buffer).toBe(true);
    expect(views[63]!.buffer === views[0]!.buffer).toBe(false);
    expect(views[63]!.byteOffset).toBe(0);
    expect(views[1]!.byteOffset - views[0]!.byteOffset).toBe(1000);
    for (const v of views) expect(v.toString('utf8')).toBe(piece);
  });
});
