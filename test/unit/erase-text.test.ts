/**
 * Issue 26: the one function both stores use to blank a person's text in what they keep
 * (src/state/erase-text.ts).
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ERASED_TEXT, blankTexts } from '../../src/state/erase-text.js';

const ROOT = path.resolve(import.meta.dirname, '../..');

describe('blankTexts', () => {
  it('blanks every occurrence in nested strings, leaves keys, numbers and other text', () => {
    const rec = {
      k: 'f',
      id: 3,
      s: 'rejected',
      reason: 'phone 0912345678 (Nguyễn Xoá) refused; 0912345678 again',
      list: ['Nguyễn Xoá', 7, null, { deep: 'x 912345678 y' }],
      '0912345678': 'key stays',
    };
    const r = blankTexts(rec, ['0912345678', '912345678', 'Nguyễn Xoá', '']);
    expect(r.changed).toBe(true);
    expect(r.value).toEqual({
      k: 'f',
      id: 3,
      s: 'rejected',
      reason: `phone ${ERASED_TEXT} (${ERASED_TEXT}) refused; ${ERASED_TEXT} again`,
      list: [ERASED_TEXT, 7, null, { deep: `x ${ERASED_TEXT} y` }],
      '0912345678': 'key stays',
    });
    expect(blankTexts(rec, ['nobody'])).toEqual({ value: rec, changed: false });
    expect(blankTexts('abc', [''])).toEqual({ value: 'abc', changed: false });
  });

  it('is the one copy: both stores use it and define no blanking of their own', () => {
    for (const f of ['src/state/file/erasure.ts', 'src/state/pg/erasure.ts']) {
      const src = fs.readFileSync(path.join(ROOT, f), 'utf8');
      expect(src).toContain("from '../erase-text.js'");
      expect(src).not.toMatch(/\.split\(x\)\.join\(/);
    }
  });
});
