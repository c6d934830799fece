import { defineConfig } from 'vitest/config';

// Browser tests: one worker (one server, one Chromium at a time on a 2-core machine), long timeouts.
export default defineConfig({
  resolve: { conditions: ['source'] },
  test: {
    include: ['e2e/**/*.e2e.ts'],
    globalSetup: ['e2e/support/global-setup.ts'],
    pool: 'forks',
    maxWorkers: 1,
    fileParallelism: false,
    testTimeout: 90_000,
    hookTimeout: 120_000,
  },
});
