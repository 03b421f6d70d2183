/**
 * The xlsx report: one worksheet of attempts or leads, streamed into a zip (zip.ts).
 *
 * It travels the same lead-by-lead path as CSV (write.ts LeadFormat, prepared.ts): a lead's
 * text is a compact row form — each cell's value already as the sheet will hold it (NFC, cut to
 * Excel's limit, escaped for XML and OOXML, typed) — and the XML, the rows' numbers and the zip
 * are made by XlsxWriter as the text is written. So a prepared report holds about as much per
 * lead as its CSV would, and the sheet never is in memory whole.
 *
 * Cells: phone numbers, ids, session and key_press are text (format "@"), so no leading zero
 * is lost; date_time and last_date_time are date-time serial numbers (the service's wall clock,
 * no zone shift) shown as yyyy-mm-dd hh:mm:ss; counts and seconds are numbers. A value a column
 * cannot hold as its type (a date that is no date, "007" seconds) is kept as text, exactly.
 * Text is NFC; XML 1.0's forbidden characters (and CR, which XML readers turn into LF) are
 * written as OOXML's _xHHHH_ escapes, which Excel reads back as the character; text longer
 * than Excel's 32,767 characters is cut to 32,766 and "…".
 *
 * The header row is bold, frozen and filtered (autoFilter over the data). Column widths come
 * from the header and the first SAMPLE_ROWS rows (the rest is not in memory yet when the sheet
 * begins). A sheet holds at most 1,048,576 rows (Excel's limit, the header included): later
 * rows go on "Attempts 2", "Attempts 3"… each with its own header row.
 */
import { ZipWriter, type ZipEntryWriter } from './zip.js';

type Cell = string | number | null | undefined;

/** How a column's values are written. */
export type ColumnKind = 'text' | 'code' | 'number' | 'datetime';

/** Excel's limits: characters in a cell, rows in a sheet. */
export const XLSX_MAX_TEXT = 32_767;
export const XLSX_MAX_ROWS = 1_048_576;
/** Rows whose values size the columns. */
export const SAMPLE_ROWS = 1000;
/** zlib level of the sheets: the fastest; the sheet XML is very repetitive. */
export const XLSX_LEVEL = 1;

/** Kinds of the report's columns (write.ts ATTEMPT_COLUMNS, LEAD_COLUMNS); the rest is text. */
const KINDS: Record<string, ColumnKind> = {
  campaign_id: 'code',
  campaign_lead_id: 'code',
  ref_id: 'code',
  phone_number: 'code',
  called_number: 'code',
  session: 'code',
  key_press: 'code',
  call: 'number',
  wait_time: 'number',
  talk_time: 'number',
  retry: 'number',
  attempts: 'number',
  total_talk_time: 'number',
  matching_attempts: 'number',
  matching_talk_time: 'number',
  date_time: 'datetime',
  last_date_time: 'datetime',
  last_matching_date_time: 'datetime',
};

export function columnKind(name: string): ColumnKind {
  return KINDS[name] ?? 'text';
}

// ---------------------------------------------------------------------------------------------
// Cells: the row form a lead's text is made of

/**
 * Between the cells of a row, and after each row. Neither can be in a cell: every control
 * character but TAB and LF is escaped there.
 */
export const CELL_END = '\u001f';
export const ROW_END = '\u001e';
/**
 * A cell's type: text is the (escaped) text itself; the others begin with a control character,
 * which text never does (every control character but TAB and LF is escaped there, and text that
 * begins with TAB or LF is marked as preserved). An empty cell is the empty string.
 */
const NUMBER = '\u0001';
const DATE = '\u0002';
const TEXT_PRESERVED = '\u0003'; // leading or trailing white space, or TAB/LF inside
const NUMBER_CODE = 1;
const DATE_CODE = 2;
const PRESERVED_CODE = 3;

/**
 * What has to be escaped: XML's & < >; the C0 controls but TAB and LF (CR included: a reader
 * turns it into LF); U+FFFE/U+FFFF and lone surrogates (not XML characters); and a literal
 * "_xHHHH_", whose "_" is written _x005F_ so that it is not read as an escape.
 */
