/**
 * Vietnamese numbers as they really are (DESIGN.md "Vietnamese numbers and do-not-call lists"):
 * old 11-digit mobiles in every written form, spreadsheet leftovers, placeholders, home_phone.
 * Checked against a renumbering table read here from the design's own words (not from the
 * source's table) and against libphonenumber, which knows the new numbering (and rejects the
 * old numbers, so it cannot convert them itself).
 */
import fs from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { parsePhoneNumberFromString } from 'libphonenumber-js/max';
import { describe, expect, it } from 'vitest';
import {
  LEGACY_MOBILE_PREFIXES,
  PHONE_LEGACY_MOBILE,
  PHONE_SPREADSHEET,
  normalizeHomePhone,
  normalizePhone,
} from '../../src/leads/normalize.js';
import { createValidator } from '../../src/leads/validate.js';
import { CacsClient } from '../../src/api/client.js';
import { runCli, tempDir } from '../helpers/cli.js';
import {
  emulatorPool,
  importEnv,
  importJson,
  processedPhones,
  readCsv,
  write,
} from '../helpers/import.js';

/** The renumbering as DESIGN.md states it, parsed independently of src/. */
const DESIGN_TABLE = `Viettel 0162–0169 → 032–039; MobiFone 0120 → 070, 0121 → 079,
  0122 → 077, 0126 → 076, 0128 → 078; VinaPhone 0123 → 083, 0124 → 084, 0125 → 085,
  0127 → 081, 0129 → 082; Vietnamobile 0186 → 056, 0188 → 058; Gmobile 0199 → 059`;
const TABLE = new Map<string, string>();
for (const m of DESIGN_TABLE.matchAll(/(0\d{3})(?:–(0\d{3}))? → (0\d{2})(?:–(0\d{2}))?/g)) {
  const [, from, fromEnd, to] = m;
  const count = fromEnd ? Number(fromEnd) - Number(from) + 1 : 1;
  for (let i = 0; i < count; i++)
    TABLE.set(
      `0${String(Number(from) + i).padStart(3, '0')}`,
      `0${String(Number(to) + i).padStart(2, '0')}`,
    );
}

const isVnMobile = (n: string) => {
  const p = parsePhoneNumberFromString(n, 'VN');
  return p !== undefined && p.isValid() && p.getType() === 'MOBILE';
};

/** Every written form of an old number `0` + prefix(3) + rest(7) that cacs converts. */
function writtenForms(old: string): string[] {
  const p = old.slice(1, 4);
  const r = old.slice(4);
  const national = old.slice(1);
  return [
    old,
    `0${p} ${r.slice(0, 3)} ${r.slice(3)}`,
    `0${p}.${r.slice(0, 3)}.${r.slice(3)}`,
    `+84 ${p} ${r.slice(0, 3)} ${r.slice(3)}`,
    `+84${national}`,
    `+84 (0)${p} ${r}`,
    `0084 ${p} ${r.slice(0, 3)} ${r.slice(3)}`,
    `0084${national}`,
    `84${national}`,
    national, // Excel dropped the leading zero
    `${national}.0`,
    `${national[0]}.${national.slice(1)}E+09`,
    `'${old}`,
    `="${old}"`,
    ` ${old} `,
  ];
}

