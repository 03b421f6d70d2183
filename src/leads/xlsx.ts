/**
 * Reading Excel (.xlsx) lead files: the first visible worksheet, or --sheet by name or number.
 *
 * The zip is opened with fflate, inflating only the parts needed (workbook, its relationships,
 * shared strings, styles and the chosen sheet). The SpreadsheetML subset involved is regular,
 * so it is scanned with small regexes rather than a full XML parser. The sheet's XML is held in
 * memory; rows are produced lazily.
 *
 * Numbers are turned back into what the operator typed: integers as plain digits (no exponent,
 * no ".0"), leading zeros restored from "0000000000"-style formats, dates as yyyy-mm-dd.
 */
import fs from 'node:fs';
import { unzipSync } from 'fflate';
import { UsageError } from '../errors.js';
import type { Row, RowSource } from './read.js';

export interface XlsxOptions {
  /** A sheet name, or a 1-based sheet number as a string. */
  sheet?: string;
}

const CSV_HINT = 'Save it from Excel as "CSV UTF-8 (Comma delimited)" and import that file.';
const SHEET_HINT = 'Pass --sheet with a sheet name, or its number (1 = the first sheet).';
/** Larger parts cannot be turned into one JavaScript string. */
const MAX_PART = 500 * 1024 * 1024;

const ZIP_LOCAL = 0x04034b50;
const ZIP_CENTRAL = 0x02014b50;
const ZIP_END = 0x06054b50;

/**
 * Whether the start of a file is an .xlsx: a zip whose entries include "[Content_Types].xml" or
 * "xl/…". Local entry headers are walked while their sizes are known; when the walk cannot go on
 * (sizes after the data, or the end of `head`), the zip signature alone decides.
 */
export function isXlsx(head: Buffer): boolean {
  if (head.length < 4 || head.readUInt32LE(0) !== ZIP_LOCAL) return false;
  let pos = 0;
  for (let n = 0; n < 100 && pos + 30 <= head.length; n++) {
    const sig = head.readUInt32LE(pos);
    // Every entry seen, none of them Excel's.
    if (sig === ZIP_CENTRAL || sig === ZIP_END) return false;
    if (sig !== ZIP_LOCAL) return true;
    const flags = head.readUInt16LE(pos + 6);
    const size = head.readUInt32LE(pos + 18);
    const nameLength = head.readUInt16LE(pos + 26);
    const extraLength = head.readUInt16LE(pos + 28);
    if (pos + 30 + nameLength > head.length) return true;
    const name = head.toString('latin1', pos + 30, pos + 30 + nameLength).replace(/\\/g, '/');
    if (name === '[Content_Types].xml' || name.startsWith('xl/')) return true;
    if (flags & 8 || size === 0xffffffff) return true;
    pos += 30 + nameLength + extraLength + size;
  }
  return true;
}

// --------------------------------------------------------------------------------------------
// XML scanning

/** Attributes of a start tag, quotes honoured (a ">" may appear inside a value). */
const ATTRS = `((?:[^>"']|"[^"]*"|'[^']*')*?)`;
const PREFIX = `(?:[\\w.-]+:)?`;

function tagRe(name: string): RegExp {
  return new RegExp(`<${PREFIX}${name}(?=[\\s/>])${ATTRS}(/?)>`, 'g');
}

const NAMED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

function unescapeXml(s: string): string {
  if (!s.includes('&')) return s;
  return s.replace(
    /&(?:#(\d+)|#x([0-9a-fA-F]+)|(amp|lt|gt|quot|apos));/g,
    (m, dec?: string, hex?: string, name?: string) => {
      if (name) return NAMED[name] ?? m;
      const cp = dec !== undefined ? parseInt(dec, 10) : parseInt(hex ?? '', 16);
      return cp <= 0x10ffff ? String.fromCodePoint(cp) : m;
    },
  );
}

/** Element text: XML line ends, entities, then OOXML's _xHHHH_ escapes (_x005F_ is "_"). */
function xmlText(raw: string): string {
  let s = unescapeXml(raw.includes('\r') ? raw.replace(/\r\n?/g, '\n') : raw);
  if (s.includes('_x')) {
    s = s.replace(/_x([0-9A-Fa-f]{4})_/g, (_m, h: string) => String.fromCharCode(parseInt(h, 16)));
  }
  return s;
}

function attrs(tag: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const m of tag.matchAll(/([\w.:-]+)\s*=\s*(?:"([^"]*)"|'([^']*)')/g)) {
    out.set(m[1]!, unescapeXml(m[2] ?? m[3] ?? ''));
  }
  return out;
}

