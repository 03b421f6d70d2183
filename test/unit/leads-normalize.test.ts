import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  PHONE_COUNTRY_CODE,
  PHONE_EXCEL_NUMBER,
  PHONE_LEADING_ZERO,
  PHONE_SEPARATORS,
  PHONE_LEGACY_MOBILE,
  PHONE_TRIMMED,
  LEGACY_MOBILE_PREFIXES,
  cleanSpreadsheet,
  normalizeHomePhone,
  normalizePhone,
  NORMALIZATIONS,
  NORMALIZATION_KINDS,
  trimField,
  type PhoneResult,
} from '../../src/leads/normalize.js';

const SEP = PHONE_SEPARATORS;
const CC = PHONE_COUNTRY_CODE;
const ZERO = PHONE_LEADING_ZERO;
const EXCEL = PHONE_EXCEL_NUMBER;
const TRIM = PHONE_TRIMMED;
const VALID = /^0\d{9}$/;

describe('trimField', () => {
  it.each([
    ['abc', 'abc'],
    ['  abc  ', 'abc'],
    ['\u00a0abc\u00a0', 'abc'],
    ['\ufeffabc', 'abc'],
    ['\u200babc\u3000', 'abc'],
    ['\tabc\r\n', 'abc'],
    ['a  b', 'a  b'],
    ['a\u00a0b', 'a\u00a0b'],
    ['   ', ''],
    ['', ''],
  ])('%j → %j', (value, expected) => {
    expect(trimField(value)).toBe(expected);
  });

  it('returns the same string when there is nothing to trim', () => {
    const s = 'Nguyễn Văn A';
    expect(trimField(s)).toBe(s);
  });

  it('agrees with String.prototype.trim on anything but NEL and the zero-width space', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 12 }), (s) => {
        if (/[\u0085\u200b]/.test(s)) return;
        expect(trimField(s)).toBe(s.trim());
      }),
      { numRuns: 2000 },
    );
  });
});

describe('normalizePhone', () => {
  it.each<[string, string, number]>([
    ['0912345678', '0912345678', 0],
    [' 0912345678 ', '0912345678', TRIM],
    ['\u00a00912345678\u00a0', '0912345678', TRIM],
    ['0912 345 678', '0912345678', SEP],
    ['0912\u00a0345\u00a0678', '0912345678', SEP],
    ['0912\u202f345\u2009678', '0912345678', SEP],
    ['091.234.5678', '0912345678', SEP],
    ['(091) 234-5678', '0912345678', SEP],
    ['0912–345–678', '0912345678', SEP],
    ['+84 912 345 678', '0912345678', SEP | CC],
    ['+84912345678', '0912345678', CC],
    ['0084912345678', '0912345678', CC],
    ['0084 912 345 678', '0912345678', SEP | CC],
    ['84912345678', '0912345678', CC],
    ['84 912 345 678', '0912345678', SEP | CC],
    ['+840912345678', '0912345678', CC],
    ['+84 (0) 912 345 678', '0912345678', SEP | CC],
    ['00840912345678', '0912345678', CC],
    ['912345678', '0912345678', ZERO],
    ['912 345 678', '0912345678', SEP | ZERO],
    [' 912345678 ', '0912345678', TRIM | ZERO],
    ['912345678.0', '0912345678', EXCEL | ZERO],
    ['912345678.00', '0912345678', EXCEL | ZERO],
    ['912345678,0', '0912345678', EXCEL | ZERO],
    ['0912345678.0', '0912345678', EXCEL],
    ['84912345678.0', '0912345678', EXCEL | CC],
    ['9.12345678E+8', '0912345678', EXCEL | ZERO],
    ['9.12345678E+08', '0912345678', EXCEL | ZERO],
    ['9,12345678E+08', '0912345678', EXCEL | ZERO],
    ['9.12345678e8', '0912345678', EXCEL | ZERO],
    ['8.4912345678E+10', '0912345678', EXCEL | CC],
    // left for validation to reject, with the operator's value visible
    ['9.12346E+08', '9.12346E+08', 0],
    [' 9.12346E+08 ', '9.12346E+08', TRIM],
    ['9.1234567891E+08', '9.1234567891E+08', 0],
    ['0912-ABC', '0912-ABC', 0],
    [' 0912-ABC ', '0912-ABC', TRIM],
    ['+1 555 1234', '+1 555 1234', 0],
    ['+84 12', '+84 12', 0],
    ['+0912345678', '+0912345678', 0],
    ['0912/345/678', '0912/345/678', 0],
    ['912,345,678', '912,345,678', 0],
    ['912345678.5', '912345678.5', 0],
    ['91234567.8', '91234567.8', 0],
    ['91234567,89', '91234567,89', 0],
    // no number renders with leading zeros: not an Excel form (found by the property below)
    ['0084000000.00', '0084000000.00', 0],
    ['00912345678.0', '00912345678.0', 0],
    ['0912.345678', '0912345678', SEP],
    ['---', '---', 0],
    ['', '', 0],
    ['   ', '', TRIM],
    // digits that stay invalid keep every digit, separators gone
    ['091234567', '091234567', 0],
    ['0912 345 67', '091234567', SEP],
    ['09123456789', '09123456789', 0],
    ['1912345678', '1912345678', 0],
    ['12345678', '12345678', 0],
    ['12345.0', '12345', EXCEL],
    // no Vietnamese number starts 0 after the country code: never made valid
    ['84012345678', '84012345678', 0],
    ['+84012345678', '+84012345678', 0],
    ['0084012345678', '0084012345678', 0],
    ['84 912 345 6789', '849123456789', SEP],
    ['0912345678 ext 12', '0912345678 ext 12', 0],
  ])('%j → %j', (raw, value, changes) => {
    expect(normalizePhone(raw)).toEqual({ value, changes });
  });

  it('returns an already-clean number as the very same string, changes 0', () => {
    const raw = '0987654321';
    const r = normalizePhone(raw);
    expect(r.value).toBe(raw);
    expect(r.changes).toBe(0);
  });

  it('fills and returns the given result object when one is passed', () => {
    const into: PhoneResult = { value: '', changes: -1 };
    expect(normalizePhone('0912345678', into)).toBe(into);
    expect(into).toEqual({ value: '0912345678', changes: 0 });
    expect(normalizePhone('+84 912 345 678', into)).toBe(into);
    expect(into).toEqual({ value: '0912345678', changes: SEP | CC });
    expect(normalizePhone('0912-ABC', into)).toEqual({ value: '0912-ABC', changes: 0 });
  });
});

