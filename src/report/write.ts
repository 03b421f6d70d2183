/**
 * Report writers: json (the API's record shape), ndjson, csv (one row per attempt, or one per
 * lead), xlsx (the CSV's rows as typed cells: xlsx.ts) and a terminal table. CSV and table
 * cells that a spreadsheet would run as a formula (= + - @ TAB CR NUL first) are neutralised with a
 * leading quote; JSON and xlsx stay exact.
 * The table strips escape sequences and control characters (terminalSafe).
 * Output is written in chunks with back-pressure; `-o` goes through the atomic-write helper.
 */
import path from 'node:path';
import type { ChalkInstance } from 'chalk';
import { ATTEMPT_FIELDS, RECORD_FIELDS, type CallRecord } from '../api/spec.js';
import { REPORT_FORMATS, type FlattenMode, type ReportFormat } from './formats.js';
import { csvFieldWriter, csvLineWriter } from '../csv-writer.js';
import { UsageError } from '../errors.js';
import type { Sink } from './sink.js';
import { writeFileAtomic as atomicWrite } from '../atomic-write.js';
import { formatSecondsCompact, formatTableTime } from '../text.js';
import { t } from '../messages/index.js';
import {
  CELL_END,
  ROW_END,
  XlsxWriter,
  columnKind,
  dateOf,
  numberOf,
  textOf,
  xlsxRows,
} from './xlsx.js';

/**
 * CSV columns (DESIGN.md): the record's fields, then one attempt's fields (its phone_number is
 * named called_number, beside the lead's own), or a per-lead summary.
 */
export const ATTEMPT_COLUMNS: readonly string[] = [
  ...RECORD_FIELDS,
  ...ATTEMPT_FIELDS.map((f) => (f === 'phone_number' ? 'called_number' : f)),
];

export const LEAD_COLUMNS: readonly string[] = [
  ...RECORD_FIELDS,
  'attempts',
  'last_status',
  'last_date_time',
  'total_talk_time',
];

/**
 * With a `--status` filter the service answers only the matching attempts (and its `call`
 * counts those): the per-lead columns say so rather than pass for the lead's totals.
 */
export const FILTERED_LEAD_COLUMNS: readonly string[] = [
  ...RECORD_FIELDS,
  'matching_attempts',
  'last_matching_status',
  'last_matching_date_time',
  'matching_talk_time',
];

/** The leads view's columns, with or without a status filter. */
export function leadColumns(filtered: boolean | undefined): readonly string[] {
  return filtered === true ? FILTERED_LEAD_COLUMNS : LEAD_COLUMNS;
}

type Cell = string | number | null | undefined;

/**
 * OWASP CSV injection (ASVS 5.0 V1.2.10): a text cell starting with = + - @ TAB CR or NUL gets a
 * leading quote. Numbers are written as they are.
 */
export function neutralise(value: Cell): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return String(value);
  const c = value.charCodeAt(0);
  // = + - @ TAB CR NUL
  return c === 61 || c === 43 || c === 45 || c === 64 || c === 9 || c === 13 || c === 0
    ? `'${value}`
    : value;
}

/** The format each `-o` extension names (lower-cased, with its dot). */
export const EXTENSION_FORMATS: Readonly<Record<string, ReportFormat>> = {
  '.csv': 'csv',
  '.json': 'json',
  '.ndjson': 'ndjson',
  '.jsonl': 'ndjson',
  '.txt': 'table',
  '.xlsx': 'xlsx',
  '.html': 'html',
  '.htm': 'html',
};

/** The usual extension of each format, for messages. */
function extensionOf(format: ReportFormat): string {
  return Object.keys(EXTENSION_FORMATS).find((e) => EXTENSION_FORMATS[e] === format) ?? '';
}

/**
 * The report's format (DESIGN.md "Reports for people and for cron"): `--format` if given, else
 * the `-o` extension, else the configured format, else a table on a terminal and JSON in a pipe.
 * An `-o` extension that names another format than `--format`, or (without `--format`) an
 * extension that names none, is a usage error whose hint says which flag to use.
 */