/** An attribute by local name, whatever its namespace prefix (r:id, x:id …). */
function attrLocal(a: Map<string, string>, local: string): string | undefined {
  if (a.has(local)) return a.get(local);
  for (const [k, v] of a) if (k.endsWith(`:${local}`)) return v;
  return undefined;
}

const attrRe = (name: string) => new RegExp(`(?:^|\\s)${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)')`);
const elementRe = (name: string, flags = '') =>
  new RegExp(`<${PREFIX}${name}(?=[\\s/>])${ATTRS}(?:/>|>([\\s\\S]*?)</${PREFIX}${name}>)`, flags);

// The hot path (every cell) uses these, compiled once.
const R_ATTR = attrRe('r');
const T_ATTR = attrRe('t');
const S_ATTR = attrRe('s');
const V_ELEMENT = elementRe('v');
const IS_ELEMENT = elementRe('is');
const T_ELEMENTS = elementRe('t', 'g');
const PHONETIC = new RegExp(`<${PREFIX}rPh(?=[\\s/>])[\\s\\S]*?</${PREFIX}rPh>`, 'g');

/** One attribute of a start tag. */
function attrOf(tag: string, re: RegExp): string | undefined {
  const m = re.exec(tag);
  return m ? unescapeXml(m[1] ?? m[2] ?? '') : undefined;
}

/** The text of the first such element ('' when empty), or undefined when there is none. */
function elementText(body: string, re: RegExp): string | undefined {
  const m = re.exec(body);
  return m ? (m[2] ?? '') : undefined;
}

/** The concatenated text of <si> / <is>: plain <t> or rich-text runs, phonetic hints dropped. */
function richText(body: string): string {
  // The usual case: one plain <t>.
  if (body.startsWith('<t>') && body.indexOf('<', 3) === body.length - 4 && body.endsWith('</t>'))
    return xmlText(body.slice(3, -4));
  const plain = body.includes('rPh') ? body.replace(PHONETIC, '') : body;
  let out = '';
  T_ELEMENTS.lastIndex = 0;
  for (let m = T_ELEMENTS.exec(plain); m; m = T_ELEMENTS.exec(plain))
    if (m[2]) out += xmlText(m[2]);
  return out;
}

// --------------------------------------------------------------------------------------------
// Zip parts

function corrupt(displayName: string, why: string): UsageError {
  return new UsageError(`${displayName}: cannot read this Excel file (${why})`, { hint: CSV_HINT });
}

const norm = (name: string) => name.replace(/\\/g, '/').replace(/^\/+/, '').toLowerCase();

/** Inflate the wanted parts only; keys are normalized (lower-case) part names. */
function extract(zip: Uint8Array, displayName: string, wanted: string[]): Map<string, string> {
  const want = new Set(wanted.map(norm));
  let files: Record<string, Uint8Array>;
  try {
    files = unzipSync(zip, {
      filter: (f) => {
        if (!want.has(norm(f.name))) return false;
        if (f.originalSize > MAX_PART) {
          throw new UsageError(`${displayName}: the sheet is too large to read from Excel`, {
            hint: CSV_HINT,
          });
        }
        return true;
      },
    });
  } catch (e) {
    if (e instanceof UsageError) throw e;
    throw corrupt(displayName, `damaged zip: ${(e as Error).message}`);
  }
  const out = new Map<string, string>();
  const decoder = new TextDecoder('utf-8');
  for (const [name, bytes] of Object.entries(files)) out.set(norm(name), decoder.decode(bytes));
  return out;
}

