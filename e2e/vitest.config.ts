import { defineConfig } from 'vitest/config';

/** Browser journeys against a real server process and Debian's Chromium, one file at a time. */
export default defineConfig({
  test: {
    name: 'e2e',
    include: ['e2e/**/*.test.ts'],
    environment: 'node',
    fileParallelism: false,
    testTimeout: 90_000,
    hookTimeout: 180_000,
  },
});