describe('normalizeHomePhone', () => {
  it.each<[string, string, number]>([
    ['02812345678', '02812345678', 0],
    [' 02812345678 ', '02812345678', TRIM],
    ['028 1234 5678', '02812345678', SEP],
    ['(028) 1234-5678', '02812345678', SEP],
    ['028.1234.5678', '02812345678', SEP],
    ['+84 28 1234 5678', '02812345678', SEP | CC],
    ['+84 (0) 28 1234 5678', '02812345678', SEP | CC],
    ['0084 28 1234 5678', '02812345678', SEP | CC],
    ['00842812345678', '02812345678', CC],
    ['008402812345678', '02812345678', CC],
    // no leading-zero guessing, no Excel recovery, no bare 84
    ['2812345678', '2812345678', 0],
    ['842812345678', '842812345678', 0],
    ['2812345678.0', '2812345678.0', 0],
    ['2812345678,5', '2812345678,5', 0],
    ['028-ABC', '028-ABC', 0],
    ['+1 555 1234', '+1 555 1234', 0],
    ['', '', 0],
  ])('%j → %j', (raw, value, changes) => {
    expect(normalizeHomePhone(raw)).toEqual({ value, changes });
  });
});

describe('NORMALIZATIONS: the one phone-kind table', () => {
  it('one distinct bit per kind; the kinds are NORMALIZATION_KINDS, in order', () => {
    const bits = NORMALIZATIONS.map(([bit]) => bit);
    expect(new Set(bits).size).toBe(bits.length);
    for (const bit of bits) expect(bit & (bit - 1)).toBe(0);
    expect(NORMALIZATIONS.map(([, kind]) => kind)).toEqual([...NORMALIZATION_KINDS]);
    expect(NORMALIZATIONS.find(([bit]) => bit === (SEP as number))?.[1]).toBe('phone_separators');
    expect(NORMALIZATIONS.find(([bit]) => bit === (TRIM as number))?.[1]).toBe('trimmed');
  });

  it('names every change normalisation can make (property)', () => {
    const all = NORMALIZATIONS.reduce((bits, [bit]) => bits | bit, 0);
    fc.assert(
      fc.property(fc.string({ maxLength: 24 }), (raw) => {
        const { changes } = normalizePhone(raw);
        expect(changes & ~all).toBe(0);
        expect(normalizeHomePhone(raw).changes & ~all).toBe(0);
      }),
    );
  });
});

// ---------------------------------------------------------------------------------------------
// Properties

const digit = fc.constantFrom(...'0123456789');
const digitString = (minLength: number, maxLength: number) =>
  fc.array(digit, { minLength, maxLength }).map((a) => a.join(''));
