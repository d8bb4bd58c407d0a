import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import pg from 'pg';
import { createTestDatabase } from '../api/test/postgresTestDatabase';
import { loadSettings } from './loadSettings';

/**
 * The database a load test's server processes share: a fresh SQLite file under a data folder, or
 * (with `LOAD_DATABASE=postgres`) a fresh database on the PostgreSQL server TEST_DATABASE_URL
 * names (`createTestDatabase`), dropped afterwards. `env` goes to every server started on it; `query` lets the test look
 * at what the servers stored, the same SQL on both (`$1` parameters, quoted camelCase aliases).
 */
export async function openLoadDatabase() {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'parley-load-'));
  if (loadSettings.database === 'sqlite') {
    const file = () => new Database(path.join(dataDir, 'parley.db'), { readonly: true });
    return {
      kind: 'sqlite' as const,
      env: { DATA_DIR: dataDir } as Record<string, string>,
      async query<T>(text: string, params: unknown[] = []): Promise<T[]> {
        const db = file();
        try {
          return db.prepare(text.replace(/\$\d+/g, '?')).all(...params) as T[];
        } finally {
          db.close();
        }
      },
      /** SQLite's own check of the file (PostgreSQL has no such user-level check). */
      integrityCheck: () => {
        const db = file();
        try {
          return db.pragma('integrity_check', { simple: true }) as string;
        } finally {
          db.close();
        }
      },
      close: async () => rmSync(dataDir, { recursive: true, force: true }),
    };
  }
  const database = await createTestDatabase('parley_load');
  const pool = new pg.Pool({ connectionString: database.url, max: 2 });
  pool.on('error', () => undefined); // the servers under test may be killed mid-query
  return {
    kind: 'postgres' as const,
    env: { DATA_DIR: dataDir, DATABASE_URL: database.url } as Record<string, string>,
    async query<T>(text: string, params: unknown[] = []): Promise<T[]> {
      return (await pool.query(text, params)).rows as T[];
    },
    close: async () => {
      await pool.end();
      await database.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export type LoadDatabase = Awaited<ReturnType<typeof openLoadDatabase>>;
