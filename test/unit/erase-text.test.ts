/**
 * Issue 26: the one function both stores use to blank a person's text in what they keep
 * (src/state/erase-text.ts).
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ERASED_TEXT, blankJournalRecord, blankTexts } from '../../src/state/erase-text.js';
import { isPlaceholderId } from '../../src/delivery/forget.js';

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

describe('blankJournalRecord', () => {
  it("blanks only a record's reason (the service's words), never cacs's own fields", () => {
    const done = { k: 'f', id: 3, s: 'done', imported: 2, skipped: 0 };
    expect(blankJournalRecord(done, ['done', '3', 'f'])).toEqual({ value: done, changed: false });
    const header = {
      k: 'h',
      v: 1,
      created: '2026-11-12T00:00:00Z',
      input: '/x/An.csv',
      campaign: 'An',
    };
    expect(blankJournalRecord(header, ['An', '12'])).toEqual({ value: header, changed: false });
    const rejected = {
      k: 'f',
      id: 4,
      s: 'rejected',
      code: 'phone_format',
      reason: 'An 0912345678 refused',
    };
    expect(blankJournalRecord(rejected, ['0912345678', 'An', 'rejected', 'phone_format'])).toEqual({
      value: { ...rejected, reason: `${ERASED_TEXT} ${ERASED_TEXT} refused` },
      changed: true,
    });
    expect(blankJournalRecord({ k: 'b', id: 5, lines: [[2, 3]] }, ['2'])).toMatchObject({
      changed: false,
    });
    expect(blankJournalRecord('text', ['text'])).toEqual({ value: 'text', changed: false });
  });
});

describe('isPlaceholderId: a ref_id cell no one is identified by (forget does not follow it)', () => {
  it.each([
    'N/A',
    'n/a',
    'NA',
    '-',
    '--',
    '?',
    '0',
    '000',
    'xxx',
    'none',
    'NULL',
    'không có',
    'Không',
    'chưa có',
    'KXĐ',
    ' ',
    '',
  ])('%j is a placeholder', (v) => {
    expect(isPlaceholderId(v)).toBe(true);
  });
  it.each(['1', '12', 'F-1', 'CUST-0042', 'KH001', 'an.nguyen', '0912345678', 'Nam'])(
    '%j is an identifier',
    (v) => {
      expect(isPlaceholderId(v)).toBe(false);
    },
  );
});
