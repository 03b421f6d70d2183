/**
 * Display columns, for the tables fitted to a terminal (table.ts, settings-table.ts): what a
 * text takes on screen (string-width: a combining mark none — a decomposed Vietnamese name as
 * its composed form — a CJK character two, colour codes none).
 */
import stringWidth from 'string-width';

/** Columns a text takes on a terminal. */
export const columnsOf = (s: string): number => stringWidth(s);

/** `s` padded with spaces to `w` columns, on the right or (`start`) on the left. */
export function padTo(s: string, w: number, start = false): string {
  const fill = ' '.repeat(Math.max(0, w - columnsOf(s)));
  return start ? fill + s : s + fill;
}

let graphemes: Intl.Segmenter | undefined;
/** The longest start of `s`, in whole characters (grapheme clusters), of at most `w` columns. */
export function firstColumns(s: string, w: number): string {
  let out = '';
  let used = 0;
  for (const { segment } of (graphemes ??= new Intl.Segmenter()).segment(s)) {
    const n = columnsOf(segment);
    if (used + n > w) break;
    out += segment;
    used += n;
  }
  return out;
}
