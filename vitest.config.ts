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
    // A timeout catches a hang, not slowness: on a loaded machine (issue 29: two CPU-bound processes
    // beside the suite) a test making hundreds of requests took 20 s where it takes 5 s alone.
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
