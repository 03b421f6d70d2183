/** Build real .xlsx workbooks from minimal SpreadsheetML parts, for tests. */
import { strToU8, zipSync } from 'fflate';

export const NS = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
export const REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
export const PKG = 'http://schemas.openxmlformats.org/package/2006/relationships';

export const esc = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** A number cell (t="n" by default); extra attributes such as s="1" or t="b". */
export const num = (ref: string, v: string | number, extra = '') =>
  `<c r="${ref}"${extra ? ` ${extra}` : ''}><v>${v}</v></c>`;
/** An inline string cell. */
export const str = (ref: string, text: string) =>
  `<c r="${ref}" t="inlineStr"><is><t>${esc(text)}</t></is></c>`;
/** A shared string cell. */
export const sst = (ref: string, index: number) => `<c r="${ref}" t="s"><v>${index}</v></c>`;
export const row = (r: number | undefined, ...cells: string[]) =>
  `<row${r === undefined ? '' : ` r="${r}"`}>${cells.join('')}</row>`;
/** A row of inline strings from column A. */
export const strings = (r: number, ...texts: string[]) =>
  row(r, ...texts.map((t, i) => str(`${String.fromCharCode(65 + i)}${r}`, t)));

export interface SheetSpec {
  name: string;
  /** The content of <sheetData> (or the whole worksheet when `raw`). */
  data: string;
  raw?: boolean;
  state?: 'hidden' | 'veryHidden';
}

export interface BookSpec {
  sheets: SheetSpec[];
  /** The inner XML of each <si>. */
  sharedStrings?: string[];
  styles?: string;
  date1904?: boolean;
}

export function buildXlsx(book: BookSpec): Uint8Array {
  const files: Record<string, Uint8Array> = {};
  const put = (name: string, xml: string) => {
    files[name] = strToU8(`<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n${xml}`);
  };
  put(
    '[Content_Types].xml',
    `<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">` +
      `<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>` +
      `<Default Extension="xml" ContentType="application/xml"/></Types>`,
  );
  put(
    '_rels/.rels',
    `<Relationships xmlns="${PKG}"><Relationship Id="rId1" Type="${REL}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
  );
  const rels: string[] = [];
  const sheets: string[] = [];
  book.sheets.forEach((s, i) => {
    const id = `rId${i + 1}`;
    rels.push(
      `<Relationship Id="${id}" Type="${REL}/worksheet" Target="worksheets/sheet${i + 1}.xml"/>`,
    );
    sheets.push(
      `<sheet name="${esc(s.name)}" sheetId="${i + 1}"${s.state ? ` state="${s.state}"` : ''} r:id="${id}"/>`,
    );
    put(
      `xl/worksheets/sheet${i + 1}.xml`,
      s.raw ? s.data : `<worksheet xmlns="${NS}"><sheetData>${s.data}</sheetData></worksheet>`,
    );
  });
  if (book.sharedStrings) {
    rels.push(`<Relationship Id="rIdS" Type="${REL}/sharedStrings" Target="sharedStrings.xml"/>`);
    put(
      'xl/sharedStrings.xml',
      `<sst xmlns="${NS}" count="${book.sharedStrings.length}" uniqueCount="${book.sharedStrings.length}">` +
        book.sharedStrings.map((si) => `<si>${si}</si>`).join('') +
        `</sst>`,
    );
  }
  if (book.styles) {
    rels.push(`<Relationship Id="rIdT" Type="${REL}/styles" Target="styles.xml"/>`);
    put('xl/styles.xml', book.styles);
  }
  put(
    'xl/workbook.xml',
    `<workbook xmlns="${NS}" xmlns:r="${REL}">` +
      (book.date1904
        ? '<workbookPr date1904="1"/>'
        : '<workbookPr defaultThemeVersion="166925"/>') +
      `<sheets>${sheets.join('')}</sheets></workbook>`,
  );
  put(
    'xl/_rels/workbook.xml.rels',
    `<Relationships xmlns="${PKG}">${rels.join('')}</Relationships>`,
  );
  return zipSync(files);
}

/** Style indexes used below (s="…"). */
export const S = {
  zeros: 1,
  date: 2,
  isoDate: 3,
  dateTime: 4,
  text: 5,
  quotedZeros: 6,
  time: 7,
  dashed: 8,
};
export const STYLES =
  `<styleSheet xmlns="${NS}">` +
  `<numFmts count="5">` +
  `<numFmt numFmtId="164" formatCode="0000000000"/>` +
  `<numFmt numFmtId="165" formatCode="yyyy\\-mm\\-dd;@"/>` +
  `<numFmt numFmtId="166" formatCode="&quot;Tel &quot;00000000000"/>` +
  `<numFmt numFmtId="167" formatCode="[h]:mm:ss"/>` +
  `<numFmt numFmtId="168" formatCode="000\\-000\\-0000"/>` +
  `</numFmts>` +
  // cellStyleXfs also holds <xf> elements: they must not shift the cellXfs indexes.
  `<cellStyleXfs count="2"><xf numFmtId="0"/><xf numFmtId="14"/></cellStyleXfs>` +
  `<cellXfs count="9">` +
  `<xf numFmtId="0" fontId="0"/>` +
  `<xf numFmtId="164" applyNumberFormat="1"/>` +
  `<xf numFmtId="14" applyNumberFormat="1"/>` +
  `<xf numFmtId="165" applyNumberFormat="1"/>` +
  `<xf numFmtId="22" applyNumberFormat="1"/>` +
  `<xf numFmtId="49" applyNumberFormat="1"/>` +
  `<xf numFmtId="166" applyNumberFormat="1"/>` +
  `<xf numFmtId="167" applyNumberFormat="1"/>` +
  `<xf numFmtId="168" applyNumberFormat="1"/>` +
  `</cellXfs></styleSheet>`;
