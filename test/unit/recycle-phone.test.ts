/**
 * `--recycle` leaves out a row whose phone `cacs import` would refuse (review, session 19: the
 * recycle file is import-ready, zero rejects) — and only such a row: a number the import takes
 * as written (`--no-normalize` with a rule for `84…` numbers) is recycled.
 */
import { describe, expect, it } from 'vitest';
import { phoneKey, type Outcome } from '../../src/report/join/aggregate.js';
import { recycleVerdict, type RecycleRules } from '../../src/report/join/recycle.js';
import { phoneRefusal } from '../../src/report/join/run.js';

const called: Outcome = {
  attempts: 1,
  first: '2026-11-10 09:00:00',
  last: '2026-11-10 09:00:00',
  lastStatus: 'NO ANSWER',
  talk: 0,
  answered: false,
  leadId: '1',
  leadOfLast: true,
};

function rules(phonePattern?: string): RecycleRules {
  return {
    statuses: new Set(['NO ANSWER']),
    maxAttempts: undefined,
    lastCallBy: '2026-12-31 00:00:00',
    doNotCall: undefined,
    phoneRefused: phoneRefusal(phonePattern),
  };
}

const verdict = (written: string, phonePattern?: string) =>
  recycleVerdict(called, phoneKey(written), rules(phonePattern), false, written);

describe('--recycle and the import phone rule', () => {
  it('a number the import refuses is left out as invalidPhone; a good one, in any form, is not', () => {
    for (const bad of ['12345', 'abc0912000040', '0243 826 1234', '0000000000'])
      expect(verdict(bad), bad).toBe('invalidPhone');
    for (const good of ['0912345678', '+84 912 345 678', '912345678', '01662345678'])
      expect(verdict(good), good).toBeUndefined();
  });

  it('a number a custom rule takes as written (an import without normalisation) is recycled', () => {
    expect(verdict('84912000777', '^84\\d{9}$')).toBeUndefined();
    expect(verdict('0912000777', '^84\\d{9}$')).toBe('invalidPhone');
    // As written: an import without normalisation trims nothing (review, session 19).
    expect(verdict(' 84912000777', '^84\\d{9}$')).toBe('invalidPhone');
  });

  it("the centre's own test numbers (import.placeholderNumbers) are refused as the import refuses them", () => {
    const own = recycleVerdict(called, '0911111222', {
      ...rules(),
      phoneRefused: phoneRefusal(undefined, ['0911 111 222']),
    });
    expect(own).toBe('invalidPhone');
    expect(verdict('0911111222')).toBeUndefined();
  });
});
