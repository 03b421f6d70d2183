/**
 * Vietnamese for the ids of en-habits.ts, spread into the Vietnamese catalog by vi.ts (same ids,
 * same placeholders as the English).
 */
export const viHabits: Readonly<Record<string, string>> = {};
