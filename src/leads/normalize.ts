/**
 * Normalisation of lead values (DESIGN.md "Import semantics" §3), run on every row of files
 * with a million rows: every regular expression is compiled once, here; values that are
 * already clean return at once, without building strings.
 *
 * Phone numbers: trim; drop spaces (NBSP and other Unicode spaces too), dots, dashes and
 * parentheses; `+84`/`0084`/bare `84` followed by 9 digits become `0` + the 9 digits (bare `84`
 * only when the whole number is 11 digits; `+84 (0) 912…` with its spurious 0 too); a 9-digit
 * number that lost its leading 0 in Excel gets it back; Excel number forms (`912345678.0`,
 * `9.12345678E+8`) are recovered only when every digit is present. Anything else (letters,
 * other characters, an Excel form that lost digits) comes back only trimmed, so validation
 * rejects it with the operator's value visible.
 *
 * Guarantees (property-tested): idempotent; a value matching /^0\d{9}$/ comes back unchanged
 * with changes 0; no digit is invented — the digits of the output after its leading 0 are the
 * input's digits minus a leading 0084/+84/84/0 (and minus the zeros after an Excel decimal
 * point, or the exponent of an exact Excel scientific form).
 */

export const NORMALIZATION_KINDS = [
  'trimmed',
  'phone_separators',
  'phone_country_code',
  'phone_leading_zero',
  'phone_excel_number',
] as const;
export type NormalizationKind = (typeof NORMALIZATION_KINDS)[number];

export interface PhoneResult {
  value: string;
  /** Bit set of PHONE_* flags; 0 = unchanged (value is the input itself). */
  changes: number;
}

/** Spaces, dots, dashes or parentheses were removed. */
export const PHONE_SEPARATORS = 1;
/** +84, 0084 or 84 became 0. */
export const PHONE_COUNTRY_CODE = 2;
/** A 9-digit number got its leading 0 back. */
export const PHONE_LEADING_ZERO = 4;
/** An Excel number form (912345678.0, 9.12345678E+8) was turned back into its digits. */
export const PHONE_EXCEL_NUMBER = 8;
/** Surrounding white space was removed. */
export const PHONE_TRIMMED = 16;

const PHONE_FLAG_KINDS: ReadonlyArray<readonly [number, NormalizationKind]> = [
  [PHONE_TRIMMED, 'trimmed'],
  [PHONE_SEPARATORS, 'phone_separators'],
  [PHONE_COUNTRY_CODE, 'phone_country_code'],
  [PHONE_LEADING_ZERO, 'phone_leading_zero'],
  [PHONE_EXCEL_NUMBER, 'phone_excel_number'],
];

/** The normalisation kinds a PhoneResult.changes bit set stands for (for summaries). */
export function phoneChangeKinds(changes: number): NormalizationKind[] {
  const kinds: NormalizationKind[] = [];
  for (const [bit, kind] of PHONE_FLAG_KINDS) if ((changes & bit) !== 0) kinds.push(kind);
  return kinds;
}

// ---------------------------------------------------------------------------------------------
// Trimming

/** White space as String.prototype.trim sees it, plus NEL and the zero-width space. */
function isTrimmable(c: number): boolean {
  if (c <= 32) return c === 32 || (c >= 9 && c <= 13);
  if (c < 0x85) return false;
  return (
    c === 0x85 ||
    c === 0xa0 ||
    c === 0x1680 ||
    (c >= 0x2000 && c <= 0x200b) ||
    c === 0x2028 ||
    c === 0x2029 ||
    c === 0x202f ||
    c === 0x205f ||
    c === 0x3000 ||
    c === 0xfeff
  );
}

/**
 * Remove white space (NBSP, BOM, zero-width space and other Unicode spaces included) from both
 * ends; nothing inside is touched. Returns the very same string when there is nothing to trim.
 */
export function trimField(value: string): string {
  const n = value.length;
  if (n === 0) return value;
  let start = 0;
  while (start < n && isTrimmable(value.charCodeAt(start))) start++;
  if (start === n) return '';
  let end = n;
  while (isTrimmable(value.charCodeAt(end - 1))) end--;
  return start === 0 && end === n ? value : value.slice(start, end);
}

// ---------------------------------------------------------------------------------------------
// Phones

/** Separators removed from phone numbers: white space of any kind, zero-width characters, dots, dashes, parentheses. */
const PHONE_SEPARATOR_CHARS = /[\s.\-\u2010-\u2015\u2212()\u200b-\u200d\u2060]+/g;
/** What may remain once separators are gone: digits, with a leading '+' for a country code. */
const PLUS_DIGITS = /^\+?\d+$/;
/** Excel scientific form: one digit, a decimal point (or comma), digits, E, exponent. */
const EXCEL_SCIENTIFIC = /^([1-9])[.,](\d+)[eE]\+?(\d{1,3})$/;
/**
 * Excel float form: digits, a decimal point (or comma), zeros only. The digits are a number's
 * (no leading zero) or, at most, a phone's single trunk 0: `0084000000.00` is no rendering of
 * a number, and reading it as one would turn it into a valid-looking `0084000000`.
 */
const EXCEL_FLOAT = /^(0?[1-9]\d*)[.,]0+$/;
/** Any digits, a decimal point (or comma), zeros only: left alone in desk phone numbers. */
const FLOAT_FORM = /^\d+[.,]0+$/;
/**
 * A decimal number: digits, one decimal point (or comma), one or two decimals. Not a phone
 * written with dots (groups of 1–2 digits at the end do not occur), so the dot is not dropped.
 */
const DECIMAL = /^\d+[.,]\d{1,2}$/;

function isDigitRun(s: string, from: number, to: number): boolean {
  for (let i = from; i < to; i++) {
    const c = s.charCodeAt(i);
    if (c < 48 || c > 57) return false;
  }
  return true;
}

