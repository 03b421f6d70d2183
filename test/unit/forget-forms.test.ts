/**
 * Issue 26 item 1: `cacs forget` accepts every written form of a number — +84, 84, 0084,
 * spaces, dots, dashes, parentheses, Excel damage (a lost leading zero, float forms) and legacy
 * 11-digit mobiles — as the number an import writes; anything else is a ref_id.
 */
import { describe, expect, it } from 'vitest';
import { phoneOf } from '../../src/delivery/forget.js';

describe('forget: the number a query stands for', () => {
  it.each([
    ['0912345678', '0912345678'],
    ['+84 912 345 678', '0912345678'],
    ['+84912345678', '0912345678'],
    ['84912345678', '0912345678'],
    ['0084912345678', '0912345678'],
    ['(091) 234-5678', '0912345678'],
    ['091.234.5678', '0912345678'],
    ['912345678', '0912345678'],
    ['9.12345678E+8', '0912345678'],
    ['912345678.0', '0912345678'],
    // A legacy 11-digit mobile: renumbered as an import does (0121 → 079, 2018).
    ['01212345678', '0792345678'],
  ])('%s → %s', (query, phone) => {
    expect(phoneOf(query)).toBe(phone);
  });

  it.each(['CUST-0042', 'ERASE-ME', '12345'])('%s is a ref_id', (query) => {
    expect(phoneOf(query)).toBeUndefined();
  });
});
