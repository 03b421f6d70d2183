/**
 * English messages added for the habits work, spread into the English catalog by en.ts. Whole
 * sentences with named placeholders, like en.ts.
 */
export const enHabits = {} as const;
