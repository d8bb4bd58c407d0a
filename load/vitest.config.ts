import { defineConfig } from 'vitest/config';

/**
 * `npm run test:load`: load and fault tests against real server processes on loopback, one file
 * at a time (each file starts its own servers). Counts come from `load/loadSettings.ts`.
 */
export default defineConfig({
  test: {
    name: 'load',
    include: ['load/**/*.load.test.ts'],
    environment: 'node',
    fileParallelism: false,
    testTimeout: 300_000,
    hookTimeout: 120_000,
  },
});
