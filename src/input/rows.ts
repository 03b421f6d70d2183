/**
 * The rows of an input after inspectInput, whatever its format: the one entry point of the
 * readers (csv.ts, json.ts, xlsx/).
 */
import { openCsvFast, openCsvParse, readsFast } from './csv.js';
import { openJson, openNdjson } from './json.js';
import type { InputInfo, OpenRowsOptions, RowSource } from './types.js';
import { composed } from './unicode.js';

/** Open the rows of an input after inspectInput. */
export async function openRows(info: InputInfo, opts: OpenRowsOptions = {}): Promise<RowSource> {
  if (opts.verify !== undefined && !readsFast(info))
    throw new Error('openRows: verify needs the fast CSV reader');
  if (info.format === 'csv') return readsFast(info) ? openCsvFast(info, opts) : openCsvParse(info);
  if (info.format === 'xlsx') {
    const { openXlsx } = await import('./xlsx/index.js');
    return composed(
      await openXlsx(
        info.path,
        info.displayName,
        info.sheet !== undefined ? { sheet: info.sheet } : {},
      ),
    );
  }
  if (info.format === 'ndjson') return openNdjson(info);
  return openJson(info);
}
