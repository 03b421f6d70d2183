/**
 * The quick checks that let ASCII and already composed text skip String.normalize (see
 * src/input/unicode.ts), checked against normalize() and against
 * Python's Unicode database (python3 is called once from this file).
 */
import { spawnSync } from 'node:child_process';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { composedText, nfc } from '../../src/input/unicode.js';

const python = (script: string): string => {
  const r = spawnSync('python3', ['-c', script], { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`python3 failed: ${r.stderr}`);
  return r.stdout;
};

describe('the NFC quick checks', () => {
  it('nfc and composedText agree with normalize()', () => {
    fc.assert(
      fc.property(
        fc.string({
          unit: fc.constantFrom(
            'a',
            'e',
            'ê',
            'ễ',
            '\u0301',
            '\u0323',
            ',',
            '\n',
            '😀',
            '\u1100',
            '\u1161',
            '\u11a8',
            '가',
            'Đ',
          ),
        }),
        (s) => {
          expect(nfc(s)).toBe(s.normalize('NFC'));
          if (composedText(s)) expect(s.normalize('NFC')).toBe(s);
        },
      ),
    );
  });

  it('text that passes composedText piece by piece is NFC, and so is every field of it', () => {
    const unit = fc.constantFrom(
      'a',
      'e',
      'ê',
      '\u0301',
      '\u0323',
      ',',
      '\n',
      '😀',
      '\u1100',
      '\u1161',
      '가',
    );
    fc.assert(
      fc.property(fc.array(fc.string({ unit }), { maxLength: 5 }), (pieces) => {
        if (!pieces.every(composedText)) return;
        const text = pieces.join('');
        expect(text.normalize('NFC')).toBe(text);
        for (const field of text.split(/[,\n]/)) expect(field.normalize('NFC')).toBe(field);
      }),
      { numRuns: 2000 },
    );
  });

  it('per Python: below U+0300 nothing decomposes or combines, and every character that combines with the one before it is caught', () => {
    const out = JSON.parse(
      python(
        `import json, unicodedata
second = set()
for cp in range(0x110000):
    d = unicodedata.decomposition(chr(cp))
    if d and not d.startswith('<'):
        parts = [int(x, 16) for x in d.split()]
        if len(parts) == 2 and unicodedata.normalize('NFC', chr(parts[0]) + chr(parts[1])) == chr(cp):
            second.add(parts[1])
second.update(range(0x1161, 0x1176))  # Hangul V and T jamo (composed algorithmically)
second.update(range(0x11a8, 0x11c3))
low_bad = [cp for cp in range(0x300) if unicodedata.combining(chr(cp)) or cp in second
           or unicodedata.normalize('NFC', chr(cp)) != chr(cp)]
backward = sorted(cp for cp in range(0x110000) if unicodedata.combining(chr(cp)) or cp in second)
print(json.dumps({'low_bad': low_bad, 'backward': backward}))`,
      ),
    ) as { low_bad: number[]; backward: number[] };
    expect(out.low_bad).toEqual([]);
    expect(out.backward.length).toBeGreaterThan(900);
    const missed = out.backward.filter((cp) => composedText(`${String.fromCodePoint(cp)}a`));
    expect(missed).toEqual([]);
    // An NFC text that begins with a starter needs nothing.
    expect(composedText('Nguyễn Thị Ánh,0912345678\n')).toBe(true);
    expect(composedText('\u0303n,0912345678\n')).toBe(false);
    expect(composedText('Nguye\u0302\u0303n')).toBe(false);
  });
});