export function formatFor(
  output: string | undefined,
  configured: ReportFormat | undefined,
  stdoutIsTTY: boolean,
  given?: ReportFormat,
): ReportFormat {
  if (output === undefined) return given ?? configured ?? (stdoutIsTTY ? 'table' : 'json');
  const ext = path.extname(output).toLowerCase();
  const named = Object.hasOwn(EXTENSION_FORMATS, ext) ? EXTENSION_FORMATS[ext] : undefined;
  if (given !== undefined) {
    if (named === undefined || named === given) return given;
    const base = output.slice(0, output.length - ext.length);
    throw new UsageError(
      t('report.format.mismatch', {
        outputFlag: '-o',
        output,
        named,
        formatFlag: '--format',
        given,
      }),
      {
        hint: t('report.format.mismatch.hint', {
          formatFlag: '--format',
          named,
          ext,
          outputFlag: '-o',
          name: `${base}${extensionOf(given) || '.<ext>'}`,
          given,
        }),
      },
    );
  }
  if (named !== undefined) return named;
  throw new UsageError(
    ext === ''
      ? t('report.format.noExtension', { outputFlag: '-o', output })
      : t('report.format.unknownExtension', { outputFlag: '-o', output, ext }),
    {
      hint: t('report.format.unknown.hint', {
        extensions: Object.keys(EXTENSION_FORMATS).join(', '),
        formatFlag: '--format',
        formats: REPORT_FORMATS.join(', '),
      }),
    },
  );
}

function leadCells(r: CallRecord): Cell[] {
  return [
    r.campaign_id,
    r.campaign_name,
    r.campaign_lead_id,
    r.ref_id,
    r.phone_number,
    r.lead_name,
    r.call,
  ];
}

function toNumber(v: Cell): number {
  const n = typeof v === 'number' ? v : Number(v);
  return Number.isFinite(n) ? n : 0;
}

/** Per-lead summary: attempts, last status and time, total talk time. */
export function leadSummary(r: CallRecord): Cell[] {
  const data = r.data ?? [];
  const last = data[data.length - 1];
  const talk = data.reduce((sum, a) => sum + toNumber(a.talk_time), 0);
  return [...leadCells(r), data.length, last?.status ?? '', last?.date_time ?? '', talk];
}

/**
 * One lead's CSV rows, neutralised (attempts: one row per attempt, a lead with none gets one
 * row with empty attempt cells). The lead's cells are quoted once, not once per attempt.
 */
export function csvLeadWriter(flatten: FlattenMode): (record: CallRecord) => string {
  const line = csvLineWriter();
  const quote = csvFieldWriter();
  const field = (v: Cell) => (typeof v === 'number' ? String(v) : quote(neutralise(v)));
  const emptyAttempt = ','.repeat(ATTEMPT_FIELDS.length);
  if (flatten === 'leads') return (r) => line(leadSummary(r).map(neutralise));
  return (r) => {
    const lead = line(leadCells(r).map(neutralise)).slice(0, -1);
    const data = r.data ?? [];
    if (data.length === 0) return `${lead}${emptyAttempt}\n`;
    let out = '';
    for (const a of data) {
      out += `${lead},${field(a.session)},${field(a.wait_time)},${field(a.talk_time)},${field(a.phone_number)},${field(a.date_time)},${field(a.status)},${field(a.retry)},${field(a.key_press)}\n`;
    }
    return out;
  };
}

/**
 * A format written lead by lead: `head`, each listed lead's text with `separator` between two,
 * then `tail`; `empty` instead of all that when no lead is listed. Every format but the table
 * (whose last line counts the leads) is one.
 */
export interface LeadFormat {
  head: string;
  lead(record: CallRecord): string;
  separator: string;
  tail: string;
  empty: string;
  /**
   * A format that is not the text itself (xlsx): what the text goes through on its way to the
   * sink. Written to like the sink, then ended (once, after the last chunk, even when no lead
   * is listed).
   */
  encode?(sink: Sink): EncodingSink;
}

/** A sink that makes something of what it is given (LeadFormat.encode). */
export interface EncodingSink extends Sink {
  end(): Promise<void>;
  /** Let go of what it holds (the output failed). */
  destroy(): void;
}