const separator = fc.constantFrom(' ', '\u00a0', '.', '-', '(', ')', '\u2009', '\u202f', '–', '  ');
const space = fc.constantFrom('', '', '', ' ', '\u00a0', '\t', ' \u200b');
const prefix = fc.constantFrom(
  '',
  '',
  '',
  '0',
  '+84',
  '+84 ',
  '84',
  '0084',
  '+84 (0) ',
  '+840',
  '00840',
  '+1 ',
  '+',
  '00',
  '8',
);
const suffix = fc.constantFrom('', '', '', '', '.0', '.00', ',0', '.5', 'x', ' ABC', 'E+8');

/** Digits in groups with separators between them, a prefix, a suffix and surrounding spaces. */
const groupedPhone = fc
  .tuple(
    space,
    prefix,
    fc.array(fc.tuple(digitString(1, 4), fc.option(separator, { nil: '' })), {
      minLength: 0,
      maxLength: 5,
    }),
    suffix,
    space,
  )
  .map(([s1, p, groups, x, s2]) => s1 + p + groups.map(([d, sep]) => d + sep).join('') + x + s2);

/** Nine significant digits (the case that can become valid) under every prefix. */
const ninePhone = fc
  .tuple(space, prefix, fc.integer({ min: 0, max: 9 }), digitString(8, 8), separator, suffix)
  .map(
    ([s, p, first, rest, sep, x]) =>
      `${s}${p}${first}${rest.slice(0, 2)}${sep}${rest.slice(2)}${x}`,
  );

/** Excel scientific forms, exact or not. */
const scientific = fc
  .tuple(
    fc.integer({ min: 1, max: 9 }),
    fc.constantFrom('.', ','),
    digitString(1, 11),
    fc.constantFrom('E+', 'E', 'e+', 'E+0'),
    fc.integer({ min: 0, max: 12 }),
  )
  .map(([d, point, frac, e, exp]) => `${d}${point}${frac}${e}${exp}`);

const phoneAlphabet = fc.string({
  unit: fc.constantFrom(...'0123456789+.,-() Ee8844A\u00a0'),
  maxLength: 18,
});

/** Old 11-digit mobiles (renumbered prefixes and some that were not) in their written forms. */
const legacyPhone = fc
  .tuple(
    fc.constantFrom(...Object.keys(LEGACY_MOBILE_PREFIXES), '0130', '0190', '0119', '0187'),
    digitString(7, 7),
    fc.constantFrom('', '+84', '+84 (0)', '84', '0084', 'excel', 'scientific', "'", '="'),
    fc.constantFrom('', ' ', '.', '-'),
  )
  .map(([prefix, rest, form, sep]) => {
    const national = `${prefix.slice(1)}${sep}${rest.slice(0, 3)}${sep}${rest.slice(3)}`;
    const plain = `${prefix.slice(1)}${rest}`;
    switch (form) {
      case '':
        return `0${national}`;
      case 'excel':
        return plain;
      case 'scientific':
        return `${plain[0]}.${plain.slice(1)}E+09`;
      case "'":
        return `'0${national}`;
      case '="':
        return `="0${national}"`;
      case '+84 (0)':
        return `+84 (0)${national}`;
      default:
        return `${form}${national}`;
    }
  });

const anyPhoneInput = fc.oneof(
  legacyPhone,
  groupedPhone,
  ninePhone,
  scientific,
  phoneAlphabet,
  fc.string({ unit: 'binary', maxLength: 16 }),
);

const digitsOf = (s: string) => s.replace(/\D/g, '');

/** The input as normalisation cleans it before reading digits: trimmed, leftovers removed. */
const plainOf = (raw: string) => {
  const t = trimField(raw);
  return t === '' ? t : cleanSpreadsheet(t);
};

/** The new number of an old mobile's 10 national digits, if its prefix was renumbered. */
const renumber = (core: string) => {
  const prefix = core.length === 10 ? LEGACY_MOBILE_PREFIXES[`0${core.slice(0, 3)}`] : undefined;
  return prefix === undefined ? undefined : prefix + core.slice(3);
};

/** Leading digits normalisation may drop: a country code (with the spurious 0) or a trunk 0. */
const DROPPABLE_PREFIXES = ['', '0', '84', '840', '0084', '00840'];

/**
 * Trailing digits normalisation may drop, read off the input itself: the zeros after an Excel
 * decimal point, or the exponent of an Excel scientific form.
 */
function droppableTails(input: string): string[] {
  const t = plainOf(input);
  const tails = [''];
  const float = /[.,](0+)$/.exec(t);
  if (float) tails.push(float[1]!);
  const exp = /[eE]\+?(\d+)$/.exec(t);
  if (exp) tails.push(exp[1]!);
  return tails;
}

