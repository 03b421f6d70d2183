/**
 * Tables fitted to the terminal's width (`cacs history`, `cacs report --bookmarks`): the
 * required columns, then the optional ones in their order while they fit; flexible columns
 * (names, files, services) widened into the room left or cut with an ellipsis; headers of
 * several words stacked when the one-line headers do not fit. A line the terminal wraps
 * splits every row in two: the tables fit 60 columns and wider. Widths are display columns
 * (columns.ts): a file name in decomposed Unicode (as macOS writes Vietnamese names) takes
 * the columns of its composed form, a CJK character two; a name is cut between whole
 * characters, never between a letter and its accent.
 */
import { columnsOf, firstColumns, padTo } from './columns.js';

/** How wide a file, campaign or service column counts before the optional columns are placed. */
const FLEX_FIRST = 12;
/**
 * …and before the first two (history's rejected and rows, which its help promises): a name cut
 * to 8 characters leaves room for them at 80 columns in Vietnamese, or beside a service column
 * (review, session 16: at 80 columns `cacs --lang vi history` left out the rows).
 */
const FLEX_FIRST_TWO = 8;
/** The least a flexible column is narrowed to (its header cut too): `ng…`. */
const FLEX_LEAST = 3;

/** A service's host (and port), for a service column. */
function hostOf(url: string): string {
  const u = URL.parse(url);
  return u ? u.host : url;
}

/**
 * How the service column names each service: by what tells them apart — the port alone
 * (`:8788`) when every service is on one host, the host alone when they share a port, else
 * host and port — so a narrow column does not cut away the only part that differs.
 */
function serviceNamer(urls: ReadonlySet<string>): (url: string) => string {
  const namer = shortServiceNamer(urls);
  // Two services the short names do not tell apart (http and https of one host, two paths):
  // their whole addresses.
  return new Set([...urls].map(namer)).size === urls.size ? namer : (url) => url;
}

function shortServiceNamer(urls: ReadonlySet<string>): (url: string) => string {
  const parsed = [...urls].map((u) => URL.parse(u));
  if (parsed.some((u) => u === null)) return hostOf;
  const hosts = new Set(parsed.map((u) => u!.hostname));
  const ports = new Set(parsed.map((u) => u!.port));
  if (hosts.size === 1 && ports.size === urls.size) {
    return (url) => {
      const u = URL.parse(url);
      return u && u.port !== '' ? `:${u.port}` : hostOf(url);
    };
  }
  if (ports.size === 1 && hosts.size === urls.size) return (url) => URL.parse(url)?.hostname ?? url;
  return hostOf;
}

/**
 * The service column of a table of `items`, as `[]` or `[column]`: shown only when they go to
 * more than one service, each named by what tells them apart (serviceNamer), cut last.
 */
export function serviceColumn<R>(
  items: readonly R[],
  head: string,
  urlOf: (item: R) => string,
): Column<R>[] {
  const services = new Set(items.map(urlOf));
  if (services.size <= 1) return [];
  const name = serviceNamer(services);
  return [{ head, cell: (r) => name(urlOf(r)), flex: true, squeezeLast: true }];
}

export interface Column<R> {
  head: string;
  cell: (r: R) => string;
  right?: boolean;
  /** Shown only when the width allows (after every required column), 1 first. */
  optional?: number;
  /** Cut to fit the width (file, campaign). */
  flex?: boolean;
  /** Narrowed (below its header too) only once the other flexible columns are at their least. */
  squeezeLast?: boolean;
  /**
   * Counted at its whole width when the optional columns are placed: an optional column is
   * left out before this one is cut (a bookmark's filters, which tell two of one name apart).
   */
  keepWhole?: boolean;
}

/** What the layout reads of a column (not its cells). */
type ColumnShape = Omit<Column<never>, 'cell'>;

/**
 * The rows of `items` under `all`'s headers, at most `width` characters a line: the header
 * lines, then one line per item; which of `all` are shown; and whether a cell was cut. `apartLast`: the columns that
 * tell the rows apart (squeezeLast) are narrowed after the others already down to their
 * header, not only below it (`report --bookmarks`: its filters; `cacs history` narrows its
 * widest column first).
 */