/** xlsx: one sheet ("Attempts" or "Leads") of the CSV's columns, typed (xlsx.ts). */
function xlsxFormat(flatten: FlattenMode, filtered: boolean | undefined): LeadFormat {
  const leads = flatten === 'leads';
  const names = leads ? leadColumns(filtered) : ATTEMPT_COLUMNS;
  const columns = names.map((name) => ({ name, kind: columnKind(name) }));
  const kinds = columns.map((c) => c.kind);
  const emptyAttempt = CELL_END.repeat(ATTEMPT_FIELDS.length);
  const attempts = (r: CallRecord): string => {
    // The lead's cells are made once, not once per attempt. The attempt's cells are of the
    // kinds columnKind gives them (test/unit/report-xlsx.test.ts checks it).
    const E = CELL_END;
    const lead = `${textOf(r.campaign_id)}${E}${textOf(r.campaign_name)}${E}${textOf(r.campaign_lead_id)}${E}${textOf(r.ref_id)}${E}${textOf(r.phone_number)}${E}${textOf(r.lead_name)}${E}${numberOf(r.call)}`;
    const data = r.data ?? [];
    if (data.length === 0) return lead + emptyAttempt + ROW_END;
    let out = '';
    for (const a of data) {
      out += `${lead}${E}${textOf(a.session)}${E}${numberOf(a.wait_time)}${E}${numberOf(a.talk_time)}${E}${textOf(a.phone_number)}${E}${dateOf(a.date_time)}${E}${textOf(a.status)}${E}${numberOf(a.retry)}${E}${textOf(a.key_press)}${ROW_END}`;
    }
    return out;
  };
  return {
    head: '',
    lead: leads ? (r) => xlsxRows([leadSummary(r)], kinds) : attempts,
    separator: '',
    tail: '',
    empty: '',
    // The sheet's name is read by a person (issue 27: "Lượt gọi" in Vietnamese); its columns are data.
    encode: (sink) =>
      new XlsxWriter(sink, {
        columns,
        sheetName: t(leads ? 'report.xlsx.sheet.leads' : 'report.xlsx.sheet.attempts'),
      }),
  };
}

/** The UTF-8 byte order mark `--bom` puts before a CSV report, so that Excel reads it as UTF-8. */
export const BOM = '\ufeff';

export function leadFormat(
  opts: Pick<WriteOptions, 'format' | 'flatten' | 'bom' | 'filtered'>,
): LeadFormat | undefined {
  switch (opts.format) {
    case 'json':
      return {
        head: '[\n',
        lead: (r) => JSON.stringify(r),
        separator: ',\n',
        tail: '\n]\n',
        empty: '[]\n',
      };
    case 'ndjson':
      return {
        head: '',
        lead: (r) => `${JSON.stringify(r)}\n`,
        separator: '',
        tail: '',
        empty: '',
      };
    case 'csv': {
      const header =
        (opts.bom === true ? BOM : '') +
        csvLineWriter()(opts.flatten === 'leads' ? leadColumns(opts.filtered) : ATTEMPT_COLUMNS);
      return {
        head: header,
        lead: csvLeadWriter(opts.flatten),
        separator: '',
        tail: '',
        empty: header,
      };
    }
    case 'xlsx':
      return xlsxFormat(opts.flatten, opts.filtered);
    default:
      return undefined;
  }
}

/** Output is handed to the sink in chunks of about this many characters (or bytes). */
export const CHUNK = 1 << 20;
/** … and to an encoder (LeadFormat.encode) in chunks of about this many. */
export const ENCODED_CHUNK = 1 << 16;

// The Sink and streamSink are sink.ts's (light), re-exported.
export { streamSink, type Sink } from './sink.js';

export interface WriteOptions {
  format: ReportFormat;
  flatten: FlattenMode;
  /** Colours for the table (a no-colour instance when colour is off, and for every file). */
  colors: ChalkInstance;
  columns: number;
  /** CSV: start with a UTF-8 byte order mark (`--bom`, config `report.bom`). */
  bom?: boolean;
  /**
   * A `--status` filter was applied: the service answered only matching attempts, so per-lead
   * figures count those, and the leads view names its columns for that (leadColumns).
   */
  filtered?: boolean;
}

/**
 * Write `records` (a list, or any iterable: records made one at a time are written one at a
 * time, except for the table, which needs them all).
 */
export async function writeReport(
  records: Iterable<CallRecord>,
  sink: Sink,
  opts: WriteOptions,
): Promise<void> {
  const format = leadFormat(opts);
  if (format === undefined) {
    return sink.write(renderTable(Array.isArray(records) ? records : [...records], opts));
  }
  await encoded(format, sink, (out) =>
    format.encode === undefined
      ? writeLeads(records, out, format)
      : encodeLeads(records, out, format),
  );
}

/** Write through the format's encoder, if it has one (ended after, let go of on failure). */
export async function encoded(
  format: LeadFormat,
  sink: Sink,
  write: (out: Sink) => Promise<void>,
): Promise<void> {
  if (format.encode === undefined) return write(sink);
  const out = format.encode(sink);
  try {
    await write(out);
    await out.end();
  } catch (e) {
    out.destroy();
    throw e;
  }
}

