import { defineConfig } from 'vitest/config';

// One runner for every package; e2e/ (Playwright) runs separately.
export default defineConfig({
  resolve: { conditions: ['source'] },
  // Tests run in Node (Vite's SSR side): read workspace packages from source there too, never a stale dist.
  ssr: { resolve: { conditions: ['source'] } },
  test: {
    include: [
      'packages/*/src/**/*.test.ts',
      'packages/*/test/**/*.test.ts',
      'packages/web/src/**/*.test.tsx',
    ],
    exclude: ['**/node_modules/**', '**/dist/**', 'e2e/**'],
    // Decides once which engines run: PostgreSQL's half is skipped (or, under CI, fails) when unreachable.
    globalSetup: ['packages/server/test/global-setup.ts'],
    pool: 'threads',
    maxWorkers: 2,
    testTimeout: 20000,
    hookTimeout: 30000,
  },
});
