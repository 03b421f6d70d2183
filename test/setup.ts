/**
 * Vitest setup file (runs in each test file's worker): what test/helpers/tmp.ts made for the
 * file is removed when the file ends, whatever its tests did.
 */
import { afterAll } from 'vitest';
import { removeTempDirs } from './helpers/tmp.js';

afterAll(() => {
  const left = removeTempDirs();
  if (left.length > 0)
    throw new Error(`temporary folders that could not be removed: ${left.join(', ')}`);
});
