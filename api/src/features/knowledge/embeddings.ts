import { type SQL, sql } from 'drizzle-orm';
import type OpenAI from 'openai';
import * as sqliteVec from 'sqlite-vec';
import { db, dialect, sqlite } from '../../db/client';
import { transaction } from '../../db/transaction';
import { selectRow } from '../../db/raw';
import { env } from '../../env';
import { logger } from '../../lib/logger';
import { createOpenAIClient } from '../ai/openaiClient';

/**
 * Optional dense vectors for hybrid retrieval. Active only when OPENAI_EMBEDDING_MODEL is set
 * (with OPENAI_API_KEY and/or OPENAI_BASE_URL for any OpenAI-compatible server) and the
 * sqlite-vec extension loads; otherwise Parley ranks with FTS5/BM25 alone. Vectors live in a
 * vec0 table per dimension, partitioned by bot, so a KNN query only scans that bot's rows.
 * On PostgreSQL vectors are not stored yet (pgvector is not used): retrieval there is full text
 * only, and a configured embedding model is reported once at the first use (`noVectorsOnPostgres`).
 */
export function embeddingsEnabled(): boolean {
  return Boolean(env.OPENAI_EMBEDDING_MODEL && (env.OPENAI_API_KEY || env.OPENAI_BASE_URL)) && vecAvailable();
}

/** Embeds texts in batches; throws on API failure (callers degrade to FTS-only). */
export async function embedTexts(texts: string[]): Promise<number[][]> {
  const out: number[][] = [];
  for (let i = 0; i < texts.length; i += BATCH) {
    const res = await client().embeddings.create({
      model: env.OPENAI_EMBEDDING_MODEL!,
      input: texts.slice(i, i + BATCH).map((t) => t.slice(0, MAX_INPUT_CHARS)),
      encoding_format: 'float',
    });
    out.push(...[...res.data].sort((a, b) => a.index - b.index).map((d) => d.embedding));
  }
  return out;
}

/**
 * Stores vectors for chunks of one bot, in one transaction of the shared queue (`transaction()`),
 * so it never lands inside another's open transaction on the one connection.
 */
export async function storeEmbeddings(chatbotId: number, rows: { chunkId: number; vector: number[] }[]): Promise<void> {
  if (rows.length === 0) return;
  const table = ensureTable(rows[0].vector.length);
  const insert = sqlite.prepare(`INSERT OR REPLACE INTO ${table}(rowid, chatbot_id, embedding) VALUES (?, ?, ?)`);
  await transaction(async () => {
    for (const r of rows) insert.run(BigInt(r.chunkId), BigInt(chatbotId), toBlob(r.vector));
  });
}

/** Nearest chunks of a bot to a query vector, closest first (cosine distance 0..2). */
export function nearestChunks(chatbotId: number, vector: number[], k: number): { chunkId: number; distance: number }[] {
  const table = tableName(vector.length);
  if (!tableExists(table)) return [];
  return (
    sqlite
      .prepare(`SELECT rowid AS chunkId, distance FROM ${table} WHERE embedding MATCH ? AND k = ? AND chatbot_id = ?`)
      .all(toBlob(vector), k, chatbotId) as { chunkId: number; distance: number }[]
  ).map((r) => ({ chunkId: Number(r.chunkId), distance: r.distance }));
}

/** Removes the vectors of chunks about to be deleted (`chunkIds`: a `SELECT id FROM chunks ...`; vec0 tables do not cascade). */
export async function deleteEmbeddings(chunkIds: SQL): Promise<void> {
  if (!vecAvailable()) return;
  for (const { name } of vecTables()) db.run(sql`DELETE FROM ${sql.identifier(name)} WHERE rowid IN (${chunkIds})`);
}

function vecTables() {
  return sqlite.prepare(`SELECT name FROM sqlite_master WHERE type = 'table' AND name GLOB 'chunks_vec_[0-9]*' AND sql LIKE '%vec0%'`).all() as { name: string }[];
}

/** Removes vectors whose chunk is gone (e.g. after a bot was deleted with all its chunks); PostgreSQL stores none. */
export async function dropOrphanEmbeddings(): Promise<void> {
  if (!vecAvailable()) return;
  for (const { name } of vecTables()) sqlite.prepare(`DELETE FROM ${name} WHERE rowid NOT IN (SELECT id FROM chunks)`).run();
}

const BATCH = 64;
const MAX_INPUT_CHARS = 8000;

let openai: { key: string; client: OpenAI } | undefined;
function client(): OpenAI {
  const key = `${env.OPENAI_BASE_URL ?? ''}|${env.OPENAI_API_KEY ?? ''}`;
  if (!openai || openai.key !== key) {
    openai = {
      key,
      client: createOpenAIClient({ maxRetries: 2, timeoutMs: 30_000 }),
    };
  }
  return openai.client;
}

let vecState: boolean | undefined;
function vecAvailable(): boolean {
  if (dialect === 'postgres') {
    if (env.OPENAI_EMBEDDING_MODEL) noVectorsOnPostgres();
    return false;
  }
  if (vecState === undefined) {
    try {
      sqliteVec.load(sqlite);
      vecState = true;
    } catch (err) {
      vecState = false;
      logger.warn('sqlite-vec could not be loaded; retrieval uses full-text search only', { error: String(err) });
    }
  }
  return vecState;
}

let pgvectorReported = false;
/** Says once why a configured embedding model is not used on PostgreSQL, and whether pgvector is there. */
function noVectorsOnPostgres() {
  if (pgvectorReported) return;
  pgvectorReported = true;
  void pgvectorAvailable()
    .then((available) =>
      logger.warn('OPENAI_EMBEDDING_MODEL is set, but vectors are not stored on PostgreSQL yet; retrieval uses full-text search only', {
        pgvector: available ? 'available on the server, not used yet' : 'not installed on the server',
      }),
    )
    .catch(() => undefined);
}

/** Whether the PostgreSQL server offers the pgvector extension (`vector`). */
export async function pgvectorAvailable(): Promise<boolean> {
  if (dialect !== 'postgres') return false;
  return (await selectRow(sql`SELECT 1 AS "one" FROM pg_available_extensions WHERE name = 'vector'`)) !== undefined;
}

function tableName(dimensions: number) {
  return `chunks_vec_${Math.trunc(dimensions)}`;
}

function tableExists(name: string) {
  return vecAvailable() && sqlite.prepare(`SELECT 1 FROM sqlite_master WHERE name = ?`).get(name) !== undefined;
}

function ensureTable(dimensions: number) {
  const name = tableName(dimensions);
  sqlite.exec(
    `CREATE VIRTUAL TABLE IF NOT EXISTS ${name} USING vec0(chatbot_id integer partition key, embedding float[${Math.trunc(dimensions)}] distance_metric=cosine)`,
  );
  return name;
}

function toBlob(vector: number[]) {
  return Buffer.from(new Float32Array(vector).buffer);
}