function resolvePart(baseDir: string, target: string): string {
  const out: string[] = [];
  const full = target.startsWith('/') ? target : baseDir + target;
  for (const p of full.split('/')) {
    if (p === '..') out.pop();
    else if (p !== '.' && p !== '') out.push(p);
  }
  return out.join('/');
}

interface Rel {
  type: string;
  target: string;
}

function parseRels(xml: string | undefined, baseDir: string): Map<string, Rel> {
  const rels = new Map<string, Rel>();
  if (!xml) return rels;
  for (const m of xml.matchAll(tagRe('Relationship'))) {
    const a = attrs(m[1]!);
    const id = a.get('Id');
    const target = a.get('Target');
    if (!id || !target || a.get('TargetMode') === 'External') continue;
    rels.set(id, { type: a.get('Type') ?? '', target: resolvePart(baseDir, target) });
  }
  return rels;
}

const relOfType = (rels: Map<string, Rel>, type: string) =>
  [...rels.values()].find((r) => r.type.endsWith(`/${type}`))?.target;

// --------------------------------------------------------------------------------------------
// Number formats

type Format =
  | { kind: 'general' }
  | { kind: 'zeros'; width: number }
  | { kind: 'date'; date: boolean; time: boolean };

const GENERAL: Format = { kind: 'general' };

function builtinFormat(id: number): Format {
  if (id >= 14 && id <= 17) return { kind: 'date', date: true, time: false };
  if (id >= 18 && id <= 21) return { kind: 'date', date: false, time: true };
  if (id === 22) return { kind: 'date', date: true, time: true };
  if (id >= 45 && id <= 47) return { kind: 'date', date: false, time: true };
  // East Asian locales' built-in date (27–31, 36, 50–58) and time (32–35) formats.
  if ((id >= 27 && id <= 31) || id === 36 || (id >= 50 && id <= 58))
    return { kind: 'date', date: true, time: false };
  if (id >= 32 && id <= 35) return { kind: 'date', date: false, time: true };
  return GENERAL;
}

/** Classify a format code by its first section, without quoted text and escapes. */
function classifyFormatCode(code: string): Format {
  let bare = '';
  let elapsed = false;
  for (let i = 0; i < code.length; i++) {
    const ch = code[i]!;
    if (ch === ';') break;
    if (ch === '"') {
      const end = code.indexOf('"', i + 1);
      i = end < 0 ? code.length : end;
    } else if (ch === '\\' || ch === '_' || ch === '*') {
      i++; // escaped character, space the width of a character, fill character
    } else if (ch === '[') {
      const end = code.indexOf(']', i + 1);
      const inside = code.slice(i + 1, end < 0 ? code.length : end);
      if (/^(h+|m+|s+)$/i.test(inside)) elapsed = true;
      i = end < 0 ? code.length : end;
    } else {
      bare += ch;
    }
  }
  // Characters Excel shows as they are, unquoted: "000-000-0000", "(000) 0000000".
  const digits = bare.replace(/[-+() ]/g, '');
  if (/^0+$/.test(digits))
    return digits.length > 1 ? { kind: 'zeros', width: digits.length } : GENERAL;
  if (/General/i.test(bare)) return GENERAL;
  const time = elapsed || /[hs]/i.test(bare) || /AM\/PM|A\/P/i.test(bare);
  const date = /[dy]/i.test(bare) || (/m/i.test(bare) && !time);
  return date || time ? { kind: 'date', date, time } : GENERAL;
}

