/**
 * English messages added for the catalog work, spread into the English catalog by en.ts. Whole
 * sentences with named placeholders, like en.ts; one file per area, spread here.
 */
import { enCatalogImport } from './en-catalog-import.js';
import { enCatalogCli } from './en-catalog-cli.js';
import { enCatalogConfig } from './en-catalog-config.js';
import { enCatalogInput } from './en-catalog-input.js';
import { enCatalogApi } from './en-catalog-api.js';
import { enCatalogState } from './en-catalog-state.js';
import { enCatalogLib } from './en-catalog-lib.js';
import { enCatalogColumns } from './en-catalog-columns.js';
import { enCatalogReport } from './en-catalog-report.js';

export const enCatalog = {
  ...enCatalogImport,
  ...enCatalogCli,
  ...enCatalogConfig,
  ...enCatalogInput,
  ...enCatalogApi,
  ...enCatalogState,
  ...enCatalogLib,
  ...enCatalogColumns,
  ...enCatalogReport,
} as const;
