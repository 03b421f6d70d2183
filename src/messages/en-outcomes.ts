/**
 * English messages added for the outcomes work, spread into the English catalog by en.ts. Whole
 * sentences with named placeholders, like en.ts.
 */
export const enOutcomes = {} as const;
