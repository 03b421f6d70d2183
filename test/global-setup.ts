/**
 * Vitest global setup: before any test (and before each rerun in watch mode), dist/ is made the
 * build of the current source, so the tests that run bin/cacs.js test this source and not an
 * older build. Costs one `tsc` run (a few seconds) after a change, a few ms otherwise.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';
import { ensureBuilt, projectBuildPaths } from './build.js';

const paths = projectBuildPaths(path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..'));

function build(): void {
  const started = Date.now();
  if (ensureBuilt(paths) === 'built')
    process.stderr.write(`built dist/ from the current source in ${Date.now() - started} ms\n`);
}

export default function setup(project: TestProject): void {
  build();
  project.onTestsRerun(() => build());
}
