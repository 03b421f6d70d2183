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
import { t, tCount } from '../messages/index.js';
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
    const pattern = JSON.stringify(source);
    throw new UsageError(
      setting === 'import.phonePattern'
        ? t('leads.pattern.phone.invalid', { pattern })
        : t('leads.pattern.homePhone.invalid', { pattern }),
      { hint: t('leads.pattern.invalid.hint', { setting }), cause: e },
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
      throw new UsageError(t('leads.placeholder.notPhone', { value: showValue(String(entry)) }), {
        hint: t('leads.placeholder.notPhone.hint'),
      });
    listed.add(n);
  }
  const isDefault = phonePattern === DEFAULT_PHONE_PATTERN;
  const phoneMax = LEAD_MAX_LENGTH.phone_number;

  function phoneFormat(phone: string, shown: string): Rejection {
    let reason: string;
    if (isDefault && isLandline(phone)) {
      // A landline: 0, a two-digit area code 2x, eight digits (024 3826 1234, +84 24 3826 1234),
      // which normalisation leaves as written in its international form.
      reason = t('leads.reject.phone.landline', { shown });
    } else if (!DIGITS.test(phone)) {
      reason = isDefault
        ? t('leads.reject.phone.notForm', { shown })
        : pattern.test(phone)
          ? t('leads.reject.phone.notDigits', { shown })
          : t('leads.reject.phone.notPattern', { shown, pattern: phonePattern });
    } else if (!isDefault) {
      reason = t('leads.reject.phone.notPattern', { shown, pattern: phonePattern });
    } else if (phone.length === 10) {
      reason = t('leads.reject.phone.noZero', { shown });
    } else if (phone.length === 11 && phone.startsWith('01')) {
      const prefix = phone.slice(0, 4);
      const now = LEGACY_MOBILE_PREFIXES[prefix];
      reason =
        now === undefined
          ? t('leads.reject.phone.notRenumbered', { shown, prefix, renumbered: RENUMBERED })
          : t('leads.reject.phone.oldMobile', { shown, prefix, now });
    } else {
      reason = tCount('leads.reject.phone.digits', countDigits(phone), { shown });
    }
    return { code: 'phone_format', reason };
  }

  function validate(
    lead: Record<string, string>,
    originalPhone: string | undefined,
  ): Rejection | undefined {
    const phone = lead.phone_number;
    if (phone === undefined || phone === '') {
      return { code: 'phone_missing', reason: t('leads.reject.phone.empty') };
    }
    if (isDefault ? !isDefaultPhone(phone) : !pattern.test(phone) || !DIGITS.test(phone)) {
      const shown = showValue(originalPhone ?? phone);
      if (EXCEL_SCIENTIFIC.test(phone)) {
        return {
          code: 'phone_excel_precision',
          reason: t('leads.reject.phone.excel', { shown }),
        };
      }
      if (LETTER.test(phone)) {
        return { code: 'phone_letters', reason: t('leads.reject.phone.letters', { shown }) };
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
          ? t('leads.reject.phone.testNumber', { shown: showValue(originalPhone ?? phone) })
          : t('leads.reject.phone.placeholder', { shown: showValue(originalPhone ?? phone) }),
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
          ? t('leads.reject.homePhone.notPhone', { shown: showValue(home) })
          : t('leads.reject.homePhone.notPattern', { shown: showValue(home), pattern: homeSource }),
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
    reason: t('leads.reject.tooLong', {
      field,
      length: codePointLength(value),
      max: MAX_LENGTHS[i]!,
    }),
  };
}

/**
 * Whether a phone number, as normalisation left it, is a Vietnamese landline: 0 (or +84, 0084,
 * 84), a two-digit area code 2x, eight digits; separators (spaces, dots, dashes, brackets) aside.
 */
function isLandline(phone: string): boolean {
  const digits = phone.replace(/[\s().-]/g, '');
  const national = /^(?:\+84|0084|84)(2\d{9})$/.exec(digits)?.[1];
  return /^02\d{9}$/.test(national === undefined ? digits : `0${national}`);
}
