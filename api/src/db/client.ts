import Database from 'better-sqlite3';
import { drizzle, type BetterSQLite3Database } from 'drizzle-orm/better-sqlite3';
import { migrate } from 'drizzle-orm/better-sqlite3/migrator';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { env } from '../env';
import * as schema from './schema';

export type Db = BetterSQLite3Database<typeof schema>;

const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

/** Opens (and migrates) the database file under DATA_DIR; one connection per process. */
function openDatabase(dataDir: string = env.DATA_DIR) {
  mkdirSync(dataDir, { recursive: true });
  const sqlite = new Database(path.join(dataDir, 'parley.db'));
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  const db = drizzle(sqlite, { schema });
  migrate(db, { migrationsFolder });
  return { sqlite, db };
}

if (env.DATABASE_URL) {
  // The schema and migrations exist for PostgreSQL (db/postgres.ts, `npm run test:pg`); the
  // services do not run on it yet. Refuse plainly rather than start on a database we cannot use.
  throw new Error('DATABASE_URL is set, but running Parley on PostgreSQL is not finished yet (see "Several instances" in the README). Unset DATABASE_URL to use SQLite.');
}
const opened = openDatabase();

/** The process-wide database handle used by every feature service. */
export const db: Db = opened.db;
/** The raw better-sqlite3 handle, for FTS5 and other statements drizzle does not model. */
export const sqlite = opened.sqlite;
