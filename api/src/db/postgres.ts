import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { logger } from '../lib/logger';
import type { Db } from './client';
import * as schema from './schema';

const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations-pg');

/**
 * Opens a PostgreSQL database (a pool of connections) and brings its schema up to date with the
 * PostgreSQL migrations generated from `schema.ts`. Needs DATABASE_URL set when `schema.ts` is
 * first imported, so its tables are PostgreSQL's (`columns.ts`). The handle is typed as the
 * SQLite one (`Db`): the services are written once against it, awaiting queries, and the
 * column mapping gives both databases the same row types.
 */
export async function openPostgres(url: string) {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  // An idle connection the server drops (a restart, a failover, an administrator) is reported
  // here; unheard, it would end the process. The pool opens a new one at the next query.
  pool.on('error', (error) => logger.warn('a PostgreSQL connection was closed by the server', { error: String(error) }));
  const pgDb = drizzle(pool, { schema });
  await migrate(pgDb, { migrationsFolder });
  return { pool, db: pgDb as unknown as Db };
}