/** Formats of the cellXfs entries, by style index (the `s` of a cell). */
function parseStyles(xml: string | undefined): Format[] {
  if (!xml) return [];
  const custom = new Map<number, string>();
  for (const m of xml.matchAll(tagRe('numFmt'))) {
    const a = attrs(m[1]!);
    const id = Number(a.get('numFmtId'));
    const code = a.get('formatCode');
    if (Number.isInteger(id) && code !== undefined) custom.set(id, code);
  }
  const section = new RegExp(
    `<${PREFIX}cellXfs(?=[\\s/>])[^>]*>([\\s\\S]*?)</${PREFIX}cellXfs>`,
  ).exec(xml);
  if (!section) return [];
  const formats: Format[] = [];
  for (const m of section[1]!.matchAll(tagRe('xf'))) {
    const id = Number(attrs(m[1]!).get('numFmtId') ?? '0');
    const code = custom.get(id);
    formats.push(code !== undefined ? classifyFormatCode(code) : builtinFormat(id));
  }
  return formats;
}

// --------------------------------------------------------------------------------------------
// Cell values

/**
 * A stored number as the operator typed it. Integers: plain digits from the exact decimal
 * expansion of the stored text (kept as stored from 1e21 up). Other numbers: rounded to the 15
 * significant digits Excel shows, without exponent ("3.0000000000000004" is "3").
 */
function numberText(stored: string): string {
  const text = stored.trim();
  const m = /^([+-]?)(\d*)(?:\.(\d*))?(?:[eE]([+-]?\d+))?$/.exec(text);
  if (!m || (m[2] === '' && (m[3] ?? '') === '')) return text;
  const neg = m[1] === '-';
  const frac = m[3] ?? '';
  let digits = (m[2]! + frac).replace(/^0+/, '');
  let exp = Number(m[4] ?? '0') - frac.length;
  if (digits === '') return '0';
  const trim = () => {
    const t = digits.replace(/0+$/, '');
    exp += digits.length - t.length;
    digits = t;
  };
  trim();
  if (exp < 0 && digits.length > 15) {
    const up = digits.charCodeAt(15) >= 53; // '5'
    exp += digits.length - 15;
    digits = digits.slice(0, 15);
    if (up) digits = (BigInt(digits) + 1n).toString();
    trim();
  }
  const sign = neg ? '-' : '';
  if (exp >= 0) {
    if (digits.length + exp > 21) return text;
    return sign + digits + '0'.repeat(exp);
  }
  const intLength = digits.length + exp;
  if (intLength > 0) return `${sign}${digits.slice(0, intLength)}.${digits.slice(intLength)}`;
  if (-intLength > 20) return text;
  return `${sign}0.${'0'.repeat(-intLength)}${digits}`;
}

const pad2 = (n: number) => String(n).padStart(2, '0');

/** An Excel date serial as yyyy-mm-dd, yyyy-mm-dd HH:mm:ss or HH:mm:ss; undefined if invalid. */
function serialToDate(
  serial: number,
  format: { date: boolean; time: boolean },
  date1904: boolean,
): string | undefined {
  if (!Number.isFinite(serial) || serial < 0 || serial >= 2958466) return undefined;
  let days = Math.floor(serial);
  let seconds = Math.round((serial - days) * 86400);
  if (seconds >= 86400) {
    days++;
    seconds -= 86400;
  }
  const time = `${pad2(Math.floor(seconds / 3600))}:${pad2(Math.floor(seconds / 60) % 60)}:${pad2(seconds % 60)}`;
  if (!format.date && days === 0) return time;
  let date: string;
  if (date1904) {
    date = new Date(Date.UTC(1904, 0, 1 + days)).toISOString().slice(0, 10);
  } else if (days === 60) {
    date = '1900-02-29'; // Lotus 1-2-3's leap-year bug, kept by Excel
  } else {
    date = new Date(Date.UTC(1899, 11, days < 60 ? 31 + days : 30 + days))
      .toISOString()
      .slice(0, 10);
  }
  return format.time ? `${date} ${time}` : date;
}

interface SheetContext {
  displayName: string;
  strings: string[];
  formats: Format[];
  date1904: boolean;
}

