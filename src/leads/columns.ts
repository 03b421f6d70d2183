/**
 * Column mapping: which input column feeds which lead field (DESIGN.md "Import semantics" §2).
 *
 * Headers are compared "folded" (see foldHeader): case, spaces, underscores, dashes, dots,
 * slashes and Vietnamese diacritics do not matter. Explicit mappings (`--map field=Column`,
 * config `import.columns`) win; every other column must resolve to exactly one field, or be
 * ignored on request (`--ignore-unmapped`): no input column is ever dropped silently.
 *
 * Pure logic, no I/O. Errors are ColumnError (message + hint); the caller adds the file name
 * and the exit code.
 */
import { LEAD_FIELDS, isLeadField, type LeadField } from '../api/spec.js';
import { t } from '../messages/index.js';

// ---------------------------------------------------------------------------------------------
// Folding

/** Combining marks left by NFD (Vietnamese tone and vowel marks among them). */
const COMBINING_MARKS = /\p{M}+/gu;
/**
 * Characters that never matter in a header: white space (NBSP and other Unicode spaces
 * included), underscores, dashes of every kind, dots, slashes, the BOM, zero-width characters
 * and the soft hyphen.
 */
const IGNORED_HEADER_CHARS = /[\s_\p{Pd}.\\/\u00ad\u180e\u200b-\u200f\u2060\ufeff]+/gu;
const D_STROKE = /đ/g;

/**
 * A header reduced to what matters when comparing it: "Số Điện Thoại" → "sodienthoai",
 * "phone_number" → "phonenumber", "E-mail" → "email". Idempotent.
 */
export function foldHeader(header: string): string {
  return header
    .normalize('NFD')
    .replace(COMBINING_MARKS, '')
    .toLowerCase()
    .normalize('NFD')
    .replace(COMBINING_MARKS, '')
    .replace(D_STROKE, 'd')
    .replace(IGNORED_HEADER_CHARS, '');
}

// ---------------------------------------------------------------------------------------------
// Aliases

function freeFieldAliases(field: LeadField): string[] {
  const nn = field.slice('field'.length);
  return [field, `field ${nn}`, `field_${nn}`];
}

/**
 * Human-readable aliases of every lead field, the field's own name included. They are folded
 * once, at module load, into ALIAS_TO_FIELD; a test checks that no two fields share a folded
 * alias.
 */
export const COLUMN_ALIASES: Readonly<Record<LeadField, readonly string[]>> = {
  phone_number: [
    'phone_number',
    'phone',
    'phone number',
    'mobile',
    'mobile phone',
    'mobile number',
    'cell',
    'cellphone',
    'cell phone',
    'msisdn',
    'tel',
    'telephone',
    'sdt',
    'số điện thoại',
    'điện thoại',
    'điện thoại di động',
    'di động',
    'số di động',
    'số đt',
    'sđt kh',
    'sđt khách hàng',
    'sđt liên hệ',
    'sđt di động',
    'số điện thoại khách hàng',
    'số điện thoại liên hệ',
    'số điện thoại di động',
    'điện thoại liên hệ',
    'điện thoại khách hàng',
    'đtdđ',
    'số đtdđ',
    'điện thoại dđ',
    'đt di động',
    'phone no',
    'mobile no',
    'tel no',
    'contact number',
    'contact phone',
  ],
  name: [
    'name',
    'full name',
    'fullname',
    'customer name',
    'lead name',
    'họ tên',
    'họ và tên',
    'tên',
    'tên khách hàng',
    'khách hàng',
    'tên kh',
    'họ tên kh',
    'họ tên khách hàng',
    'họ và tên khách hàng',
    'tên khách',
    'client name',
  ],
  contact_name: [
    'contact_name',
    'contact',
    'contact name',
    'contact person',
    'người liên hệ',
    'tên người liên hệ',
    'tên liên hệ',
    'người liên lạc',
    'người đại diện',
  ],
  company: [
    'company',
    'company name',
    'organisation',
    'organization',
    'công ty',
    'tên công ty',
    'doanh nghiệp',
    'tên doanh nghiệp',
    'tên đơn vị',
    'đơn vị',
    'đơn vị công tác',
  ],
  email: [
    'email',
    'e-mail',
    'mail',
    'thư điện tử',
    'email address',
    'địa chỉ email',
    'email liên hệ',
  ],
  address: [
    'address',
    'địa chỉ',
    'địa chỉ liên hệ',
    'địa chỉ kh',
    'địa chỉ khách hàng',
    'địa chỉ thường trú',
    'địa chỉ nhà',
    'home address',
    'street address',
  ],
  home_phone: [
    'home_phone',
    'home phone',
    'landline',
    'desk phone',
    'office phone',
    'điện thoại bàn',
    'số máy bàn',
    'máy bàn',
    'điện thoại cố định',
    'số cố định',
    'số điện thoại bàn',
    'đt bàn',
    'đt cố định',
  ],
  ref_id: [
    'ref_id',
    'ref',
    'ref id',
    'reference',
    'reference id',
    'customer id',
    'customer code',
    'mã khách hàng',
    'mã kh',
    'makh',
    'id khách hàng',
    'mã số khách hàng',
    'mã số kh',
    'mã khách',
    'số cif',
    'cif',
    'customer no',
    'customer number',
  ],
  field01: freeFieldAliases('field01'),
  field02: freeFieldAliases('field02'),
  field03: freeFieldAliases('field03'),
  field04: freeFieldAliases('field04'),
  field05: freeFieldAliases('field05'),
  field06: freeFieldAliases('field06'),
  field07: freeFieldAliases('field07'),
  field08: freeFieldAliases('field08'),
  field09: freeFieldAliases('field09'),
  field10: freeFieldAliases('field10'),
};