describe('old 11-digit mobiles', () => {
  it('the table has the 21 prefixes of the design, each to its new prefix', () => {
    expect(TABLE.size).toBe(21);
    expect(Object.fromEntries(TABLE)).toEqual(LEGACY_MOBILE_PREFIXES);
  });

  it.each([...TABLE])(
    '%s → %s in every written form, a valid mobile per libphonenumber',
    (from, to) => {
      const old = `${from}2345678`;
      const expected = `${to}2345678`;
      expect(isVnMobile(old)).toBe(false); // libphonenumber rejects the old form
      expect(isVnMobile(expected)).toBe(true);
      for (const form of writtenForms(old)) {
        const r = normalizePhone(form);
        expect({ form, value: r.value }).toEqual({ form, value: expected });
        expect(r.changes & PHONE_LEGACY_MOBILE).toBe(PHONE_LEGACY_MOBILE);
      }
      // home_phone: someone's mobile given as the home phone is converted too
      expect(normalizeHomePhone(old).value).toBe(expected);
      expect(normalizeHomePhone(`+84 ${old.slice(1)}`).value).toBe(expected);
    },
  );

  it('an unmapped 11-digit 01x number is refused with a reason that says why', () => {
    const v = createValidator();
    for (const raw of ['01301234567', '+84 130 123 4567', '841901234567']) {
      const r = normalizePhone(raw);
      expect(r.value).toBe(`0${raw.replace(/\D/g, '').replace(/^84/, '')}`.replace(/^00/, '0'));
      const rejection = v.validate({ phone_number: r.value }, raw);
      expect(rejection?.code).toBe('phone_format');
      expect(rejection?.reason).toMatch(
        /has 11 digits.*not one of the mobile prefixes renumbered in 2018/,
      );
    }
    // Other 11-digit numbers keep the plain reason.
    expect(createValidator().validate({ phone_number: '09123456789' }, undefined)?.reason).toBe(
      'phone_number "09123456789" has 11 digits; expected 0 followed by 9 digits',
    );
  });

  it('a landline (02x area code, 11 digits) is refused as one, in any written form (operator walk, session 11)', () => {
    const v = createValidator();
    for (const raw of ['024 3826 1234', '(028) 3829-1234', '+84 24 3826 1234', '02438261234']) {
      // Normalisation leaves the international form as written (+84 is turned to 0 only for a
      // mobile); the reason says what it is either way.
      const r = normalizePhone(raw);
      const rejection = v.validate({ phone_number: r.value }, raw);
      expect(rejection?.code).toBe('phone_format');
      expect(rejection?.reason).toMatch(/is a landline number \(02…, 11 digits\)/);
    }
    // Against libphonenumber: every number it calls a Vietnamese fixed line, in three written
    // forms, is refused as a landline (every area code of the 2017 plan, three subscriber parts).
    const areas =
      '24 28 203 204 205 206 207 208 209 210 211 212 213 214 215 216 218 219 220 221 222 225 226 227 228 229 232 233 234 235 236 237 238 239 251 252 254 255 256 257 258 259 260 261 262 263 269 270 271 272 273 274 275 276 277 290 291 292 293 294 296 297 299';
    let fixed = 0;
    for (const area of areas.split(' '))
      for (const sub of ['38261234', '3826123', '62345678']) {
        const national = `0${area}${sub}`.slice(0, 11);
        for (const raw of [national, `+84 ${national.slice(1)}`, `(0${area}) ${sub}`]) {
          const lp = parsePhoneNumberFromString(raw, 'VN');
          if (!lp?.isValid() || lp.getType() !== 'FIXED_LINE') continue;
          fixed++;
          const reason = v.validate({ phone_number: normalizePhone(raw).value }, raw)?.reason;
          expect(reason, raw).toMatch(/is a landline number/);
        }
      }
    expect(fixed).toBeGreaterThan(300);
    // A 10-digit 02… is not a landline of today's plan: the plain rules apply (accepted).
    expect(v.validate({ phone_number: '0243826123' }, undefined)).toBeUndefined();
  });

  it('two inputs become one number only if they are one subscriber (property)', () => {
    // A subscriber: a new-numbering mobile, or an old one (renumbered by the design's table).
    const subscriber = fc.oneof(
      fc
        .tuple(fc.constantFrom(...TABLE.keys()), fc.integer({ min: 0, max: 9_999_999 }))
        .map(([p, n]) => ({
          input: `${p}${String(n).padStart(7, '0')}`,
          id: `${TABLE.get(p)}${String(n).padStart(7, '0')}`,
        })),
      fc
        .tuple(fc.integer({ min: 3, max: 9 }), fc.integer({ min: 0, max: 99_999_999 }))
        .map(([a, n]) => {
          const modern = `0${a}${String(n).padStart(8, '0')}`;
          return { input: modern, id: modern };
        }),
    );
    const form = fc.constantFrom(0, 3, 4, 7, 8, 9, 11, 13);
    fc.assert(
      fc.property(subscriber, subscriber, form, form, (a, b, fa, fb) => {
        const write = (s: string, f: number) =>
          s.length === 11 ? writtenForms(s)[f]! : s.length === 10 && f === 9 ? s.slice(1) : s;
        const na = normalizePhone(write(a.input, fa)).value;
        const nb = normalizePhone(write(b.input, fb)).value;
        expect(na).toBe(a.id);
        expect(nb).toBe(b.id);
        if (na === nb) expect(a.id).toBe(b.id);
      }),
      { numRuns: 3000 },
    );
  });

  it('is idempotent on every converted form', () => {
    for (const from of TABLE.keys())
      for (const form of writtenForms(`${from}7654321`)) {
        const once = normalizePhone(form).value;
        expect(normalizePhone(once)).toEqual({ value: once, changes: 0 });
      }
  });
});

