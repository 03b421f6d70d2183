/**
 * PhoneSet (the preflight's dedupe): the first line of each number, as a Map would keep it,
 * whatever room it was made with; made with room for the numbers expected (up to 2^19 places),
 * it is not grown on the way there.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PhoneSet } from '../../src/leads/phoneset.js';

describe('PhoneSet', () => {
  it('answers as a Map of first lines does, whatever room it was made with (property)', () => {
    const phone = fc.oneof(
      // Short digit strings collide often; leading zeros must stay apart ("0912" ≠ "912").
      fc.stringMatching(/^0?[0-9]{1,3}$/),
      fc.stringMatching(/^0[0-9]{9}$/),
      // Longer than 14 digits, or not digits: the Map beside the table.
      fc.stringMatching(/^[0-9]{15,17}$/),
      fc.stringMatching(/^\+?[0-9 ]{1,6}$/),
      fc.constant(''),
    );
    fc.assert(
      fc.property(fc.array(phone, { maxLength: 400 }), fc.nat(1_000_000), (phones, expected) => {
        const set = new PhoneSet(expected);
        const map = new Map<string, number>();
        phones.forEach((p, line) => {
          const want = map.get(p);
          if (want === undefined) map.set(p, line);
          expect(set.addOrGet(p, line)).toBe(want);
        });
        expect(set.count).toBe(map.size);
      }),
      { numRuns: 300 },
    );
  });

  it('is made with room for the numbers expected, up to 2^19 places, and grows beyond them', () => {
    expect(new PhoneSet().capacity).toBe(1 << 16);
    expect(new PhoneSet(32_768).capacity).toBe(1 << 16);
    expect(new PhoneSet(32_769).capacity).toBe(1 << 17);
    expect(new PhoneSet(200_000).capacity).toBe(1 << 19);
    expect(new PhoneSet(1e12).capacity).toBe(1 << 19);
    // 200,000 numbers in a set made for them: the room made at first is enough, so it is
    // never grown (each growth places every number again).
    const made = new PhoneSet(200_000);
    expect(made.capacity).toBe(1 << 19);
    for (let i = 0; i < 200_000; i++) made.addOrGet(`09${String(i).padStart(8, '0')}`, i);
    expect(made.capacity).toBe(1 << 19);
    // 300,000: beyond what is made ahead, the table grows as before, and keeps every number.
    const grown = new PhoneSet(1e12);
    for (let i = 0; i < 300_000; i++) grown.addOrGet(`09${String(i).padStart(8, '0')}`, i);
    expect(grown.capacity).toBe(1 << 20);
    expect(grown.count).toBe(300_000);
    expect(grown.addOrGet('0900000000', 1)).toBe(0);
    expect(grown.addOrGet('0900299999', 1)).toBe(299_999);
  });
});
