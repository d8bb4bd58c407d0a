import { defineConfig } from 'vitest/config';

/**
 * `npm run test:pg`: the suites that run against a real PostgreSQL server. Each test file gets a
 * database of its own, created on the server TEST_DATABASE_URL names (default: the local server,
 * `postgres://postgres@127.0.0.1:5432/postgres`) and dropped afterwards.
 */
export default defineConfig({
  test: {
    name: 'api-pg',
    include: ['api/**/*.pg.test.ts'],
    environment: 'node',
    setupFiles: ['api/test/setup.ts', 'api/test/setupPostgres.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
