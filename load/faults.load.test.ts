import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeOpenAI, type FakeOpenAI } from '../api/src/features/chat/testing/fakeOpenAI';
import { expectedPagePaths, startFixtureSite, type FixtureSite } from '../api/test/fixtures/site/server';
import { startServer, type RunningServer } from '../e2e/harness';
import { completedMessages, loadClient, type StoredMessage, until } from './loadClient';
import { type LoadDatabase, openLoadDatabase } from './loadDatabase';
import { loadSettings } from './loadSettings';

let model: FakeOpenAI;
let site: FixtureSite;
const databases: LoadDatabase[] = [];
const servers: RunningServer[] = [];

beforeAll(async () => {
  model = await startFakeOpenAI({ delayMs: 5 });
  site = await startFixtureSite();
});
afterAll(async () => {
  for (const server of servers) await server.stop();
  await model?.close();
  await site?.close();
  for (const database of databases) await database.close();
});

/** A Parley process on `database`; a second call on the same database is a restart. */
async function parley(database: LoadDatabase) {
  const server = await startServer({
    ...database.env,
    OPENAI_API_KEY: 'load',
    OPENAI_BASE_URL: `${model.url}/v1`,
    RATE_LIMIT_CHAT_PER_MINUTE: '0',
    RATE_LIMIT_SESSION_PER_MINUTE: '0',
    SEED_DEFAULT_CHATBOT: 'true',
    CRAWL_CONCURRENCY: '1',
  });
  servers.push(server);
  return server;
}

async function freshDatabase() {
  const database = await openLoadDatabase();
  databases.push(database);
  return database;
}

/** SIGKILL: no shutdown handler runs, nothing is flushed or handed back. */
async function kill(server: RunningServer) {
  const exited = new Promise((resolve) => server.process.once('exit', resolve));
  server.process.kill('SIGKILL');
  await exited;
}

describe(`faults on ${loadSettings.database}`, () => {
  it('loses no acknowledged message when killed (SIGKILL) during a busy chat run, and chats on after a restart', async () => {
    const database = await freshDatabase();
    const first = await parley(database);
    const api = loadClient(first.url);
    const bot = (await api.call('GET', '/api/public/default-chatbot')) as { guid: string };
    const sessions = await Promise.all(Array.from({ length: loadSettings.killConversations }, (_, i) => api.openSession(bot.guid, Date.now() + i)));
    const acknowledged = new Map<string, StoredMessage[]>(sessions.map((s) => [s, []]));
    let turns = 0;
    let stopped = false;

    // Every conversation sends turn after turn until the server dies under it.
    const chatting = Promise.all(
      sessions.map(async (sessionId, i) => {
        for (let turn = 0; !stopped; turn++) {
          try {
            const done = completedMessages(await api.streamTurn(sessionId, `Conversation ${i}, turn ${turn}`));
            if (done) {
              acknowledged.get(sessionId)!.push(...done);
              turns++;
            }
          } catch {
            return; // the server is gone: whatever this turn was doing was never acknowledged
          }
        }
      }),
    );
    await until(() => turns >= loadSettings.killConversations * 3, 'the chat run to get busy');
    await kill(first);
    stopped = true;
    await chatting;
    const acknowledgedCount = [...acknowledged.values()].reduce((n, list) => n + list.length, 0);
    expect(acknowledgedCount).toBeGreaterThanOrEqual(loadSettings.killConversations * 3 * 2);

    // SQLite's file survived whole (PostgreSQL's own recovery is the server's business).
    if (database.kind === 'sqlite') expect(database.integrityCheck()).toBe('ok');

    const second = await parley(database);
    const after = loadClient(second.url);
    for (const sessionId of sessions) {
      const stored = await after.messages(sessionId);
      const byId = new Map(stored.map((m) => [String(m.id), m]));
      for (const message of acknowledged.get(sessionId)!) {
        expect(byId.get(String(message.id)), `message ${message.id} of ${sessionId}`).toMatchObject({ sender: message.sender, content: message.content });
      }
    }
    // The conversations go on where they were.
    const done = completedMessages(await after.streamTurn(sessions[0]!, 'Still there after the restart?'));
    expect(done?.map((m) => m.sender)).toEqual(['user', 'bot']);
  });

  it('finishes a crawl that a restart interrupted', async () => {
    const database = await freshDatabase();
    site.latencyMs = 150;
    const first = await parley(database);
    const api = loadClient(first.url);
    const cookie = await api.signUp();
    const guid = crypto.randomUUID();
    await api.call('POST', '/api/chatbots', { guid, name: 'Brightleaf' }, cookie);
    const source = (await api.call('POST', `/api/chatbots/${guid}/website-sources`, { sourceType: 'website', url: `${site.url}/`, maxPages: 200 }, cookie)) as { id: number };
    // Pages of a scan in progress are not shown yet; the database says how far it got.
    const stored = async () =>
      Number((await database.query<{ n: number }>(`SELECT count(*) AS "n" FROM pages WHERE source_id = $1 AND status = 'ok'`, [source.id]))[0]!.n);
    await until(async () => (await stored()) >= 3, 'the first pages to be stored');
    await kill(first);
    const storedBeforeRestart = await stored();
    expect(storedBeforeRestart).toBeLessThan(expectedPagePaths().length);

    site.latencyMs = 0;
    const second = await parley(database);
    const after = loadClient(second.url);
    const status = async () =>
      ((await after.call('GET', `/api/chatbots/${guid}/website-sources`, undefined, cookie)) as { id: number; status: string }[]).find((s) => s.id === source.id)!.status;
    await until(async () => (await status()) === 'completed', 'the crawl to finish after the restart');
    const report = (await after.call('GET', `/api/chatbots/${guid}/website-sources/${source.id}/pages`, undefined, cookie)) as {
      learned: number;
      pages: { url: string; status: string }[];
    };
    expect(report.learned).toBe(expectedPagePaths().length);
    const learnedPaths = report.pages.filter((p) => p.status === 'ok').map((p) => new URL(p.url).pathname.replace(/(.)\/$/, '$1'));
    expect(learnedPaths.sort()).toEqual([...expectedPagePaths()].sort());
  });
});
