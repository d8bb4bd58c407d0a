// The rate-limit suites that run against the machine's Redis server (`npm run test:pg`).
process.env.REDIS_URL = process.env.TEST_REDIS_URL || 'redis://127.0.0.1:6379';
