import { defineConfig } from 'vitest/config';

/**
 * `npm run test:pg`: the suites that need the machine's database servers.
 * - PostgreSQL (`*.pg.test.ts`): each test file gets a database of its own, created on the
 *   server TEST_DATABASE_URL names (default: the local server,
 *   `postgres://postgres@127.0.0.1:5432/postgres`) and dropped afterwards.
 * - Redis (`*.redis.test.ts`), for the optional rate-limit store: TEST_REDIS_URL (default
 *   `redis://127.0.0.1:6379`); the test keys are named per run and deleted.
 */
export default defineConfig({
  test: {
    projects: [
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
