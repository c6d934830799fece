import { defineConfig } from 'vitest/config';

// One runner for every package; e2e/ (Playwright) runs separately.
export default defineConfig({
  resolve: { conditions: ['source'] },
  test: {
    include: [
      'packages/*/src/**/*.test.ts',
      'packages/*/test/**/*.test.ts',
      'packages/web/src/**/*.test.tsx',
    ],
    exclude: ['**/node_modules/**', '**/dist/**', 'e2e/**'],
    pool: 'threads',
    maxWorkers: 2,
    testTimeout: 20000,
    hookTimeout: 30000,
  },
});
