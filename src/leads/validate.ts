/**
 * Validation of one normalised lead (DESIGN.md "Import semantics" §4, spec sections 2.1 and 8).
 * A failing lead gets a stable machine code and a reason a person understands, showing the value
 * the operator typed. Checks run in a fixed order and the first failure wins: phone_missing,
 * phone_letters, phone_excel_precision, phone_format, phone_placeholder, too_long:<field> in
 * LEAD_FIELDS order, home_phone_format.
 */
import {
  DEFAULT_HOME_PHONE_PATTERN,
  DEFAULT_PHONE_PATTERN,
  LEAD_FIELDS,
  LEAD_MAX_LENGTH,
  type LeadField,
} from '../api/spec.js';
import { UsageError } from '../errors.js';
import { LEGACY_MOBILE_PREFIXES, normalizePhone } from './normalize.js';

export interface Rejection {
  code: string;
  reason: string;
}

export interface Validator {
  /**
   * The first problem of a lead, or undefined when it may be sent. `originalPhone` is the
   * phone number as the operator wrote it (before normalisation), shown in reasons; when
   * undefined, the lead's own phone_number is shown.
   */
  validate(lead: Record<string, string>, originalPhone: string | undefined): Rejection | undefined;
}

type TooLongCode = `too_long:${LeadField}`;
export type RejectionCode =
  | 'phone_missing'
  | 'phone_letters'
  | 'phone_excel_precision'
  | 'phone_format'
  | 'phone_placeholder'
  | TooLongCode
  | 'home_phone_format'
  | 'duplicate';

/**
 * Every code a row can be rejected with before sending, in check order. `duplicate` is given by
 * the dedupe step (a later occurrence of a phone number already seen), not by the validator.
 */
export const REJECTION_CODES: readonly RejectionCode[] = [
  'phone_missing',
  'phone_letters',
  'phone_excel_precision',
  'phone_format',
  'phone_placeholder',
  ...LEAD_FIELDS.map((f): TooLongCode => `too_long:${f}`),
  'home_phone_format',
  'duplicate',
];

/** Values shown in reasons are cut to this many characters. */
const SHOWN_MAX = 40;

const LETTER = /\p{L}/u;
const DIGITS = /^\d+$/;
/** An Excel scientific form that normalisation could not recover exactly. */
const EXCEL_SCIENTIFIC = /^[+-]?\d+(?:[.,]\d*)?[eE][+-]?\d+$/;

const MAX_LENGTHS: readonly number[] = LEAD_FIELDS.map((f) => LEAD_MAX_LENGTH[f]);
const TOO_LONG_CODES: readonly string[] = LEAD_FIELDS.map((f) => `too_long:${f}`);
/** field → max length, for the per-row scan over the lead's own keys (a Map: fast string keys). */
const MAX_BY_FIELD: ReadonlyMap<string, number> = new Map(
  LEAD_FIELDS.map((f) => [f, LEAD_MAX_LENGTH[f]] as const),
);

/** /^0\d{9}$/ without a regular expression (the default pattern, checked on every row). */
function isDefaultPhone(s: string): boolean {
  if (s.length !== 10 || s.charCodeAt(0) !== 48) return false;
  for (let i = 1; i < 10; i++) {
    const c = s.charCodeAt(i);
    if (c < 48 || c > 57) return false;
  }
  return true;
}

function isTooLong(value: string, max: number): boolean {
  return value.length > max && codePointLength(value) > max;
}

/** Length in characters (code points), not UTF-16 units. */
function codePointLength(value: string): number {
  let n = 0;
  for (const _ of value) n++;
  return n;
}

/** A value as shown in a reason: cut to 40 characters (code points), JSON-quoted. */
export function showValue(value: string): string {
  if (value.length <= SHOWN_MAX) return JSON.stringify(value);
  let out = '';
  let n = 0;
  for (const ch of value) {
    if (n === SHOWN_MAX) return `${JSON.stringify(out)}…`;
    out += ch;
    n++;
  }
  return JSON.stringify(out);
}

function countDigits(value: string): number {
  let n = 0;
  for (let i = 0; i < value.length; i++) {
    const c = value.charCodeAt(i);
    if (c >= 48 && c <= 57) n++;
  }
  return n;
}

/** Placeholders, not subscribers: ten equal digits, or 0 and nine equal digits, and these. */
const PLACEHOLDERS: ReadonlySet<string> = new Set(['0123456789', '0987654321']);

function isPlaceholder(phone: string, listed: ReadonlySet<string>): boolean {
  if (PLACEHOLDERS.has(phone) || listed.has(phone)) return true;
  if (phone.length !== 10) return false;
  const d = phone.charCodeAt(1);
  for (let i = 2; i < phone.length; i++) if (phone.charCodeAt(i) !== d) return false;
  return phone.charCodeAt(0) === 48 || phone.charCodeAt(0) === d;
}

/** The mobile prefixes renumbered in 2018, as a reason lists them. */
const RENUMBERED = '0120–0129, 0162–0169, 0186, 0188, 0199';

function anchored(source: string, setting: string): RegExp {
  try {
    return new RegExp(`^(?:${source})$`);
  } catch (e) {
    throw new UsageError(
      `the ${setting === 'import.phonePattern' ? 'phone' : 'home phone'} pattern ${JSON.stringify(source)} is not a valid regular expression`,
      {
        hint: `fix ${setting} in the configuration (a JavaScript regular expression)`,
        cause: e,
      },
    );
  }
}

export interface ValidatorOptions {
  /** Config `import.homePhonePattern` (default DEFAULT_HOME_PHONE_PATTERN). */
  homePhonePattern?: string;
  /** Config `import.placeholderNumbers`: a centre's own test numbers, in any written form. */
  placeholderNumbers?: readonly string[];
}

