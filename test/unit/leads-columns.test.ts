import fc from 'fast-check';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { LEAD_FIELDS, type LeadField } from '../../src/api/spec.js';
import {
  COLUMN_ALIASES,
  ColumnError,
  fieldForHeader,
  foldHeader,
  parseMapFlags,
  planColumns,
  type ColumnPlan,
} from '../../src/leads/columns.js';
import { setFaceWords } from '../../src/messages/index.js';
import { useCliWords } from '../../src/cli/render/advice.js';

// The hints below are checked as the CLI says them (with its flags: --map, --ignore-unmapped);
// the library's own words name no flag (checked at the end of this file).
beforeEach(() => useCliWords());
afterAll(() => setFaceWords({}));

/** Run fn, expect a ColumnError, return it. */
function columnError(fn: () => unknown): ColumnError {
  try {
    fn();
  } catch (e) {
    expect(e).toBeInstanceOf(ColumnError);
    return e as ColumnError;
  }
  throw new Error('expected a ColumnError');
}

function fieldsOf(plan: ColumnPlan): Record<string, number> {
  return Object.fromEntries(plan.fieldIndex);
}

describe('foldHeader', () => {
  it.each([
    ['Số Điện Thoại', 'sodienthoai'],
    ['phone_number', 'phonenumber'],
    ['Phone Number', 'phonenumber'],
    ['PHONE-NUMBER', 'phonenumber'],
    ['  phone  ', 'phone'],
    ['phone\u00a0number', 'phonenumber'],
    ['\ufeffphone', 'phone'],
    ['pho\u200bne', 'phone'],
    ['E-mail', 'email'],
    ['e.mail', 'email'],
    ['Họ và tên', 'hovaten'],
    ['HỌ TÊN', 'hoten'],
    ['Địa chỉ', 'diachi'],
    ['đ/Đ', 'dd'],
    ['Mã KH', 'makh'],
    ['Ref–ID', 'refid'], // en dash
    // decomposed input (NFD, as macOS writes it) folds the same as precomposed
    ['Số Điện Thoại'.normalize('NFD'), 'sodienthoai'],
    ['', ''],
    ['---', ''],
  ])('%j → %j', (header, folded) => {
    expect(foldHeader(header)).toBe(folded);
  });

  it('is idempotent (property)', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string({ unit: 'binary', maxLength: 30 }),
          fc.string({ unit: 'grapheme', maxLength: 30 }),
          fc.string({
            unit: fc.constantFrom(...'AaĐđÔôƠơƯưẾếỆệ_- ./\u00a0\u0301\u0323İΣς'),
            maxLength: 20,
          }),
        ),
        (s) => {
          const once = foldHeader(s);
          expect(foldHeader(once)).toBe(once);
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('is idempotent on every BMP character, alone and between letters', () => {
    const bad: number[] = [];
    for (let cp = 0; cp <= 0xffff; cp++) {
      if (cp >= 0xd800 && cp <= 0xdfff) continue;
      const c = String.fromCharCode(cp);
      for (const s of [c, `A${c}b`]) {
        const once = foldHeader(s);
        if (foldHeader(once) !== once) bad.push(cp);
      }
    }
    expect(bad).toEqual([]);
  });
});

describe('COLUMN_ALIASES', () => {
  it('has an entry for every lead field, including the field name itself', () => {
    expect(Object.keys(COLUMN_ALIASES).sort()).toEqual([...LEAD_FIELDS].sort());
    for (const field of LEAD_FIELDS) expect(COLUMN_ALIASES[field]).toContain(field);
  });

  it('no alias folds to the same key as another field’s alias', () => {
    const owner = new Map<string, LeadField>();
    const clashes: string[] = [];
    for (const field of LEAD_FIELDS) {
      for (const alias of COLUMN_ALIASES[field]) {
        const key = foldHeader(alias);
        expect(key, alias).not.toBe('');
        const other = owner.get(key);
        if (other !== undefined && other !== field) clashes.push(`${alias}: ${other}/${field}`);
        owner.set(key, field);
      }
    }
    expect(clashes).toEqual([]);
  });

  const cases = LEAD_FIELDS.flatMap((field) =>
    COLUMN_ALIASES[field].map((alias) => [field, alias] as const),
  );
  it.each(cases)(
    '%s ← %j (as written, upper-cased, without accents, snake_cased)',
    (field, alias) => {
      const stripped = alias
        .normalize('NFD')
        .replace(/\p{M}/gu, '')
        .replace(/đ/g, 'd')
        .replace(/Đ/g, 'D');
      const variants = [
        alias,
        alias.toUpperCase(),
        stripped,
        stripped.replace(/ /g, '_'),
        ` ${alias} `,
      ];
      for (const header of variants) {
        expect(fieldForHeader(header), header).toBe(field);
        const headers = field === 'phone_number' ? [header] : ['msisdn', header];
        const plan = planColumns(headers, {});
        expect(fieldsOf(plan)[field], header).toBe(headers.length - 1);
      }
    },
  );

  it.each([
    // the examples
    ['phone', 'phone_number'],
    ['mobile', 'phone_number'],
    ['msisdn', 'phone_number'],
    ['SĐT', 'phone_number'],
    ['Số điện thoại', 'phone_number'],
    ['Điện thoại', 'phone_number'],
    ['Họ tên', 'name'],
    ['Họ và tên', 'name'],
    ['Full Name', 'name'],
    ['Người liên hệ', 'contact_name'],
    ['Công ty', 'company'],
    ['Địa chỉ', 'address'],
    ['Điện thoại bàn', 'home_phone'],
    ['Mã khách hàng', 'ref_id'],
    ['Customer ID', 'ref_id'],
    ['ref', 'ref_id'],
    ['Field 01', 'field01'],
    ['FIELD_10', 'field10'],
    ['E-Mail', 'email'],
  ])('%j → %s', (header, field) => {
    expect(fieldForHeader(header)).toBe(field);
  });

  it.each([
    // Headers of real Vietnamese CRM and bank exports (issue 27), as written there.
    ['Tên KH', 'name'],
    ['Tên khách hàng', 'name'],
    ['Họ tên KH', 'name'],
    ['HỌ VÀ TÊN KHÁCH HÀNG', 'name'],
    ['Số ĐT', 'phone_number'],
    ['SĐT KH', 'phone_number'],
    ['SĐT liên hệ', 'phone_number'],
    ['ĐTDĐ', 'phone_number'],
    ['Số ĐTDĐ', 'phone_number'],
    ['Di động', 'phone_number'],
    ['Điện thoại liên hệ', 'phone_number'],
    ['Số điện thoại di động', 'phone_number'],
    ['Phone No.', 'phone_number'],
    ['Mobile No.', 'phone_number'],
    ['Tel. No', 'phone_number'],
    ['Mã KH', 'ref_id'],
    ['Mã số KH', 'ref_id'],
    ['Số CIF', 'ref_id'],
    ['Customer No.', 'ref_id'],
    ['Địa chỉ liên hệ', 'address'],
    ['Địa chỉ thường trú', 'address'],
    ['Địa chỉ email', 'email'],
    ['Email liên hệ', 'email'],
    ['Điện thoại cố định', 'home_phone'],
    ['ĐT bàn', 'home_phone'],
    ['Tên đơn vị', 'company'],
    ['Người đại diện', 'contact_name'],
  ])('a Vietnamese CRM export header: %j → %s', (header, field) => {
    expect(fieldForHeader(header)).toBe(field);
  });

  it.each(['field1', 'field11', 'note', 'ghi chú', 'số', ''])('%j matches no field', (header) => {
    expect(fieldForHeader(header)).toBeUndefined();
  });
});

describe('planColumns', () => {
  it('maps exact names, aliases and explicit mappings, and says how', () => {
    const plan = planColumns(['Số điện thoại', 'name', 'Công ty', 'Ghi chú'], {
      map: { field01: 'Ghi chú' },
    });
    expect(plan.columns).toEqual([
      { index: 0, header: 'Số điện thoại', field: 'phone_number', via: 'alias' },
      { index: 1, header: 'name', field: 'name', via: 'name' },
      { index: 2, header: 'Công ty', field: 'company', via: 'alias' },
      { index: 3, header: 'Ghi chú', field: 'field01', via: 'map' },
    ]);
    expect(plan.fieldIndex).toEqual([
      ['phone_number', 0],
      ['name', 1],
      ['company', 2],
      ['field01', 3],
    ]);
    expect(plan.ignored).toEqual([]);
  });

  it('orders fieldIndex by LEAD_FIELDS, whatever the column order', () => {
    const plan = planColumns(['ref_id', 'email', 'name', 'phone_number'], {});
    expect(plan.fieldIndex.map(([f]) => f)).toEqual(['phone_number', 'name', 'email', 'ref_id']);
  });

  it('matches a mapped column exactly first, then folded', () => {
    expect(fieldsOf(planColumns(['Số ĐT'], { map: { phone_number: 'Số ĐT' } }))).toEqual({
      phone_number: 0,
    });
    expect(fieldsOf(planColumns(['Số ĐT'], { map: { phone_number: 'so dt' } }))).toEqual({
      phone_number: 0,
    });
    // a header that folds to nothing can still be mapped by its exact text
    expect(fieldsOf(planColumns(['phone', '#'], { map: { field01: '#' } }))).toEqual({
      phone_number: 0,
      field01: 1,
    });
  });

  it('lets an explicit mapping override an alias', () => {
    const plan = planColumns(['phone', 'Mobile'], {
      map: { phone_number: 'Mobile', field01: 'phone' },
    });
    expect(fieldsOf(plan)).toEqual({ phone_number: 1, field01: 0 });
  });

  it('free fields take only columns named so or mapped', () => {
    const plan = planColumns(['phone', 'field02', 'Field 03', 'Extra'], {
      map: { field05: 'Extra' },
    });
    expect(fieldsOf(plan)).toEqual({ phone_number: 0, field02: 1, field03: 2, field05: 3 });
    const e = columnError(() => planColumns(['phone', 'Extra'], {}));
    expect(e.message).toBe('a column matches no lead field: Extra');
  });

  it('error: a column without a header', () => {
    const e = columnError(() => planColumns(['phone', '', 'name'], {}));
    expect(e.message).toBe('column 2 has no header');
    expect(e.hint).toContain('--ignore-unmapped');
    expect(columnError(() => planColumns(['phone', ' ', '\u00a0', 'name'], {})).message).toBe(
      'columns 2, 3 have no header',
    );
    // After the last header (a header row ending with a delimiter): read while every row
    // leaves them empty, which the reader checks (review, session 16).
    expect(planColumns(['phone', 'name', ''], {}).mustBeEmpty).toEqual([2]);
    expect(planColumns(['phone', ' ', '\u00a0'], {}).mustBeEmpty).toEqual([1, 2]);
    expect(
      planColumns(['phone', 'name', ''], { ignoreUnmapped: true }).mustBeEmpty,
    ).toBeUndefined();
    expect(columnError(() => planColumns(['phone', '--'], {})).message).toBe(
      'column 2 has no usable header (--)',
    );
  });

  it('ignoreUnmapped skips columns without a header, naming them by position', () => {
    const plan = planColumns(['phone', '', 'Note'], { ignoreUnmapped: true });
    expect(plan.ignored).toEqual(['column 2', 'Note']);
    expect(plan.columns[1]).toEqual({ index: 1, header: '', field: null, via: 'ignored' });
    expect(plan.columns[2]).toEqual({ index: 2, header: 'Note', field: null, via: 'ignored' });
    expect(fieldsOf(plan)).toEqual({ phone_number: 0 });
  });

  it('error: duplicate headers once folded', () => {
    const e = columnError(() => planColumns(['Phone', 'Name', 'phone '], {}));
    expect(e.message).toBe(
      'duplicate header: column 1 (Phone) and column 3 ("phone ") are the same once case, spaces, dashes and accents are ignored',
    );
    expect(e.hint).toBe('rename one of the two columns in the file so every header is distinct');
    expect(columnError(() => planColumns(['phone', 'Tên', 'TEN'], {})).message).toMatch(
      /^duplicate header: column 2 \(Tên\) and column 3 \(TEN\)/,
    );
    // duplicates are an error even among columns that would be ignored
    expect(
      columnError(() => planColumns(['phone', 'Note', 'note'], { ignoreUnmapped: true })).message,
    ).toMatch(/^duplicate header/);
  });

  it('error: ambiguous columns, with the --map hint', () => {
    const e = columnError(() => planColumns(['phone', 'Name', 'mobile'], {}));
    expect(e.message).toBe('ambiguous columns: phone and mobile both match phone_number');
    expect(e.hint).toContain('--map phone_number=<one of them>');
    expect(e.hint).toContain('--map phone_number=phone');
    expect(e.hint).toContain('--ignore-unmapped');
    const three = columnError(() =>
      planColumns(['SĐT', 'Di động', 'phone_number', 'Họ tên', 'tên'], {}),
    );
    expect(three.message).toBe(
      'ambiguous columns: SĐT, Di động and phone_number all match phone_number; Họ tên and tên both match name',
    );
    // ambiguity is an error even with ignoreUnmapped: which one to keep is not ours to guess
    expect(() => planColumns(['phone', 'mobile'], { ignoreUnmapped: true })).toThrow(ColumnError);
  });

  it('mapping one of two ambiguous columns resolves it; the other counts as unmapped', () => {
    const e = columnError(() =>
      planColumns(['phone', 'mobile'], { map: { phone_number: 'mobile' } }),
    );
    expect(e.message).toBe(
      'a column matches no lead field: phone (phone_number is already mapped to mobile)',
    );
    const plan = planColumns(['phone', 'mobile'], {
      map: { phone_number: 'mobile' },
      ignoreUnmapped: true,
    });
    expect(fieldsOf(plan)).toEqual({ phone_number: 1 });
    expect(plan.ignored).toEqual(['phone']);
    const both = planColumns(['phone', 'mobile'], {
      map: { phone_number: 'mobile', field01: 'phone' },
    });
    expect(fieldsOf(both)).toEqual({ phone_number: 1, field01: 0 });
  });

  it('error: no phone column', () => {
    const e = columnError(() => planColumns(['Tên', 'Số liên lạc', 'Địa chỉ'], {}));
    expect(e.message).toBe(
      'no phone column: none of the columns (Tên, Số liên lạc, Địa chỉ) is phone_number or one of its aliases',
    );
    expect(e.hint).toBe('name the phone column with --map phone_number=<column>');
    expect(columnError(() => planColumns([], {})).message).toBe(
      'no phone column: none of the columns ((none)) is phone_number or one of its aliases',
    );
    // reported before unmapped columns: the phone column is probably among them
    expect(() => planColumns(['Số liên lạc', 'x'], {})).toThrow(/^no phone column/);
  });

  it('error: columns that match no lead field, with free-field suggestions', () => {
    const e = columnError(() => planColumns(['phone', 'Ghi chú', 'Nguồn', 'field01'], {}));
    expect(e.message).toBe('columns that match no lead field: Ghi chú, Nguồn');
    expect(e.hint).toBe(
      'map them to free fields (--map field02="Ghi chú" --map field03="Nguồn") or pass --ignore-unmapped to leave them out',
    );
  });

  it('ignoreUnmapped lists the columns it leaves out', () => {
    const plan = planColumns(['Note', 'phone', 'Source'], { ignoreUnmapped: true });
    expect(plan.ignored).toEqual(['Note', 'Source']);
    expect(plan.columns.map((c) => c.via)).toEqual(['ignored', 'alias', 'ignored']);
    expect(fieldsOf(plan)).toEqual({ phone_number: 1 });
  });

  it('error: a mapping names a column that is not in the file', () => {
    const e = columnError(() => planColumns(['phone', 'Tên'], { map: { name: 'Họ tên' } }));
    expect(e.message).toBe(
      'name is mapped to column Họ tên, which is not in the file; its columns are: phone, Tên',
    );
    expect(e.hint).toContain('--map name=<column>');
  });

  it('error: one column mapped to two fields', () => {
    const e = columnError(() => planColumns(['phone', 'X'], { map: { name: 'X', company: 'X' } }));
    expect(e.message).toBe('column X is mapped to both name and company');
  });

  it('error: a mapping (from a config file) naming something that is not a lead field', () => {
    const map = { phone: 'X' } as unknown as Partial<Record<LeadField, string>>;
    const e = columnError(() => planColumns(['X'], { map }));
    expect(e.message).toBe('cannot map phone: it is not a lead field');
    expect(e.hint).toContain('phone_number, name, contact_name');
  });

  it('every error is a ColumnError with a hint', () => {
    const bad: Array<[readonly string[], Parameters<typeof planColumns>[1]]> = [
      [['phone', '', 'name'], {}],
      [['phone', 'PHONE'], {}],
      [['phone', 'mobile'], {}],
      [['name'], {}],
      [['phone', 'x'], {}],
      [['phone'], { map: { name: 'nope' } }],
    ];
    for (const [headers, opts] of bad) {
      const e = columnError(() => planColumns(headers, opts));
      expect(e.name).toBe('ColumnError');
      expect(e.hint).toBeTruthy();
    }
  });
});

describe('planColumns fieldIndex', () => {
  it('lists the mapped fields in LEAD_FIELDS order, each with its column (leads are built in that order)', () => {
    const plan = planColumns(['Tên', 'SĐT', 'Note', 'email'], { ignoreUnmapped: true });
    expect(plan.fieldIndex).toEqual([
      ['phone_number', 1],
      ['name', 0],
      ['email', 3],
    ]);
  });
});

describe('parseMapFlags', () => {
  it('parses field=Column values', () => {
    expect(parseMapFlags(['phone_number=Số ĐT', ' Name = Họ và tên ', 'field01=a=b'])).toEqual({
      phone_number: 'Số ĐT',
      name: 'Họ và tên',
      field01: 'a=b',
    });
    expect(parseMapFlags([])).toEqual({});
  });

  it.each([
    ['phone', /^"phone" is not of the form field=Column$/, /--map phone_number=/],
    [
      'phone=Mobile',
      /^"phone=Mobile": "phone" is not a lead field \(did you mean phone_number\?\)$/,
      /the lead fields are phone_number, name, contact_name, company, email, address, home_phone, ref_id, field01, .*field10$/,
    ],
    ['x=Y', /^"x=Y": "x" is not a lead field$/, /the lead fields are phone_number/],
    ['name=', /^"name=": no column given for name$/, /--map name=<column header>/],
    ['name=  ', /no column given for name/, /--map name=/],
  ])('error for %j', (value, message, hint) => {
    const e = columnError(() => parseMapFlags([value]));
    expect(e.message).toMatch(message);
    expect(e.hint).toMatch(hint);
  });

  it('error for the same field mapped twice', () => {
    const e = columnError(() => parseMapFlags(['name=A', 'NAME=B']));
    expect(e.message).toBe('name is given twice ("A" and "B")');
    expect(e.hint).toBe('keep one --map name=<column>');
  });
});

describe('the README', () => {
  it("lists every field's aliases as the code has them", async () => {
    const fs = await import('node:fs');
    const readme = fs.readFileSync(new URL('../../README.md', import.meta.url), 'utf8');
    for (const field of LEAD_FIELDS.filter((f) => !f.startsWith('field'))) {
      const row = new RegExp(`^\\| ${field} \\| (.*) \\|$`, 'm').exec(readme);
      expect(row, field).not.toBeNull();
      expect(row![1]!.split(', '), field).toEqual(COLUMN_ALIASES[field].filter((a) => a !== field));
    }
  });
});

describe("the library's own words", () => {
  it('name no command-line flag; the CLI says the same hints with its flags', () => {
    const cases: Array<() => unknown> = [
      () => planColumns(['phone', '', 'name']),
      () => planColumns(['phone', 'sdt']),
      () => planColumns(['name']),
      () => planColumns(['phone', 'Ghi chú', 'Nguồn']),
      () => planColumns(['phone'], { map: { name: 'Tên' } }),
      () => parseMapFlags(['phone']),
      () => parseMapFlags(['name=']),
      () => parseMapFlags(['name=a', 'name=b']),
    ];
    try {
      setFaceWords({});
      for (const c of cases) {
        const e = columnError(c);
        expect(`${e.message} ${e.hint ?? ''}`).not.toMatch(/(^|[\s(])--[a-z]/);
      }
    } finally {
      useCliWords();
    }
    for (const c of cases) expect(columnError(c).hint).toMatch(/--(map|ignore-unmapped)/);
  });
});
