/**
 * Report writers: json (the API's record shape), ndjson, csv (one row per attempt, or one per
 * lead), xlsx (the CSV's rows as typed cells: xlsx.ts) and a terminal table. CSV and table
 * cells that a spreadsheet would run as a formula (= + - @ TAB CR first) are neutralised with a
 * leading quote; JSON and xlsx stay exact.
 * The table strips escape sequences and control characters (terminalSafe).
 * Output is written in chunks with back-pressure; `-o` goes through the atomic-write helper.
 */
import { formatCount } from '../text.js';
import path from 'node:path';
import type { ChalkInstance } from 'chalk';
import { ATTEMPT_FIELDS, RECORD_FIELDS, type CallRecord } from '../api/spec.js';
import type { FlattenMode, ReportFormat } from './formats.js';
import { csvFieldWriter, csvLineWriter } from '../csv-writer.js';
import { OutputClosedError } from '../errors.js';
import { writeFileAtomic as atomicWrite } from '../atomic-write.js';
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

type Cell = string | number | null | undefined;

/** OWASP CSV injection: a text cell starting with = + - @ TAB CR gets a leading quote. */
export function neutralise(value: Cell): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return String(value);
  const c = value.charCodeAt(0);
  // = + - @ TAB CR
  return c === 61 || c === 43 || c === 45 || c === 64 || c === 9 || c === 13 ? `'${value}` : value;
}

/** The format when --format is not given: from the -o extension, then config, then the TTY. */
export function formatFor(
  output: string | undefined,
  configured: ReportFormat | undefined,
  stdoutIsTTY: boolean,
): ReportFormat {
  if (output !== undefined) {
    const ext = path.extname(output).toLowerCase();
    if (ext === '.csv') return 'csv';
    if (ext === '.json') return 'json';
    if (ext === '.ndjson' || ext === '.jsonl') return 'ndjson';
    if (ext === '.txt') return 'table';
    if (ext === '.xlsx') return 'xlsx';
  }
  return configured ?? (stdoutIsTTY && output === undefined ? 'table' : 'json');
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
function xlsxFormat(flatten: FlattenMode): LeadFormat {
  const leads = flatten === 'leads';
  const names = leads ? LEAD_COLUMNS : ATTEMPT_COLUMNS;
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
    encode: (sink) => new XlsxWriter(sink, { columns, sheetName: leads ? 'Leads' : 'Attempts' }),
  };
}

export function leadFormat(opts: Pick<WriteOptions, 'format' | 'flatten'>): LeadFormat | undefined {
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
      const header = csvLineWriter()(opts.flatten === 'leads' ? LEAD_COLUMNS : ATTEMPT_COLUMNS);
      return {
        head: header,
        lead: csvLeadWriter(opts.flatten),
        separator: '',
        tail: '',
        empty: header,
      };
    }
    case 'xlsx':
      return xlsxFormat(opts.flatten);
    default:
      return undefined;
  }
}

/** Output is handed to the sink in chunks of about this many characters (or bytes). */
export const CHUNK = 1 << 20;
/** … and to an encoder (LeadFormat.encode) in chunks of about this many. */
export const ENCODED_CHUNK = 1 << 16;

export interface Sink {
  write(chunk: string | Uint8Array): Promise<void>;
}

export function streamSink(stream: NodeJS.WritableStream): Sink {
  const closed = () => (stream as { destroyed?: boolean }).destroyed === true;
  return {
    write: (chunk) =>
      new Promise<void>((resolve, reject) => {
        if (closed()) return reject(new OutputClosedError());
        const fail = (err?: Error | null) => {
          if (!err) return;
          reject((err as { code?: string }).code === 'EPIPE' ? new OutputClosedError() : err);
        };
        const ok = stream.write(chunk, fail);
        if (ok) return resolve();
        const onDrain = () => {
          stream.off('close', onClose);
          resolve();
        };
        const onClose = () => {
          stream.off('drain', onDrain);
          reject(new OutputClosedError());
        };
        stream.once('drain', onDrain);
        stream.once('close', onClose);
      }),
  };
}

export interface WriteOptions {
  format: ReportFormat;
  flatten: FlattenMode;
  /** Colours for the table (a no-colour instance when colour is off). */
  colors: ChalkInstance;
  columns: number;
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
 * their terminator, two-byte ESC sequences), then any other C0, DEL or C1 control character.
 */
