import { defineConfig } from 'drizzle-kit';

/**
 * PostgreSQL's migrations, from the same `schema.ts` as SQLite's (`columns.ts` maps each
 * column): `npm run db:generate` runs this with a placeholder DATABASE_URL, which only selects
 * the dialect; nothing connects.
 */
export default defineConfig({
  dialect: 'postgresql',
  schema: './api/src/db/schema.ts',
  out: './api/src/db/migrations-pg',
});
