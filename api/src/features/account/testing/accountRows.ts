import type { Database } from 'better-sqlite3';

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
  const texts = [refs.userId, ...refs.guids, ...refs.sessionIds, ...refs.fileNames];
  const bots = new Set(refs.botIds);
  const ids = ID_COLUMNS.map((c) => ({ ...c, values: new Set(refs[c.refs]) }));
  const found: { table: string; row: Record<string, unknown> }[] = [];
  for (const table of dataTables(db)) {
    for (const row of db.prepare(`SELECT * FROM "${table}"`).all() as Record<string, unknown>[]) {
      const refers = Object.entries(row).some(([column, value]) => {
        if (typeof value === 'string') {
          const lower = value.toLowerCase();
          return texts.some((t) => lower.includes(t.toLowerCase()));
        }
        if (typeof value !== 'number') return false;
        return ids.some((c) => (column === c.column || (column === 'id' && table === c.table)) && c.values.has(value));
      });
      if (refers) found.push({ table, row });
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

/** The ordinary tables (not SQLite's own, the migration log, or search-index internals). */
export function dataTables(db: Database): string[] {
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
