/**
 * Reading a written .xlsx back through independent readers: Python's zipfile + xml.etree (the
 * parts as they are, CRCs checked), and openpyxl where it is installed. Both print JSON.
 */
import { spawnSync } from 'node:child_process';

/** A python3 that runs, preferring one that has openpyxl (Debian's, when pyenv's has not). */
function findPython(): { any: string | undefined; openpyxl: string | undefined } {
  const candidates = ['python3', '/usr/bin/python3', '/usr/local/bin/python3'];
  let any: string | undefined;
  for (const py of candidates) {
    const r = spawnSync(py, ['-c', 'import openpyxl'], { encoding: 'utf8' });
    if (r.error) continue;
    any ??= py;
    if (r.status === 0) return { any, openpyxl: py };
  }
  return { any, openpyxl: undefined };
}

export const PYTHON = findPython();

function runPython(python: string, script: string, file: string): unknown {
  const r = spawnSync(python, ['-c', script, file], {
    encoding: 'utf8',
    maxBuffer: 512 * 1024 * 1024,
  });
  if (r.error) throw r.error;
  if (r.status !== 0) throw new Error(`${python} failed: ${r.stderr}`);
  return JSON.parse(r.stdout);
}

export interface EtreeCell {
  ref: string;
  /** The t attribute ("inlineStr", "s", …), or null for a number. */
  t: string | null;
  s: string | null;
  /** <v> text, or the inline string's text with OOXML's _xHHHH_ escapes decoded. */
  value: string | null;
  /** An inline string's <t> has xml:space="preserve". */
  preserve: boolean;
}

export interface EtreeSheet {
  name: string;
  part: string;
  rows: Array<{ r: string | null; cells: EtreeCell[] }>;
  pane: Record<string, string> | null;
  autoFilter: string | null;
  cols: Array<Record<string, string>>;
  ignoredErrors: Array<Record<string, string>>;
}

export interface EtreeBook {
  /** zipfile.testzip(): the first entry whose CRC does not match, or null. */
  badEntry: string | null;
  entries: string[];
  contentTypes: { defaults: Record<string, string>; overrides: Record<string, string> };
  sheets: EtreeSheet[];
  definedNames: Array<{ name: string; localSheetId: string | null; text: string }>;
  numFmts: Record<string, string>;
  cellXfs: Array<Record<string, string>>;
}