/** Folded alias → field. The first field to claim a folded alias keeps it (a test asserts none clash). */
const ALIAS_TO_FIELD: ReadonlyMap<string, LeadField> = (() => {
  const map = new Map<string, LeadField>();
  for (const field of LEAD_FIELDS) {
    for (const alias of COLUMN_ALIASES[field]) {
      const key = foldHeader(alias);
      if (!map.has(key)) map.set(key, field);
    }
  }
  return map;
})();

/** The field a header names by its folded form (field name or alias), if any. */
export function fieldForHeader(header: string): LeadField | undefined {
  const exact = header.trim();
  if (isLeadField(exact)) return exact;
  return ALIAS_TO_FIELD.get(foldHeader(header));
}

// ---------------------------------------------------------------------------------------------
// Plans

export interface PlannedColumn {
  /** 0-based position in the input row. */
  index: number;
  header: string;
  /** null = ignored (only with ignoreUnmapped). */
  field: LeadField | null;
  via: 'name' | 'alias' | 'map' | 'ignored';
}

export interface ColumnPlan {
  /** One entry per input column, in input order. field null = ignored (only with ignoreUnmapped). */
  columns: ReadonlyArray<PlannedColumn>;
  /** field → input column index, for fast row mapping; in LEAD_FIELDS order. */
  fieldIndex: ReadonlyArray<readonly [LeadField, number]>;
  /** Headers ignored thanks to ignoreUnmapped (a column without header shows as "column N"). */
  ignored: string[];
  /**
   * Columns after the last header, with none of their own (a header row ending with a
   * delimiter, `phone;name;`): read only while every row leaves them empty (the reader checks;
   * a value there is exit 2), as an xlsx sheet's cells past its header are.
   */
  mustBeEmpty?: readonly number[];
}

export interface PlanOptions {
  /** Explicit mappings field → column header (`--map`, config `import.columns`); they win. */
  map?: Partial<Record<LeadField, string>>;
  /** Ignore (and list) columns that match no field instead of failing. */
  ignoreUnmapped?: boolean;
}

/** A column problem. Thrown; the caller adds the file name and the exit code. */
export class ColumnError extends Error {
  constructor(
    message: string,
    readonly hint?: string,
  ) {
    super(message);
    this.name = 'ColumnError';
  }
}

/** Longest header shown whole in a message; a longer one is cut to its start. */
const SHOW_HEADER_MAX = 80;
/** Most columns named in one message; the rest are counted ("… and 99,980 more"). */
export const LIST_COLUMNS_MAX = 20;

/**
 * A header as shown in messages: bare when it reads unambiguously, JSON-quoted otherwise; one
 * longer than SHOW_HEADER_MAX characters is cut, with its length.
 */
