/**
 * Where the settings keep state, as the library's options take it: the folder, and the team's
 * database (its URL and schema) when one is set. One place for every command that reads or
 * writes state.
 */
import type { Settings } from '../index.js';

export function stateOf(settings: Pick<Settings, 'stateDir' | 'stateUrl' | 'stateSchema'>): {
  stateDir: string;
  state?: string;
  stateSchema?: string;
} {
  return {
    stateDir: settings.stateDir,
    ...(settings.stateUrl !== undefined ? { state: settings.stateUrl } : {}),
    ...(settings.stateSchema !== undefined ? { stateSchema: settings.stateSchema } : {}),
  };
}
