import { AsyncLocalStorage } from 'node:async_hooks';
import Database from 'better-sqlite3';
import { drizzle, type BetterSQLite3Database } from 'drizzle-orm/better-sqlite3';
import { migrate } from 'drizzle-orm/better-sqlite3/migrator';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { env } from '../env';
import { openPostgres, type PgDb } from './postgres';
import * as schema from './schema';

/**
 * The services' database handle. It is typed as SQLite's drizzle database on both databases:
 * every query is awaited, and `columns.ts` gives both the same row types, so one service text
 * serves both. Where the two differ (raw SQL, affected-row counts), `raw.ts` says which is which.
 */
export type Db = BetterSQLite3Database<typeof schema>;

/** Which database this process runs on: SQLite by default, PostgreSQL when DATABASE_URL is set. */
export const dialect: 'sqlite' | 'postgres' = env.DATABASE_URL ? 'postgres' : 'sqlite';

const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

/** Opens (and migrates) the database file under DATA_DIR; one connection per process. */
function openSqlite(dataDir: string = env.DATA_DIR) {
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

/**
 * The open PostgreSQL transaction of the code running now (see `transaction.ts`). The exported
 * `db` reads it, so a service called inside a transaction takes part in it without being handed
 * the transaction: on a pool, a statement sent outside it would run on another connection.
 */
export const pgTransaction = new AsyncLocalStorage<PgDb>();

/** Statements written for SQLite alone fail plainly on PostgreSQL instead of doing something else. */
function sqliteOnly(): Database.Database {
  return new Proxy({} as Database.Database, {
    get(_target, property) {
      throw new Error(
        `This part of Parley does not run on PostgreSQL yet (it used sqlite.${String(property)}); see "Several instances" in the README. Unset DATABASE_URL to use SQLite.`,
      );
    },
  });
}

async function open(): Promise<{ sqlite: Database.Database; db: Db; pg?: Awaited<ReturnType<typeof openPostgres>> }> {
  if (!env.DATABASE_URL) return openSqlite();
  const pg = await openPostgres(env.DATABASE_URL);
  const routed = new Proxy(pg.native, {
    get(base, property) {
      const target = pgTransaction.getStore() ?? base;
      const value = Reflect.get(target, property, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
  return { sqlite: sqliteOnly(), db: routed as unknown as Db, pg };
}

const opened = await open();

/** The process-wide database handle used by every feature service. */
export const db: Db = opened.db;
/** The raw better-sqlite3 handle, for FTS5 and other statements drizzle does not model (SQLite only). */
export const sqlite = opened.sqlite;
/** PostgreSQL's pool and its drizzle database (undefined on SQLite), for `transaction.ts` and `raw.ts`. */
export const postgres = opened.pg;
