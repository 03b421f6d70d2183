import { describe, expect, it } from 'vitest';
import { DEFAULT_PHONE_PATTERN, LEAD_FIELDS, LEAD_MAX_LENGTH } from '../../src/api/spec.js';
import { UsageError } from '../../src/errors.js';
import { normalizeHomePhone, normalizePhone } from '../../src/leads/normalize.js';
import { REJECTION_CODES, createValidator, showValue } from '../../src/leads/validate.js';

const validator = createValidator(DEFAULT_PHONE_PATTERN);
const ok = { phone_number: '0912345678' };

/** Normalise like the import pipeline does, then validate. */
function check(rawPhone: string | undefined, rest: Record<string, string> = {}) {
  const lead: Record<string, string> = { ...rest };
  if (rawPhone !== undefined) lead.phone_number = normalizePhone(rawPhone).value;
  if (lead.home_phone !== undefined) lead.home_phone = normalizeHomePhone(lead.home_phone).value;
  return validator.validate(lead, rawPhone);
}

describe('REJECTION_CODES', () => {
  it('lists the fixed codes in check order, one too_long per lead field', () => {
    expect(REJECTION_CODES).toEqual([
      'phone_missing',
      'phone_letters',
      'phone_excel_precision',
      'phone_format',
      'phone_placeholder',
      ...LEAD_FIELDS.map((f) => `too_long:${f}`),
      'home_phone_format',
      'duplicate',
    ]);
    expect(new Set(REJECTION_CODES).size).toBe(REJECTION_CODES.length);
  });
});