const ETREE = String.raw`
import json, re, sys, zipfile
import xml.etree.ElementTree as ET
M = '{http://schemas.openxmlformats.org/spreadsheetml/2006/main}'
R = '{http://schemas.openxmlformats.org/officeDocument/2006/relationships}'
P = '{http://schemas.openxmlformats.org/package/2006/relationships}'
C = '{http://schemas.openxmlformats.org/package/2006/content-types}'
def unx(s):
    # ST_Xstring: _xHHHH_ is the UTF-16 code unit HHHH (one pass: _x005F_ is "_")
    return re.sub(r'_x([0-9A-Fa-f]{4})_', lambda m: chr(int(m.group(1), 16)), s)
z = zipfile.ZipFile(sys.argv[1])
out = {'badEntry': z.testzip(), 'entries': z.namelist()}
ct = ET.fromstring(z.read('[Content_Types].xml'))
out['contentTypes'] = {
  'defaults': {e.get('Extension'): e.get('ContentType') for e in ct.findall(C + 'Default')},
  'overrides': {e.get('PartName'): e.get('ContentType') for e in ct.findall(C + 'Override')}}
root_rels = ET.fromstring(z.read('_rels/.rels'))
wb_path = [r.get('Target') for r in root_rels.findall(P + 'Relationship') if r.get('Type').endswith('/officeDocument')][0]
wb = ET.fromstring(z.read(wb_path))
rels = ET.fromstring(z.read('xl/_rels/workbook.xml.rels'))
targets = {r.get('Id'): r.get('Target') for r in rels.findall(P + 'Relationship')}
out['definedNames'] = [{'name': d.get('name'), 'localSheetId': d.get('localSheetId'), 'text': d.text} for d in wb.iter(M + 'definedName')]
sheets = []
for sh in wb.find(M + 'sheets'):
    part = 'xl/' + targets[sh.get(R + 'id')]
    ws = ET.fromstring(z.read(part))
    rows = []
    for row in ws.find(M + 'sheetData'):
        cells = []
        for c in row:
            t = c.get('t')
            preserve = any(x.get('{http://www.w3.org/XML/1998/namespace}space') == 'preserve' for x in c.iter(M + 't'))
            if t == 'inlineStr':
                value = unx(''.join(x.text or '' for x in c.iter(M + 't')))
            else:
                v = c.find(M + 'v')
                value = None if v is None else v.text
            cells.append({'ref': c.get('r'), 't': t, 's': c.get('s'), 'value': value, 'preserve': preserve})
        rows.append({'r': row.get('r'), 'cells': cells})
    pane = ws.find(M + 'sheetViews/' + M + 'sheetView/' + M + 'pane')
    af = ws.find(M + 'autoFilter')
    cols = [dict(c.attrib) for c in ws.iter(M + 'col')]
    ignored = [dict(e.attrib) for e in ws.iter(M + 'ignoredError')]
    sheets.append({'name': sh.get('name'), 'part': part, 'rows': rows,
        'pane': None if pane is None else dict(pane.attrib),
        'autoFilter': None if af is None else af.get('ref'), 'cols': cols, 'ignoredErrors': ignored})
out['sheets'] = sheets
st = ET.fromstring(z.read('xl/styles.xml'))
out['numFmts'] = {n.get('numFmtId'): n.get('formatCode') for n in st.iter(M + 'numFmt')}
out['cellXfs'] = [dict(x.attrib) for x in st.find(M + 'cellXfs')]
print(json.dumps(out))
`;

/** The workbook as Python's zipfile + xml.etree read it. */
export function readWithEtree(file: string): EtreeBook {
  if (PYTHON.any === undefined) throw new Error('python3 is needed for this test');
  return runPython(PYTHON.any, ETREE, file) as EtreeBook;
}

export interface OpenpyxlCell {
  /** The Python type of the value: str, int, float, datetime, NoneType. */
  type: string;
  /** The value (a datetime as yyyy-mm-dd HH:MM:SS[.ffffff]). */
  value: string | number | null;
  format: string;
}

export interface OpenpyxlSheet {
  title: string;
  freeze: string | null;
  filter: string | null;
  maxRow: number;
  maxColumn: number;
  widths: Record<string, number>;
  rows: OpenpyxlCell[][];
}

const OPENPYXL = String.raw`
import json, sys, datetime, openpyxl
wb = openpyxl.load_workbook(sys.argv[1])
out = []
for ws in wb.worksheets:
    rows = []
    for row in ws.iter_rows():
        cells = []
        for c in row:
            v = c.value
            if isinstance(v, datetime.datetime):
                v = v.isoformat(sep=' ')
            cells.append({'type': type(c.value).__name__, 'value': v, 'format': c.number_format})
        rows.append(cells)
    out.append({'title': ws.title, 'freeze': ws.freeze_panes, 'filter': ws.auto_filter.ref,
        'maxRow': ws.max_row, 'maxColumn': ws.max_column,
        'widths': {k: d.width for k, d in ws.column_dimensions.items()}, 'rows': rows})
print(json.dumps(out))
`;

/** The workbook as openpyxl reads it (undefined where no python3 has openpyxl). */
export function readWithOpenpyxl(file: string): OpenpyxlSheet[] {
  if (PYTHON.openpyxl === undefined) throw new Error('openpyxl is needed for this test');
  return runPython(PYTHON.openpyxl, OPENPYXL, file) as OpenpyxlSheet[];
}

export const OPENPYXL_MISSING =
  'openpyxl is not installed (apt-get install -y python3-openpyxl, or pip install openpyxl): ' +
  'the openpyxl read-backs are skipped';

