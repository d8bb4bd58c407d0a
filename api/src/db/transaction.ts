import { AsyncLocalStorage } from 'node:async_hooks';
import { type Db, db, pgTransaction, postgres, sqlite } from './client';

/**
 * Runs `fn` as one database transaction and resolves with its result; a throw rolls it back.
 * A transaction started inside another joins it.
 * - SQLite: one connection per process, so transactions queue behind one another; the body
 *   must await nothing but the database, or it would hold every other writer up.
 * - PostgreSQL: the transaction has a pooled connection of its own, and `db` (the services'
 *   handle) sends every statement made inside the body through it.
 */
export async function transaction<T>(fn: (tx: Db) => Promise<T> | T): Promise<T> {
  if (postgres) {
    const open = pgTransaction.getStore();
    if (open) return fn(open as unknown as Db);
    return postgres.native.transaction((tx) => pgTransaction.run(tx, () => Promise.resolve(fn(tx as unknown as Db))));
  }
  if (inTransaction.getStore()) return fn(db);
  const previous = queue;
  let release!: () => void;
  queue = new Promise<void>((r) => (release = r));
  await previous;
  try {
    return await inTransaction.run(true, async () => {
      // IMMEDIATE takes the write lock now, so another process on the same file waits
      // (busy_timeout) instead of failing half-way through.
      sqlite.exec('BEGIN IMMEDIATE');
      try {
        const result = await fn(db);
        sqlite.exec('COMMIT');
        return result;
      } catch (error) {
        if (sqlite.inTransaction) sqlite.exec('ROLLBACK');
        throw error;
      }
    });
  } finally {
    release();
  }
}

const inTransaction = new AsyncLocalStorage<boolean>();
let queue: Promise<void> = Promise.resolve();
