import { sql } from 'drizzle-orm';
import { pgTransaction, postgres } from './client';
import { execute } from './raw';

/**
 * Makes the transaction it is called in wait for, and then hold until it ends, the lock named
 * `name`: transactions that read something and then write on what they read (a cap checked
 * before an insert, a state read before it is written back) run one after another when they
 * take the same name, on every instance. Call it first thing in `transaction()`.
 * - SQLite: nothing to do. Each writing transaction takes the database's write lock at its start
 *   (BEGIN IMMEDIATE), so they already run one at a time.
 * - PostgreSQL: a transaction-scoped advisory lock on the name's 64-bit hash. Without it two
 *   transactions at READ COMMITTED both read the state before either writes.
 */
export async function serializeOn(name: string): Promise<void> {
  if (!postgres) return;
  // Outside a transaction the lock would end with its own statement and guard nothing.
  if (!pgTransaction.getStore()) throw new Error(`serializeOn(${JSON.stringify(name)}) must be called inside transaction()`);
  await execute(sql`select pg_advisory_xact_lock(hashtextextended(${name}, 0))`);
}

/**
 * Whether `error` is a unique constraint refusing a row, on either database (drizzle hands the
 * driver's error on as `cause`). A check-then-insert that lost a race to a parallel request
 * ends here, and answers like the check would have.
 */
export function isUniqueViolation(error: unknown): boolean {
  for (let e = error as { code?: unknown; cause?: unknown } | undefined, depth = 0; e && depth < 5; e = e.cause as typeof e, depth++) {
    if (e.code === '23505' || e.code === 'SQLITE_CONSTRAINT_UNIQUE' || e.code === 'SQLITE_CONSTRAINT_PRIMARYKEY') return true;
  }
  return false;
}