/**
 * A validator for one run. `phonePattern` (config `import.phonePattern`) must match the whole
 * normalised phone number (it is anchored if it is not); phone numbers must be digits whatever
 * the pattern says. home_phone, when given, must match `homePhonePattern`. Throws UsageError
 * for a pattern that is not a valid regular expression, or a placeholder entry that is no
 * phone number.
 */
export function createValidator(
  phonePattern: string = DEFAULT_PHONE_PATTERN,
  opts: ValidatorOptions = {},
): Validator {
  const pattern = anchored(phonePattern, 'import.phonePattern');
  const homeSource = opts.homePhonePattern ?? DEFAULT_HOME_PHONE_PATTERN;
  const homePattern = anchored(homeSource, 'import.homePhonePattern');
  const homeDefault = homeSource === DEFAULT_HOME_PHONE_PATTERN;
  const listed = new Set<string>();
  for (const entry of opts.placeholderNumbers ?? []) {
    const n = normalizePhone(String(entry)).value;
    if (!DIGITS.test(n) || n.length < 9)
      throw new UsageError(
        `import.placeholderNumbers: ${showValue(String(entry))} is not a phone number`,
        { hint: 'List the test numbers as text, e.g. "0911111222".' },
      );
    listed.add(n);
  }
  const isDefault = phonePattern === DEFAULT_PHONE_PATTERN;
  const phoneMax = LEAD_MAX_LENGTH.phone_number;

  function phoneFormat(phone: string, shown: string): Rejection {
    let reason: string;
    if (!DIGITS.test(phone)) {
      reason = isDefault
        ? `phone_number ${shown} is not a number of the form 0xxxxxxxxx`
        : pattern.test(phone)
          ? `phone_number ${shown} has characters other than digits; the service accepts only 0-9`
          : `phone_number ${shown} does not match the phone pattern ${phonePattern}`;
    } else if (!isDefault) {
      reason = `phone_number ${shown} does not match the phone pattern ${phonePattern}`;
    } else if (phone.length === 10) {
      reason = `phone_number ${shown} does not start with 0; expected 0 followed by 9 digits`;
    } else if (phone.length === 11 && phone.startsWith('01')) {
      const prefix = phone.slice(0, 4);
      const now = LEGACY_MOBILE_PREFIXES[prefix];
      reason =
        now === undefined
          ? `phone_number ${shown} has 11 digits: ${prefix} is not one of the mobile prefixes renumbered in 2018 (${RENUMBERED}), so it cannot be converted; expected 0 followed by 9 digits`
          : `phone_number ${shown} is an old 11-digit mobile number (${prefix} became ${now} in 2018); import without --no-normalize to convert it`;
    } else {
      const digits = countDigits(phone);
      reason = `phone_number ${shown} has ${digits} ${digits === 1 ? 'digit' : 'digits'}; expected 0 followed by 9 digits`;
    }
    return { code: 'phone_format', reason };
  }

  function validate(
    lead: Record<string, string>,
    originalPhone: string | undefined,
  ): Rejection | undefined {
    const phone = lead.phone_number;
    if (phone === undefined || phone === '') {
      return { code: 'phone_missing', reason: 'phone_number is empty' };
    }
    if (isDefault ? !isDefaultPhone(phone) : !pattern.test(phone) || !DIGITS.test(phone)) {
      const shown = showValue(originalPhone ?? phone);
      if (EXCEL_SCIENTIFIC.test(phone)) {
        return {
          code: 'phone_excel_precision',
          reason: `phone_number ${shown} lost digits in Excel (scientific notation); re-export the column as text`,
        };
      }
      if (LETTER.test(phone)) {
        return { code: 'phone_letters', reason: `phone_number ${shown} has letters` };
      }
      if (phone.length > phoneMax && DIGITS.test(phone)) {
        return tooLong(0, phone);
      }
      return phoneFormat(phone, shown);
    }
    if (isPlaceholder(phone, listed)) {
      return {
        code: 'phone_placeholder',
        reason: listed.has(phone)
          ? `phone_number ${showValue(originalPhone ?? phone)} is a test number (import.placeholderNumbers), not a customer's`
          : `phone_number ${showValue(originalPhone ?? phone)} is a placeholder, not a subscriber's number`,
      };
    }
    // Fast scan over the lead's own (few) keys; only when something is too long, find the
    // first such field in LEAD_FIELDS order.
    let anyTooLong = false;
    for (const key in lead) {
      const max = MAX_BY_FIELD.get(key);
      if (max !== undefined && isTooLong(lead[key]!, max)) {
        anyTooLong = true;
        break;
      }
    }
    if (anyTooLong) {
      for (let i = 0; i < LEAD_FIELDS.length; i++) {
        const value = lead[LEAD_FIELDS[i]!];
        if (value !== undefined && isTooLong(value, MAX_LENGTHS[i]!)) return tooLong(i, value);
      }
    }
    const home = lead.home_phone;
    if (home !== undefined && (!homePattern.test(home) || !DIGITS.test(home))) {
      return {
        code: 'home_phone_format',
        reason: homeDefault
          ? `home_phone ${showValue(home)} is not a phone number: expected 0 followed by 9 or 10 digits`
          : `home_phone ${showValue(home)} does not match the home phone pattern ${homeSource}`,
      };
    }
    return undefined;
  }

  return { validate };
}

function tooLong(i: number, value: string): Rejection {
  const field = LEAD_FIELDS[i]!;
  return {
    code: TOO_LONG_CODES[i]!,
    reason: `${field} is ${codePointLength(value)} characters; the service allows at most ${MAX_LENGTHS[i]!}`,
  };
}
