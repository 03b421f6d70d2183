/**
 * Excel's number formats, and stored numbers turned back into what the operator typed: integers
 * as plain digits (no exponent, no ".0"), leading zeros restored from "0000000000"-style
 * formats, dates as yyyy-mm-dd.
 */
import { attrs, PREFIX, tagRe } from './xml.js';

export type Format =
  | { kind: 'general' }
  | { kind: 'zeros'; width: number }
  | { kind: 'date'; date: boolean; time: boolean };

export const GENERAL: Format = { kind: 'general' };

export function builtinFormat(id: number): Format {
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
export function classifyFormatCode(code: string): Format {
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
export function parseStyles(xml: string | undefined): Format[] {
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

/**
 * A stored number as the operator typed it. Integers: plain digits from the exact decimal
 * expansion of the stored text (kept as stored from 1e21 up). Other numbers: rounded to the 15
 * significant digits Excel shows, without exponent ("3.0000000000000004" is "3").
 */
export function numberText(stored: string): string {
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
export function serialToDate(
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

export function numberCell(v: string, format: Format, date1904: boolean): string {
  if (format.kind === 'date') {
    const d = serialToDate(Number(v), format, date1904);
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