export function fitTable<R>(
  all: readonly Column<R>[],
  items: readonly R[],
  width: number,
  opts: { apartLast?: boolean } = {},
): [head: string[], rows: string[], shown: boolean[], cut: boolean] {
  const cells = all.map((c) => items.map(c.cell));
  const cellWidth = all.map((_, i) => Math.max(0, ...cells[i]!.map(columnsOf)));
  // Headers on one line; when the required columns do not fit so (Vietnamese headers are
  // longer: "chiến dịch", "mã thoát"), a header of several words is stacked on lines of its
  // column's width, the last line beside the data.
  let heads = all.map((c) => [c.head]);
  let fit = layout(all, heads, cellWidth, width, opts.apartLast === true);
  // Stacked too when the headers on one line fit but leave a name cut that stacked headers
  // show longer, the same columns kept (Vietnamese at 80 columns: `khach….csv` where 60
  // columns, stacked, showed `khach-h….csv`).
  const flexRoom = (f: typeof fit) =>
    f.widths.reduce((sum, w, i) => sum + (f.keep[i] && all[i]!.flex ? w : 0), 0);
  const cutsName = fit.keep.some((k, i) => k && all[i]!.flex && fit.widths[i]! < cellWidth[i]!);
  if (!fit.fits || cutsName) {
    const stacked = all.map((c, i) => stack(c.head, cellWidth[i]!));
    const fitStacked = layout(all, stacked, cellWidth, width, opts.apartLast === true);
    if (
      !fit.fits ||
      (fitStacked.fits &&
        fitStacked.keep.every((k, i) => k || !fit.keep[i]) &&
        flexRoom(fitStacked) > flexRoom(fit))
    ) {
      heads = stacked;
      fit = fitStacked;
    }
  }
  const { keep, widths } = fit;
  if (!fit.fits) squeeze(all, keep, widths, fit.over);
  const line = (row: string[]) =>
    row
      .map((x, i) => {
        const w = widths[i]!;
        const c = cut(x, w);
        return padTo(c, w, all[i]!.right === true);
      })
      .filter((_, i) => keep[i])
      .join('  ')
      .trimEnd();
  const depth = Math.max(...heads.map((h) => h.length));
  const head = Array.from({ length: depth }, (_, k) =>
    line(heads.map((h) => h[k - (depth - h.length)] ?? '')),
  );
  const rows = items.map((_, j) => line(cells.map((col) => col[j]!)));
  // Whether a shown column is narrower than its widest cell (some cell cut with an ellipsis).
  const wasCut = keep.some((k, i) => k && widths[i]! < cellWidth[i]!);
  return [head, rows, keep, wasCut];
}

/** A header's words on lines of at most `room` characters (a longer word on a line of its own). */
function stack(head: string, room: number): string[] {
  const lines: string[] = [];
  for (const word of head.split(' ')) {
    const last = lines[lines.length - 1];
    if (last !== undefined && columnsOf(last) + 1 + columnsOf(word) <= room)
      lines[lines.length - 1] = `${last} ${word}`;
    else lines.push(word);
  }
  return lines;
}

/**
 * Which columns are shown and how wide, for headers `heads` (each a column's header lines):
 * the required columns, then the optional ones in their order while they fit, then the
 * flexible ones (file, campaign, service) widened into the room left or narrowed to fit.
 * `fits`: whether the required columns fit `width` at all; `over`: by how many characters not.
 */
