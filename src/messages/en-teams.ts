/**
 * English messages added for the teams work, spread into the English catalog by en.ts. Whole
 * sentences with named placeholders, like en.ts.
 */
export const enTeams = {} as const;