describe('validate', () => {
  it('accepts a clean lead', () => {
    expect(validator.validate(ok, '0912345678')).toBeUndefined();
    expect(
      validator.validate(
        {
          phone_number: '0912345678',
          name: 'Nguyễn Văn A',
          home_phone: '02812345678',
          field10: 'x',
        },
        undefined,
      ),
    ).toBeUndefined();
  });

  it.each<[string | undefined, string, string]>([
    [undefined, 'phone_missing', 'phone_number is empty'],
    ['', 'phone_missing', 'phone_number is empty'],
    ['   ', 'phone_missing', 'phone_number is empty'],
    ['0912-ABC', 'phone_letters', 'phone_number "0912-ABC" has letters'],
    ['0912345678 ext 12', 'phone_letters', 'phone_number "0912345678 ext 12" has letters'],
    ['không có', 'phone_letters', 'phone_number "không có" has letters'],
    [
      '9.12346E+08',
      'phone_excel_precision',
      'phone_number "9.12346E+08" lost digits in Excel (scientific notation); re-export the column as text',
    ],
    [
      '9,12346E+08',
      'phone_excel_precision',
      'phone_number "9,12346E+08" lost digits in Excel (scientific notation); re-export the column as text',
    ],
    [
      '091234567',
      'phone_format',
      'phone_number "091234567" has 9 digits; expected 0 followed by 9 digits',
    ],
    [
      '0912 345 67',
      'phone_format',
      'phone_number "0912 345 67" has 9 digits; expected 0 followed by 9 digits',
    ],
    [
      '09123456789',
      'phone_format',
      'phone_number "09123456789" has 11 digits; expected 0 followed by 9 digits',
    ],
    [
      '1912345678',
      'phone_format',
      'phone_number "1912345678" does not start with 0; expected 0 followed by 9 digits',
    ],
    [
      '+1 555 1234',
      'phone_format',
      'phone_number "+1 555 1234" is not a number of the form 0xxxxxxxxx',
    ],
    [
      '912345678.5',
      'phone_format',
      'phone_number "912345678.5" is not a number of the form 0xxxxxxxxx',
    ],
    [
      '0912/345/678',
      'phone_format',
      'phone_number "0912/345/678" is not a number of the form 0xxxxxxxxx',
    ],
    [
      '0'.repeat(26),
      'too_long:phone_number',
      'phone_number is 26 characters; the service allows at most 25',
    ],
    [
      `+${'1'.repeat(44)}`,
      'phone_format',
      `phone_number "+${'1'.repeat(39)}"… is not a number of the form 0xxxxxxxxx`,
    ],
  ])('phone %j → %s', (raw, code, reason) => {
    expect(check(raw)).toEqual({ code, reason });
  });

  it('shows the value the operator typed, not the normalised one', () => {
    const lead = { phone_number: '091234567' };
    expect(validator.validate(lead, ' 091-234-567 ')?.reason).toBe(
      'phone_number " 091-234-567 " has 9 digits; expected 0 followed by 9 digits',
    );
    expect(validator.validate(lead, undefined)?.reason).toBe(
      'phone_number "091234567" has 9 digits; expected 0 followed by 9 digits',
    );
  });

  it('quotes values as JSON and cuts them to 40 characters', () => {
    expect(showValue('a"b')).toBe('"a\\"b"');
    expect(showValue('tab\there')).toBe('"tab\\there"');
    expect(showValue('x'.repeat(40))).toBe(`"${'x'.repeat(40)}"`);
    expect(showValue('x'.repeat(41))).toBe(`"${'x'.repeat(40)}"…`);
    // counted in characters: an emoji is not cut in half
    expect(showValue('😀'.repeat(41))).toBe(`"${'😀'.repeat(40)}"…`);
    const long = `0912-${'A'.repeat(60)}`;
    expect(check(long)?.reason).toBe(`phone_number "0912-${'A'.repeat(35)}"… has letters`);
  });

  it.each(LEAD_FIELDS.filter((f) => f !== 'phone_number'))('too_long:%s', (field) => {
    const max = LEAD_MAX_LENGTH[field];
    const value = field === 'home_phone' ? '1'.repeat(max) : 'x'.repeat(max);
    // Any digits may be a home phone here: the length is what is checked.
    const v =
      field === 'home_phone'
        ? createValidator(DEFAULT_PHONE_PATTERN, { homePhonePattern: '\\d+' })
        : validator;
    expect(v.validate({ ...ok, [field]: value }, undefined)).toBeUndefined();
    expect(v.validate({ ...ok, [field]: `${value}1` }, undefined)).toEqual({
      code: `too_long:${field}`,
      reason: `${field} is ${max + 1} characters; the service allows at most ${max}`,
    });
  });

  it('counts characters (code points), not UTF-16 units', () => {
    const max = LEAD_MAX_LENGTH.name;
    // 100 emoji are 200 UTF-16 units but 100 characters
    expect(validator.validate({ ...ok, name: '😀'.repeat(max) }, undefined)).toBeUndefined();
    expect(validator.validate({ ...ok, name: '😀'.repeat(max + 1) }, undefined)).toEqual({
      code: 'too_long:name',
      reason: `name is ${max + 1} characters; the service allows at most ${max}`,
    });
    expect(validator.validate({ ...ok, name: 'Nguyễn'.repeat(16) }, undefined)).toBeUndefined();
  });

  it.each([
    [
      '028-ABC',
      'home_phone "028-ABC" is not a phone number: expected 0 followed by 9 or 10 digits',
    ],
    [
      '+1 555 1234',
      'home_phone "+1 555 1234" is not a phone number: expected 0 followed by 9 or 10 digits',
    ],
    [
      '2812345678.0',
      'home_phone "2812345678.0" is not a phone number: expected 0 followed by 9 or 10 digits',
    ],
  ])('home_phone_format for %j', (home, reason) => {
    expect(check('0912345678', { home_phone: home })).toEqual({
      code: 'home_phone_format',
      reason,
    });
  });

  it('accepts home phones once separators and +84 are normalised', () => {
    expect(check('0912345678', { home_phone: '+84 (28) 1234-5678' })).toBeUndefined();
  });

  it('checks in a fixed order: phone first, then lengths in LEAD_FIELDS order, then home_phone', () => {
    const long = (f: keyof typeof LEAD_MAX_LENGTH) => 'x'.repeat(LEAD_MAX_LENGTH[f] + 1);
    expect(validator.validate({ name: long('name') }, undefined)?.code).toBe('phone_missing');
    expect(
      validator.validate({ phone_number: '09-ABC', name: long('name') }, undefined)?.code,
    ).toBe('phone_letters');
    expect(
      validator.validate({ ...ok, email: long('email'), name: long('name') }, undefined)?.code,
    ).toBe('too_long:name');
    expect(
      validator.validate({ ...ok, field02: long('field02'), ref_id: long('ref_id') }, undefined)
        ?.code,
    ).toBe('too_long:ref_id');
    expect(
      validator.validate({ ...ok, home_phone: 'ABC', address: long('address') }, undefined)?.code,
    ).toBe('too_long:address');
    // a home phone that is too long and not digits: the length is reported
    expect(validator.validate({ ...ok, home_phone: 'A'.repeat(26) }, undefined)?.code).toBe(
      'too_long:home_phone',
    );
    // a phone longer than 25: too_long only when it is digits, else phone_format
    expect(validator.validate({ phone_number: '1'.repeat(26) }, undefined)?.code).toBe(
      'too_long:phone_number',
    );
    expect(validator.validate({ phone_number: `+${'1'.repeat(26)}` }, undefined)?.code).toBe(
      'phone_format',
    );
  });

  describe('with a custom phone pattern', () => {
    const wide = createValidator('0\\d{9,10}');

    it('accepts what the pattern allows, anchored to the whole value', () => {
      expect(wide.validate({ phone_number: '09123456789' }, undefined)).toBeUndefined();
      expect(wide.validate({ phone_number: '0912345678' }, undefined)).toBeUndefined();
      expect(wide.validate({ phone_number: 'x09123456789' }, undefined)?.code).toBe(
        'phone_letters',
      );
      expect(wide.validate({ phone_number: '091234567890' }, undefined)).toEqual({
        code: 'phone_format',
        reason: 'phone_number "091234567890" does not match the phone pattern 0\\d{9,10}',
      });
    });

    it('still requires digits', () => {
      const plus = createValidator('\\+?\\d+');
      expect(plus.validate({ phone_number: '+84912345678' }, undefined)).toEqual({
        code: 'phone_format',
        reason:
          'phone_number "+84912345678" has characters other than digits; the service accepts only 0-9',
      });
      expect(plus.validate({ phone_number: '1'.repeat(26) }, undefined)?.code).toBe(
        'too_long:phone_number',
      );
    });

    it('says which pattern a non-digit value misses', () => {
      expect(wide.validate({ phone_number: '+1 555' }, undefined)?.reason).toBe(
        'phone_number "+1 555" does not match the phone pattern 0\\d{9,10}',
      );
    });

    it('refuses a pattern that is not a regular expression', () => {
      expect(() => createValidator('(')).toThrow(UsageError);
      expect(() => createValidator('(')).toThrow(
        /the phone pattern "\(" is not a valid regular expression/,
      );
    });

    it('defaults to the spec pattern', () => {
      expect(createValidator().validate({ phone_number: '09123456789' }, undefined)?.code).toBe(
        'phone_format',
      );
    });
  });
});
