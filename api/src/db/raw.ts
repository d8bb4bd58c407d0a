import type { SQL } from 'drizzle-orm';
import { db, postgres } from './client';

/**
 * Raw SQL for the statements drizzle's builders do not express, on either database. The text
 * must be valid on both (quote camelCase aliases: PostgreSQL folds unquoted names to lower case);
 * `dialect` from `client.ts` chooses where they differ.
 */
export async function selectRows<T>(query: SQL): Promise<T[]> {
  if (postgres) return (await sessionDb().execute(query)).rows as T[];
  return db.all<T>(query);
}

/** The first row of `query`, or undefined. */
export async function selectRow<T>(query: SQL): Promise<T | undefined> {
  return (await selectRows<T>(query))[0];
}

/** Runs a statement; resolves with how many rows it changed. */
export async function execute(query: SQL): Promise<number> {
  if (postgres) return (await sessionDb().execute(query)).rowCount ?? 0;
  return db.run(query).changes;
}

/**
 * How many rows an awaited drizzle insert, update or delete changed: better-sqlite3 says
 * `changes`, node-postgres `rowCount`.
 */
export function changedRows(result: unknown): number {
  const r = result as { changes?: number; rowCount?: number | null };
  return r.changes ?? r.rowCount ?? 0;
}

/** `db` as PostgreSQL's drizzle database (it routes to the open transaction, see client.ts). */
function sessionDb() {
  return db as unknown as NonNullable<typeof postgres>['native'];
}
