/**
 * English messages added for the catalog work, spread into the English catalog by en.ts. Whole
 * sentences with named placeholders, like en.ts.
 */
export const enCatalog = {} as const;