/** /^0\d{9}$/ without a regular expression. */
function isMobile(s: string): boolean {
  return s.length === 10 && s.charCodeAt(0) === 48 && isDigitRun(s, 1, 10);
}

/** Digit 1–9 at position i. */
function isNonZeroDigit(s: string, i: number): boolean {
  const c = s.charCodeAt(i);
  return c > 48 && c <= 57;
}

function result(into: PhoneResult | undefined, value: string, changes: number): PhoneResult {
  if (into === undefined) return { value, changes };
  into.value = value;
  into.changes = changes;
  return into;
}

/**
 * Normalise a mobile phone number (see the module comment). Pass `into` to reuse one result
 * object across rows: the already-clean fast path then allocates nothing.
 */
export function normalizePhone(raw: string, into?: PhoneResult): PhoneResult {
  // Fast path: already 0 + 9 digits.
  if (isMobile(raw)) return result(into, raw, 0);
  // Fast path: 9 digits, the leading zero lost in Excel.
  if (raw.length === 9 && isNonZeroDigit(raw, 0) && isDigitRun(raw, 1, 9)) {
    return result(into, `0${raw}`, PHONE_LEADING_ZERO);
  }

  const t = trimField(raw);
  const trimmed = t.length !== raw.length ? PHONE_TRIMMED : 0;
  if (t.length === 0 || isMobile(t)) return result(into, t, trimmed);

  let changes = trimmed;
  let s: string;
  let m = EXCEL_SCIENTIFIC.exec(t);
  if (m !== null) {
    const fraction = m[2]!;
    // Exact only when every digit is shown: as many decimals as the exponent.
    if (fraction.length !== Number(m[3])) return result(into, t, trimmed);
    s = m[1]! + fraction;
    changes |= PHONE_EXCEL_NUMBER;
  } else if ((m = EXCEL_FLOAT.exec(t)) !== null) {
    s = m[1]!;
    changes |= PHONE_EXCEL_NUMBER;
  } else if (DECIMAL.test(t)) {
    return result(into, t, trimmed);
  } else {
    s = t.replace(PHONE_SEPARATOR_CHARS, '');
    if (!PLUS_DIGITS.test(s)) return result(into, t, trimmed);
    if (s.length !== t.length) changes |= PHONE_SEPARATORS;
  }

  const n = s.length;
  if (s.charCodeAt(0) === 43 /* + */) {
    // +84 912345678, +84 (0) 912345678; any other '+' form is left for validation.
    if (n === 12 && s.startsWith('+84') && isNonZeroDigit(s, 3)) {
      return result(into, `0${s.slice(3)}`, changes | PHONE_COUNTRY_CODE);
    }
    if (n === 13 && s.startsWith('+840') && isNonZeroDigit(s, 4)) {
      return result(into, s.slice(3), changes | PHONE_COUNTRY_CODE);
    }
    return result(into, t, trimmed);
  }
  if (n === 13 && s.startsWith('0084') && isNonZeroDigit(s, 4)) {
    return result(into, `0${s.slice(4)}`, changes | PHONE_COUNTRY_CODE);
  }
  if (n === 14 && s.startsWith('00840') && isNonZeroDigit(s, 5)) {
    return result(into, s.slice(4), changes | PHONE_COUNTRY_CODE);
  }
  if (n === 11 && s.startsWith('84') && isNonZeroDigit(s, 2)) {
    return result(into, `0${s.slice(2)}`, changes | PHONE_COUNTRY_CODE);
  }
  if (n === 9 && isNonZeroDigit(s, 0)) {
    return result(into, `0${s}`, changes | PHONE_LEADING_ZERO);
  }
  return result(into, s, changes);
}

/**
 * Normalise a desk phone number: trim, drop separators, +84/0084 (and `+84 (0)`) become 0.
 * No leading-zero guessing and no Excel recovery (an Excel number form such as `2812345678.0`
 * comes back only trimmed). Anything that is not digits after that comes back only trimmed.
 */
export function normalizeHomePhone(raw: string, into?: PhoneResult): PhoneResult {
  const n0 = raw.length;
  // Fast path: digits that carry no 0084 prefix.
  if (n0 > 0 && isDigitRun(raw, 0, n0) && !raw.startsWith('0084')) return result(into, raw, 0);

  const t = trimField(raw);
  const trimmed = t.length !== raw.length ? PHONE_TRIMMED : 0;
  // Excel number forms are not guessed at: left for validation to show.
  if (t.length === 0 || DECIMAL.test(t) || FLOAT_FORM.test(t)) return result(into, t, trimmed);
  let changes = trimmed;
  const s = t.replace(PHONE_SEPARATOR_CHARS, '');
  if (!PLUS_DIGITS.test(s)) return result(into, t, trimmed);
  if (s.length !== t.length) changes |= PHONE_SEPARATORS;

  if (s.charCodeAt(0) === 43 /* + */) {
    if (s.startsWith('+840') && isNonZeroDigit(s, 4)) {
      return result(into, s.slice(3), changes | PHONE_COUNTRY_CODE);
    }
    if (s.startsWith('+84') && isNonZeroDigit(s, 3)) {
      return result(into, `0${s.slice(3)}`, changes | PHONE_COUNTRY_CODE);
    }
    return result(into, t, trimmed);
  }
  if (s.startsWith('00840') && isNonZeroDigit(s, 5)) {
    return result(into, s.slice(4), changes | PHONE_COUNTRY_CODE);
  }
  if (s.startsWith('0084') && isNonZeroDigit(s, 4)) {
    return result(into, `0${s.slice(4)}`, changes | PHONE_COUNTRY_CODE);
  }
  return result(into, s, changes);
}
