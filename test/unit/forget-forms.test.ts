/**
 * Issue 26 item 1: `cacs forget` accepts every written form of a number — +84, 84, 0084,
 * spaces, dots, dashes, parentheses, Excel damage (a lost leading zero, float forms) and legacy
 * 11-digit mobiles — as the number an import writes; anything else is a ref_id.
 */
import { describe, expect, it } from 'vitest';
import { numbersIn, phoneOf } from '../../src/delivery/forget.js';

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

describe('forget: the numbers written in free text (numbersIn; review, session 19)', () => {
  it('finds each number, alone or beside another, in any written form', () => {
    expect(numbersIn('Vợ: 0912 000 080')).toContain('0912000080');
    expect(numbersIn('zalo:0912000080')).toContain('0912000080');
    const two = numbersIn('gọi 0912000081 0987000003');
    expect(two).toContain('0912000081');
    expect(two).toContain('0987000003');
    expect(numbersIn('0912000080;0987000002')).toEqual(['0912000080', '0987000002']);
    expect(numbersIn('(+84) 912-000-080 sau 17h')).toContain('0912000080');
    expect(numbersIn('0912.345.678')).toContain('0912345678');
  });

  it('never a date, a time or an amount in thousands', () => {
    expect(numbersIn('hẹn 09-12-2024 10:30')).toEqual([]);
    expect(numbersIn('hẹn 2024/12/09')).toEqual([]);
    expect(numbersIn('nợ 912.000.555 đ')).toEqual([]);
    expect(numbersIn('mã đơn 123')).toEqual([]);
  });
});

describe('numbersIn, the written forms a second review tried (session 19)', () => {
  it.each([
    ['0912.34.56.78', '0912345678'],
    ['0912-34-56-78', '0912345678'],
    ['(+84) 912.34.56.78', '0912345678'],
    ['0084 912 000 080', '0912000080'],
    ['0912000080-0987000003', '0987000003'],
    ['0912000080 09-12-2024', '0912000080'],
    ['Gọi 0912 000 080 09/12', '0912000080'],
    ['Gọi 0987000005-0912000080', '0912000080'],
    ['84912000080', '0912000080'],
  ])('%j holds %s', (text, number) => {
    expect(numbersIn(text)).toContain(number);
  });

  it.each([
    'DH-912000080',
    'STK VPBank 368123456',
    '(912.000.080 đ)',
    '912 000 080 đ',
    'Số 368 100000',
    'hẹn 09-12-2024 10:30',
    '08:00-17:00',
    '1.200.000',
    '9/12/2024',
    'CCCD 001234567890',
  ])('%j holds no number', (text) => {
    expect(numbersIn(text)).toEqual([]);
  });
});
