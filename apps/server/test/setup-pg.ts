// Setup of the server-pg Vitest project: the API tests again, on a fresh PostgreSQL database per file.
if (!process.env.TEST_DATABASE_URL) {
  throw new Error(
    'server-pg: TEST_DATABASE_URL is not set. CI must run the API tests on PostgreSQL (e.g. TEST_DATABASE_URL=postgres://postgres@localhost/postgres).',
  );
}
process.env.TAXI_TEST_DB = 'postgres';
