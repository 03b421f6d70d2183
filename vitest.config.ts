import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // dist/ rebuilt from the current source when it is not already its build (bin/cacs.js runs dist/).
    globalSetup: ['test/global-setup.ts'],
    // Temporary folders made through test/helpers/tmp.ts go when each test file ends.
    setupFiles: ['test/setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 30_000,
    pool: 'forks',
  },
});
