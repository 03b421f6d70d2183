/**
 * `cacs config show`'s table: a setting a line — its name, its value, where it came from —
 * the sources in one column. Widths are display columns (columns.ts).
 *
 * On a terminal `columns` wide, a setting whose source would run past the edge has it on the
 * next line, under its value (`default (serviceTimezone)` at 80 columns), or, when it would
 * not fit there either (a long config file path), indented by SOURCE_INDENT; when neither fits,
 * or the name and value alone run past the edge, it stays one line as it was (the terminal
 * wraps it: a second line would only make three of two). A narrow terminal narrows the values'
 * column first, so that the usual source (`default`) still fits beside a value of usual length.
 * Off a terminal (`columns` Infinity) every setting is one line (grep finds a source with its
 * setting).
 */
import { columnsOf, padTo } from './columns.js';

export interface SettingLine {
  key: string;
  /** The value as shown (secrets masked). */
  value: string;
  /** Whether the value is a placeholder for none (`(not set)`), drawn dim. */
  placeholder: boolean;
  /** Where it came from, in words. */
  source: string;
}

/** How far a source too long to stand under its value is indented. */
export const SOURCE_INDENT = 4;
/** The narrowest the values' column is made on a narrow terminal. */
const LEAST_VALUES = 12;
/** The widest the values' column is made: a longer value pushes its own source further. */
const MOST_VALUES = 48;

export function settingsTable(
  rows: readonly SettingLine[],
  columns: number,
  dim: (s: string) => string,
): string {
  if (rows.length === 0) return '';
  const keyWidth = Math.max(...rows.map((r) => columnsOf(r.key)));
  const sources = rows.map((r) => columnsOf(r.source)).sort((a, b) => a - b);
  const usualSource = sources[sources.length >> 1]!;
  const longest = Math.min(MOST_VALUES, Math.max(...rows.map((r) => columnsOf(r.value))));
  const room = columns - keyWidth - 4 - usualSource;
  const valueWidth = Math.min(longest, Math.max(LEAST_VALUES, room));
  let out = '';
  for (const r of rows) {
    const valueCols = columnsOf(r.value);
    const sourceCols = columnsOf(r.source);
    const gap = Math.max(1, valueWidth - valueCols + 2);
    const head = `${padTo(r.key, keyWidth)}  ${r.placeholder ? dim(r.value) : r.value}`;
    const headCols = keyWidth + 2 + valueCols;
    const source = dim(r.source);
    const oneLine = `${head}${' '.repeat(gap)}${source}\n`;
    if (headCols + gap + sourceCols <= columns || headCols > columns) out += oneLine;
    else if (keyWidth + 2 + sourceCols <= columns)
      out += `${head}\n${' '.repeat(keyWidth + 2)}${source}\n`;
    else if (SOURCE_INDENT + sourceCols <= columns)
      out += `${head}\n${' '.repeat(SOURCE_INDENT)}${source}\n`;
    else out += oneLine;
  }
  return out;
}