function layout(
  all: readonly ColumnShape[],
  heads: readonly string[][],
  cellWidth: readonly number[],
  width: number,
  apartLast: boolean,
): { keep: boolean[]; widths: number[]; fits: boolean; over: number } {
  const headWidth = heads.map((h) => Math.max(...h.map(columnsOf)));
  const natural = all.map((_, i) => Math.max(headWidth[i]!, cellWidth[i]!));
  const total = (keep: boolean[], widths: number[]) =>
    widths.reduce((sum, w, i) => sum + (keep[i] ? w : 0), 0) +
    2 * (keep.filter(Boolean).length - 1);
  const keep = all.map((c) => !c.optional);
  // Flexible columns (file, campaign, service) count at most FLEX_FIRST wide when deciding
  // which optional columns (rejected, rows, skipped, uncertain) fit; then they take what room is left.
  const counted = (most: number) =>
    natural.map((w, i) => (all[i]!.flex && all[i]!.keepWhole !== true ? Math.min(w, most) : w));
  const widths = counted(FLEX_FIRST);
  const firstTwo = counted(FLEX_FIRST_TWO);
  for (const rank of [1, 2, 3, 4]) {
    const i = all.findIndex((c) => c.optional === rank);
    if (i < 0) continue;
    keep[i] = true;
    if (total(keep, rank <= 2 ? firstTwo : widths) > width) keep[i] = false;
  }
  let room = width - total(keep, widths);
  all.forEach((c, i) => {
    if (!c.flex || room <= 0) return;
    const more = Math.min(room, natural[i]! - widths[i]!);
    widths[i]! += more;
    room -= more;
  });
  // Still too wide: the flexible columns give way, the widest first, down to their header
  // (with `apartLast`, those that tell the rows apart only once the others can give no more).
  const least = (i: number) => Math.max(headWidth[i]!, 6);
  const over = apartLast
    ? inTurn(all, keep, widths, total(keep, widths) - width, least)
    : giveWay(all, keep, widths, total(keep, widths) - width, least);
  return { keep, widths, fits: over <= 0, over };
}

/**
 * The last resort of a table still too wide with its headers stacked: the flexible columns
 * narrowed below their header (both cut with an ellipsis), the widest first, down to
 * {@link FLEX_LEAST}, so that the table fits 60 columns and wider (a line the terminal wraps
 * splits every row in two); below 60 the required columns alone may not fit.
 */
function squeeze(
  all: readonly ColumnShape[],
  keep: readonly boolean[],
  widths: number[],
  over: number,
) {
  inTurn(all, keep, widths, over, () => FLEX_LEAST);
}

/**
 * giveWay in turn: the flexible columns that do not tell the rows apart first (a file, a
 * campaign), then those that do (squeezeLast: a service, a bookmark's filters).
 */
function inTurn(
  all: readonly ColumnShape[],
  keep: readonly boolean[],
  widths: number[],
  over: number,
  least: (i: number) => number,
): number {
  for (const last of [false, true])
    over = giveWay(all, keep, widths, over, least, (c) => (c.squeezeLast === true) === last);
  return over;
}

/**
 * The flexible columns (those `which` picks) narrowed one character at a time, the widest
 * first, none below `least(i)`, until `over` characters are saved or none can give more;
 * returns what is still over.
 */
function giveWay(
  all: readonly ColumnShape[],
  keep: readonly boolean[],
  widths: number[],
  over: number,
  least: (i: number) => number,
  which: (c: ColumnShape) => boolean = () => true,
): number {
  while (over > 0) {
    let widest = -1;
    all.forEach((c, i) => {
      if (
        c.flex &&
        keep[i] &&
        which(c) &&
        widths[i]! > least(i) &&
        (widest < 0 || widths[i]! > widths[widest]!)
      )
        widest = i;
    });
    if (widest < 0) break;
    widths[widest]!--;
    over--;
  }
  return over;
}

/**
 * A cell cut to `max` characters with an ellipsis (a file name keeps its extension, and a list
 * of cacs's its kind: `ngay1….rejects.csv`, not `ngay1.cs….csv`).
 */
function cut(cell: string, max: number): string {
  if (columnsOf(cell) <= max) return cell;
  if (max <= 1) return '…';
  const list = /(\.(?:rejects|skipped|uncertain)(?:-\d+)?)\.csv$/.exec(cell);
  if (list && max >= list[1]!.length + 3) {
    // The kind whole (`.rejects.csv`), or without `.csv` when that is all there is room for.
    const kind = max >= list[0].length + 3 ? list[0] : list[1]!;
    return `${firstColumns(cell.slice(0, -list[0].length), max - 1 - kind.length)}…${kind}`;
  }
  const dot = cell.lastIndexOf('.');
  const ext =
    dot > 0 && cell.length - dot <= 6 && max > columnsOf(cell.slice(dot)) + 2
      ? cell.slice(dot)
      : '';
  return `${firstColumns(ext ? cell.slice(0, dot) : cell, max - 1 - columnsOf(ext))}…${ext}`;
}
