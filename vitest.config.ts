import { defineConfig } from 'vitest/config';

// One runner for every package. Server tests run against PGlite, and again against PostgreSQL
// when TEST_DATABASE_URL is set (CI sets it).
export default defineConfig({
  test: {
    projects: [
      { test: { name: 'shared', include: ['packages/shared/test/**/*.test.ts'], environment: 'node' } },
      {
        test: {
          name: 'server',
          include: ['apps/server/test/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
