/**
 * Scanning the SpreadsheetML subset cacs reads: start tags and their attributes, element text,
 * entities and OOXML's _xHHHH_ escapes. The parts involved are regular, so small regexes do the
 * job of a full XML parser.
 */
/** Attributes of a start tag, quotes honoured (a ">" may appear inside a value). */
export const ATTRS = `((?:[^>"']|"[^"]*"|'[^']*')*?)`;
export const PREFIX = `(?:[\\w.-]+:)?`;

export function tagRe(name: string): RegExp {
  return new RegExp(`<${PREFIX}${name}(?=[\\s/>])${ATTRS}(/?)>`, 'g');
}

const NAMED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

export function unescapeXml(s: string): string {
  if (!s.includes('&')) return s;
  return s.replace(
    /&(?:#(\d+)|#x([0-9a-fA-F]+)|(amp|lt|gt|quot|apos));/g,
    (m, dec?: string, hex?: string, name?: string) => {
      if (name) return NAMED[name] ?? m;
      const cp = dec !== undefined ? parseInt(dec, 10) : parseInt(hex ?? '', 16);
      return cp <= 0x10ffff ? String.fromCodePoint(cp) : m;
    },
  );
}

/** Element text: XML line ends, entities, then OOXML's _xHHHH_ escapes (_x005F_ is "_"). */
export function xmlText(raw: string): string {
  let s = unescapeXml(raw.includes('\r') ? raw.replace(/\r\n?/g, '\n') : raw);
  if (s.includes('_x')) {
    s = s.replace(/_x([0-9A-Fa-f]{4})_/g, (_m, h: string) => String.fromCharCode(parseInt(h, 16)));
  }
  return s;
}

export function attrs(tag: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const m of tag.matchAll(/([\w.:-]+)\s*=\s*(?:"([^"]*)"|'([^']*)')/g)) {
    out.set(m[1]!, unescapeXml(m[2] ?? m[3] ?? ''));
  }
  return out;
}

/** An attribute by local name, whatever its namespace prefix (r:id, x:id …). */
export function attrLocal(a: Map<string, string>, local: string): string | undefined {
  if (a.has(local)) return a.get(local);
  for (const [k, v] of a) if (k.endsWith(`:${local}`)) return v;
  return undefined;
}

export const attrRe = (name: string) =>
  new RegExp(`(?:^|\\s)${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)')`);
export const elementRe = (name: string, flags = '') =>
  new RegExp(`<${PREFIX}${name}(?=[\\s/>])${ATTRS}(?:/>|>([\\s\\S]*?)</${PREFIX}${name}>)`, flags);

// The hot path (every cell) uses these, compiled once.
export const R_ATTR = attrRe('r');
export const T_ATTR = attrRe('t');
export const S_ATTR = attrRe('s');
export const V_ELEMENT = elementRe('v');
export const IS_ELEMENT = elementRe('is');
const T_ELEMENTS = elementRe('t', 'g');
const PHONETIC = new RegExp(`<${PREFIX}rPh(?=[\\s/>])[\\s\\S]*?</${PREFIX}rPh>`, 'g');

/** One attribute of a start tag. */
export function attrOf(tag: string, re: RegExp): string | undefined {
  const m = re.exec(tag);
  return m ? unescapeXml(m[1] ?? m[2] ?? '') : undefined;
}

/** The text of the first such element ('' when empty), or undefined when there is none. */
export function elementText(body: string, re: RegExp): string | undefined {
  const m = re.exec(body);
  return m ? (m[2] ?? '') : undefined;
}

/** The concatenated text of <si> / <is>: plain <t> or rich-text runs, phonetic hints dropped. */
export function richText(body: string): string {
  // The usual case: one plain <t>.
  if (body.startsWith('<t>') && body.indexOf('<', 3) === body.length - 4 && body.endsWith('</t>'))
    return xmlText(body.slice(3, -4));
  const plain = body.includes('rPh') ? body.replace(PHONETIC, '') : body;
  let out = '';
  T_ELEMENTS.lastIndex = 0;
  for (let m = T_ELEMENTS.exec(plain); m; m = T_ELEMENTS.exec(plain))
    if (m[2]) out += xmlText(m[2]);
  return out;
}
