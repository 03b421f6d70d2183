/**
 * Vietnamese for the ids of en-teams.ts, spread into the Vietnamese catalog by vi.ts (same ids,
 * same placeholders as the English).
 */
export const viTeams: Readonly<Record<string, string>> = {};
