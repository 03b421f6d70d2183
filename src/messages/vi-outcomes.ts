/**
 * Vietnamese for the ids of en-outcomes.ts, spread into the Vietnamese catalog by vi.ts (same ids,
 * same placeholders as the English).
 */
export const viOutcomes: Readonly<Record<string, string>> = {};
