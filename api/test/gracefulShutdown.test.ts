import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createSessionId } from '@parley/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectedPagePaths, startFixtureSite, type FixtureSite } from './fixtures/site/server';

const { db } = await import('../src/db/client');
const { chatMessages, contentSources, pages } = await import('../src/db/schema');
const { and, count, desc, eq } = await import('drizzle-orm');
const { createUserAndCookie, newBot } = await import('./helpers');
const { startScanWorker, stopScanWorker, waitForIdle } = await import('../src/features/knowledge/scanQueue');
const { startFakeOpenAI } = await import('../src/features/chat/testing/fakeOpenAI');
const { parseSse } = await import('../src/features/chat/testing/readSse');

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
let site: FixtureSite;

let model: Awaited<ReturnType<typeof startFakeOpenAI>>;

beforeAll(async () => {
  site = await startFixtureSite({ latencyMs: 200 });
  model = await startFakeOpenAI();
});
afterAll(async () => {
  await site.close();
  await model.close();
});

const sourceRow = async (id: number) =>
  (
    await db
      .select({ status: contentSources.status, generation: contentSources.generation, leaseOwner: contentSources.leaseOwner })
      .from(contentSources)
      .where(eq(contentSources.id, id))
  )[0]!;
const okPages = async (id: number) => (await db.select({ n: count() }).from(pages).where(and(eq(pages.sourceId, id), eq(pages.status, 'ok'))))[0]!.n;

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

async function until(check: () => boolean | Promise<boolean>, what: string) {
  for (let i = 0; i < 1500; i++) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error(`timed out waiting for ${what}`);
}

describe('graceful shutdown (SIGTERM)', () => {
  it('finishes the answer it is streaming, hands its scan back and exits 0; another instance finishes the scan at once', async () => {
    const { cookie } = await createUserAndCookie();
    const bot = await newBot(cookie);
    // This process plays the second instance: it claims nothing until the server has gone.
    await stopScanWorker();
    const [source] = await db
      .insert(contentSources)
      .values({ chatbotId: bot.id, sourceType: 'website', url: `${site.url}/`, maxPages: 200, status: 'pending' })
      .returning({ id: contentSources.id });
    const id = source!.id;

    const sessionId = createSessionId(Date.now());
    const port = await freePort();
    const server = spawn(process.execPath, ['--import', 'tsx', 'api/src/index.ts'], {
      cwd: root,
      env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', CRAWL_CONCURRENCY: '1', OPENAI_API_KEY: 'test', OPENAI_BASE_URL: `${model.url}/v1` },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    const exited = new Promise<number | null>((resolve) => server.on('exit', (code) => resolve(code)));
    const base = `http://127.0.0.1:${port}`;
    const post = (json: unknown) => ({ method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(json) });
    const health = () => fetch(`${base}/api/health`).then(async (res) => ({ status: res.status, body: await res.json() }));
    try {
      await until(async () => (await health().catch(() => null))?.status === 200, 'the server to listen');
      await until(async () => (await okPages(id)) >= 2, 'the server to scan');
      const before = await health();
      expect(before).toMatchObject({ status: 200, body: { status: 'ok', queues: { scans: { runningHere: 1 } } } });
      expect((await sourceRow(id)).leaseOwner).toContain(`/${server.pid}/`);

      // A visitor's answer is being streamed (the model sends 30 tokens 25 ms apart) when the signal comes.
        const opened = await fetch(`${base}/api/chat/session`, post({ sessionId, chatbotConfigId: bot.guid }));
      expect(opened.status).toBe(201);
      const streaming = await fetch(`${base}/api/chat/${sessionId}/messages/stream`, post({ messageType: 'text', content: '[slow] Tell me everything' }));
      expect(streaming.status).toBe(200);
      const body = streaming.text();

      server.kill('SIGTERM');
      const stoppedAt = Date.now();
      const events = parseSse(await body);
      expect(events.map((e) => e.type).slice(-2)).toEqual(['complete', 'end']);
      expect(await exited).toBe(0);
      expect(Date.now() - stoppedAt).toBeLessThan(10_000);
    } finally {
      server.kill('SIGKILL');
    }
    // Unfinished, and nobody's: claimable at once, without waiting for a lease to run out.
    expect(await sourceRow(id)).toMatchObject({ leaseOwner: null, generation: 0 });
    expect(['pending', 'scanning']).toContain((await sourceRow(id)).status);

    site.latencyMs = 0;
    startScanWorker();
    await waitForIdle(id);
    expect(await sourceRow(id)).toMatchObject({ status: 'completed', generation: 1, leaseOwner: null });
    expect(await okPages(id)).toBe(expectedPagePaths().length);
    // the answer streamed across the shutdown was stored whole
    const [stored] = await db
      .select({ content: chatMessages.content })
      .from(chatMessages)
      .where(and(eq(chatMessages.sessionId, sessionId), eq(chatMessages.sender, 'bot')))
      .orderBy(desc(chatMessages.id))
      .limit(1);
    expect(stored!.content.split(' ').length).toBeGreaterThanOrEqual(30);
  });
});