describe('spreadsheet leftovers', () => {
  it.each([
    ["'0912345678", '0912345678'],
    ['’0912345678', '0912345678'],
    ['="0912345678"', '0912345678'],
    ['="+84 912 345 678"', '0912345678'],
    ['０９１２３４５６７８', '0912345678'],
    ['＋８４ ９１２ ３４５ ６７８', '0912345678'],
    ['0912345678;', '0912345678'],
    ['0912 345 678,', '0912345678'],
    ["'912345678", '0912345678'],
  ])('%s → %s', (raw, expected) => {
    const r = normalizePhone(raw);
    expect(r.value).toBe(expected);
    expect(r.changes & PHONE_SPREADSHEET).toBe(PHONE_SPREADSHEET);
    expect(normalizePhone(r.value)).toEqual({ value: expected, changes: 0 });
  });

  it('cleaning is idempotent, however leftovers nest (property; CI found ", ," once)', () => {
    const samples = [
      ', ,',
      "''0912345678",
      '="=""0912345678"""',
      '0912345678; ,;',
      "' '0912345678",
    ];
    for (const raw of samples) {
      const once = normalizePhone(raw).value;
      expect(normalizePhone(once)).toEqual({ value: once, changes: 0 });
      const home = normalizeHomePhone(raw).value;
      expect(normalizeHomePhone(home)).toEqual({ value: home, changes: 0 });
    }
    const leftovers = fc.string({
      unit: fc.constantFrom(...'\'’=";, ０９１+＋0912345678'.split('')),
      maxLength: 16,
    });
    fc.assert(
      fc.property(leftovers, (raw) => {
        const once = normalizePhone(raw).value;
        expect(normalizePhone(once)).toEqual({ value: once, changes: 0 });
        const home = normalizeHomePhone(raw).value;
        expect(normalizeHomePhone(home)).toEqual({ value: home, changes: 0 });
      }),
      { numRuns: 20_000 },
    );
  });

  it('cleans home_phone the same way', () => {
    expect(normalizeHomePhone("'02838234567").value).toBe('02838234567');
    expect(normalizeHomePhone('="028 3823 4567"').value).toBe('02838234567');
  });
});

describe('placeholders', () => {
  const v = createValidator(undefined, { placeholderNumbers: ['0911 111 222', '+84 977 000 000'] });
  it.each([
    '0000000000',
    '0999999999',
    '0111111111',
    '0123456789',
    '0987654321',
    '0911111222',
    '0977000000',
  ])('%s is refused as phone_placeholder', (phone) => {
    const r = v.validate({ phone_number: phone }, undefined);
    expect(r?.code).toBe('phone_placeholder');
    expect(r?.reason).toMatch(/placeholder/);
  });

  it('no placeholder passes, in any written form (property)', () => {
    const placeholder = fc.oneof(
      fc.integer({ min: 0, max: 9 }).map((d) => `0${String(d).repeat(9)}`),
      fc.integer({ min: 0, max: 9 }).map((d) => String(d).repeat(10)),
      fc.constantFrom('0123456789', '0987654321', '0911111222', '0977000000'),
    );
    const written = fc
      .tuple(placeholder, fc.constantFrom('', '+84', '84', 'excel', "'", ' '))
      .map(([p, f]) =>
        f === 'excel' ? p.slice(1) : f === '+84' || f === '84' ? `${f}${p.slice(1)}` : `${f}${p}`,
      );
    fc.assert(
      fc.property(written, (raw) => {
        const lead = { phone_number: normalizePhone(raw).value };
        expect(v.validate(lead, raw)).toBeDefined();
      }),
      { numRuns: 2000 },
    );
  });

  it('a real number like a placeholder’s neighbour still passes', () => {
    expect(v.validate({ phone_number: '0123456788' }, undefined)).toBeUndefined();
    expect(v.validate({ phone_number: '0999999998' }, undefined)).toBeUndefined();
  });

  it('a placeholder list entry that is no phone number is a configuration error', () => {
    expect(() => createValidator(undefined, { placeholderNumbers: ['abc'] })).toThrow(
      /import\.placeholderNumbers: "abc" is not a phone number/,
    );
  });
});

