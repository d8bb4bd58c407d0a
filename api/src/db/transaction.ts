import { AsyncLocalStorage } from 'node:async_hooks';
import { type Db, db, sqlite } from './client';

/**
 * Runs `fn` as one database transaction and resolves with its result; a throw rolls it back.
 * The body is async (so one body serves every database driver) but must await nothing but
 * the database: SQLite has one connection per process, so transactions queue behind one
 * another, and a body that waited on the network would hold every other writer up.
 * A transaction started inside another joins it.
 */
export async function transaction<T>(fn: (tx: Db) => Promise<T> | T): Promise<T> {
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
