/**
 * Vietnamese for the ids of en-catalog.ts, spread into the Vietnamese catalog by vi.ts (same ids,
 * same placeholders as the English).
 */
export const viCatalog: Readonly<Record<string, string>> = {};
