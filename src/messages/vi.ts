/**
 * The Vietnamese catalog (issue 27): the English catalog's ids, each a whole Vietnamese
 * sentence with the same named placeholders. Built from one file per area, like en.ts.
 */
import type { en } from './en.js';
import { viBase } from './vi-base.js';
import { viCatalog } from './vi-catalog.js';
import { viOutcomes } from './vi-outcomes.js';
import { viPrivacy } from './vi-privacy.js';
import { viTeams } from './vi-teams.js';
import { viHabits } from './vi-habits.js';
import { viManager } from './vi-manager.js';

export const vi: Readonly<Partial<Record<keyof typeof en, string>>> = {
  ...viBase,
  ...viCatalog,
  ...viOutcomes,
  ...viPrivacy,
  ...viTeams,
  ...viHabits,
  ...viManager,
};
