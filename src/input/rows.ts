/**
 * The rows of an input after inspectInput, whatever its format: the one entry point of the
 * readers (csv.ts, json.ts, xlsx/). Every reader reads the file through a BlockTrail (see
 * bytes.ts): a complete read gives the content hash of exactly what was parsed, and a read
 * given `verify` parses only bytes that match an earlier read's.
 */
import { openCsvFast, openCsvParse, readsFast } from './csv.js';
import { openJson, openNdjson } from './json.js';
import type { InputInfo, OpenRowsOptions, RowSource } from './types.js';
import { composed } from './unicode.js';

/** Open the rows of an input after inspectInput. */
export async function openRows(info: InputInfo, opts: OpenRowsOptions = {}): Promise<RowSource> {
  if (info.format === 'csv')
    return readsFast(info) && opts.csvParse !== true
      ? openCsvFast(info, opts)
      : openCsvParse(info, opts);
  if (info.format === 'xlsx') {
    const { openXlsx } = await import('./xlsx/index.js');
    return composed(
      await openXlsx(info.path, info.displayName, {
        ...(info.sheet !== undefined ? { sheet: info.sheet } : {}),
        ...(opts.verify !== undefined ? { verify: opts.verify } : {}),
      }),
    );
  }
  if (info.format === 'ndjson') return openNdjson(info, opts);
  return openJson(info, opts);
}
