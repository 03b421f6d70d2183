/**
 * The 2026 mobile numbering plan (src/leads/carrier.ts) against libphonenumber-js, which
 * carries libphonenumber's metadata of the same year: every 5-digit prefix of a 10-digit
 * national number is allocated in our table exactly when libphonenumber calls its numbers
 * valid mobiles. The networks are checked against the issue's reading of libphonenumber's
 * carrier table (written out here, not taken from src/).
 */
import { parsePhoneNumberFromString } from 'libphonenumber-js/max';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  CARRIERS,
  MOBILE_RANGES,
  carrierOf,
  isAllocatedMobile,
  mobileRange,
  rangeTable,
} from '../../src/leads/carrier.js';
import { normalizePhone } from '../../src/leads/normalize.js';

function libMobile(national: string): boolean {
  const n = parsePhoneNumberFromString(national, 'VN');
  // `00…` is the international prefix: 0024745678 is an Ascension number, not a Vietnamese one.
  if (n === undefined || n.countryCallingCode !== '84' || !n.isValid()) return false;
  const type = n.getType();
  return type === 'MOBILE' || type === 'FIXED_LINE_OR_MOBILE';
}

/** The networks as issue 25 states them (from libphonenumber's 84.txt, mid-2026). */
const ISSUE_TABLE = `Viettel 032–039, 086, 096–098, 0160; MobiFone 030, 051, 070, 076–079, 090, 093,
  0896–0899, 01210–01213; VinaPhone 081–085, 088, 091, 094; Itel 087, 0998–0999;
  Vietnamobile 0522, 0523, 0528, 056, 058, 092; Reddi 0559; Gmobile 059, 0993–0997`;

function issueNetworks(): Map<string, string> {
  const out = new Map<string, string>();
  for (const part of ISSUE_TABLE.split(';')) {
    const [name, list] = part.trim().split(/ (.*)/s) as [string, string];
    for (const item of list.split(',')) {
      const [from, to = from] = item.trim().split('–') as [string, string?];
      for (let p = Number(from); p <= Number(to); p++)
        out.set(String(p).padStart(from.length, '0'), name);
    }
  }
  return out;
}

describe('the mobile numbering plan of 2026', () => {
  it('every 5-digit prefix: allocated here exactly when libphonenumber says valid mobile', () => {
    const differ: string[] = [];
    for (let p = 0; p < 10_000; p++) {
      const prefix = `0${String(p).padStart(4, '0')}`;
      for (const rest of ['00000', '45678', '99999']) {
        const phone = prefix + rest;
        if (isAllocatedMobile(phone) !== libMobile(phone)) differ.push(phone);
      }
    }
    expect(differ).toEqual([]);
  });

  it("the networks are the issue's reading of libphonenumber's carrier table", () => {
    for (const [prefix, network] of issueNetworks()) {
      const phone = (prefix + '0000000').slice(0, 10);
      expect(carrierOf(phone), phone).toBe(network);
    }
    // 031 is valid in libphonenumber and under its 843 (Viettel); 095, 0990, 0991 have none.
    expect(carrierOf('0311234567')).toBe('Viettel');
    for (const p of ['0951234567', '0990123456', '0991123456', '0140123456']) {
      expect(isAllocatedMobile(p)).toBe(true);
      expect(carrierOf(p)).toBe('unknown');
    }
  });

  it('numbers in no allocated range, and anything that is not 0 + 9 digits', () => {
    for (const p of ['0412345678', '0612345678', '0112345678', '0121412345', '0551123456']) {
      expect(isAllocatedMobile(p), p).toBe(false);
      expect(carrierOf(p)).toBe('unknown');
    }
    for (const p of ['', '091234567', '09123456789', '+84912345678', '091234567a', '912345678'])
      expect(mobileRange(p), p).toBeUndefined();
  });

  it('names only the carriers DESIGN.md lists', () => {
    expect(new Set(Object.values(MOBILE_RANGES)).size).toBeLessThanOrEqual(CARRIERS.length);
    for (const c of Object.values(MOBILE_RANGES)) expect(CARRIERS).toContain(c);
  });

  it('the table of starts gives each of the 10,000 four-digit starts its longest key, as trying every length does', () => {
    const table = rangeTable();
    expect(table.length).toBe(10_000);
    const keys = Object.keys(MOBILE_RANGES);
    for (let i = 0; i < 10_000; i++) {
      const start = `0${String(i).padStart(4, '0')}`;
      const longest = keys
        .filter((k) => start.startsWith(k))
        .sort((a, b) => b.length - a.length)[0];
      expect(table[i], start).toBe(longest);
    }
  });

  it('no range is shadowed: each key is allocated and its own longest match', () => {
    for (const key of Object.keys(MOBILE_RANGES)) {
      const phone = (key + '0000000').slice(0, 10);
      expect(mobileRange(phone)).toBe(key);
    }
  });

  it('the reissued 10-digit 0121x and 0160x numbers are never converted as old numbers', () => {
    for (const phone of ['0121012345', '0121398765', '0160123456']) {
      const written = [
        phone,
        phone.slice(1), // Excel lost the 0
        `+84${phone.slice(1)}`,
        `84${phone.slice(1)}`,
        `0084 ${phone.slice(1)}`,
        `${phone.slice(0, 4)} ${phone.slice(4, 7)} ${phone.slice(7)}`,
      ];
      for (const w of written) {
        expect(normalizePhone(w).value, w).toBe(phone);
        expect(carrierOf(normalizePhone(w).value)).not.toBe('unknown');
      }
    }
    // The old 11-digit 0121 numbers still become 079 (the 2018 renumbering).
    expect(normalizePhone('01212345678').value).toBe('0792345678');
  });

  it('any 10-digit number: a known carrier exactly for a range that has one; allocated as libphonenumber says (property)', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^0\d{9}$/), (phone) => {
        const known = carrierOf(phone) !== 'unknown';
        const range = mobileRange(phone);
        expect(known).toBe(range !== undefined && MOBILE_RANGES[range] !== 'unknown');
        expect(isAllocatedMobile(phone)).toBe(libMobile(phone));
      }),
      { numRuns: 2000 },
    );
  });
});