async function writeLeads(
  records: Iterable<CallRecord>,
  sink: Sink,
  format: LeadFormat,
): Promise<void> {
  let buf = format.head;
  let first = true;
  for (const record of records) {
    if (!first) buf += format.separator;
    first = false;
    buf += format.lead(record);
    if (buf.length > CHUNK) {
      await sink.write(buf);
      buf = '';
    }
  }
  if (first) {
    if (format.empty !== '') await sink.write(format.empty);
    return;
  }
  buf += format.tail;
  if (buf !== '') await sink.write(buf);
}

/**
 * The same, to an encoder (LeadFormat.encode): in smaller pieces, joined rather than added up —
 * one flat string the encoder turns into UTF-8 at once, where `+=` would make a tree of
 * thousands of pieces to flatten first, and a megabyte string in the old generation.
 */
async function encodeLeads(
  records: Iterable<CallRecord>,
  sink: Sink,
  format: LeadFormat,
): Promise<void> {
  let parts: string[] = [format.head];
  let size = 0;
  let first = true;
  for (const record of records) {
    if (!first) parts.push(format.separator);
    first = false;
    const text = format.lead(record);
    parts.push(text);
    size += text.length;
    if (size > ENCODED_CHUNK) {
      const chunk = parts.join('');
      parts = [];
      size = 0;
      await sink.write(chunk);
    }
  }
  if (first) {
    if (format.empty !== '') await sink.write(format.empty);
    return;
  }
  parts.push(format.tail);
  const chunk = parts.join('');
  if (chunk !== '') await sink.write(chunk);
}

// ---------------------------------------------------------------------------------------------
// Table

/**
 * ANSI escape sequences (CSI with ESC [ or the one-byte U+009B, OSC/DCS/PM/APC strings up to
 * their terminator, two-byte ESC sequences), then any other C0, DEL or C1 control character,
 * and the bidirectional embeddings, overrides and isolates (U+202A–U+202E, U+2066–U+2069),
 * which would reorder the rest of a table's line (review, session 22).
 */
