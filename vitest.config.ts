import os from 'node:os';
import path from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';
import { defineConfig } from 'vitest/config';

/**
 * The files that take longest start first, so that none of them starts last and runs alone
 * at the end: vitest orders by the durations of the last run, but a fresh clone (CI) has none
 * and would start the largest files first instead. These lead, in this order (their wall times
 * in a fresh-clone CI); the rest follow as vitest orders them. The fresh checkout's
 * `npm install -g` (package-install.e2e) is the longest of all, but not when `.ci/run` made
 * that install itself (CACS_CHECKOUT_INSTALL) and the test only checks it.
 */
const LONGEST_FIRST = [
  ...(process.env.CACS_CHECKOUT_INSTALL ? [] : ['test/e2e/package-install.e2e.test.ts']),
  'test/e2e/package.e2e.test.ts',
  'test/e2e/hostile.e2e.test.ts',
  'test/e2e/teams.pg.e2e.test.ts',
  'test/e2e/privacy-kill.pg.e2e.test.ts',
  'test/e2e/secrets.e2e.test.ts',
  'test/e2e/write-targets.e2e.test.ts',
  'test/e2e/guards.e2e.test.ts',
  'test/unit/unicode-boundaries.test.ts',
  'test/e2e/kill-loop.pg.e2e.test.ts',
  'test/e2e/html.browser.test.ts',
  'test/e2e/privacy-kill.e2e.test.ts',
  'test/e2e/kill-loop.e2e.test.ts',
  'test/e2e/json-outcome.e2e.test.ts',
  'test/e2e/package-install-tarball.e2e.test.ts',
];

class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const rank = (f: TestSpecification) => {
      const i = LONGEST_FIRST.indexOf(
        path.relative(this.ctx.config.root, f.moduleId).split(path.sep).join('/'),
      );
      return i < 0 ? LONGEST_FIRST.length : i;
    };
    // Array.prototype.sort is stable: the rest keep vitest's order.
    return sorted.sort((a, b) => rank(a) - rank(b));
  }
}

/**
 * Test files run side by side in worker processes. Vitest's default is one fewer than the cores:
 * on a 2-core machine, one file at a time. Most files spend much of their time waiting (HTTP,
 * child processes, npm, Chromium, a stalled answer's timeout), so two more workers than the
 * cores keep both busy while some files wait; the tests wait for events, never assert wall-clock
 * speed, so a slower file cannot fail for it. CACS_TEST_WORKERS=<n> overrides it.
 */
const workers = Number(process.env.CACS_TEST_WORKERS) || Math.min(6, os.availableParallelism() + 2);

/**
 * Two tiers, both run by `npm test` and `.ci/run` (each file's line names its tier): `unit`,
 * in-process (the library and the CLI's main() through runCli), and `e2e`, the files that start
 * cacs, node, npm, tsc or Chromium as processes of their own. `npm run test:unit` runs the
 * first alone, as a quick check while working.
 *
 * The files of both tiers share their worker processes (isolate: false): a fresh process per
 * file cost each file half a second to a second and a half of CPU to start vitest and load the
 * library and the CLI again (5 small e2e files in one worker: 20 s of CPU isolated, 12 s
 * shared), a third of the unit tier's CPU time on a 2-core machine where the suite is
 * CPU-bound. Each file still gets its own module instance of itself and test/setup.ts, which
 * resets the message module's language and face before each test; what a file changes in the
 * process (process.env.TMPDIR or TZ, the umask, a spy on fs.promises.open) it restores in a
 * finally. The e2e files' signals go to the child processes they start, never to the worker.
 */
const tiers = [
  { name: 'unit', include: ['test/unit/**/*.test.ts'], isolate: false },
  { name: 'e2e', include: ['test/e2e/**/*.test.ts'], isolate: false },
];

export default defineConfig({
  test: {
    projects: tiers.map((tier) => ({ extends: true, test: tier })),
    // dist/ rebuilt from the current source when it is not already its build (bin/cacs.js runs dist/).
    globalSetup: ['test/global-setup.ts'],
    // Temporary folders made through test/helpers/tmp.ts go when each test file ends.
    setupFiles: ['test/setup.ts'],
    // A limit for a test that hangs, not a speed check: at load 20 on 2 cores a test that needs
    // 5 s of CPU can take a minute and more (30 s timed tests out that pass alone).
    testTimeout: 120_000,
    hookTimeout: 120_000,
    // Processes, not threads: tests change process.env (TMPDIR) and send signals.
    pool: 'forks',
    maxWorkers: workers,
    sequence: { sequencer: LongestFirst },
  },
});
