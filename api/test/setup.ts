import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

// Each test file gets its own database: the db module is a per-process singleton opened on
// first import, and this runs before the test file imports anything.
process.env.DATA_DIR = mkdtempSync(path.join(tmpdir(), 'parley-test-'));
process.env.LOG_LEVEL ??= 'silent';
process.env.CRAWL_ALLOW_PRIVATE_HOSTS ??= 'true';
process.env.NODE_ENV = 'test';
process.env.SEED_DEFAULT_CHATBOT ??= 'false';
for (const key of ['OPENAI_API_KEY', 'OPENAI_BASE_URL', 'OPENAI_EMBEDDING_MODEL', 'SMTP_URL', 'ADMIN_EMAILS', 'PUBLIC_URL', 'STRIPE_SECRET_KEY', 'STRIPE_API_URL', 'DATABASE_URL', 'REDIS_URL']) {
  delete process.env[key];
}
// The tests' requests share one address ('local', no socket); the per-address session,
// daily and registration limits have their own tests, which set them.
process.env.RATE_LIMIT_NEW_SESSIONS_PER_HOUR ??= '0';
process.env.RATE_LIMIT_MESSAGES_PER_ADDRESS_PER_DAY ??= '0';
process.env.REGISTER_RATE_LIMIT_PER_HOUR ??= '0';
