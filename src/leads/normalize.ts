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
 * Spreadsheet leftovers go first: a leading apostrophe (`'0912345678`, Excel's text marker), a
 * formula wrapper (`="0912345678"`), full-width digits and plus (`０９１２…`, IME input), and a
 * trailing `;` or `,` (a list pasted into one cell).
 *
 * Old 11-digit mobile numbers (renumbered to 10 digits in 2018, DESIGN.md "Vietnamese numbers
 * and do-not-call lists") are converted in every written form — `01662345678`, `+84 166 234
 * 5678`, `0084 166…`, `841662345678`, Excel's `1662345678` and `1.662345678E+09` — by the
 * table LEGACY_MOBILE_PREFIXES: the old prefix becomes the new one, the last 7 digits stay.
 *
 * Guarantees (property-tested): idempotent; a value matching /^0\d{9}$/ comes back unchanged
 * with changes 0; no digit is invented — the digits of the output after its leading 0 are the
 * input's digits minus a leading 0084/+84/84/0 (and minus the zeros after an Excel decimal
 * point, or the exponent of an exact Excel scientific form), except that an old mobile's
 * 3-digit prefix is replaced by its 2-digit successor; two different old numbers never become
 * one new number.
 */

/**
 * Vietnam's 2018 mobile renumbering: old prefix (0 + 3 digits, 11-digit numbers) → new prefix
 * (0 + 2 digits, 10-digit numbers); the 7 digits after the prefix are kept. Source: the
 * Ministry of Information and Communications' plan (Decision 798/QĐ-BTTTT, 2018), as carried
 * out by the operators from 15 September to 15 November 2018.
 */
export const LEGACY_MOBILE_PREFIXES: Readonly<Record<string, string>> = {
  // Viettel
  '0162': '032',
  '0163': '033',
  '0164': '034',
  '0165': '035',
  '0166': '036',
  '0167': '037',
  '0168': '038',
  '0169': '039',
  // MobiFone
  '0120': '070',
  '0121': '079',
  '0122': '077',
  '0126': '076',
  '0128': '078',
  // VinaPhone
  '0123': '083',
  '0124': '084',
  '0125': '085',
  '0127': '081',
  '0129': '082',
  // Vietnamobile
  '0186': '056',
  '0188': '058',
  // Gmobile
  '0199': '059',
};

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
/** A spreadsheet leftover was removed: `'`, `="…"`, full-width digits, a trailing `;` or `,`. */
export const PHONE_SPREADSHEET = 32;
/** An old 11-digit mobile number became its 10-digit successor. */
export const PHONE_LEGACY_MOBILE = 64;

/**
 * The kinds of change normalisation makes, once: each kind's bit in a phone number's
 * {@link PhoneResult.changes} and its name (the import summary's words, `--json`
 * normalizedByKind, the README's table). Summaries list the kinds in this order.
 */
export const NORMALIZATIONS = [
  [PHONE_TRIMMED, 'trimmed'],
  [PHONE_SPREADSHEET, 'phone_spreadsheet'],
  [PHONE_SEPARATORS, 'phone_separators'],
  [PHONE_COUNTRY_CODE, 'phone_country_code'],
  [PHONE_LEADING_ZERO, 'phone_leading_zero'],
  [PHONE_EXCEL_NUMBER, 'phone_excel_number'],
  [PHONE_LEGACY_MOBILE, 'phone_legacy_mobile'],
] as const;
export type NormalizationKind = (typeof NORMALIZATIONS)[number][1];
/** The kinds' names, in the summary's order. */
export const NORMALIZATION_KINDS: readonly NormalizationKind[] = NORMALIZATIONS.map(([, k]) => k);

// ---------------------------------------------------------------------------------------------
// Trimming

/** White space as String.prototype.trim sees it, plus NEL and the zero-width space. */
export function isTrimmable(c: number): boolean {
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

/** Whether a value may hold a spreadsheet leftover (a cheap test before cleanSpreadsheet). */
function mayHoldLeftover(t: string): boolean {
  const first = t.charCodeAt(0);
  const last = t.charCodeAt(t.length - 1);
  if (first === 39 /* ' */ || first === 0x2019 || first === 61 /* = */) return true;
  if (last === 59 /* ; */ || last === 44 /* , */) return true;
  for (let i = 0; i < t.length; i++) if (t.charCodeAt(i) >= 0xff0b) return true;
  return false;
}

const FULL_WIDTH = /[\uff0b\uff10-\uff19]/g;
const FORMULA = /^="([^"]*)"$/;
const TRAILING_LIST_MARKS = /[;,]+$/;

/**
 * Remove spreadsheet leftovers: a leading apostrophe (or ’), an `="…"` formula wrapper,
 * full-width digits and plus, trailing `;` or `,`. Returns the value itself when none is found.
 */
export function cleanSpreadsheet(t: string): string {
  if (!mayHoldLeftover(t)) return t;
  let v = t.replace(FULL_WIDTH, (c) => String.fromCharCode(c.charCodeAt(0) - 0xfee0));
  // Until nothing more comes off (`''0912…`, `0912…, ,`): cleaning twice changes nothing.
  // Every round that changes the value shortens it, so this ends.
  for (let before = ''; v !== before && v !== '';) {
    before = v;
    const formula = FORMULA.exec(v);
    if (formula !== null) v = formula[1]!;
    if (v.charCodeAt(0) === 39 || v.charCodeAt(0) === 0x2019) v = v.slice(1);
    v = trimField(v.replace(TRAILING_LIST_MARKS, ''));
  }
  return v === t ? t : v;
}

/**
 * An old mobile's national number without its trunk 0 (10 digits, `1` first) in the new
 * numbering, or undefined when its prefix was not renumbered.
 */
function renumbered(old: string): string | undefined {
  const prefix = LEGACY_MOBILE_PREFIXES[`0${old.slice(0, 3)}`];
  return prefix === undefined ? undefined : prefix + old.slice(3);
}

/** 10 digits starting with 1: an old mobile number's digits after its trunk 0. */
function isOldNational(s: string, from: number): boolean {
  return s.length - from === 10 && s.charCodeAt(from) === 49 && isDigitRun(s, from + 1, s.length);
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

  const t0 = trimField(raw);
  const trimmed = t0.length !== raw.length ? PHONE_TRIMMED : 0;
  if (t0.length === 0) return result(into, t0, trimmed);
  const t = cleanSpreadsheet(t0);
  /** What is given back when nothing can be made of the value: trimmed and cleaned only. */
  const plain = trimmed | (t === t0 ? 0 : PHONE_SPREADSHEET);
  if (t.length === 0 || isMobile(t)) return result(into, t, plain);

  let changes = plain;
  let s: string;
  let m = EXCEL_SCIENTIFIC.exec(t);
  if (m !== null) {
    const fraction = m[2]!;
    // Exact only when every digit is shown: as many decimals as the exponent.
    if (fraction.length !== Number(m[3])) return result(into, t, plain);
    s = m[1]! + fraction;
    changes |= PHONE_EXCEL_NUMBER;
  } else if ((m = EXCEL_FLOAT.exec(t)) !== null) {
    s = m[1]!;
    changes |= PHONE_EXCEL_NUMBER;
  } else if (DECIMAL.test(t)) {
    return result(into, t, plain);
  } else {
    s = t.replace(PHONE_SEPARATOR_CHARS, '');
    if (!PLUS_DIGITS.test(s)) return result(into, t, plain);
    if (s.length !== t.length) changes |= PHONE_SEPARATORS;
  }

  const n = s.length;
  /** Where an old mobile's 10 national digits start, and what the form added. */
  let old = -1;
  let oldForm = 0;
  if (s.charCodeAt(0) === 43 /* + */) {
    // +84 912345678, +84 (0) 912345678; any other '+' form is left for validation.
    if (n === 12 && s.startsWith('+84') && isNonZeroDigit(s, 3)) {
      return result(into, `0${s.slice(3)}`, changes | PHONE_COUNTRY_CODE);
    }
    if (n === 13 && s.startsWith('+840') && isNonZeroDigit(s, 4)) {
      return result(into, s.slice(3), changes | PHONE_COUNTRY_CODE);
    }
    if (s.startsWith('+84') && isOldNational(s, 3)) [old, oldForm] = [3, PHONE_COUNTRY_CODE];
    else if (s.startsWith('+840') && isOldNational(s, 4)) [old, oldForm] = [4, PHONE_COUNTRY_CODE];
    else return result(into, t, plain);
  } else if (n === 13 && s.startsWith('0084') && isNonZeroDigit(s, 4)) {
    return result(into, `0${s.slice(4)}`, changes | PHONE_COUNTRY_CODE);
  } else if (n === 14 && s.startsWith('00840') && isNonZeroDigit(s, 5)) {
    return result(into, s.slice(4), changes | PHONE_COUNTRY_CODE);
  } else if (n === 11 && s.startsWith('84') && isNonZeroDigit(s, 2)) {
    return result(into, `0${s.slice(2)}`, changes | PHONE_COUNTRY_CODE);
  } else if (n === 9 && isNonZeroDigit(s, 0)) {
    return result(into, `0${s}`, changes | PHONE_LEADING_ZERO);
  } else if (s.startsWith('0084') && isOldNational(s, 4)) {
    [old, oldForm] = [4, PHONE_COUNTRY_CODE];
  } else if (s.startsWith('00840') && isOldNational(s, 5)) {
    [old, oldForm] = [5, PHONE_COUNTRY_CODE];
  } else if (s.startsWith('84') && isOldNational(s, 2)) {
    [old, oldForm] = [2, PHONE_COUNTRY_CODE];
  } else if (s.charCodeAt(0) === 48 && isOldNational(s, 1)) {
    [old, oldForm] = [1, 0];
  } else if (isOldNational(s, 0)) {
    [old, oldForm] = [0, PHONE_LEADING_ZERO];
  }
  if (old < 0) return result(into, s, changes);
  const digits = s.slice(old);
  const now = renumbered(digits);
  if (now !== undefined) return result(into, now, changes | oldForm | PHONE_LEGACY_MOBILE);
  // Not a renumbered prefix: the national 11-digit form (0 + 10 digits) for validation to
  // explain; without a trunk 0 nothing is guessed.
  if (old === 0) return result(into, s, changes);
  return result(into, `0${digits}`, changes | oldForm);
}

/** A phone as the import normalises it ('' for none): one key for one number however written. */
export function phoneKey(v: unknown): string {
  const s = v == null ? '' : String(v);
  return s.trim() === '' ? '' : normalizePhone(s).value;
}

/**
 * Normalise a desk phone number: trim, spreadsheet leftovers, drop separators, +84/0084 (and
 * `+84 (0)`) become 0, and an old 11-digit mobile (someone's mobile given as the home phone)
 * becomes its new number. No leading-zero guessing and no Excel recovery (an Excel number
 * form such as `2812345678.0` comes back only trimmed). Anything that is not digits after
 * that comes back only trimmed.
 */
export function normalizeHomePhone(raw: string, into?: PhoneResult): PhoneResult {
  const n0 = raw.length;
  // Fast path: digits that carry no 0084 prefix and are no old mobile number.
  if (n0 > 0 && isDigitRun(raw, 0, n0) && !raw.startsWith('0084') && !raw.startsWith('01'))
    return result(into, raw, 0);

  const t0 = trimField(raw);
  const trimmed = t0.length !== raw.length ? PHONE_TRIMMED : 0;
  const t = t0.length === 0 ? t0 : cleanSpreadsheet(t0);
  const plain = trimmed | (t === t0 ? 0 : PHONE_SPREADSHEET);
  // Excel number forms are not guessed at: left for validation to show.
  if (t.length === 0 || DECIMAL.test(t) || FLOAT_FORM.test(t)) return result(into, t, plain);
  let changes = plain;
  let s = t.replace(PHONE_SEPARATOR_CHARS, '');
  if (!PLUS_DIGITS.test(s)) return result(into, t, plain);
  if (s.length !== t.length) changes |= PHONE_SEPARATORS;

  if (s.charCodeAt(0) === 43 /* + */) {
    if (s.startsWith('+840') && isNonZeroDigit(s, 4)) {
      s = s.slice(3);
    } else if (s.startsWith('+84') && isNonZeroDigit(s, 3)) {
      s = `0${s.slice(3)}`;
    } else {
      return result(into, t, plain);
    }
    changes |= PHONE_COUNTRY_CODE;
  } else if (s.startsWith('00840') && isNonZeroDigit(s, 5)) {
    s = s.slice(4);
    changes |= PHONE_COUNTRY_CODE;
  } else if (s.startsWith('0084') && isNonZeroDigit(s, 4)) {
    s = `0${s.slice(4)}`;
    changes |= PHONE_COUNTRY_CODE;
  }
  if (s.charCodeAt(0) === 48 && isOldNational(s, 1)) {
    const now = renumbered(s.slice(1));
    if (now !== undefined) return result(into, now, changes | PHONE_LEGACY_MOBILE);
  }
  return result(into, s, changes);
}