const TERMINAL_CONTROLS =
  /(?:\u001b\[|\u009b)[0-?]*[ -/]*[@-~]?|(?:\u001b[\]P^_X]|[\u0090\u009d-\u009f])[^\u0007\u001b\u009c]*(?:\u0007|\u001b\\|\u009c)?|\u001b[ -~]?|[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g;

/**
 * Text from the service made safe for a terminal cell: escape sequences removed, other control
 * characters (CR, TAB, newlines, C1…) shown as a space, so a cell can neither move the cursor,
 * recolour the screen nor overwrite earlier output. Files (CSV, JSON) keep the exact text.
 */
export function terminalSafe(s: string): string {
  return s.replace(TERMINAL_CONTROLS, (m) => (m.length === 1 ? ' ' : ''));
}

function fit(s: string, w: number, right = false): string {
  const t = terminalSafe(s.normalize('NFC'));
  const chars = [...t];
  if (chars.length <= w) {
    const pad = ' '.repeat(w - chars.length);
    return right ? pad + t : t + pad;
  }
  return w <= 0 ? '' : `${chars.slice(0, w - 1).join('')}…`;
}

function statusColor(c: ChalkInstance, status: string): string {
  const s = status.toUpperCase();
  if (s === 'ANSWERED') return c.green(status);
  if (s === 'FAILED' || s === 'CONGESTION') return c.red(status);
  if (s === 'BUSY' || s === 'NO ANSWER') return c.yellow(status);
  return status;
}

/** A table cell of seconds, compact (`5m03s`: text.ts formatSecondsCompact); other values as they are. */
export function formatSecondsCell(v: Cell): string {
  if (v === null || v === undefined || v === '') return '';
  const n = typeof v === 'number' ? v : Number(v);
  if (!Number.isFinite(n) || n < 0) return String(v);
  return formatSecondsCompact(n);
}

/** A table column: its title, the widths it may take, and which goes first when space runs out. */
interface TableColumn {
  title: string;
  /** Preferred width. */
  width: number;
  /** Narrowest it may be squeezed to (titles are cut with … below their length). */
  min: number;
  /** Columns with the lowest rank are left out first when even the minimums do not fit. */
  rank: number;
  /** Takes the width left over, up to `max`. */
  max?: number;
  right?: boolean;
  status?: boolean;
  /** A date-time: squeezed first, to `mm-dd HH:mm`. */
  time?: boolean;
  /** An id or a status: shown whole (up to `width`) or left out, never cut to a stump. */
  whole?: boolean;
}

const GAP = 2;

/**
 * The columns that fit `width` characters and the width of each: every column at its preferred
 * width if that fits; else squeezed toward its minimum, date-times first (they lose the year),
 * then the flexible (NAME) column, then the others from the right; else the lowest-ranked columns are left out until the minimums fit. Left-over
 * width goes to the flexible column. Pure, for the tests.
 */
export function layoutColumns(
  cols: readonly TableColumn[],
  width: number,
): Array<TableColumn & { shown: number }> {
  const avail = Math.max(1, width - 1);
  let kept = [...cols];
  const total = (ws: number[]) => ws.reduce((a, b) => a + b, 0) + GAP * (ws.length - 1);
  while (kept.length > 1 && total(kept.map((c) => c.min)) > avail) {
    const lowest = kept.reduce((lo, c) => (c.rank < lo.rank ? c : lo));
    kept = kept.filter((c) => c !== lowest);
  }
  const widths = kept.map((c) => c.width);
  // Squeeze: times first (they lose their year), then the flexible column, then the others
  // from the right.
  const rightToLeft = kept.map((_, i) => kept.length - 1 - i);
  const order = [
    ...rightToLeft.filter((i) => kept[i]!.time === true),
    ...rightToLeft.filter((i) => kept[i]!.max !== undefined),
    ...rightToLeft.filter((i) => kept[i]!.max === undefined && kept[i]!.time !== true),
  ];
  for (const i of order) {
    const over = total(widths) - avail;
    if (over <= 0) break;
    widths[i] = Math.max(kept[i]!.min, widths[i]! - over);
  }
  const flex = kept.findIndex((c) => c.max !== undefined);
  if (flex >= 0) {
    const spare = avail - total(widths);
    if (spare > 0) widths[flex] = Math.min(kept[flex]!.max!, widths[flex]! + spare);
  }
  return kept.map((c, i) => ({ ...c, shown: Math.max(1, Math.min(widths[i]!, avail)) }));
}

/** The table's columns per view; `width` is the most a column takes, its content permitting. */
function tableColumns(flatten: FlattenMode, filtered: boolean): TableColumn[] {
  const lead: TableColumn[] = [
    { title: 'LEAD', width: 10, min: 4, rank: 2, whole: true },
    { title: 'REF ID', width: 14, min: 6, rank: 4, whole: true },
    { title: 'PHONE', width: 12, min: 10, rank: 9, whole: true },
    { title: 'NAME', width: 14, min: 8, rank: 5, max: 40 },
  ];
  if (flatten === 'leads') {
    return [
      ...lead,
      { title: filtered ? 'MATCHING' : 'CALLS', width: 8, min: 5, rank: 3, right: true },
      {
        title: filtered ? 'LAST MATCHING' : 'LAST STATUS',
        width: 13,
        min: 9,
        rank: 8,
        status: true,
        whole: true,
      },
      { title: 'LAST CALL', width: 16, min: 11, rank: 7, time: true },
      { title: 'TALK', width: 6, min: 5, rank: 1, right: true },
    ];
  }
  return [
    ...lead,
    { title: 'DATE/TIME', width: 16, min: 11, rank: 7, time: true },
    { title: 'STATUS', width: 12, min: 9, rank: 8, status: true, whole: true },
    { title: 'WAIT', width: 5, min: 4, rank: 1, right: true },
    { title: 'TALK', width: 6, min: 5, rank: 3, right: true },
  ];
}

/**
 * The terminal table's column headers in the run's language, by the column's key (the keys of
 * its rows stay the service's field names, in every language).
 */
const TABLE_HEADERS: Readonly<Record<string, () => string>> = {
  LEAD: () => t('report.table.lead'),
  'REF ID': () => t('report.table.refId'),
  PHONE: () => t('report.table.phone'),
  NAME: () => t('report.table.name'),
  'DATE/TIME': () => t('report.table.dateTime'),
  STATUS: () => t('report.table.status'),
  WAIT: () => t('report.table.wait'),
  TALK: () => t('report.table.talk'),
  CALLS: () => t('report.table.calls'),
  MATCHING: () => t('report.table.matching'),
  'LAST STATUS': () => t('report.table.lastStatus'),
  'LAST MATCHING': () => t('report.table.lastMatching'),
  'LAST CALL': () => t('report.table.lastCall'),
};

/** `yyyy-mm-dd HH:mm:ss` to the minute (the table's cells; narrow columns drop the year). */
function shortTime(v: Cell): string {
  const t = neutralise(v);
  return /^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}/.test(t) ? t.slice(0, 16).replace('T', ' ') : t;
}

