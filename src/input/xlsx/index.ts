/**
 * Reading Excel (.xlsx) lead files (zip.ts: the container; xml.ts: scanning its XML; numbers.ts:
 * number formats; sheet.ts: a sheet's rows): the first visible worksheet, or --sheet by name or number.
 *
 * The zip is opened with fflate, inflating only the parts needed (workbook, its relationships,
 * shared strings, styles and the chosen sheet). The SpreadsheetML subset involved is regular,
 * so it is scanned with small regexes rather than a full XML parser. The sheet's XML is held in
 * memory; rows are produced lazily.
 *
 * Numbers are turned back into what the operator typed: integers as plain digits (no exponent,
 * no ".0"), leading zeros restored from "0000000000"-style formats, dates as yyyy-mm-dd.
 */
import { UsageError } from '../../errors.js';
import { t, tCount } from '../../messages/index.js';
import { BlockTrail, share } from '../bytes.js';
import type { Row, RowSource } from '../types.js';
import { parseStyles } from './numbers.js';
import { columnName, sheetRows, type SheetContext } from './sheet.js';
import { attrLocal, attrOf, attrRe, attrs, elementRe, richText, tagRe } from './xml.js';
import { corrupt, extract, norm, readZip } from './zip.js';
export { isXlsx } from './zip.js';

export interface XlsxOptions {
  /** A sheet name, or a 1-based sheet number as a string. */
  sheet?: string;
  /** Block digests from an earlier whole read: the file must still be exactly those bytes. */
  verify?: readonly Buffer[];
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
      tCount('input.sheet.noNumber', list.length, { file: displayName, n, sheets: listed }),
      { hint: t('input.sheet.hint') },
    );
  }
  throw new UsageError(
    t('input.sheet.noName', { file: displayName, name: wanted, sheets: listed }),
    { hint: t('input.sheet.hint') },
  );
}

/** Open the rows of an .xlsx sheet: the first visible worksheet unless opts.sheet says. */
export async function openXlsx(
  file: string,
  displayName: string,
  opts: XlsxOptions,
): Promise<RowSource & { sheetName: string; rows: AsyncIterable<Row> }> {
  const trail = new BlockTrail(displayName, opts.verify);
  const zip = await readZip(file, displayName, trail);

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
  if (workbook === undefined) throw corrupt(displayName, t('input.sheet.noWorkbook'));
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
  if (sheets.length === 0) throw new UsageError(t('input.sheet.none', { file: displayName }));
  const sheet = chooseSheet(displayName, sheets, opts.sheet);
  if (sheet.type !== 'worksheet' || sheet.target === undefined) {
    throw new UsageError(t('input.sheet.notCells', { file: displayName, name: sheet.name }), {
      hint: t('input.sheet.hint'),
    });
  }
  const pr = /<(?:[\w.-]+:)?workbookPr(?=[\s/>])((?:[^>"']|"[^"]*"|'[^']*')*)>/.exec(workbook);
  const date1904 = /^(1|true)$/.test(pr ? (attrOf(pr[1]!, attrRe('date1904')) ?? '') : '');

  const stringsPath = relOfType(rels, 'sharedStrings') ?? `${baseDir}sharedStrings.xml`;
  const stylesPath = relOfType(rels, 'styles') ?? `${baseDir}styles.xml`;
  parts = extract(zip, displayName, [stringsPath, stylesPath, sheet.target]);
  const xml = parts.get(norm(sheet.target));
  if (xml === undefined) throw corrupt(displayName, t('input.sheet.missing', { name: sheet.name }));

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

  /**
   * The other visible worksheets that hold a header and at least one row of data, each with its
   * number as --sheet counts them: where the data is when the chosen sheet has none (a first
   * sheet of instructions). Read only on that error path.
   */
  const elsewhere = (): string | undefined => {
    const visible = sheets.filter((s) => !s.hidden);
    const found: Array<{ name: string; n: number }> = [];
    visible.forEach((s, i) => {
      if (s === sheet || s.type !== 'worksheet' || s.target === undefined) return;
      let other: string | undefined;
      try {
        other = extract(zip, displayName, [s.target]).get(norm(s.target));
      } catch {
        return; // a damaged sheet is not suggested
      }
      if (other === undefined) return;
      const rows = sheetRows(other, ctx, { index: 0 });
      if (rows.next().done) return;
      for (const r of rows) {
        if (r.values.some((v) => v.trim() !== '')) {
          found.push({ name: s.name, n: i + 1 });
          return;
        }
      }
    });
    if (found.length === 0) return undefined;
    const [one] = found;
    if (found.length === 1) return t('input.sheet.otherHasData', { name: one!.name, n: one!.n });
    const list = found.map((f) => t('input.sheet.listed', { name: f.name, n: f.n })).join(', ');
    return t('input.sheet.othersHaveData', { list });
  };
  const noData = (message: string): UsageError => {
    const hint = elsewhere();
    return new UsageError(message, hint === undefined ? {} : { hint });
  };

  const at: { index: number; blank?: boolean } = { index: 0 };
  const source = sheetRows(xml, ctx, at);
  const first = source.next();
  if (first.done) throw noData(t('input.sheet.empty', { file: displayName, name: sheet.name }));
  // Past the header, rows of empty cells are handed out too (counted as blank by the import).
  at.blank = true;
  const headers = first.value.values;
  while (headers.length > 0 && headers[headers.length - 1]!.trim() === '') headers.pop();
  const width = headers.length;

  const shape = (row: Row): Row => {
    const { values } = row;
    for (let i = width; i < values.length; i++) {
      if (values[i]!.trim() !== '') {
        throw new UsageError(
          t('input.sheet.noHeader', {
            where: `${displayName}:${row.line}`,
            column: columnName(i),
          }),
          {
            hint: t('input.sheet.noHeader.hint', { column: columnName(i), line: first.value.line }),
          },
        );
      }
    }
    values.length = Math.min(values.length, width);
    while (values.length < width) values.push('');
    return row;
  };

  // The blank rows before the first row with a value, then that row: none means no data.
  const leading: Row[] = [];
  let second = source.next();
  while (!second.done && second.value.values.every((v) => v.trim() === '')) {
    leading.push(shape(second.value));
    second = source.next();
  }
  if (second.done) {
    // Rows there, every one blank (cells of spaces): said as the other formats say it, not
    // "only a header row" (review, session 16).
    if (leading.length === 0) throw noData(t('input.sheet.headerOnly', { file: displayName }));
    throw new UsageError(tCount('leads.blankOnly', leading.length, { file: displayName }), {
      hint: elsewhere() ?? t('leads.blankOnly.hint'),
    });
  }
  const firstData = shape(second.value);

  // Rows come from one lazy pass over the sheet: through each() (the pipeline's way) or rows.
  async function each(fn: (row: Row) => void): Promise<void> {
    for (const row of leading) fn(row);
    fn(firstData);
    let n = 0;
    for (const row of source) {
      fn(shape(row));
      // Let timers and signals (progress, Ctrl-C) run now and then.
      if ((++n & 0x3fff) === 0) await new Promise((r) => setImmediate(r));
    }
  }
  async function* rows(): AsyncGenerator<Row> {
    yield* leading;
    yield firstData;
    for (const row of source) yield shape(row);
  }
  const out = {
    headers,
    each,
    rows: rows(),
    sheetName: sheet.name,
    contentHash: () => trail.contentHash(),
    blockDigests: () => trail.digests(),
    fractionRead: () => share(at.index, xml.length),
  };
  return out;
}