/** The ways the input's digits can be read as prefix + core + tail. */
function cores(input: string): string[] {
  const d = digitsOf(plainOf(input));
  const out: string[] = [];
  for (const p of DROPPABLE_PREFIXES) {
    for (const t of droppableTails(input)) {
      if (d.length >= p.length + t.length && d.startsWith(p) && d.endsWith(t)) {
        out.push(d.slice(p.length, d.length - t.length));
      }
    }
  }
  return out;
}

describe('normalizePhone properties', () => {
  it('is idempotent', () => {
    fc.assert(
      fc.property(anyPhoneInput, (raw) => {
        const once = normalizePhone(raw).value;
        const twice = normalizePhone(once);
        expect(twice.value).toBe(once);
        expect(twice.changes).toBe(0);
      }),
      { numRuns: 5000 },
    );
  });

  it('returns a value matching /^0\\d{9}$/ unchanged, with changes 0', () => {
    fc.assert(
      fc.property(digitString(9, 9), (nine) => {
        const raw = `0${nine}`;
        const r = normalizePhone(raw);
        expect(r.value).toBe(raw);
        expect(r.changes).toBe(0);
      }),
    );
  });

  it('reports changes 0 exactly when the value is the input', () => {
    fc.assert(
      fc.property(anyPhoneInput, (raw) => {
        const r = normalizePhone(raw);
        expect(r.changes === 0).toBe(r.value === raw);
      }),
      { numRuns: 5000 },
    );
  });

  it('invents no digit: the output is the trimmed input, or the input digits minus a known prefix/tail, with a 0 in front at most', () => {
    fc.assert(
      fc.property(anyPhoneInput, (raw) => {
        const { value, changes } = normalizePhone(raw);
        if (value === plainOf(raw)) return;
        expect(value).toMatch(/^\d+$/);
        const possible = cores(raw);
        if (changes & PHONE_LEGACY_MOBILE) {
          // an old mobile: its prefix replaced by the new one, the last 7 digits kept
          expect(possible.some((c) => renumber(c) === value)).toBe(true);
          return;
        }
        expect(
          possible.includes(value) || (value.startsWith('0') && possible.includes(value.slice(1))),
        ).toBe(true);
        // digits are dropped only with the flag that says why
        if (digitsOf(value).length < digitsOf(plainOf(raw)).length) {
          expect(changes & (CC | EXCEL | ZERO)).not.toBe(0);
        }
      }),
      { numRuns: 5000 },
    );
  });

  it('never turns an invalid number into a valid different one: a valid output is 0 + the input’s significant digits', () => {
    fc.assert(
      fc.property(anyPhoneInput, (raw) => {
        const { value, changes } = normalizePhone(raw);
        if (!VALID.test(value)) return;
        if (value === plainOf(raw)) return; // already valid
        if (changes & PHONE_LEGACY_MOBILE) {
          expect(cores(raw).some((c) => renumber(c) === value)).toBe(true);
          return;
        }
        expect(cores(raw)).toContain(value.slice(1));
        // when digits were added or dropped (country code, leading zero, Excel), the significant
        // digits are a real mobile number: not starting with 0
        if (digitsOf(value) !== digitsOf(plainOf(raw))) expect(value[1]).not.toBe('0');
      }),
      { numRuns: 5000 },
    );
  });

  it('recovers every exact Excel rendering of a 9-digit mobile number', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 9 }), digitString(8, 8), (first, rest) => {
        const nine = `${first}${rest}`;
        const expected = `0${nine}`;
        expect(normalizePhone(nine).value).toBe(expected);
        expect(normalizePhone(`${nine}.0`).value).toBe(expected);
        expect(normalizePhone(`${first}.${rest}E+08`).value).toBe(expected);
        expect(normalizePhone(`84${nine}`).value).toBe(expected);
        expect(normalizePhone(`+84 ${nine}`).value).toBe(expected);
      }),
    );
  });
});

describe('normalizeHomePhone properties', () => {
  it('is idempotent and leaves digit strings without 0084 alone', () => {
    fc.assert(
      fc.property(anyPhoneInput, (raw) => {
        const once = normalizeHomePhone(raw).value;
        expect(normalizeHomePhone(once)).toEqual({ value: once, changes: 0 });
      }),
      { numRuns: 3000 },
    );
    fc.assert(
      fc.property(digitString(1, 20), (d) => {
        if (d.startsWith('0084')) return;
        // An old 11-digit mobile given as the home phone is renumbered (issue 16).
        if (d.length === 11 && LEGACY_MOBILE_PREFIXES[d.slice(0, 4)] !== undefined) return;
        expect(normalizeHomePhone(d)).toEqual({ value: d, changes: 0 });
      }),
    );
    // Found by this property under CI's seed: the old mobile 0120… is converted, not left.
    expect(normalizeHomePhone('01200000000')).toEqual({
      value: '0700000000',
      changes: PHONE_LEGACY_MOBILE,
    });
  });
});