function numberCell(v: string, format: Format, ctx: SheetContext): string {
  if (format.kind === 'date') {
    const d = serialToDate(Number(v), format, ctx.date1904);
    if (d !== undefined) return d;
  }
  const n = numberText(v);
  if (format.kind === 'zeros' && /^-?\d+$/.test(n)) {
    return n.startsWith('-')
      ? `-${n.slice(1).padStart(format.width, '0')}`
      : n.padStart(format.width, '0');
  }
  return n;
}

function cellValue(
  tag: string,
  body: string,
  ref: string,
  line: number,
  ctx: SheetContext,
): string {
  const type = attrOf(tag, T_ATTR) ?? 'n';
  if (type === 'inlineStr') {
    const is = elementText(body, IS_ELEMENT);
    return is === undefined ? xmlText(elementText(body, V_ELEMENT) ?? '') : richText(is);
  }
  const raw = elementText(body, V_ELEMENT);
  if (raw === undefined) return '';
  switch (type) {
    case 's': {
      const s = ctx.strings[Number(raw.trim())];
      if (s === undefined) {
        throw corrupt(
          `${ctx.displayName}:${line}`,
          `cell ${ref} refers to a missing shared string`,
        );
      }
      return s;
    }
    case 'str':
      return xmlText(raw);
    case 'b':
      return raw.trim() === '1' || raw.trim() === 'true' ? 'TRUE' : 'FALSE';
    case 'e':
      return xmlText(raw).trim();
    case 'd': {
      // ISO 8601 text (t="d", rare): as the other dates are given.
      const d = xmlText(raw)
        .trim()
        .replace(/(\.\d*)?Z$/, '');
      return d.endsWith('T00:00:00') ? d.slice(0, 10) : d.replace('T', ' ');
    }
    default: {
      const v = raw.trim();
      if (v === '') return '';
      const s = attrOf(tag, S_ATTR);
      return numberCell(v, (s !== undefined ? ctx.formats[Number(s)] : undefined) ?? GENERAL, ctx);
    }
  }
}

/** "B7" → 1 (0-based column); -1 if there are no letters. */
function columnIndex(ref: string): number {
  let col = 0;
  let i = 0;
  for (; i < ref.length; i++) {
    const c = ref.charCodeAt(i) & ~0x20; // upper-case
    if (c < 65 || c > 90) break;
    col = col * 26 + (c - 64);
  }
  return i === 0 ? -1 : col - 1;
}

function columnName(index: number): string {
  let name = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) {
    name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
  }
  return name;
}

/** The non-empty rows of a sheet, values by column position (trailing cells may be missing). */
function* sheetRows(xml: string, ctx: SheetContext): Generator<Row> {
  const open = new RegExp(`<${PREFIX}sheetData(?=[\\s/>])${ATTRS}(/?)>`).exec(xml);
  if (!open || open[2] === '/') return;
  const start = open.index + open[0].length;
  const closeAt = xml.search(new RegExp(`</${PREFIX}sheetData>`));
  const end = closeAt < 0 ? xml.length : closeAt;
  const rowRe = new RegExp(`<(${PREFIX})row(?=[\\s/>])${ATTRS}(/?)>`, 'g');
  const cellRe = new RegExp(`<(${PREFIX})c(?=[\\s/>])${ATTRS}(/?)>`, 'g');
  rowRe.lastIndex = start;
  let line = 0;
  for (;;) {
    const m = rowRe.exec(xml);
    if (!m || m.index >= end) return;
    const r = Number(attrOf(m[2]!, R_ATTR));
    line = Number.isInteger(r) && r > line ? r : line + 1;
    if (m[3] === '/') continue;
    const close = xml.indexOf(`</${m[1]!}row>`, rowRe.lastIndex);
    const bodyEnd = close < 0 ? end : close;
    const body = xml.slice(rowRe.lastIndex, bodyEnd);
    rowRe.lastIndex = bodyEnd;
    const values: string[] = [];
    let col = -1;
    let any = false;
    cellRe.lastIndex = 0;
    for (let c = cellRe.exec(body); c; c = cellRe.exec(body)) {
      const ref = attrOf(c[2]!, R_ATTR) ?? '';
      const at = columnIndex(ref);
      col = at >= 0 ? at : col + 1;
      let cellBody = '';
      if (c[3] !== '/') {
        const cellClose = body.indexOf(`</${c[1]!}c>`, cellRe.lastIndex);
        const cellEnd = cellClose < 0 ? body.length : cellClose;
        cellBody = body.slice(cellRe.lastIndex, cellEnd);
        cellRe.lastIndex = cellEnd;
      }
      const value = cellValue(c[2]!, cellBody, ref || `${columnName(col)}${line}`, line, ctx);
      if (value === '') continue;
      while (values.length < col) values.push('');
      values[col] = value;
      if (value.trim() !== '') any = true;
    }
    if (any) yield { line, values };
  }
}