/** OOXML's _xHHHH_ decoding (for values openpyxl hands on still escaped). */
export function unescapeOoxml(s: string): string {
  return s.replace(/_x([0-9A-Fa-f]{4})_/g, (_m, h: string) => String.fromCharCode(parseInt(h, 16)));
}

/** LibreOffice's soffice, where it is installed (the LibreOffice read-back is skipped without). */
export const SOFFICE = ['soffice', 'libreoffice'].find(
  (cmd) => !spawnSync(cmd, ['--version'], { encoding: 'utf8' }).error,
);

export const SOFFICE_MISSING =
  'LibreOffice is not installed (apt-get install -y --no-install-recommends libreoffice-calc-nogui): ' +
  'the LibreOffice read-backs are skipped';

export interface OdsCell {
  /** office:value-type: string, float, date…; null for an empty cell. */
  type: string | null;
  /** office:value or office:date-value. */
  value: string | null;
  /** The text LibreOffice shows, paragraphs joined by LF. */
  text: string;
}

export interface OdsBook {
  tables: Array<{ name: string; rows: OdsCell[][] }>;
  /** Filtered ranges LibreOffice made of the sheets' autoFilters. */
  databaseRanges: Array<{ target: string; filterButtons: string | null }>;
}

const FODS = String.raw`
import json, sys
import xml.etree.ElementTree as ET
T = '{urn:oasis:names:tc:opendocument:xmlns:table:1.0}'
O = '{urn:oasis:names:tc:opendocument:xmlns:office:1.0}'
X = '{urn:oasis:names:tc:opendocument:xmlns:text:1.0}'
def text(el):
    out = []
    for p in el.findall(X + 'p'):
        s = p.text or ''
        for child in p:
            if child.tag == X + 's': s += ' ' * int(child.get(X + 'c', '1'))
            elif child.tag == X + 'tab': s += '\t'
            elif child.tag == X + 'line-break': s += '\n'
            else: s += ''.join(child.itertext())
            s += child.tail or ''
        out.append(s)
    return '\n'.join(out)
root = ET.parse(sys.argv[1]).getroot()
tables = []
for t in root.iter(T + 'table'):
    rows = []
    for row in t.iter(T + 'table-row'):
        cells = []
        for c in row.findall(T + 'table-cell'):
            n = int(c.get(T + 'number-columns-repeated', '1'))
            cell = {'type': c.get(O + 'value-type'), 'value': c.get(O + 'date-value') or c.get(O + 'value'), 'text': text(c)}
            cells.extend([cell] * min(n, 64))
        while cells and cells[-1]['type'] is None: cells.pop()
        if not cells: continue
        rows.extend([cells] * min(int(row.get(T + 'number-rows-repeated', '1')), 64))
    tables.append({'name': t.get(T + 'name'), 'rows': rows})
ranges = [{'target': d.get(T + 'target-range-address'), 'filterButtons': d.get(T + 'display-filter-buttons')}
          for d in root.iter(T + 'database-range')]
print(json.dumps({'tables': tables, 'databaseRanges': ranges}))
`;

/** The workbook as LibreOffice reads it: converted headless to flat ODS, read with etree. */
export function readWithLibreOffice(file: string, scratch: string): OdsBook {
  if (SOFFICE === undefined) throw new Error('LibreOffice is needed for this test');
  if (PYTHON.any === undefined) throw new Error('python3 is needed for this test');
  const profile = `file://${scratch}/lo-profile`;
  const r = spawnSync(
    SOFFICE,
    [
      `-env:UserInstallation=${profile}`,
      '--headless',
      '--convert-to',
      'fods',
      '--outdir',
      scratch,
      file,
    ],
    { encoding: 'utf8', timeout: 120_000 },
  );
  if (r.status !== 0) throw new Error(`${SOFFICE} failed: ${r.stderr}`);
  const base = file.slice(file.lastIndexOf('/') + 1).replace(/\.xlsx$/, '.fods');
  return runPython(PYTHON.any, FODS, `${scratch}/${base}`) as OdsBook;
}