const TERMINAL_CONTROLS =
  /(?:\u001b\[|\u009b)[0-?]*[ -/]*[@-~]?|(?:\u001b[\]P^_X]|[\u0090\u009d-\u009f])[^\u0007\u001b\u009c]*(?:\u0007|\u001b\\|\u009c)?|\u001b[ -~]?|[\u0000-\u001f\u007f-\u009f]/g;

/**
 * Text from the service made safe for a terminal cell: escape sequences removed, other control
 * characters (CR, TAB, newlines, C1…) shown as a space, so a cell can neither move the cursor,
 * recolour the screen nor overwrite earlier output. Files (CSV, JSON) keep the exact text.
 */
export function terminalSafe(s: string): string {
  return s.replace(TERMINAL_CONTROLS, (m) => (m.length === 1 ? ' ' : ''));
}

function fit(s: string, w: number): string {
  const t = terminalSafe(s.normalize('NFC'));
  const chars = [...t];
  if (chars.length <= w) return t + ' '.repeat(w - chars.length);
  return `${chars.slice(0, Math.max(0, w - 1)).join('')}…`;
}

function statusColor(c: ChalkInstance, status: string): string {
  const s = status.toUpperCase();
  if (s === 'ANSWERED') return c.green(status);
  if (s === 'FAILED' || s === 'CONGESTION') return c.red(status);
  if (s === 'BUSY' || s === 'NO ANSWER') return c.yellow(status);
  return status;
}

export function renderTable(
  records: readonly CallRecord[],
  opts: Pick<WriteOptions, 'flatten' | 'colors' | 'columns'>,
): string {
  const c = opts.colors;
  const text = (v: Cell) => neutralise(v);
  const lines: string[] = [];
  type Col = { title: string; width: number; flex?: boolean; status?: boolean; right?: boolean };
  const cols: Col[] =
    opts.flatten === 'leads'
      ? [
          { title: 'LEAD', width: 8 },
          { title: 'PHONE', width: 11 },
          { title: 'NAME', width: 14, flex: true },
          { title: 'CALLS', width: 5, right: true },
          { title: 'LAST STATUS', width: 11, status: true },
          { title: 'LAST CALL', width: 16 },
          { title: 'TALK', width: 5, right: true },
        ]
      : [
          { title: 'LEAD', width: 8 },
          { title: 'PHONE', width: 11 },
          { title: 'NAME', width: 12, flex: true },
          { title: 'DATE/TIME', width: 16 },
          { title: 'STATUS', width: 10, status: true },
          { title: 'WAIT', width: 4, right: true },
          { title: 'TALK', width: 5, right: true },
        ];
  const fixed = cols.reduce((s, col) => s + col.width, 0) + 2 * (cols.length - 1);
  const flex = cols.find((col) => col.flex);
  if (flex)
    flex.width = Math.max(
      flex.width,
      Math.min(40, flex.width + Math.max(0, opts.columns - 1 - fixed)),
    );
  const render = (cells: string[]) =>
    cols
      .map((col, i) => {
        const raw = cells[i] ?? '';
        const padded = col.right
          ? terminalSafe(raw).slice(0, col.width).padStart(col.width)
          : fit(raw, col.width);
        if (!col.status) return padded;
        const shown = padded.trimEnd();
        return statusColor(c, shown) + padded.slice(shown.length);
      })
      .join('  ')
      .trimEnd();
  lines.push(c.bold(render(cols.map((col) => col.title))));
  const shortTime = (v: Cell) => text(v).slice(0, 16);
  let attempts = 0;
  for (const r of records) {
    const lead = [text(r.campaign_lead_id), text(r.phone_number), text(r.lead_name)];
    const data = r.data ?? [];
    attempts += data.length;
    if (opts.flatten === 'leads') {
      const s = leadSummary(r);
      lines.push(render([...lead, text(s[7]), text(s[8]), shortTime(s[9]), text(s[10])]));
      continue;
    }
    if (data.length === 0) lines.push(render(lead));
    data.forEach((a, i) => {
      const cells = i === 0 ? lead : ['', '', ''];
      lines.push(
        render([
          ...cells,
          shortTime(a.date_time),
          text(a.status),
          text(a.wait_time),
          text(a.talk_time),
        ]),
      );
    });
  }
  lines.push(
    c.dim(
      records.length === 0
        ? 'no call results in this range'
        : `${formatCount(records.length)} lead${records.length === 1 ? '' : 's'}, ${formatCount(attempts)} call attempt${attempts === 1 ? '' : 's'}`,
    ),
  );
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
): Promise<void> {
  await atomicWrite(file, (out) => write({ write: (chunk) => out.write(chunk) }), {
    mode: 0o600,
  });
}
