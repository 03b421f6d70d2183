/**
 * Vietnamese for the ids of en-privacy.ts, spread into the Vietnamese catalog by vi.ts (same ids,
 * same placeholders as the English).
 */
export const viPrivacy: Readonly<Record<string, string>> = {};
