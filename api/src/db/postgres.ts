import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { logger } from '../lib/logger';
import type { Db } from './client';
import * as schema from './schema';

const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations-pg');

// Counts, sums and ms timestamps come back as numbers, as SQLite gives them: node-postgres reads
// int8 and numeric as strings by default (they can exceed a double), and nothing Parley stores
// comes near 2^53.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));
pg.types.setTypeParser(pg.types.builtins.NUMERIC, (value) => Number(value));

/** PostgreSQL's own drizzle handle, for what only it has (`execute`, its `transaction`). */
export type PgDb = NodePgDatabase;

/**
 * Opens a PostgreSQL database (a pool of connections) and brings its schema up to date with the
 * PostgreSQL migrations generated from `schema.ts`. Needs DATABASE_URL set when `schema.ts` is
 * first imported, so its tables are PostgreSQL's (`columns.ts`).
 */
export async function openPostgres(url: string): Promise<{ pool: pg.Pool; db: Db; native: PgDb }> {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  // An idle connection the server drops (a restart, a failover, an administrator) is reported
  // here; unheard, it would end the process. The pool opens a new one at the next query.
  pool.on('error', (error) => logger.warn('a PostgreSQL connection was closed by the server', { error: String(error) }));
  const native = drizzle(pool, { schema });
  await migrate(native, { migrationsFolder });
  // Typed as SQLite's handle, as the services see it (see `Db` in client.ts).
  return { pool, db: native as unknown as Db, native: native as unknown as PgDb };
}
