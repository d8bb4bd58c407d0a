import { z } from 'zod';

/**
 * The only place that reads process.env. Everything configurable is listed here and in
 * `.env.example`; an invalid value stops the process with the field errors instead of
 * surfacing later as a confusing runtime failure.
 */
const bool = (fallback: boolean) =>
  z
    .enum(['true', 'false', '1', '0', ''])
    .optional()
    .transform((v) => (v === undefined || v === '' ? fallback : v === 'true' || v === '1'));

/**
 * How many reverse proxies stand in front of Parley. `true`/`false` from older configs read as
 * 1/0; anything else must be a whole number of hops.
 */
const hops = z
  .string()
  .optional()
  .transform((v, ctx) => {
    const value = (v ?? '').trim().toLowerCase();
    if (value === '' || value === 'false') return 0;
    if (value === 'true') return 1;
    const n = Number(value);
    if (!Number.isInteger(n) || n < 0 || n > 10) {
      ctx.addIssue({ code: 'custom', message: 'TRUST_PROXY must be a number of proxy hops from 0 to 10' });
      return z.NEVER;
    }
    return n;
  });

const csv = z
  .string()
  .optional()
  .transform((v) => (v ?? '').split(',').map((s) => s.trim().toLowerCase()).filter(Boolean));

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  PUBLIC_URL: z.string().url().optional(),
  LOG_LEVEL: z.enum(['debug', 'info', 'warn', 'error', 'silent']).default('info'),
  SESSION_TTL_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  ADMIN_EMAILS: csv,
  TRUST_PROXY: hops,
  BODY_LIMIT_BYTES: z.coerce.number().int().min(1024).default(1024 * 1024),
  UPLOAD_LIMIT_BYTES: z.coerce.number().int().min(1024).default(10 * 1024 * 1024),
  LOGIN_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(0).default(10),
  RATE_LIMIT_CHAT_PER_MINUTE: z.coerce.number().int().min(0).default(60),
  RATE_LIMIT_SESSION_PER_MINUTE: z.coerce.number().int().min(0).default(20),
  RATE_LIMIT_NEW_SESSIONS_PER_HOUR: z.coerce.number().int().min(0).default(30),
  RATE_LIMIT_MESSAGES_PER_ADDRESS_PER_DAY: z.coerce.number().int().min(0).default(300),
  REGISTER_RATE_LIMIT_PER_HOUR: z.coerce.number().int().min(0).default(10),
  UPLOAD_QUOTA_BYTES: z.coerce.number().int().min(0).default(50 * 1024 * 1024),
  OPENAI_API_KEY: z.string().optional(),
  OPENAI_BASE_URL: z.string().url().optional(),
  OPENAI_EMBEDDING_MODEL: z.string().optional(),
  OPENAI_TIMEOUT_MS: z.coerce.number().int().min(1000).default(60_000),
  CHAT_HISTORY_TOKENS: z.coerce.number().int().min(0).default(2000),
  CHAT_CONTEXT_TOKENS: z.coerce.number().int().min(200).default(3000),
  SMTP_URL: z.string().optional(),
  SMTP_FROM: z.string().default('Parley <no-reply@parley.local>'),
  CRAWL_ALLOW_PRIVATE_HOSTS: bool(false),
  CRAWL_CONCURRENCY: z.coerce.number().int().min(1).max(32).default(8),
  CRAWL_TIMEOUT_MS: z.coerce.number().int().min(100).default(15000),
  CRAWL_MAX_BYTES: z.coerce.number().int().min(1024).default(5 * 1024 * 1024),
  CRAWL_USER_AGENT: z.string().default('ParleyBot/0.1 (+https://github.com/parley)'),
  /**
   * A PostgreSQL connection URL (`postgres://user@host:5432/db`) selects PostgreSQL instead of
   * the SQLite file under DATA_DIR. Unset: SQLite.
   */
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'DATABASE_URL must be a postgres:// or postgresql:// URL')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  /**
   * A Redis URL (`redis://host:6379`) moves the rate-limit counters from the database to Redis.
   * Optional: the database counts correctly across instances too, Redis only takes that load off it.
   */
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'REDIS_URL must be a redis:// or rediss:// URL')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  /** The longest a graceful shutdown (SIGTERM) waits for requests in flight and scans to stop. */
  SHUTDOWN_GRACE_MS: z.coerce.number().int().min(0).default(10_000),
  /** How long a claimed scan stays with its instance without a heartbeat; a dead instance's scan is taken over after it. */
  SCAN_LEASE_MS: z.coerce.number().int().min(1000).default(30_000),
  SEED_DEFAULT_CHATBOT: bool(true),
  STRIPE_SECRET_KEY: z.string().optional(),
  STRIPE_WEBHOOK_SECRET: z.string().optional(),
  STRIPE_PRICE_BASIC: z.string().optional(),
  STRIPE_PRICE_PREMIUM: z.string().optional(),
  STRIPE_PRICE_ULTRA: z.string().optional(),
  /** A Stripe-compatible server (stripe-mock, a test server); Stripe's own API when unset. */
  STRIPE_API_URL: z.string().url().optional(),
})
  // Half a Stripe setup would take money without ever recording the plan: refuse to start.
  .superRefine((e, ctx) => {
    if (!e.STRIPE_SECRET_KEY) return;
    for (const key of ['STRIPE_WEBHOOK_SECRET', 'STRIPE_PRICE_BASIC', 'STRIPE_PRICE_PREMIUM', 'STRIPE_PRICE_ULTRA'] as const) {
      if (!e[key]) ctx.addIssue({ code: 'custom', path: [key], message: `${key} is required when STRIPE_SECRET_KEY is set` });
    }
  });

export type Env = z.infer<typeof envSchema>;

function loadEnv(): Env {
  const parsed = envSchema.safeParse(process.env);
  if (!parsed.success) {
    const fields = z.flattenError(parsed.error).fieldErrors;
    console.error('Invalid environment configuration:');
    for (const [key, errors] of Object.entries(fields)) console.error(`  ${key}: ${(errors ?? []).join(', ')}`);
    process.exit(1);
  }
  return parsed.data;
}

export const env: Env = loadEnv();
