/**
 * Named points in cacs's work that a test can see reached and pause at (issue 26: a SIGKILL at
 * a known point, a concurrent run at a known moment). Off unless CACS_TEST_POINTS names a
 * folder: then reaching point `name` creates `<folder>/<name>.<pid>`, and when CACS_TEST_PAUSE
 * (names, comma-separated) lists it, the process waits there until `<folder>/<name>.<pid>.go`
 * exists. Nothing else changes; without the variables a point costs one lookup.
 */
import fs from 'node:fs';
import path from 'node:path';

const folder = process.env.CACS_TEST_POINTS;
const pauses = new Set((process.env.CACS_TEST_PAUSE ?? '').split(',').filter((n) => n !== ''));

/** Wait synchronously for `ms` (the process is paused on purpose). */
function block(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

export function testPoint(name: string): void {
  if (folder === undefined || folder === '') return;
  const mark = path.join(folder, `${name}.${process.pid}`);
  try {
    fs.writeFileSync(mark, '');
  } catch {
    return;
  }
  if (pauses.has(name)) while (!fs.existsSync(`${mark}.go`)) block(5);
}
