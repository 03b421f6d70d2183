/**
 * The names the file store gives its entries in a state folder, and whether a path is one of
 * them (a light module: the library's door loads it at start-up, not the stores).
 */
import path from 'node:path';
import { isInsideFolder } from '../folder-inside.js';

/**
 * What cacs keeps in a state folder (the file store's entries): a file there, or one to be
 * made there, is cacs's own. Other files in the folder are the operator's (a state folder at the
 * root of a working folder holds their lead files too: review, session 19).
 */
const STATE_ENTRIES = [
  'ledgers',
  'journals',
  'erasures',
  'history',
  'sidecars',
  'bookmarks',
  'completion',
  'prune.json',
];

/** Whether `file` (there or not, by any path or link) is one of cacs's own in `stateDir`. */
export function isStateFile(file: string, stateDir: string): boolean {
  return STATE_ENTRIES.some((e) => isInsideFolder(file, path.join(stateDir, e)));
}
