import { defineConfig } from 'vitest/config';

const serverTests = ['apps/server/test/**/*.test.ts'];
// The PostgreSQL run needs TEST_DATABASE_URL. Without it the project is skipped locally; in CI it runs
// and its setup file fails the run.
const runPg = !!process.env.TEST_DATABASE_URL || process.env.CI === 'true';

// One runner for every package. Server tests run against PGlite, and again against PostgreSQL
// when TEST_DATABASE_URL is set (CI sets it).
export default defineConfig({
  test: {
    // Locally without TEST_DATABASE_URL the server-pg project has no files; that is not a failure.
    passWithNoTests: !runPg,
    // Two files at a time: a PostgreSQL file waits on the database server's process while a PGlite one computes.
    maxWorkers: 2,
    projects: [
      { test: { name: 'shared', include: ['packages/shared/test/**/*.test.ts'], environment: 'node' } },
      // The web app's pure modules (no DOM): map diffs and the like. Pages are tested by Playwright.
      { test: { name: 'web', include: ['apps/web/test/**/*.test.ts'], environment: 'node' } },
      {
        test: {
          name: 'server',
          // A worker keeps the modules it imported from one file to the next (each file builds its own app and
          // database; nothing in the server keeps state at module level): the import is paid once per worker.
          isolate: false,
          include: serverTests,
          // One seeded database per run, copied by each file (apps/server/test/global-seed.ts).
          globalSetup: ['apps/server/test/global-seed.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'server-pg',
          // A worker keeps the modules it imported from one file to the next (each file builds its own app and
          // database; nothing in the server keeps state at module level): the import is paid once per worker.
          isolate: false,
          include: runPg ? serverTests : [],
          // Tests of the HTTP and socket layers, the same on both engines: PGlite's run covers them.
          exclude: [
            'apps/server/test/fuzz.test.ts',
            'apps/server/test/http.test.ts',
            'apps/server/test/spa.test.ts',
            'apps/server/test/security-http.test.ts',
            'apps/server/test/security-sockets.test.ts',
            'apps/server/test/ops-request-id.test.ts',
            'apps/server/test/ops-metrics.test.ts',
            'apps/server/test/public-address.test.ts',
            'apps/server/test/config.test.ts',
          ],
          setupFiles: ['apps/server/test/setup-pg.ts'],
          globalSetup: runPg ? ['apps/server/test/global-seed.ts'] : [],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
