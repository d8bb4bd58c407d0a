import type { Database } from 'better-sqlite3';
import { getTableName, is, sql, Table } from 'drizzle-orm';
import { dialect, sqlite } from '../../../db/client';
import { selectRow, selectRows } from '../../../db/raw';
import * as schema from '../../../db/schema';

/** What names an account's data in the database: its ids, its bots' ids and guids, its conversations and files (and its address, to sign in with). */
export type AccountRefs = {
  userId: string;
  email: string;
  botIds: number[];
  guids: string[];
  sourceIds: number[];
  /** Its bots' form submissions (leads). */
  leadIds: number[];
  sessionIds: string[];
  fileNames: string[];
};

/** Which of the account's ids a numeric column holds: named `<x>_id`, or `id` in the table of x. */
const ID_COLUMNS: { column: string; table: string; refs: 'botIds' | 'sourceIds' | 'leadIds' }[] = [
  { column: 'chatbot_id', table: 'chatbots', refs: 'botIds' },
  { column: 'source_id', table: 'content_sources', refs: 'sourceIds' },
  { column: 'form_submission_id', table: 'form_submissions', refs: 'leadIds' },
];

/**
 * Every row of every table that belongs to the account: a text column containing its id, a bot
 * guid, a session id or an uploaded file's name, or a bot, source or lead id column
 * holding one of its own (the `id` of its bots, sources and leads included). Also lists the
 * per-bot search tables of its bots. Used by the deletion tests to show that nothing of the
 * account is left. Its email is no mark of ownership: another account's row may name it (a
 * lead mail of their bot addressed to it).
 */
export function rowsOfAccount(db: Database, refs: AccountRefs): { table: string; row: Record<string, unknown> }[] {
  const refers = refersTo(refs);
  const bots = new Set(refs.botIds);
  const found: { table: string; row: Record<string, unknown> }[] = [];
  for (const table of dataTables(db)) {
    for (const row of db.prepare(`SELECT * FROM "${table}"`).all() as Record<string, unknown>[]) {
      if (refers(table, row)) found.push({ table, row });
    }
  }
  const indexes = db.prepare(`SELECT name FROM sqlite_master WHERE type = 'table' AND name GLOB 'fts_bot_[0-9]*'`).all() as { name: string }[];
  for (const { name } of indexes) {
    // The index itself, not its shadow tables (fts_bot_7_data, ...), which go with it.
    const id = /^fts_bot_(\d+)$/.exec(name)?.[1];
    if (id && bots.has(Number(id))) found.push({ table: name, row: {} });
  }
  return found;
}

/**
 * `rowsOfAccount` on the services' database, whichever it is: on SQLite exactly that (its search
 * tables included); on PostgreSQL every row of every table of the data model that belongs to the
 * account (its search entries are columns of those rows). JSON columns (objects on PostgreSQL)
 * are searched as their text.
 */
export async function rowsOfAccountInDb(refs: AccountRefs): Promise<{ table: string; row: Record<string, unknown> }[]> {
  if (dialect === 'sqlite') return rowsOfAccount(sqlite, refs);
  const refers = refersTo(refs);
  const found: { table: string; row: Record<string, unknown> }[] = [];
  for (const table of dataTablesInDb()) {
    for (const row of await selectRows<Record<string, unknown>>(sql.raw(`SELECT * FROM "${table}"`))) {
      if (refers(table, row)) found.push({ table, row });
    }
  }
  return found;
}

/** How many rows each table holds on the services' database (the tables `rowsOfAccountInDb` reads). */
export async function rowCountsInDb(): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of dialect === 'sqlite' ? dataTables(sqlite) : dataTablesInDb()) {
    counts[table] = Number((await selectRow<{ n: number }>(sql.raw(`SELECT count(*) AS "n" FROM "${table}"`)))?.n ?? 0);
  }
  return counts;
}

/** The tables of the data model (`schema.ts`), by name. */
function dataTablesInDb(): string[] {
  return Object.values(schema)
    .filter((value) => is(value, Table))
    .map((t) => getTableName(t as Table))
    .sort();
}

function refersTo(refs: AccountRefs) {
  const texts = [refs.userId, ...refs.guids, ...refs.sessionIds, ...refs.fileNames].map((t) => t.toLowerCase());
  const ids = ID_COLUMNS.map((c) => ({ ...c, values: new Set(refs[c.refs]) }));
  return (table: string, row: Record<string, unknown>) =>
    Object.entries(row).some(([column, value]) => {
      if (value !== null && typeof value === 'object' && !(value instanceof Date) && !(value instanceof Uint8Array)) value = JSON.stringify(value);
      if (typeof value === 'string') {
        const lower = value.toLowerCase();
        return texts.some((t) => lower.includes(t));
      }
      if (typeof value !== 'number') return false;
      return ids.some((c) => (column === c.column || (column === 'id' && table === c.table)) && c.values.has(value));
    });
}

/** The ordinary tables (not SQLite's own, the migration log, or search-index internals). */
function dataTables(db: Database): string[] {
  return (
    db
      .prepare(
        `SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '__drizzle%'
           AND name NOT GLOB 'fts_bot_*' AND name NOT GLOB 'chunks_vec_*' AND name NOT GLOB 'chunks_fts*'
           AND name NOT GLOB 'chat_messages_fts_*' ORDER BY name`,
      )
      .all() as { name: string }[]
  ).map((r) => r.name);
}