// --------------------------------------------------------------------------------------------

interface SheetInfo {
  name: string;
  target: string | undefined;
  type: string;
  hidden: boolean;
}

function chooseSheet(displayName: string, sheets: SheetInfo[], wanted: string | undefined) {
  const visible = sheets.filter((s) => !s.hidden);
  const listed = (visible.length > 0 ? visible : sheets).map((s) => s.name).join(', ');
  if (wanted === undefined) {
    return visible.find((s) => s.type === 'worksheet') ?? visible[0] ?? sheets[0]!;
  }
  const byName =
    sheets.find((s) => s.name === wanted) ??
    sheets.find((s) => s.name.trim().toLowerCase() === wanted.trim().toLowerCase());
  if (byName) return byName;
  if (/^\s*\d+\s*$/.test(wanted)) {
    const n = Number(wanted);
    const list = visible.length > 0 ? visible : sheets;
    const sheet = list[n - 1];
    if (sheet && n >= 1) return sheet;
    throw new UsageError(
      `${displayName}: no sheet number ${n} (${list.length === 1 ? 'one sheet' : `${list.length} sheets`}: ${listed})`,
      { hint: SHEET_HINT },
    );
  }
  throw new UsageError(`${displayName}: no sheet named "${wanted}" (sheets: ${listed})`, {
    hint: SHEET_HINT,
  });
}

async function readZip(file: string, displayName: string): Promise<Uint8Array> {
  let data: Buffer;
  try {
    data = await fs.promises.readFile(file);
  } catch (e) {
    const code = (e as { code?: string }).code;
    throw new UsageError(
      code === 'ENOENT'
        ? `${displayName}: no such file`
        : `${displayName}: cannot read (${code ?? 'error'})`,
    );
  }
  if (data.length >= 4 && data.readUInt32BE(0) === 0xd0cf11e0) {
    throw corrupt(displayName, 'an old Excel 97-2003 .xls file, or a password-protected one');
  }
  if (data.length < 4 || data.readUInt32LE(0) !== ZIP_LOCAL) {
    throw corrupt(displayName, 'not a zip archive');
  }
  return data;
}

