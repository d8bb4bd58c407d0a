import { defineConfig } from 'vitest/config';

/**
 * `npm run test:pg`: the suites that need the machine's database servers.
 * - `api-suites-pg`: every API suite that `npm test` runs on SQLite, run again on PostgreSQL.
 * - `api-pg` (`*.pg.test.ts`): what only PostgreSQL has (races on a pool, SKIP LOCKED claims,
 *   several processes on one database, text search).
 * Each PostgreSQL test file gets a database of its own, created on the server
 * TEST_DATABASE_URL names (default: the local server, `postgres://postgres@127.0.0.1:5432/postgres`)
 * and dropped afterwards.
 * - Redis (`*.redis.test.ts`), for the optional rate-limit store: TEST_REDIS_URL (default
 *   `redis://127.0.0.1:6379`); the test keys are named per run and deleted.
 */
export default defineConfig({
  test: {
    // The files spend much of their time waiting on the database server: two at a time (Vitest's
    // default here is one, the machine's cores less one) use the two cores better.
    maxWorkers: 2,
    projects: [
      {
        test: {
          name: 'api-suites-pg',
          include: ['api/src/**/*.test.ts', 'api/test/**/*.test.ts'],
          exclude: ['**/*.pg.test.ts', '**/*.redis.test.ts', '**/node_modules/**'],
          environment: 'node',
          setupFiles: ['api/test/setup.ts', 'api/test/setupPostgres.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'api-pg',
          include: ['api/**/*.pg.test.ts'],
          environment: 'node',
          setupFiles: ['api/test/setup.ts', 'api/test/setupPostgres.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'api-redis',
          include: ['api/**/*.redis.test.ts'],
          environment: 'node',
          setupFiles: ['api/test/setup.ts', 'api/test/setupRedis.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
