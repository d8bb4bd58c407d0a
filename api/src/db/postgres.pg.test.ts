import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { getTableName, is } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import { afterAll, describe, expect, it } from 'vitest';
import { env } from '../env';
import { openPostgres } from './postgres';
import * as schema from './schema';

// setupPostgres.ts has pointed DATABASE_URL at a fresh database: schema.ts built PostgreSQL tables.
const { pool, db } = await openPostgres(env.DATABASE_URL!);
afterAll(() => pool.end());

const tables = Object.values(schema).filter((value) => is(value, PgTable)) as unknown as PgTable[];

describe('the data model on PostgreSQL', () => {
  it('is one definition: the same tables and columns as SQLite, all created by the migrations', async () => {
    // SQLite's side, as its own migrations left it (drizzle-kit's latest snapshot)
    const folder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations/meta');
    const latest = readdirSync(folder).filter((f) => f.endsWith('_snapshot.json')).sort().pop()!;
    const sqlite = JSON.parse(readFileSync(path.join(folder, latest), 'utf8')) as { tables: Record<string, { columns: Record<string, unknown> }> };
    const { rows } = await pool.query<{ table_name: string; column_name: string }>(
      `SELECT table_name, column_name FROM information_schema.columns WHERE table_schema = 'public'`,
    );
    // PostgreSQL's own additions, written by custom migrations: the knowledge index (docs/knowledge.md)
    const pgOnly = new Set(['chunks.search']);
    const columnsOf = (table: string) =>
      rows
        .filter((r) => r.table_name === table && !pgOnly.has(`${table}.${r.column_name}`))
        .map((r) => r.column_name)
        .sort();
    expect(tables.map((t) => getTableName(t)).sort()).toEqual(Object.keys(sqlite.tables).sort());
    for (const [name, table] of Object.entries(sqlite.tables)) expect(columnsOf(name), name).toEqual(Object.keys(table.columns).sort());
    expect(rows.find((r) => r.table_name === 'chunks' && r.column_name === 'search')).toBeDefined();
  });

  it('maps the column kinds: ms times as bigint, flags as boolean, JSON as jsonb, ids as identities', async () => {
    const { rows } = await pool.query<{ table_name: string; column_name: string; data_type: string; is_identity: string }>(
      `SELECT table_name, column_name, data_type, is_identity FROM information_schema.columns WHERE table_schema = 'public'`,
    );
    const type = (table: string, column: string) => rows.find((r) => r.table_name === table && r.column_name === column);
    expect(type('chat_sessions', 'created_at')?.data_type).toBe('bigint');
    expect(type('chat_sessions', 'is_test')?.data_type).toBe('boolean');
    expect(type('chat_messages', 'metadata')?.data_type).toBe('jsonb');
    expect(type('chat_messages', 'id')).toMatchObject({ data_type: 'bigint', is_identity: 'YES' });
    expect(type('content_sources', 'lease_expires_at')?.data_type).toBe('bigint');
  });

  it('stores and reads rows as the services expect them: Dates, booleans, arrays, defaults', async () => {
    const before = Date.now();
    await db.insert(schema.users).values({ id: 'u1', email: 'owner@example.com', passwordHash: 'x' });
    const [bot] = await db
      .insert(schema.chatbots)
      .values({ guid: 'g1', userId: 'u1', name: 'Harbor Help', systemPrompt: 'Help.', model: 'gpt-4.1', allowedDomains: ['example.com'] })
      .returning();
    expect(bot!.id).toBeGreaterThan(0);
    expect(bot!.allowedDomains).toEqual(['example.com']);
    expect(bot!.initialMessages).toEqual([]);
    expect(bot!.createdAt).toBeInstanceOf(Date);
    expect(bot!.createdAt.getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(bot!.isActive).toBe(true);

    const lease = Date.now() + 30_000; // past 2^31: a 32-bit integer column would overflow
    const [source] = await db
      .insert(schema.contentSources)
      .values({ chatbotId: bot!.id, sourceType: 'qa', title: 'Do you ship abroad?', questionVariants: ['International shipping?'], leaseOwner: 'host/1/abc', leaseExpiresAt: lease })
      .returning();
    expect(source).toMatchObject({ status: 'pending', questionVariants: ['International shipping?'], leaseExpiresAt: lease });

    const when = new Date('2026-03-01T10:00:00.123Z');
    await db.insert(schema.chatSessions).values({ sessionId: 's1', chatbotId: bot!.id, isTest: true, identifiedAt: when });
    const [session] = await db.select().from(schema.chatSessions);
    expect(session).toMatchObject({ isTest: true, hasFallback: false, messageCount: 0, identifiedAt: when });
    expect(session!.lastMessageAt).toBeInstanceOf(Date);
  });

  it('runs the migrations once: opening the database again changes nothing', async () => {
    const again = await openPostgres(env.DATABASE_URL!);
    const { rows } = await again.pool.query<{ n: string }>(`SELECT count(*) AS n FROM users`);
    expect(Number(rows[0]!.n)).toBe(1);
    await again.pool.end();
  });
});
