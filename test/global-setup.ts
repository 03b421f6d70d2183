/**
 * Vitest global setup: before any test (and before each rerun in watch mode), dist/ is made the
 * build of the current source, so the tests that run bin/cacs.js test this source and not an
 * older build. Costs one `tsc` run (a few seconds) after a change, a few ms otherwise.
 *
 * It also makes the run's folder (`cacs-run-*` in TMPDIR), where the test files share what is
 * costly to make once per file and is the same for all: the throwaway PostgreSQL cluster's
 * initdb (test/helpers/pg.ts) and the `npm pack` tarball (test/helpers/npm-install.ts). The
 * files find it through inject('runDir') (test/helpers/run-dir.ts); it is removed when the run
 * ends. Both tiers (projects) run this setup: the first makes the folder, the other reuses it.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';
import { ensureBuilt, projectBuildPaths } from './build.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The run's shared folder (see above). */
    runDir: string;
  }
}

const paths = projectBuildPaths(path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..'));

function build(): void {
  const started = Date.now();
  if (ensureBuilt(paths) === 'built')
    process.stderr.write(`built dist/ from the current source in ${Date.now() - started} ms\n`);
}

/** Where the run's folder is recorded for the other tier's setup (this process only). */
const RUN_DIR_ENV = 'CACS_TEST_RUN_DIR';

export default function setup(project: TestProject): (() => void) | undefined {
  build();
  project.onTestsRerun(() => build());
  const made = process.env[RUN_DIR_ENV] === undefined;
  if (made) {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cacs-run-'));
    // Others may pass through it (as root, PostgreSQL runs as another user from a copy in it).
    fs.chmodSync(dir, 0o711);
    process.env[RUN_DIR_ENV] = dir;
  }
  const dir = process.env[RUN_DIR_ENV]!;
  project.provide('runDir', dir);
  if (!made) return undefined;
  return () => {
    fs.rmSync(dir, { recursive: true, force: true, maxRetries: 3 });
    delete process.env[RUN_DIR_ENV];
  };
}