/** Open the rows of an .xlsx sheet: the first visible worksheet unless opts.sheet says. */
export async function openXlsx(
  file: string,
  displayName: string,
  opts: XlsxOptions,
): Promise<RowSource & { sheetName: string; rows: AsyncIterable<Row> }> {
  const zip = await readZip(file, displayName);

  let parts = extract(zip, displayName, [
    '_rels/.rels',
    'xl/workbook.xml',
    'xl/_rels/workbook.xml.rels',
  ]);
  const officeDoc = relOfType(parseRels(parts.get('_rels/.rels'), ''), 'officeDocument');
  const workbookPath = officeDoc ?? 'xl/workbook.xml';
  const slash = workbookPath.lastIndexOf('/');
  const baseDir = workbookPath.slice(0, slash + 1);
  const relsPath = `${baseDir}_rels/${workbookPath.slice(slash + 1)}.rels`;
  if (!parts.has(norm(workbookPath)) || !parts.has(norm(relsPath))) {
    parts = extract(zip, displayName, [workbookPath, relsPath]);
  }
  const workbook = parts.get(norm(workbookPath));
  if (workbook === undefined) throw corrupt(displayName, 'no workbook inside; not an .xlsx file?');
  const rels = parseRels(parts.get(norm(relsPath)), baseDir);

  const sheets: SheetInfo[] = [];
  for (const m of workbook.matchAll(tagRe('sheet'))) {
    const a = attrs(m[1]!);
    const rel = rels.get(attrLocal(a, 'id') ?? '');
    const state = a.get('state');
    sheets.push({
      name: a.get('name') ?? `Sheet${sheets.length + 1}`,
      target: rel?.target,
      type: rel?.type.slice(rel.type.lastIndexOf('/') + 1) ?? '',
      hidden: state === 'hidden' || state === 'veryHidden',
    });
  }
  if (sheets.length === 0) throw new UsageError(`${displayName}: the workbook has no sheets`);
  const sheet = chooseSheet(displayName, sheets, opts.sheet);
  if (sheet.type !== 'worksheet' || sheet.target === undefined) {
    throw new UsageError(`${displayName}: sheet "${sheet.name}" is not a table of cells`, {
      hint: SHEET_HINT,
    });
  }
  const pr = /<(?:[\w.-]+:)?workbookPr(?=[\s/>])((?:[^>"']|"[^"]*"|'[^']*')*)>/.exec(workbook);
  const date1904 = /^(1|true)$/.test(pr ? (attrOf(pr[1]!, attrRe('date1904')) ?? '') : '');

  const stringsPath = relOfType(rels, 'sharedStrings') ?? `${baseDir}sharedStrings.xml`;
  const stylesPath = relOfType(rels, 'styles') ?? `${baseDir}styles.xml`;
  parts = extract(zip, displayName, [stringsPath, stylesPath, sheet.target]);
  const xml = parts.get(norm(sheet.target));
  if (xml === undefined) throw corrupt(displayName, `sheet "${sheet.name}" is missing`);

  const strings: string[] = [];
  const sst = parts.get(norm(stringsPath));
  if (sst) {
    for (const m of sst.matchAll(elementRe('si', 'g'))) strings.push(m[2] ? richText(m[2]) : '');
  }
  const ctx: SheetContext = {
    displayName,
    strings,
    formats: parseStyles(parts.get(norm(stylesPath))),
    date1904,
  };

  const source = sheetRows(xml, ctx);
  const first = source.next();
  if (first.done) throw new UsageError(`${displayName}: sheet "${sheet.name}" is empty`);
  const headers = first.value.values;
  while (headers.length > 0 && headers[headers.length - 1]!.trim() === '') headers.pop();
  const width = headers.length;

  const shape = (row: Row): Row => {
    const { values } = row;
    for (let i = width; i < values.length; i++) {
      if (values[i]!.trim() !== '') {
        throw new UsageError(
          `${displayName}:${row.line}: a value in column ${columnName(i)} has no header`,
          {
            hint: `Give column ${columnName(i)} a header in row ${first.value.line}, or clear its values.`,
          },
        );
      }
    }
    values.length = Math.min(values.length, width);
    while (values.length < width) values.push('');
    return row;
  };

  const second = source.next();
  if (second.done) throw new UsageError(`${displayName}: only a header row, no data rows`);
  const firstData = shape(second.value);

  // Rows come from one lazy pass over the sheet: through each() (the pipeline's way) or rows.
  async function each(fn: (row: Row) => void): Promise<void> {
    fn(firstData);
    let n = 0;
    for (const row of source) {
      fn(shape(row));
      // Let timers and signals (progress, Ctrl-C) run now and then.
      if ((++n & 0x3fff) === 0) await new Promise((r) => setImmediate(r));
    }
  }
  async function* rows(): AsyncGenerator<Row> {
    yield firstData;
    for (const row of source) yield shape(row);
  }
  const out = { headers, each, rows: rows(), sheetName: sheet.name };
  return out;
}
