/**
 * Named points in cacs's work that a test can see reached and pause at (issue 26: a SIGKILL at
 * a known point, a concurrent run at a known moment). Off unless CACS_TEST_POINTS names a
 * folder: then reaching point `name` creates `<folder>/<name>.<pid>`, and when CACS_TEST_PAUSE
 * (names, comma-separated) lists it, the process waits there until `<folder>/<name>.<pid>.go`
 * exists. A point CACS_TEST_STEP lists pauses at every reach: the k-th (from 0) creates
 * `<name>.<pid>.<k>` and waits for `<name>.<pid>.<k>.go` (a test sees the state after each
 * write). Nothing else changes; without the variables a point costs one lookup.
 */
import fs from 'node:fs';
import path from 'node:path';

const folder = process.env.CACS_TEST_POINTS;
const pauses = new Set((process.env.CACS_TEST_PAUSE ?? '').split(',').filter((n) => n !== ''));
const steps = new Set((process.env.CACS_TEST_STEP ?? '').split(',').filter((n) => n !== ''));
const reaches = new Map<string, number>();

/** Wait synchronously for `ms` (the process is paused on purpose). */
function block(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

export function testPoint(name: string): void {
  if (folder === undefined || folder === '') return;
  let mark = path.join(folder, `${name}.${process.pid}`);
  if (steps.has(name)) {
    const k = reaches.get(name) ?? 0;
    reaches.set(name, k + 1);
    mark += `.${k}`;
  }
  try {
    fs.writeFileSync(mark, '');
  } catch {
    return;
  }
  if (pauses.has(name) || steps.has(name)) while (!fs.existsSync(`${mark}.go`)) block(5);
}
