/**
 * CSV records exactly as csv-stringify writes them with cacs's options (a one-character
 * delimiter, `"` quotes, `\n` after each record, nothing quoted that need not be): a field is
 * quoted when it holds the delimiter, a quote, CR or LF, and its quotes are doubled.
 *
 * csv-stringify's general per-field machinery (casting, per-field option objects) was the top
 * cost of writing large reports and rejects files; a property test
 * (test/unit/csv-line.test.ts) checks this writer against csv-stringify on random records.
 */

const SPECIAL_COMMA = /[",\r\n]/;

export type CsvLine = (cells: readonly string[]) => string;
export type CsvField = (value: string) => string;

/** A quoter of single CSV fields for records split on `delimiter`. */
export function csvFieldWriter(delimiter = ','): CsvField {
  if (delimiter.length !== 1 || '"\r\n'.includes(delimiter))
    throw new Error(`csvLineWriter: unsupported delimiter ${JSON.stringify(delimiter)}`);
  const special =
    delimiter === ','
      ? SPECIAL_COMMA
      : new RegExp(`["\\r\\n${delimiter.replace(/[\\\]^-]/g, '\\$&')}]`);
  return (v) => {
    if (!special.test(v)) return v;
    return `"${v.includes('"') ? v.replaceAll('"', '""') : v}"`;
  };
}

/** A writer of CSV records split on `delimiter`. */
export function csvLineWriter(delimiter = ','): CsvLine {
  const field = csvFieldWriter(delimiter);
  return (cells) => {
    let out = cells.length > 0 ? field(cells[0]!) : '';
    for (let i = 1; i < cells.length; i++) out += delimiter + field(cells[i]!);
    return `${out}\n`;
  };
}
