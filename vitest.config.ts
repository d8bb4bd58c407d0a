import { defineConfig } from 'vitest/config';

/** Unit and integration suites; browser journeys live in e2e/vitest.config.ts. */
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'contracts',
          include: ['packages/*/src/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'api',
          include: ['api/src/**/*.test.ts', 'api/test/**/*.test.ts'],
          // The PostgreSQL and Redis suites need servers: `npm run test:pg` (vitest.pg.config.ts).
          exclude: ['**/*.pg.test.ts', '**/*.redis.test.ts', '**/node_modules/**'],
          environment: 'node',
          setupFiles: ['api/test/setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'sdk',
          include: ['sdk/src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['sdk/src/test/setup.ts', 'sdk/src/test/preloadRichMessages.ts'],
          testTimeout: 15_000,
          // The rich messages' stylesheet is real text here, so its adoption can be checked.
          css: { include: [/rich\.css/] },
        },
      },
      {
        test: {
          name: 'dashboard',
          include: ['dashboard/src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['sdk/src/test/preloadRichMessages.ts'],
          testTimeout: 15_000,
        },
      },
    ],
  },
});
