/**
 * English messages added for the catalog work, spread into the English catalog by en.ts. Whole
 * sentences with named placeholders, like en.ts; one file per area, spread here.
 */
import { enCatalogImport } from './en-catalog-import.js';
import { enCatalogCli } from './en-catalog-cli.js';
import { enCatalogConfig } from './en-catalog-config.js';

export const enCatalog = {
  ...enCatalogImport,
  ...enCatalogCli,
  ...enCatalogConfig,
} as const;
