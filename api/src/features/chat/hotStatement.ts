import { dialect } from '../../db/client';

type Buildable = { prepare(): { execute(values?: Record<string, unknown>): unknown } };
type Named = { prepare(name: string): { execute(values?: Record<string, unknown>): Promise<unknown> } };
type ResultOf<B extends Buildable> = Awaited<ReturnType<ReturnType<B['prepare']>['execute']>>;

/**
 * A statement every chat turn runs, with `sql.placeholder` values, built by `build` on `db`.
 * - SQLite: built and prepared once, on first use: building and preparing drizzle's SQL on each
 *   call cost more than running it.
 * - PostgreSQL: built on each call, on `db` as it is then (inside `transaction()`, the open
 *   transaction: a statement prepared once would stay with the connection it was made on), and
 *   named, so each pooled connection parses and plans it once.
 * Resolves with what drizzle's `execute` gives: the rows of a select or a `returning()`.
 */
export function hotStatement<B extends Buildable>(name: string, build: () => B): (values: Record<string, unknown>) => Promise<ResultOf<B>> {
  if (dialect === 'postgres') return (values) => (build() as unknown as Named).prepare(name).execute(values) as Promise<ResultOf<B>>;
  let prepared: ReturnType<B['prepare']> | undefined;
  // drizzle's synchronous result is a thenable that runs the statement when awaited.
  return (values) => {
    prepared ??= build().prepare() as ReturnType<B['prepare']>;
    return Promise.resolve(prepared.execute(values)) as Promise<ResultOf<B>>;
  };
}
