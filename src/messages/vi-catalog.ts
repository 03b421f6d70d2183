/**
 * Vietnamese for the ids of en-catalog.ts, spread into the Vietnamese catalog by vi.ts (same ids,
 * same placeholders as the English); one file per area, like en-catalog.ts.
 */
import { viCatalogImport } from './vi-catalog-import.js';
import { viCatalogCli } from './vi-catalog-cli.js';
import { viCatalogConfig } from './vi-catalog-config.js';
import { viCatalogInput } from './vi-catalog-input.js';
import { viCatalogApi } from './vi-catalog-api.js';
import { viCatalogState } from './vi-catalog-state.js';
import { viCatalogLib } from './vi-catalog-lib.js';
import { viCatalogColumns } from './vi-catalog-columns.js';
import { viCatalogReport } from './vi-catalog-report.js';

export const viCatalog: Readonly<Record<string, string>> = {
  ...viCatalogImport,
  ...viCatalogCli,
  ...viCatalogConfig,
  ...viCatalogInput,
  ...viCatalogApi,
  ...viCatalogState,
  ...viCatalogLib,
  ...viCatalogColumns,
  ...viCatalogReport,
};