const ESCAPES =
  /[&<>\u0000-\u0008\u000b-\u001f\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]|_(?=x[0-9A-Fa-f]{4}_)/g;

function escapeChar(c: string): string {
  if (c === '&') return '&amp;';
  if (c === '<') return '&lt;';
  if (c === '>') return '&gt;';
  return `_x${c.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}_`;
}

/** Text cut to Excel's limit (a surrogate pair is never split). */
export function fitText(s: string): string {
  if (s.length <= XLSX_MAX_TEXT) return s;
  let end = XLSX_MAX_TEXT - 1;
  const last = s.charCodeAt(end - 1);
  if (last >= 0xd800 && last <= 0xdbff) end--;
  return `${s.slice(0, end)}…`;
}

/** White space as String.prototype.trim sees it (what xml:space="preserve" is needed for). */
const SPACE = /\s/;
const isSpace = (c: number) =>
  c === 32 || (c >= 9 && c <= 13) || (c >= 0x80 && SPACE.test(String.fromCharCode(c)));

/**
 * Printable ASCII but & < > _ (and the space, which matters at either end): text made only of
 * these needs nothing done — most values of a report.
 */
const PLAIN = /^[!-%'-;=?-^`-~][ -%'-;=?-^`-~]*$/;

/** A text cell: NFC, cut to Excel's limit, escaped for XML and OOXML. */
export function textCell(value: string): string {
  if (value === '') return '';
  if (
    value.length <= XLSX_MAX_TEXT &&
    value.charCodeAt(value.length - 1) !== 32 &&
    PLAIN.test(value)
  )
    return value;
  // One pass: what the value needs.
  let compose = false;
  let escape = false;
  let inner = false; // TAB or LF inside
  for (let i = 0; i < value.length; i++) {
    const c = value.charCodeAt(i);
    if (c < 0x20) {
      if (c === 9 || c === 10) inner = true;
      else escape = true;
    } else if (c === 38 || c === 60 || c === 62 || c === 95) {
      escape = true; // & < > _ (an "_xHHHH_" perhaps)
    } else if (c >= 0x300) {
      compose = true;
      if (c >= 0xd800 && (c <= 0xdfff || c >= 0xfffe)) escape = true;
    }
  }
  let s = compose ? value.normalize('NFC') : value;
  if (s.length > XLSX_MAX_TEXT) s = fitText(s);
  const preserve = inner || isSpace(s.charCodeAt(0)) || isSpace(s.charCodeAt(s.length - 1));
  const text = escape ? s.replace(ESCAPES, escapeChar) : s;
  return preserve ? TEXT_PRESERVED + text : text;
}

/**
 * A number Excel holds exactly as written: at most 15 significant digits, no leading zero
 * (which a number would drop), no sign but "-", no exponent.
 */
const EXACT_NUMBER = /^-?(?:0|[1-9]\d*)(?:\.\d+)?$/;
function exactNumber(s: string): boolean {
  if (!EXACT_NUMBER.test(s)) return false;
  // Integers: every digit counts ("1000" has 4); decimals: up to the last non-zero one.
  const digits = s.replace(/[-.]/g, '').replace(/^0+/, '');
  return (s.includes('.') ? digits.replace(/0+$/, '') : digits).length <= 15;
}

/** Days from Excel's day 0 (1899-12-30, the 1900 date system) to 1970-01-01. */
const EPOCH_SERIAL = 25_569;

/** The number of two digits at s[i], or -1. */
function two(s: string, i: number): number {
  const a = s.charCodeAt(i) - 48;
  const b = s.charCodeAt(i + 1) - 48;
  return a >= 0 && a <= 9 && b >= 0 && b <= 9 ? a * 10 + b : -1;
}

/**
 * The Excel serial number of a wall-clock `yyyy-mm-dd[ HH:mm[:ss]]` (or with a T), as text:
 * days since 1899-12-30 (the 1900 date system), and the time as a fraction of a day; no time
 * zone involved. Undefined for anything else, and for dates Excel's 1900 system cannot show
 * (before 1900-03-01). The day's number and the fraction are each written exactly (shortest
 * round trip), side by side.
 */
export function excelSerialText(s: string): string | undefined {
  const n = s.length;
  if ((n !== 10 && n !== 16 && n !== 19) || s.charCodeAt(4) !== 45 || s.charCodeAt(7) !== 45)
    return undefined;
  const c = two(s, 0);
  const yy = two(s, 2);
  const mo = two(s, 5);
  const d = two(s, 8);
  if (c < 0 || yy < 0 || mo < 1 || mo > 12 || d < 1) return undefined;
  let secs = 0;
  if (n > 10) {
    const sep = s.charCodeAt(10);
    if ((sep !== 32 && sep !== 84) || s.charCodeAt(13) !== 58) return undefined;
    const h = two(s, 11);
    const mi = two(s, 14);
    const sec = n === 19 ? (s.charCodeAt(16) === 58 ? two(s, 17) : -1) : 0;
    if (h < 0 || h > 23 || mi < 0 || mi > 59 || sec < 0 || sec > 59) return undefined;
    secs = h * 3600 + mi * 60 + sec;
  }
  const y = c * 100 + yy;
  if (y < 1900 || (y === 1900 && mo < 3)) return undefined;
  // Most attempts of a report share their day with the one before.
  const key = y * 10_000 + mo * 100 + d;
  if (key !== lastDay) {
    const ms = Date.UTC(y, mo - 1, d);
    if (new Date(ms).getUTCDate() !== d) return undefined; // 2026-02-30
    lastDay = key;
    lastDays = String(ms / 86_400_000 + EPOCH_SERIAL);
  }
  if (secs === 0) return lastDays;
  // "0.5" → ".5": the fraction's digits after the day's.
  let fraction = FRACTIONS.get(secs);
  if (fraction === undefined) {
    fraction = String(secs / 86_400).slice(1);
    FRACTIONS.set(secs, fraction);
  }
  return lastDays + fraction;
}
let lastDay = 0;
let lastDays = '';
/** The fractions of a day written so far, by second of the day (at most 86,400). */
const FRACTIONS = new Map<number, string>();

/** excelSerialText as a number. */
export function excelSerial(s: string): number | undefined {
  const text = excelSerialText(s);
  return text === undefined ? undefined : Number(text);
}

const isEmpty = (v: Cell): v is null | undefined | '' => v === null || v === undefined || v === '';

/** A cell of a text column (or an id's: "code"). */
export function textOf(v: Cell): string {
  if (typeof v === 'string') return textCell(v);
  if (typeof v === 'number') return String(v); // digits, "-", ".", "e+": nothing to escape
  return isEmpty(v) ? '' : textCell(String(v));
}

/** A cell of a number column: a number when it is one exactly, else its text. */
export function numberOf(v: Cell): string {
  // A JSON number as its shortest text: `1e+308`, or 30 digits read as `1.2345678901234568e+29`,
  // is no number Excel holds exactly — text, as the same value given as a string (review,
  // session 22: they were number cells).
  if (typeof v === 'number') {
    const s = String(v);
    return Number.isFinite(v) && exactNumber(s) ? NUMBER + s : textCell(s);
  }
  if (isEmpty(v)) return '';
  const s = typeof v === 'string' ? v : String(v);
  return exactNumber(s) ? NUMBER + s : textCell(s);
}

/** A cell of a date-time column: a serial number when it is a wall-clock time, else its text. */
export function dateOf(v: Cell): string {
  if (isEmpty(v)) return '';
  const s = typeof v === 'string' ? v : String(v);
  const serial = excelSerialText(s);
  return serial === undefined ? textCell(s) : DATE + serial;
}

/** One cell of a column of `kind`, in the row form. */
export function xlsxCell(value: Cell, kind: ColumnKind): string {
  switch (kind) {
    case 'number':
      return numberOf(value);
    case 'datetime':
      return dateOf(value);
    default:
      return textOf(value);
  }
}

/**
 * Cells in the row form, joined by CELL_END: `cells[i]` of a column of kind `kinds[from + i]`.
 * A row is the cells of all its columns so joined, then ROW_END.
 */
export function xlsxCells(cells: readonly Cell[], kinds: readonly ColumnKind[], from = 0): string {
  // Joined, not added up: one flat string (a tree of `+=` pieces would be flattened later, at
  // a higher cost, when the text is gathered and read).
  const out: string[] = [];
  for (let i = 0; i < cells.length; i++) out.push(xlsxCell(cells[i], kinds[from + i]!));
  return out.join(CELL_END);
}

/** Whole rows in the row form. */
export function xlsxRows(rows: readonly (readonly Cell[])[], kinds: readonly ColumnKind[]): string {
  let out = '';
  for (const row of rows) {
    const cells = row.length < kinds.length ? [...row, ...Array(kinds.length - row.length)] : row;
    out += xlsxCells(cells.slice(0, kinds.length), kinds) + ROW_END;
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// The workbook

const NS_MAIN = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const NS_REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const NS_PKG_REL = 'http://schemas.openxmlformats.org/package/2006/relationships';
const XML_DECL = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';

/** Style indexes (cellXfs in STYLES). */
const STYLE_HEADER = 1;
const STYLE_TEXT = 2; // number format "@": what is typed there stays text
const STYLE_DATE = 3;
export const DATE_FORMAT = 'yyyy-mm-dd hh:mm:ss';

const STYLES =
  `${XML_DECL}<styleSheet xmlns="${NS_MAIN}">` +
  `<numFmts count="1"><numFmt numFmtId="164" formatCode="${DATE_FORMAT}"/></numFmts>` +
  '<fonts count="2"><font><sz val="11"/><name val="Calibri"/><family val="2"/></font>' +
  '<font><b/><sz val="11"/><name val="Calibri"/><family val="2"/></font></fonts>' +
  '<fills count="2"><fill><patternFill patternType="none"/></fill>' +
  '<fill><patternFill patternType="gray125"/></fill></fills>' +
  '<borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders>' +
  '<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>' +
  '<cellXfs count="4"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/>' +
  '<xf numFmtId="0" fontId="1" fillId="0" borderId="0" xfId="0" applyFont="1"/>' +
  '<xf numFmtId="49" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/>' +
  '<xf numFmtId="164" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/>' +
  '</cellXfs><cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles>' +
  '</styleSheet>';

const ROOT_RELS =
  `${XML_DECL}<Relationships xmlns="${NS_PKG_REL}">` +
  `<Relationship Id="rId1" Type="${NS_REL}/officeDocument" Target="xl/workbook.xml"/>` +
  '</Relationships>';

const CT = 'application/vnd.openxmlformats-officedocument.spreadsheetml';

/** "A", "B", … "Z", "AA", …: a column's letters from its 0-based index. */
export function columnLetters(index: number): string {
  let name = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) {
    name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
  }
  return name;
}

const escapeAttr = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

export interface XlsxColumn {
  name: string;
  kind: ColumnKind;
}

export interface XlsxOptions {
  columns: readonly XlsxColumn[];
  /** The first sheet's name ("Attempts"); later ones add " 2", " 3"… */
  sheetName: string;
  /** Rows a sheet holds, its header row included (default Excel's 1,048,576; tests use less). */
  maxRows?: number;
  /** XML a sheet holds before the next begins (default just under 4 GiB: zip without ZIP64). */
  maxSheetBytes?: number;
}

/** What a sink of the report's output is (write.ts Sink). */
interface Sink {
  write(chunk: string | Uint8Array): Promise<void>;
}

/** Sheet XML is handed to the zip in buffers of this many bytes. */
const OUT_BYTES = 1 << 20;
const ROW_END_BYTE = ROW_END.charCodeAt(0);
const CELL_END_BYTE = CELL_END.charCodeAt(0);
const bytes = (s: string) => new Uint8Array(Buffer.from(s, 'utf8'));
const ROW_OPEN = bytes('<row r="');
const NUMBER_OPEN = bytes('"><v>');
const DATE_OPEN = bytes(`" s="${STYLE_DATE}"><v>`);
/**
 * What ends the row's number (`">`) or a cell (a text's, a value's): written together with
 * what follows, the next cell's `<c r="A` or the row's end.
 */
const ENDS = ['">', '</t></is></c>', '</v></c>'];
const AFTER_ROW_NUMBER = 0;
const AFTER_TEXT = 1;
const AFTER_VALUE = 2;
const ROW_CLOSE = ENDS.map((e) => bytes(`${e}</row>`));

/** `piece` into `out` at `at`; where it ends. (A loop: the pieces are short.) */
function put(out: Uint8Array, at: number, piece: Uint8Array): number {
  const n = piece.length;
  if (n > 16) {
    out.set(piece, at);
    return at + n;
  }
  for (let k = 0; k < n; k++) out[at++] = piece[k]!;
  return at;
}

/** `src[from, to)` into `out` at `at`; where it ends. */
function putRange(out: Buffer, at: number, src: Buffer, from: number, to: number): number {
  if (to - from > 48) return at + src.copy(out, at, from, to);
  while (from < to) out[at++] = src[from++]!;
  return at;
}

/**
 * Writes an .xlsx to `sink` from text in the row form (xlsxRows), chunk by chunk: write() the
 * text or its UTF-8 bytes (a row may be split between chunks), then end(). Back-pressure: each
 * write() resolves once the zip has taken what it made.
 *
 * The sheet's XML is made byte by byte: each row's UTF-8 bytes are copied between the cells'
 * fixed pieces, straight into the buffer that goes to the zip — no string per row or cell, so
 * nothing for the garbage collector and no encoding. Memory: the rows held for the widths
 * (SAMPLE_ROWS), a few buffers of sheet XML (OUT_BYTES, reused once zlib has read them) and
 * what zlib holds (zip.ts).
 */
export class XlsxWriter {
  private readonly zip: ZipWriter;
  private readonly columns: readonly XlsxColumn[];
  private readonly maxRows: number;
  private readonly maxSheetBytes: number;
  private readonly sheetName: string;
  /** The start of a row whose end has not come yet (a character may be cut too). */
  private rest: Buffer | undefined;
  /** Rows held back until the widths are known; undefined once the first sheet has begun. */
  private sample: Buffer[] | undefined = [];
  private widths: number[] = [];
  private sheet: ZipEntryWriter | undefined;
  private readonly sheets: Array<{ name: string; rows: number }> = [];
  /** Rows of the current sheet, header included. */
  private rowsInSheet = 0;
  /** Sheet XML not yet handed to the zip. */
  private out: Buffer = Buffer.allocUnsafe(OUT_BYTES);
  private used = 0;
  private readonly spare: Buffer[] = [];
  /** Per column: what opens a text cell (after `<c r="A` and the row number). */
  private readonly letters: string[];
  private readonly textOpen: Uint8Array[];
  private readonly preservedOpen: Uint8Array[];
  /** Per end (ENDS) and column: that end, then `<c r="A` (the row number follows). */
  private readonly cellOpen: Uint8Array[][];
  /** The most a row's XML adds to its bytes (row number of up to 10 digits). */
  private readonly overhead: number;
  /** The current row number's digits (at the end). */
  private readonly digits = new Uint8Array(10);

  constructor(sink: Sink, opts: XlsxOptions) {
    this.zip = new ZipWriter({ write: (chunk) => sink.write(chunk) }, { level: XLSX_LEVEL });
    this.columns = opts.columns;
    this.maxRows = opts.maxRows ?? XLSX_MAX_ROWS;
    this.maxSheetBytes = opts.maxSheetBytes ?? 0xffffffff - 64 * 1024 * 1024;
    this.sheetName = opts.sheetName;
    this.letters = this.columns.map((_, i) => columnLetters(i));
    const style = (c: XlsxColumn) => (c.kind === 'code' ? ` s="${STYLE_TEXT}"` : '');
    this.cellOpen = ENDS.map((e) => this.letters.map((l) => bytes(`${e}<c r="${l}`)));
    this.textOpen = this.columns.map((c) => bytes(`" t="inlineStr"${style(c)}><is><t>`));
    this.preservedOpen = this.columns.map((c) =>
      bytes(`" t="inlineStr"${style(c)}><is><t xml:space="preserve">`),
    );
    const most = Math.max(
      ...this.preservedOpen.map((p) => p.length),
      NUMBER_OPEN.length,
      DATE_OPEN.length,
    );
    this.overhead =
      ROW_OPEN.length +
      10 +
      Math.max(...ROW_CLOSE.map((c) => c.length)) +
      this.letters.reduce((n, l) => n + 20 + l.length + 10 + most, 0);
  }

  async write(chunk: string | Uint8Array): Promise<void> {
    let buf =
      typeof chunk === 'string'
        ? Buffer.from(chunk, 'utf8')
        : Buffer.isBuffer(chunk)
          ? chunk
          : Buffer.from(chunk.buffer, chunk.byteOffset, chunk.length);
    if (this.rest !== undefined) {
      buf = Buffer.concat([this.rest, buf]);
      this.rest = undefined;
    }
    let pos = 0;
    for (let end = buf.indexOf(ROW_END_BYTE); end >= 0; end = buf.indexOf(ROW_END_BYTE, pos)) {
      const wait = this.row(buf, pos, end);
      pos = end + 1;
      if (wait) await wait;
    }
    // Copied off the chunk, which its writer may reuse.
    if (pos < buf.length) this.rest = Buffer.from(buf.subarray(pos));
  }

  /** The rest of the rows, the sheet's end, the workbook's parts, the zip's directory. */
  async end(): Promise<void> {
    const last = this.rest;
    this.rest = undefined;
    if (last !== undefined) await this.row(last, 0, last.length);
    if (this.sample !== undefined) await this.begin();
    await this.closeSheet();
    await this.finishWorkbook();
  }

  /** Abandon the workbook (a failed report): the zip stream is let go of. */
  destroy(): void {
    this.sheet?.destroy();
  }

  /** The row in `buf[start, end)`. */
  private row(buf: Buffer, start: number, end: number): Promise<void> | void {
    if (this.sample !== undefined) {
      this.sample.push(Buffer.from(buf.subarray(start, end)));
      if (this.sample.length >= SAMPLE_ROWS) return this.begin();
      return;
    }
    if (this.rowsInSheet >= this.maxRows || this.sheet!.size + this.used >= this.maxSheetBytes) {
      return this.roll(buf, start, end);
    }
    const need = end - start + this.overhead;
    if (this.used + need > this.out.length) return this.rowAfterFlush(buf, start, end);
    this.used = this.rowXml(this.out, this.used, buf, start, end);
  }

  /** The row on a new sheet: this one is full (rows, or bytes). */
  private async roll(buf: Buffer, start: number, end: number): Promise<void> {
    await this.closeSheet();
    await this.openSheet();
    await this.row(buf, start, end);
  }

  private async rowAfterFlush(buf: Buffer, start: number, end: number): Promise<void> {
    await this.flush();
    const need = end - start + this.overhead;
    if (need <= this.out.length) {
      this.used = this.rowXml(this.out, this.used, buf, start, end);
      return;
    }
    // A row larger than the buffer (cells of thousands of characters): a buffer of its own.
    const own = Buffer.allocUnsafe(need);
    await this.sheet!.write(own.subarray(0, this.rowXml(own, 0, buf, start, end)));
  }

  /**
   * The next row's XML into `out` at `at`, from its cells in `buf[start, end)`; where it ends.
   * Each cell: `<c r="` letters and row number, its type's opening, its bytes, the closing.
   */
  private rowXml(out: Buffer, at: number, buf: Buffer, start: number, end: number): number {
    let r = ++this.rowsInSheet;
    const digits = this.digits;
    let count = 0;
    do {
      digits[9 - count++] = 48 + (r % 10);
      r = Math.floor(r / 10);
    } while (r > 0);
    const first = 10 - count;
    at = put(out, at, ROW_OPEN);
    for (let d = first; d < 10; d++) out[at++] = digits[d]!;
    let after = AFTER_ROW_NUMBER;
    const n = this.columns.length;
    let p = start;
    for (let i = 0; i < n && p <= end; i++) {
      let q = p;
      while (q < end && buf[q] !== CELL_END_BYTE) q++;
      if (q > p) {
        at = put(out, at, this.cellOpen[after]![i]!);
        for (let d = first; d < 10; d++) out[at++] = digits[d]!;
        switch (buf[p]) {
          case NUMBER_CODE:
            at = put(out, at, NUMBER_OPEN);
            at = putRange(out, at, buf, p + 1, q);
            after = AFTER_VALUE;
            break;
          case DATE_CODE:
            at = put(out, at, DATE_OPEN);
            at = putRange(out, at, buf, p + 1, q);
            after = AFTER_VALUE;
            break;
          case PRESERVED_CODE:
            at = put(out, at, this.preservedOpen[i]!);
            at = putRange(out, at, buf, p + 1, q);
            after = AFTER_TEXT;
            break;
          default:
            at = put(out, at, this.textOpen[i]!);
            at = putRange(out, at, buf, p, q);
            after = AFTER_TEXT;
        }
      }
      p = q + 1;
    }
    return put(out, at, ROW_CLOSE[after]!);
  }

  /** The widths from the sample, the parts before the sheets, the first sheet, the sample. */
  private async begin(): Promise<void> {
    const sample = this.sample!;
    this.sample = undefined;
    // The characters each column shows at most: a date its format, a number its digits.
    const longest = this.columns.map(() => 0);
    for (const row of sample) {
      let i = 0;
      let from = 0;
      for (let p = 0; p <= row.length && i < longest.length; p++) {
        if (p < row.length && row[p] !== CELL_END_BYTE) continue;
        if (p > from) {
          const tag = row[from]!;
          let len = 0;
          if (tag === DATE_CODE) len = DATE_FORMAT.length;
          else {
            for (let k = from; k < p; k++) if ((row[k]! & 0xc0) !== 0x80) len++; // UTF-8
            if (tag === NUMBER_CODE || tag === PRESERVED_CODE) len--;
          }
          if (len > longest[i]!) longest[i] = len;
        }
        i++;
        from = p + 1;
      }
    }
    this.widths = this.columns.map((c, i) =>
      // The header's filter button takes about two characters.
      Math.min(60, Math.max(c.name.length + 3, longest[i]! + 1, 6)),
    );
    // _rels/.rels first and xl/ parts next: what file(1) and other sniffers look for.
    await this.zip.file('_rels/.rels', ROOT_RELS);
    await this.zip.file('xl/styles.xml', STYLES);
    await this.openSheet();
    for (const row of sample) await this.row(row, 0, row.length);
  }

  private async openSheet(): Promise<void> {
    const n = this.sheets.length + 1;
    const name = n === 1 ? this.sheetName : `${this.sheetName} ${n}`;
    this.sheets.push({ name, rows: 0 });
    this.sheet = this.zip.stream(`xl/worksheets/sheet${n}.xml`);
    const cols = this.columns
      .map((c, i) => {
        const style =
          c.kind === 'code'
            ? ` style="${STYLE_TEXT}"`
            : c.kind === 'datetime'
              ? ` style="${STYLE_DATE}"`
              : '';
        return `<col min="${i + 1}" max="${i + 1}" width="${this.widths[i]}" customWidth="1"${style}/>`;
      })
      .join('');
    const header = this.columns
      .map(
        (c, i) =>
          `<c r="${this.letters[i]}1" t="inlineStr" s="${STYLE_HEADER}"><is><t>${escapeAttr(c.name)}</t></is></c>`,
      )
      .join('');
    this.rowsInSheet = 1;
    await this.text(
      `${XML_DECL}<worksheet xmlns="${NS_MAIN}" xmlns:r="${NS_REL}">` +
        `<sheetViews><sheetView${n === 1 ? ' tabSelected="1"' : ''} workbookViewId="0">` +
        '<pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/>' +
        '<selection pane="bottomLeft" activeCell="A2" sqref="A2"/></sheetView></sheetViews>' +
        `<sheetFormatPr defaultRowHeight="15"/><cols>${cols}</cols>` +
        `<sheetData><row r="1">${header}</row>`,
    );
  }

  /** Some XML given as text (the sheet's beginning and end). */
  private async text(xml: string): Promise<void> {
    const b = Buffer.from(xml, 'utf8');
    if (this.used + b.length > this.out.length) await this.flush();
    if (b.length > this.out.length) await this.sheet!.write(b);
    else this.used += b.copy(this.out, this.used);
  }

  /** The buffer to the zip. */
  private async flush(): Promise<void> {
    if (this.used === 0) return;
    const buffer = this.out;
    const full = buffer.subarray(0, this.used);
    // Buffers come back once zlib has read them: a few go round (the zip holds at most its
    // high-water mark), and no new memory is asked for per megabyte of XML.
    this.out = this.spare.pop() ?? Buffer.allocUnsafe(OUT_BYTES);
    this.used = 0;
    await this.sheet!.write(full, () => this.spare.push(buffer));
  }

  private async closeSheet(): Promise<void> {
    const last = this.columns.length > 0 ? this.letters[this.columns.length - 1]! : 'A';
    this.sheets[this.sheets.length - 1]!.rows = this.rowsInSheet;
    const rows = this.rowsInSheet;
    // Numbers kept as text on purpose (phones, ids): no "number stored as text" flag on each.
    const asText = this.columns.flatMap((c, i) =>
      c.kind === 'code' && rows > 1 ? [`${this.letters[i]}2:${this.letters[i]}${rows}`] : [],
    );
    await this.text(
      `</sheetData><autoFilter ref="A1:${last}${rows}"/>` +
        '<pageMargins left="0.7" right="0.7" top="0.75" bottom="0.75" header="0.3" footer="0.3"/>' +
        (asText.length > 0
          ? `<ignoredErrors><ignoredError sqref="${asText.join(' ')}" numberStoredAsText="1"/></ignoredErrors>`
          : '') +
        '</worksheet>',
    );
    await this.flush();
    await this.sheet!.close();
    this.sheet = undefined;
  }

  private async finishWorkbook(): Promise<void> {
    const last = this.columns.length > 0 ? this.letters[this.columns.length - 1]! : 'A';
    const quoted = (name: string) => `'${name.replace(/'/g, "''")}'`;
    const sheets = this.sheets
      .map((s, i) => `<sheet name="${escapeAttr(s.name)}" sheetId="${i + 1}" r:id="rId${i + 1}"/>`)
      .join('');
    // Excel keeps each sheet's filter range in a hidden name, and writes it with the filter.
    const names = this.sheets
      .map(
        (s, i) =>
          `<definedName name="_xlnm._FilterDatabase" localSheetId="${i}" hidden="1">` +
          `${escapeAttr(quoted(s.name))}!$A$1:$${last}$${s.rows}</definedName>`,
      )
      .join('');
    await this.zip.file(
      'xl/workbook.xml',
      `${XML_DECL}<workbook xmlns="${NS_MAIN}" xmlns:r="${NS_REL}">` +
        '<bookViews><workbookView activeTab="0"/></bookViews>' +
        `<sheets>${sheets}</sheets><definedNames>${names}</definedNames></workbook>`,
    );
    const rels = this.sheets
      .map(
        (_, i) =>
          `<Relationship Id="rId${i + 1}" Type="${NS_REL}/worksheet" Target="worksheets/sheet${i + 1}.xml"/>`,
      )
      .join('');
    await this.zip.file(
      'xl/_rels/workbook.xml.rels',
      `${XML_DECL}<Relationships xmlns="${NS_PKG_REL}">${rels}` +
        `<Relationship Id="rId${this.sheets.length + 1}" Type="${NS_REL}/styles" Target="styles.xml"/>` +
        '</Relationships>',
    );
    const overrides = this.sheets
      .map(
        (_, i) =>
          `<Override PartName="/xl/worksheets/sheet${i + 1}.xml" ContentType="${CT}.worksheet+xml"/>`,
      )
      .join('');
    await this.zip.file(
      '[Content_Types].xml',
      `${XML_DECL}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">` +
        '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
        '<Default Extension="xml" ContentType="application/xml"/>' +
        `<Override PartName="/xl/workbook.xml" ContentType="${CT}.sheet.main+xml"/>` +
        `<Override PartName="/xl/styles.xml" ContentType="${CT}.styles+xml"/>` +
        `${overrides}</Types>`,
    );
    await this.zip.finish();
  }
}