describe('home_phone', () => {
  const v = createValidator();
  const lead = (home: string) => ({
    phone_number: '0912345678',
    home_phone: normalizeHomePhone(home).value,
  });
  it.each(['02838234567', '028 3823 4567', '+84 28 3823 4567', '0912345678', '01662345678'])(
    '%s passes',
    (home) => expect(v.validate(lead(home), undefined)).toBeUndefined(),
  );
  it.each(['12', '0', '842838234567', '2838234567', '028382345678', 'abc'])(
    '%s is refused as home_phone_format',
    (home) => {
      const r = v.validate(lead(home), undefined);
      expect(r?.code).toBe('home_phone_format');
    },
  );
  it('import.homePhonePattern replaces the default rule', () => {
    const strict = createValidator(undefined, { homePhonePattern: '^02\\d{9}$' });
    expect(strict.validate(lead('02838234567'), undefined)).toBeUndefined();
    expect(strict.validate(lead('0912345678'), undefined)?.reason).toBe(
      'home_phone "0912345678" does not match the home phone pattern ^02\\d{9}$',
    );
  });
});

describe('a CRM export through cacs import, over HTTP against the emulator', () => {
  const emulators = emulatorPool();
  const EXPORT = [
    'Họ tên,Số điện thoại,Điện thoại bàn',
    'An,01662345678,028 3823 4567', // old Viettel → 0362345678
    'Bình,+84 123 456 7890,', // old VinaPhone → 0834567890
    "Cường,'0912345678,", // apostrophe
    'Dung,"=""0903456789""",', // formula (as CSV quotes it)
    'Em,０９７７８８８９９９,', // full-width
    'Giang,0362345678,', // the new form of An's number: the same subscriber
    'Hoa,0000000000,', // placeholder
    'Inh,0123456789,', // placeholder
    'Kim,01301234567,', // 11 digits, prefix not renumbered
    'Long,0935123456,12', // home_phone refused
    'Mai,0911111222,', // the centre's own test number (config)
  ].join('\n');

  it('sends every real subscriber once in the new numbering, and says what it did', async () => {
    const emu = await emulators.start();
    const dir = tempDir();
    const file = write(dir, 'crm.csv', `${EXPORT}\n`);
    fs.writeFileSync(
      path.join(dir, '.cacsrc.json'),
      JSON.stringify({ import: { placeholderNumbers: ['0911 111 222'] } }),
    );
    const env = importEnv(emu);
    const dry = await runCli(['import', file, '--dry-run'], { cwd: dir, env });
    expect(dry.stderr).toContain('line 2: phone_number "01662345678" → 0362345678');
    expect(dry.stderr).toMatch(/phone_legacy_mobile 2/);
    expect(dry.stderr).toMatch(/phone_spreadsheet 3/);

    const r = await importJson([file], env, dir);
    expect(processedPhones(emu)).toEqual([
      '0362345678',
      '0834567890',
      '0912345678',
      '0903456789',
      '0977888999',
    ]);
    expect(r.summary.imported).toBe(5);
    expect(r.summary.duplicates).toBe(1);
    expect(r.summary.rejectedByCode).toEqual({
      phone_placeholder: 3,
      phone_format: 1,
      home_phone_format: 1,
    });
    const rejects = readCsv(path.join(dir, 'crm.csv.rejects.csv'));
    expect(rejects.find((row) => row[0] === '10')?.[2]).toMatch(
      /0130 is not one of the mobile prefixes renumbered in 2018/,
    );
    expect(rejects.find((row) => row[0] === '12')?.[2]).toMatch(
      /test number \(import\.placeholderNumbers\)/,
    );
    const skipped = readCsv(path.join(dir, 'crm.csv.skipped.csv'));
    expect(skipped[1]?.slice(0, 2)).toEqual(['7', 'duplicate']);

    // Next week's file has An's number in the new form, Bình's in another old form: the
    // ledger knows both.
    const next = write(
      dir,
      'next.csv',
      'phone,name\n0362345678,An\n841234567890,Bình\n0944000111,New\n',
    );
    const again = await importJson([next], env, dir);
    expect(again.summary.alreadyImported).toBe(2);
    expect(again.summary.imported).toBe(1);
  });

  it('the emulator refuses an old 11-digit number, as the service does: the conversion is what lets it through', async () => {
    const emu = await emulators.start();
    const client = new CacsClient({ baseUrl: new URL(emu.url), token: emu.token });
    await expect(client.importLeads('summer', [{ phone_number: '01662345678' }])).rejects.toThrow(
      /#phone_number# is wrong format/,
    );
    const requests = emu.store.importRequests;
    const dir = tempDir();
    const file = write(dir, 'old.csv', 'phone\n01662345678\n');
    const raw = await importJson([file, '--no-normalize'], importEnv(emu), dir);
    expect(raw.summary.rejectedByCode).toEqual({ phone_format: 1 });
    expect(emu.store.importRequests).toBe(requests);
    const converted = await importJson([file], importEnv(emu), dir);
    expect(converted.summary.imported).toBe(1);
    expect(processedPhones(emu)).toEqual(['0362345678']);
  });
});
