/**
 * A worksheet's rows: the non-empty <row>s of its <sheetData>, each cell's value as the operator
 * sees it in Excel (shared and inline strings, booleans, errors, numbers in their format).
 */
import type { Row } from '../types.js';
import { corrupt } from './zip.js';
import { t } from '../../messages/index.js';
import { GENERAL, numberCell, type Format } from './numbers.js';
import {
  ATTRS,
  IS_ELEMENT,
  PREFIX,
  R_ATTR,
  S_ATTR,
  T_ATTR,
  V_ELEMENT,
  attrOf,
  elementText,
  richText,
  xmlText,
} from './xml.js';

export interface SheetContext {
  displayName: string;
  strings: string[];
  formats: Format[];
  date1904: boolean;
}

export function cellValue(
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
          t('input.xlsx.missingSharedString', { cell: ref }),
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
      return numberCell(
        v,
        (s !== undefined ? ctx.formats[Number(s)] : undefined) ?? GENERAL,
        ctx.date1904,
      );
    }
  }
}

/** "B7" → 1 (0-based column); -1 if there are no letters. */
export function columnIndex(ref: string): number {
  let col = 0;
  let i = 0;
  for (; i < ref.length; i++) {
    const c = ref.charCodeAt(i) & ~0x20; // upper-case
    if (c < 65 || c > 90) break;
    col = col * 26 + (c - 64);
  }
  return i === 0 ? -1 : col - 1;
}

export function columnName(index: number): string {
  let name = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) {
    name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
  }
  return name;
}

/**
 * The non-empty rows of a sheet, values by column position (trailing cells may be missing).
 * `at.index` follows where in the XML the reading is (for progress).
 */
export function* sheetRows(
  xml: string,
  ctx: SheetContext,
  /**
   * `index`: where in the XML the reading is; `blank`: from now on, also hand out rows that
   * hold cells but no value other than white space (once past the header: the import counts
   * them as blank rows). A row without any cell, and row numbers the sheet skips, are never rows.
   */
  at: { index: number; blank?: boolean } = { index: 0 },
): Generator<Row> {
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
    at.index = bodyEnd;
    const values: string[] = [];
    let col = -1;
    let any = false;
    let cells = false;
    cellRe.lastIndex = 0;
    for (let c = cellRe.exec(body); c; c = cellRe.exec(body)) {
      cells = true;
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
    if (any || (cells && at.blank === true)) yield { line, values };
  }
}
