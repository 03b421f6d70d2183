import os from 'node:os';
import { defineConfig } from 'vitest/config';

/**
 * Test files run side by side in worker processes. Vitest's default is one fewer than the cores:
 * on a 2-core machine, one file at a time. Most files spend much of their time waiting (HTTP,
 * child processes, npm, Chromium), so one more worker than the cores keeps both busy; the
 * tests wait for events, never assert wall-clock speed, so a slower file cannot fail for it.
 * CACS_TEST_WORKERS=<n> overrides it.
 */
const workers = Number(process.env.CACS_TEST_WORKERS) || Math.min(4, os.availableParallelism() + 1);

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // dist/ rebuilt from the current source when it is not already its build (bin/cacs.js runs dist/).
    globalSetup: ['test/global-setup.ts'],
    // Temporary folders made through test/helpers/tmp.ts go when each test file ends.
    setupFiles: ['test/setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 30_000,
    // Processes, not threads: tests change process.env (TMPDIR) and send signals.
    pool: 'forks',
    maxWorkers: workers,
  },
});
