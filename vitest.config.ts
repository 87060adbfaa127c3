import { defineConfig } from 'vitest/config';

const serverTests = ['apps/server/test/**/*.test.ts'];
// The PostgreSQL run needs TEST_DATABASE_URL. Without it the project is skipped locally; in CI it runs
// and its setup file fails the run.
const runPg = !!process.env.TEST_DATABASE_URL || process.env.CI === 'true';

// Tests of the HTTP and socket layers, the same on both engines: they run once, on PGlite. The fuzz walk (every
// route, 26,000 requests) is one of them too, but runs on PostgreSQL when the run has it: there it takes about
// half the time, and the longest file of the suite sets its length.
const ENGINE_NEUTRAL = [
  'http',
  'spa',
  'security-http',
  'upload-bounds',
  'log-sink',
  'security-sockets',
  'ops-request-id',
  'ops-log-redaction',
  'ops-metrics',
  'public-address',
  'config',
  // The embedded engine's own backup and restore: it opens PGlite data directories whatever the run's engine.
  'ops-backup',
  // The embedded engine's turns with the event loop (its own PGlite), and the export batches' sizes.
  'loop-turns',
].map((name) => `apps/server/test/${name}.test.ts`);
/**
 * With PostgreSQL in the run (CI), every server test runs on it, and on PGlite (the embedded engine, which the
 * browser suite also runs the whole product on) only these: the HTTP layer above, and the modules whose code
 * reads raw results or has an engine of its own (status, raw SQL, statement counts, locks). The simulated hour
 * (the longest file, which goes through them all) runs on PostgreSQL only: the browser suite runs the product on
 * PGlite. Without PostgreSQL, PGlite runs them all.
 */
const EMBEDDED_ENGINE = [
  ...ENGINE_NEUTRAL,
  ...[
    'system-status',
    'system-self-test',
    'statement-counts',
    'auth',
    'bookings',
    'max-booking-count',
    'broadcast',
    'chat',
    'bonus-job',
    'reports',
    'reports-calls',
    'reports-utilisation',
    'ledger',
    'csv-export',
    'tracking-service',
    'tracking',
    'voice-calls',
    'jobs',
    // The event × role matrix: one node on the embedded engine, two nodes on PostgreSQL with Redis.
    'security/socket-matrix',
    // Its spawned server processes run on the engine of the project: PGlite here, PostgreSQL in server-pg.
    'ops-shutdown',
  ].map((name) => `apps/server/test/${name}.test.ts`),
];

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
          include: runPg ? EMBEDDED_ENGINE : serverTests,
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
          // Tests of the HTTP and socket layers, the same on both engines: PGlite's run covers them (not the fuzz walk).
          exclude: ENGINE_NEUTRAL,
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
