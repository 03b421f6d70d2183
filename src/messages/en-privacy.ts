/**
 * English messages added for the privacy work, spread into the English catalog by en.ts. Whole
 * sentences with named placeholders, like en.ts.
 */
export const enPrivacy = {} as const;