function show(header: string): string {
  const chars = [...header];
  if (chars.length > SHOW_HEADER_MAX) {
    return t('leads.columns.longHeader', {
      start: JSON.stringify(chars.slice(0, SHOW_HEADER_MAX - 20).join('')),
      count: chars.length.toLocaleString('en-US'),
    });
  }
  return /^[^\s,"'=]([^,"=]*[^\s,"=])?$/.test(header) ? header : JSON.stringify(header);
}

/** Items shown and joined with ", ": the first LIST_COLUMNS_MAX, then "… and N more". */
function listSome<T>(items: readonly T[], display: (item: T) => string): string {
  const shown = items.slice(0, LIST_COLUMNS_MAX).map(display).join(', ');
  const more = items.length - LIST_COLUMNS_MAX;
  return more > 0 ? t('leads.columns.more', { shown, count: more.toLocaleString('en-US') }) : shown;
}

/** A header as written in a suggested command line. */
function shellArg(header: string): string {
  return /^[\w.-]+$/.test(header) ? header : JSON.stringify(header);
}

function listHeaders(headers: readonly string[]): string {
  return headers.length === 0 ? t('leads.columns.none') : listSome(headers, show);
}

const FREE_FIELDS: readonly LeadField[] = LEAD_FIELDS.filter((f) => /^field\d\d$/.test(f));

/**
 * Decide which column feeds which field. Throws ColumnError for: duplicate headers, a `map`
 * naming a column not in the file or one column mapped to two fields, columns without a
 * header, two columns matching the same field, no phone column, and columns matching no
 * field (unless ignoreUnmapped).
 */
export function planColumns(headers: readonly string[], opts: PlanOptions = {}): ColumnPlan {
  const n = headers.length;
  const folded = headers.map(foldHeader);

  // 1. Duplicate headers: identical once folded (or, for headers that fold to nothing,
  //    identical as written).
  const seenKey = new Map<string, number>();
  for (let i = 0; i < n; i++) {
    const header = headers[i]!;
    const key = folded[i] !== '' ? folded[i]! : header.trim() !== '' ? `\0${header}` : undefined;
    if (key === undefined) continue;
    const first = seenKey.get(key);
    if (first !== undefined) {
      throw new ColumnError(
        t('leads.columns.duplicate', {
          first: first + 1,
          firstHeader: show(headers[first]!),
          second: i + 1,
          secondHeader: show(header),
        }),
        t('leads.columns.duplicate.hint'),
      );
    }
    seenKey.set(key, i);
  }

  const fieldOf: Array<LeadField | null> = new Array<LeadField | null>(n).fill(null);
  const via: Array<PlannedColumn['via']> = new Array<PlannedColumn['via']>(n).fill('ignored');
  const taken = new Map<LeadField, number>();

  // 2. Explicit mappings win: exact header first, then folded.
  const map = opts.map ?? {};
  for (const field of Object.keys(map)) {
    const column = (map as Record<string, string | undefined>)[field];
    if (column === undefined) continue;
    if (!isLeadField(field)) {
      throw new ColumnError(
        t('leads.columns.notField', { field: show(field) }),
        t('leads.columns.fields.hint', { fields: LEAD_FIELDS.join(', ') }),
      );
    }
    let index = headers.indexOf(column);
    if (index < 0) {
      const key = foldHeader(column);
      if (key !== '') index = folded.indexOf(key);
    }
    if (index < 0) {
      throw new ColumnError(
        t('leads.columns.mappedMissing', {
          field,
          column: show(column),
          columns: listHeaders(headers),
        }),
        t('leads.columns.mappedMissing.hint', { field }),
      );
    }
    const other = fieldOf[index];
    if (other != null) {
      throw new ColumnError(
        t('leads.columns.mappedTwice', { column: show(headers[index]!), other, field }),
        t('leads.columns.mappedTwice.hint'),
      );
    }
    fieldOf[index] = field;
    via[index] = 'map';
    taken.set(field, index);
  }

  // 3. Every other column: exact field name, then alias.
  const empty: number[] = [];
  const unmapped: number[] = [];
  /** Columns that would match a field already taken by an explicit mapping. */
  const shadowed = new Map<number, LeadField>();
  const candidates = new Map<LeadField, number[]>();
  for (let i = 0; i < n; i++) {
    if (via[i] === 'map') continue;
    if (folded[i] === '') {
      empty.push(i);
      continue;
    }
    const header = headers[i]!;
    const trimmed = header.trim();
    let field: LeadField | undefined;
    let how: 'name' | 'alias' = 'alias';
    if (isLeadField(trimmed)) {
      field = trimmed;
      how = 'name';
    } else {
      field = ALIAS_TO_FIELD.get(folded[i]!);
    }
    if (field === undefined) {
      unmapped.push(i);
      continue;
    }
    if (taken.has(field)) {
      shadowed.set(i, field);
      unmapped.push(i);
      continue;
    }
    fieldOf[i] = field;
    via[i] = how;
    const list = candidates.get(field);
    if (list === undefined) candidates.set(field, [i]);
    else list.push(i);
  }

  // 4. Columns without a header. Those after the last header (a trailing delimiter) are read
  // while they stay empty (mustBeEmpty; review, session 16: `phone;name;` was refused).
  let lastNamed = -1;
  for (let i = 0; i < n; i++) if (headers[i]!.trim() !== '') lastNamed = i;
  const mustBeEmpty = opts.ignoreUnmapped
    ? []
    : empty.filter((i) => i > lastNamed && headers[i]!.trim() === '');
  if (mustBeEmpty.length > 0) empty.splice(empty.length - mustBeEmpty.length);
  if (empty.length > 0 && !opts.ignoreUnmapped) {
    const first = empty[0]!;
    const blank = headers[first]!.trim() === '';
    throw new ColumnError(
      empty.length === 1
        ? blank
          ? t('leads.columns.noHeader', { n: first + 1 })
          : t('leads.columns.unusableHeader', { n: first + 1, header: show(headers[first]!) })
        : t('leads.columns.noHeaders', { list: listSome(empty, (i) => String(i + 1)) }),
      t('leads.columns.noHeader.hint'),
    );
  }

  // 5. Two columns for one field.
  const clashes: string[] = [];
  let firstClash: LeadField | undefined;
  for (const field of LEAD_FIELDS) {
    const list = candidates.get(field);
    if (list === undefined || list.length < 2) continue;
    firstClash ??= field;
    if (list.length > LIST_COLUMNS_MAX) {
      clashes.push(
        t('leads.columns.clash.many', {
          columns: listSome(list, (i) => show(headers[i]!)),
          field,
        }),
      );
      continue;
    }
    const names = list.map((i) => show(headers[i]!));
    const last = names.pop()!;
    clashes.push(
      t(list.length === 2 ? 'leads.columns.clash.two' : 'leads.columns.clash.all', {
        names: names.join(', '),
        last,
        field,
      }),
    );
  }
  if (firstClash !== undefined) {
    const example = shellArg(headers[candidates.get(firstClash)![0]!]!);
    throw new ColumnError(
      t('leads.columns.ambiguous', { clashes: clashes.join('; ') }),
      t('leads.columns.ambiguous.hint', { field: firstClash, example }),
    );
  }

  // 6. The phone column is required.
  if (!fieldOf.includes('phone_number')) {
    // One column whose name holds another delimiter: the file was split with the wrong one (a
    // `;` file read with --delimiter ,), and naming the phone column would not help (review,
    // session 18: the hint said to map phone_number).
    const other = headers.length === 1 ? delimiterIn(headers[0]!) : undefined;
    if (other !== undefined)
      throw new ColumnError(
        t('leads.columns.oneColumn', {
          columns: listHeaders(headers),
          delimiter: other.shown,
          count: other.count,
        }),
        t('leads.columns.oneColumn.hint', { value: other.value }),
      );
    throw new ColumnError(
      t('leads.columns.noPhone', { columns: listHeaders(headers) }),
      t('leads.columns.noPhone.hint'),
    );
  }

  // 7. Columns that match no field.
  const ignored: string[] = [];
  if (unmapped.length > 0 || empty.length > 0) {
    if (!opts.ignoreUnmapped) {
      const described = listSome(unmapped, (i) => {
        const f = shadowed.get(i);
        return f === undefined
          ? show(headers[i]!)
          : t('leads.columns.shadowed', {
              header: show(headers[i]!),
              field: f,
              column: show(headers[taken.get(f)!]!),
            });
      });
      const free = FREE_FIELDS.filter((f) => !taken.has(f) && !candidates.has(f));
      // A header too long to show whole is not suggested (the line would be as long as it).
      const suggestion = unmapped
        .filter((i) => headers[i]!.length <= SHOW_HEADER_MAX)
        .slice(0, Math.min(free.length, 3))
        .map((i, k) =>
          t('leads.columns.mapPair', { field: free[k]!, column: shellArg(headers[i]!) }),
        )
        .join(' ');
      throw new ColumnError(
        t(unmapped.length === 1 ? 'leads.columns.unmapped.one' : 'leads.columns.unmapped.many', {
          described,
        }),
        suggestion === ''
          ? t('leads.columns.unmapped.hint')
          : t('leads.columns.unmapped.free.hint', { suggestion }),
      );
    }
    for (let i = 0; i < n; i++) {
      if (fieldOf[i] !== null) continue;
      ignored.push(folded[i] === '' && headers[i]!.trim() === '' ? `column ${i + 1}` : headers[i]!);
    }
  }

  const columns: PlannedColumn[] = [];
  const fieldIndex: Array<readonly [LeadField, number]> = [];
  for (let i = 0; i < n; i++) {
    const field = fieldOf[i]!;
    columns.push({
      index: i,
      header: headers[i]!,
      field,
      via: field === null ? 'ignored' : via[i]!,
    });
  }
  for (const field of LEAD_FIELDS) {
    const i = fieldOf.indexOf(field);
    if (i >= 0) fieldIndex.push([field, i] as const);
  }
  return { columns, fieldIndex, ignored, ...(mustBeEmpty.length > 0 ? { mustBeEmpty } : {}) };
}

// ---------------------------------------------------------------------------------------------
// --map flags

/**
 * Parse repeated `--map field=Column` values. Messages do not repeat "--map" (the caller
 * prefixes it). The field is a lead field name (case and
 * surrounding spaces do not matter); the column is the header as written in the file (trimmed).
 */
export function parseMapFlags(values: readonly string[]): Partial<Record<LeadField, string>> {
  const out: Partial<Record<LeadField, string>> = {};
  for (const value of values) {
    const eq = value.indexOf('=');
    if (eq < 0) {
      throw new ColumnError(
        t('leads.columns.map.form', { value: JSON.stringify(value) }),
        t('leads.columns.map.form.hint'),
      );
    }
    const name = value.slice(0, eq).trim();
    const column = value.slice(eq + 1).trim();
    const field = name.toLowerCase();
    if (!isLeadField(field)) {
      const guess = ALIAS_TO_FIELD.get(foldHeader(name));
      const said = { value: JSON.stringify(value), name: JSON.stringify(name) };
      throw new ColumnError(
        guess === undefined
          ? t('leads.columns.map.notField', said)
          : t('leads.columns.map.notField.guess', { ...said, guess }),
        t('leads.columns.fields.hint', { fields: LEAD_FIELDS.join(', ') }),
      );
    }
    if (column === '') {
      throw new ColumnError(
        t('leads.columns.map.noColumn', { value: JSON.stringify(value), field }),
        t('leads.columns.map.noColumn.hint', { field }),
      );
    }
    const previous = out[field];
    if (previous !== undefined) {
      throw new ColumnError(
        t('leads.columns.map.twice', {
          field,
          first: JSON.stringify(previous),
          second: JSON.stringify(column),
        }),
        t('leads.columns.map.twice.hint', { field }),
      );
    }
    out[field] = column;
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Saved layouts (config `import.layouts`, `--layout`) and config `import.columns`

/** A saved column layout: lead field → column header; `optional` fields may be missing. */
export interface Layout {
  name: string;
  columns: Partial<Record<LeadField, string>>;
  optional?: readonly LeadField[];
}

/** Which mapping a file's columns were read with. */
export interface ColumnSources {
  /** `--map`: every column named must be in the file. */
  map?: Partial<Record<LeadField, string>>;
  /**
   * Config `import.columns`: applied where the file has the column, left out where it does not
   * (a do-not-call list, a rejects file, another export need not have it).
   */
  columnsIfPresent?: Partial<Record<LeadField, string>>;
  /** Config `import.layouts`, in config order. */
  layouts?: readonly Layout[];
  /** `--layout <name>`: that layout, whose non-optional columns must be in the file. */
  layout?: string;
}

export interface ChosenColumns {
  /** The mapping planColumns gets (every column in it is in the file). */
  map: Partial<Record<LeadField, string>>;
  /** The layout used, and whether it was asked for or chosen by the file's headers. */
  layout?: { name: string; chosen: 'flag' | 'headers' };
}

function columnIndex(headers: readonly string[], column: string): number {
  const exact = headers.indexOf(column);
  if (exact >= 0) return exact;
  const key = foldHeader(column);
  return key === '' ? -1 : headers.findIndex((h) => foldHeader(h) === key);
}

/** A layout's entries whose column is in the file, and its required fields that are missing. */
function fitLayout(
  headers: readonly string[],
  layout: Layout,
): { present: Partial<Record<LeadField, string>>; missing: LeadField[] } {
  const present: Partial<Record<LeadField, string>> = {};
  const missing: LeadField[] = [];
  const optional = new Set(layout.optional ?? []);
  for (const [field, column] of Object.entries(layout.columns) as Array<[LeadField, string]>) {
    if (columnIndex(headers, column) >= 0) present[field] = column;
    else if (!optional.has(field)) missing.push(field);
  }
  return { present, missing };
}

/**
 * The mapping a file is read with: `--map` over the layout (asked for with `--layout`, else the
 * saved layout whose required columns are all in the file — the one that maps most of them,
 * the first in config order on a tie) over config `import.columns` (only the entries whose
 * column is in the file, and none whose column a layout or `--map` already uses). A rejects or
 * skipped file repeats the input's headers, so it is read with the same layout, no flag needed.
 * Throws ColumnError for an unknown `--layout`, or one whose required columns are missing.
 */
export function chooseColumns(headers: readonly string[], src: ColumnSources): ChosenColumns {
  const layouts = src.layouts ?? [];
  let layout: ChosenColumns['layout'];
  let layoutMap: Partial<Record<LeadField, string>> = {};
  if (src.layout !== undefined) {
    const asked = layouts.find((l) => l.name === src.layout);
    if (asked === undefined)
      throw new ColumnError(
        layouts.length === 0
          ? t('habits.layout.none', { name: src.layout })
          : t('habits.layout.unknown', {
              name: src.layout,
              known: layouts.map((l) => l.name).join(', '),
            }),
        t('habits.layout.unknown.hint'),
      );
    const { present, missing } = fitLayout(headers, asked);
    if (missing.length > 0)
      throw new ColumnError(
        t('habits.layout.missing', {
          name: asked.name,
          missing: missing.map((f) => `${f} (${show(asked.columns[f]!)})`).join(', '),
          columns: listHeaders(headers),
        }),
        t('habits.layout.missing.hint', { name: asked.name }),
      );
    layout = { name: asked.name, chosen: 'flag' };
    layoutMap = present;
  } else {
    let best = -1;
    for (const l of layouts) {
      const { present, missing } = fitLayout(headers, l);
      const n = Object.keys(present).length;
      if (missing.length === 0 && n > 0 && n > best) {
        best = n;
        layout = { name: l.name, chosen: 'headers' };
        layoutMap = present;
      }
    }
  }
  const flags = src.map ?? {};
  const used = new Set(
    [...Object.values(layoutMap), ...Object.values(flags)].map((c) =>
      columnIndex(headers, c as string),
    ),
  );
  const soft: Partial<Record<LeadField, string>> = {};
  for (const [field, column] of Object.entries(src.columnsIfPresent ?? {}) as Array<
    [LeadField, string]
  >) {
    if (layout !== undefined && layoutMap[field] !== undefined) continue;
    const i = columnIndex(headers, column);
    if (i >= 0 && !used.has(i)) soft[field] = column;
  }
  return { map: { ...soft, ...layoutMap, ...flags }, ...(layout ? { layout } : {}) };
}

/**
 * The delimiter a lone header's name holds most often (at least twice, or once between two
 * words), as shown in a message and as a delimiter value is written (`;`, `tab`).
 */
function delimiterIn(header: string): { shown: string; value: string; count: number } | undefined {
  let best: { shown: string; value: string; count: number } | undefined;
  for (const [c, shown, value] of [
    [';', '";"', '";"'],
    [',', '","', '","'],
    ['\t', 'tab', 'tab'],
    ['|', '"|"', '"|"'],
  ] as const) {
    const count = header.split(c).length - 1;
    if (count > 0 && (best === undefined || count > best.count)) best = { shown, value, count };
  }
  return best;
}