function cellLength(s: string): number {
  return [...terminalSafe(s.normalize('NFC'))].length;
}

/**
 * The terminal table: columns chosen and sized for `columns` and for what they hold (cells cut
 * with …), statuses coloured when colour is on, times to the minute (without the year when
 * narrow), wait and talk with their unit. The counts go to stderr with the range line, not into
 * the table.
 */
export function renderTable(
  records: readonly CallRecord[],
  opts: Pick<WriteOptions, 'flatten' | 'colors' | 'columns' | 'filtered'>,
): string {
  const c = opts.colors;
  const text = (v: Cell) => neutralise(v);
  const rows: Array<Record<string, string>> = [];
  for (const r of records) {
    const lead = {
      LEAD: text(r.campaign_lead_id),
      'REF ID': text(r.ref_id),
      PHONE: text(r.phone_number),
      NAME: text(r.lead_name),
    };
    const data = r.data ?? [];
    if (opts.flatten === 'leads') {
      const s = leadSummary(r);
      rows.push({
        ...lead,
        CALLS: text(s[7]),
        MATCHING: text(s[7]),
        'LAST STATUS': text(s[8]),
        'LAST MATCHING': text(s[8]),
        'LAST CALL': shortTime(s[9]),
        TALK: formatSecondsCell(s[10]),
      });
      continue;
    }
    if (data.length === 0) rows.push(lead);
    data.forEach((a, i) => {
      rows.push({
        ...(i === 0 ? lead : {}),
        'DATE/TIME': shortTime(a.date_time),
        STATUS: text(a.status),
        WAIT: formatSecondsCell(a.wait_time),
        TALK: formatSecondsCell(a.talk_time),
      });
    });
  }
  // Each column as wide as its header and content need, up to its own most.
  const sized = tableColumns(opts.flatten, opts.filtered === true).map((col) => {
    const header = cellLength(TABLE_HEADERS[col.title]?.() ?? col.title);
    let need = header;
    for (const row of rows) need = Math.max(need, cellLength(row[col.title] ?? ''));
    // Room for the whole header where there is room (a language's may be longer than English).
    const width = Math.min(Math.max(col.max ?? col.width, header), need);
    if (col.whole === true) return { ...col, width, min: width };
    return {
      ...col,
      width: col.max === undefined ? width : Math.min(col.width, width),
      min: Math.min(col.min, need),
      max: col.max === undefined ? undefined : width,
    };
  });
  const cols = layoutColumns(sized, opts.columns);
  const cell = (col: (typeof cols)[number], value: string) => {
    // A time cut short loses its year first (11-20 09:15; 20/11 09:15 in Vietnamese), then its end.
    const v = col.time === true ? formatTableTime(value, col.shown < 16) : value;
    const padded = fit(v, col.shown, col.right);
    if (!col.status) return padded;
    const shown = padded.trimEnd();
    return statusColor(c, shown) + padded.slice(shown.length);
  };
  const render = (cells: Record<string, string>) =>
    cols
      .map((col) => cell(col, cells[col.title] ?? ''))
      .join(' '.repeat(GAP))
      .trimEnd();
  const lines = [
    c.bold(
      render(
        Object.fromEntries(
          cols.map((col) => [col.title, TABLE_HEADERS[col.title]?.() ?? col.title]),
        ),
      ),
    ),
  ];
  for (const row of rows) lines.push(render(row));
  return `${lines.join('\n')}\n`;
}

/**
 * Write a report to `file` through the atomic-write helper: a random temporary name beside it
 * (exclusive, no symlink followed, mode 0600: reports hold customer data), chunks written with
 * back-pressure, fsync, rename. A failure leaves nothing, neither the report nor a temporary file.
 */
export async function writeFileAtomic(
  file: string,
  write: (sink: Sink) => Promise<void>,
  opts: {
    /** Never replace an existing file (EEXIST instead): a bookmarked report's. */
    noClobber?: boolean;
    /** Called with the finished temporary file just before it is put in place. */
    beforeCommit?: (temp: string) => void | Promise<void>;
  } = {},
): Promise<void> {
  await atomicWrite(
    file,
    async (out) => {
      await write({ write: (chunk) => out.write(chunk) });
      await opts.beforeCommit?.(out.temp);
    },
    { mode: 0o600, ...(opts.noClobber === true ? { noClobber: true } : {}) },
  );
}
