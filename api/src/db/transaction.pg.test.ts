import { spawn } from 'node:child_process';
import { createSessionId } from '@parley/contracts';
import { fileURLToPath } from 'node:url';
import { eq, sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { env } from '../env';

// setupPostgres.ts has pointed DATABASE_URL at a fresh database: the services' handle is PostgreSQL's.
const { db, dialect, postgres } = await import('./client');
const { transaction } = await import('./transaction');
const { changedRows, execute, selectRow, selectRows } = await import('./raw');
const { users } = await import('./schema');
afterAll(() => postgres?.pool.end());

const user = (id: string) => ({ id, email: `${id}@example.com`, passwordHash: 'x' });
const emails = async () => (await db.select({ id: users.id }).from(users)).map((u) => u.id).sort();

describe('the services’ database handle on PostgreSQL', () => {
  it('is PostgreSQL when DATABASE_URL is set', async () => {
    expect(dialect).toBe('postgres');
    expect(await selectRow<{ version: string }>(sql`select version() as "version"`)).toMatchObject({ version: expect.stringContaining('PostgreSQL') });
  });

  it('commits a transaction, and rolls back one that throws, statements made through `db` included', async () => {
    await transaction(async (tx) => {
      await tx.insert(users).values(user('kept'));
    });
    await expect(
      transaction(async () => {
        // the services' `db`, not the handle given to the body: it joins the transaction all the same
        await db.insert(users).values(user('dropped'));
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    expect(await emails()).toEqual(['kept']);
  });

  it('joins a transaction started inside another: both commit or roll back together', async () => {
    await expect(
      transaction(async () => {
        await db.insert(users).values(user('outer'));
        await transaction(async () => {
          await db.insert(users).values(user('inner'));
        });
        throw new Error('undo both');
      }),
    ).rejects.toThrow('undo both');
    expect(await emails()).toEqual(['kept']);
  });

  it('keeps a transaction’s writes from others until it commits, and lets them run meanwhile', async () => {
    let commit!: () => void;
    const held = new Promise<void>((resolve) => (commit = resolve));
    let inserted!: () => void;
    const wrote = new Promise<void>((resolve) => (inserted = resolve));
    const open = transaction(async () => {
      await db.insert(users).values(user('pending'));
      inserted();
      await held;
    });
    await wrote;
    // outside the transaction, on another pooled connection: not seen yet, and not blocked
    expect(await emails()).toEqual(['kept']);
    await transaction(async () => {
      await db.insert(users).values(user('parallel'));
    });
    commit();
    await open;
    expect(await emails()).toEqual(['kept', 'parallel', 'pending']);
  });

  it('runs raw SQL: camelCase aliases, bigints as numbers, changed-row counts', async () => {
    const rows = await selectRows<{ userId: string; n: number }>(sql`select id as "userId", count(*) as "n" from users group by id order by id`);
    expect(rows).toEqual([
      { userId: 'kept', n: 1 },
      { userId: 'parallel', n: 1 },
      { userId: 'pending', n: 1 },
    ]);
    expect(await execute(sql`update users set first_name = 'Pat' where id <> 'kept'`)).toBe(2);
    expect(changedRows(await db.update(users).set({ firstName: 'Sam' }).where(eq(users.id, 'kept')))).toBe(1);
    expect(changedRows(await db.delete(users).where(eq(users.id, 'nobody')))).toBe(0);
  });
});

describe('starting Parley on PostgreSQL', () => {
  it('serves: the demo bot trained and answering from its docs, the health check reporting the database, a clean SIGTERM', async () => {
    const root = fileURLToPath(new URL('../../..', import.meta.url));
    const server = spawn(process.execPath, ['--import', 'tsx', 'api/src/index.ts'], {
      cwd: root,
      env: { ...process.env, DATABASE_URL: env.DATABASE_URL, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'info', SEED_DEFAULT_CHATBOT: 'true' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const exited = new Promise<number | null>((resolve) => server.on('exit', (code) => resolve(code)));
    try {
      let output = '';
      const port = await new Promise<number>((resolve, reject) => {
        server.stdout!.on('data', (chunk: Buffer) => {
          output += chunk.toString();
          const match = /running at http:\/\/localhost:(\d+)/.exec(output);
          if (match) resolve(Number(match[1]));
        });
        server.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
        void exited.then((code) => reject(new Error(`exited with ${code}: ${output}`)));
      });
      const base = `http://127.0.0.1:${port}`;
      const health = await fetch(`${base}/api/health`);
      expect(health.status).toBe(200);
      expect(await health.json()).toMatchObject({ status: 'ok', database: { ok: true } });
      const bot = (await (await fetch(`${base}/api/public/default-chatbot`)).json()) as { guid: string };
      const sessionId = createSessionId();
      const post = (path: string, body: unknown) => fetch(`${base}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
      expect((await post('/api/chat/session', { sessionId, chatbotConfigId: bot.guid })).status).toBe(201);
      const answer = await (await post(`/api/chat/${sessionId}/messages`, { content: 'How do I embed the widget on my website?', messageType: 'text' })).json();
      const reply = (answer as { sender: string; content: string; metadata: { answerStatus: string; sources: { title: string }[] } }[]).find((m) => m.sender === 'bot')!;
      expect(reply.metadata.answerStatus).toBe('answered');
      expect(reply.content).toContain('embed.js');
      expect(reply.metadata.sources.map((s) => s.title).join(' ')).toMatch(/embed/i);
      server.kill('SIGTERM');
      expect(await exited).toBe(0);
    } finally {
      server.kill('SIGKILL');
    }
  });
});
