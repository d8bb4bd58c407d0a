import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeOpenAI, type FakeOpenAI } from '../api/src/features/chat/testing/fakeOpenAI';
import { expectedPagePaths, startFixtureSite, type FixtureSite } from '../api/test/fixtures/site/server';
import { startServer, type RunningServer } from '../e2e/harness';
import { completedMessages, loadClient, until } from './loadClient';
import { type LoadDatabase, openLoadDatabase } from './loadDatabase';
import { loadSettings } from './loadSettings';
import { startRoundRobin } from './roundRobin';

/**
 * Two Parley instances on one database behind a round-robin balancer: what a visitor, an owner
 * and the background work see must be what one instance would give.
 */
let model: FakeOpenAI;
let site: FixtureSite;
let database: LoadDatabase;
let instances: RunningServer[];
let balancer: Awaited<ReturnType<typeof startRoundRobin>>;
let api: ReturnType<typeof loadClient>;

beforeAll(async () => {
  model = await startFakeOpenAI({ delayMs: 5 });
  site = await startFixtureSite();
  database = await openLoadDatabase();
  const settings = {
    ...database.env,
    OPENAI_API_KEY: 'load',
    OPENAI_BASE_URL: `${model.url}/v1`,
    RATE_LIMIT_CHAT_PER_MINUTE: '0',
    RATE_LIMIT_SESSION_PER_MINUTE: '0',
    CRAWL_CONCURRENCY: '2',
    // short, so the killed instance's scan is taken over within the test (the default is 30 s)
    SCAN_LEASE_MS: '1500',
  };
  // one after the other: the first creates and migrates the database
  instances = [await startServer(settings)];
  instances.push(await startServer(settings));
  balancer = await startRoundRobin(instances.map((i) => i.url));
  api = loadClient(balancer.url);
});
afterAll(async () => {
  await balancer?.close();
  for (const instance of instances ?? []) await instance.stop();
  await model?.close();
  await site?.close();
  await database?.close();
});

/** A new owner with a new bot, made through the balancer (so across both instances). */
async function ownerWithBot(name: string) {
  const cookie = await api.signUp();
  const guid = crypto.randomUUID();
  await api.call('POST', '/api/chatbots', { guid, name }, cookie);
  return { cookie, guid };
}

type SourceRow = { status: string; generation: number; leaseOwner: string | null };
const sourceRow = async (id: number) =>
  (await database.query<SourceRow>('SELECT status, generation, lease_owner AS "leaseOwner" FROM content_sources WHERE id = $1', [id]))[0]!;
const storedPages = async (id: number) =>
  Number((await database.query<{ n: number }>(`SELECT count(*) AS "n" FROM pages WHERE source_id = $1 AND status = 'ok'`, [id]))[0]!.n);
/** The scan marks the source completed, then lets its lease go. */
const finished = async (id: number) => {
  const row = await sourceRow(id);
  return row.status === 'completed' && row.leaseOwner === null;
};

describe(`two instances on one ${loadSettings.database} database, behind a round-robin balancer`, () => {
  it('carries a conversation whose turns alternate between the instances', async () => {
    const { guid } = await ownerWithBot('Alternating');
    const sessionId = await api.openSession(guid);
    const sent: string[] = [];
    for (let turn = 0; turn < 6; turn++) {
      const content = `Question number ${turn}`;
      sent.push(content);
      expect(completedMessages(await api.streamTurn(sessionId, content))?.map((m) => m.sender)).toEqual(['user', 'bot']);
      // The model was given the turns before, whichever instance stored them.
      const prompt = model.requests.at(-1)!.messages.map((m) => m.content).join('\n');
      for (const earlier of sent.slice(0, -1)) expect(prompt).toContain(earlier);
    }
    const streams = balancer.served.filter((r) => r.path === `/api/chat/${sessionId}/messages/stream`).map((r) => r.upstream);
    expect(streams).toEqual([0, 1, 0, 1, 0, 1].map((i) => (streams[0]! + i) % 2));
    const stored = await api.messages(sessionId);
    expect(stored.filter((m) => m.sender === 'user').map((m) => m.content)).toEqual(sent);
  });

  it('answers turns sent at once to both instances one after the other', async () => {
    const { guid } = await ownerWithBot('Queued');
    const sessionId = await api.openSession(guid);
    const turns = await Promise.all(Array.from({ length: 6 }, (_, i) => api.streamTurn(sessionId, `[slow] Parallel question ${i}`)));
    for (const events of turns) expect(completedMessages(events)).toHaveLength(2);
    const stored = await api.messages(sessionId);
    // Interleaved turns would show two visitor messages in a row; each answer follows its question.
    expect(stored.map((m) => m.sender)).toEqual(Array.from({ length: 6 }, () => ['user', 'bot']).flat());
  });

  it('counts the quota exactly when both instances take the last messages at once', async () => {
    const { cookie, guid } = await ownerWithBot('Quota');
    const { plan } = (await api.call('GET', '/api/subscription/current', undefined, cookie)) as { plan: { maxMessagesPerMonth: number } };
    const racers = plan.maxMessagesPerMonth + 40;
    const sessions = await Promise.all(Array.from({ length: racers }, (_, i) => api.openSession(guid, Date.now() + i)));
    const outcomes = await Promise.all(sessions.map(async (s) => (await api.streamTurn(s, 'One for me?')).find((e) => e.type !== 'delta')!.type));
    expect(outcomes.filter((o) => o === 'bubble')).toHaveLength(plan.maxMessagesPerMonth);
    expect(outcomes.filter((o) => o === 'limit_exceeded')).toHaveLength(40);
    const { messagesUsedThisMonth } = (await api.call('GET', '/api/subscription/current', undefined, cookie)) as { messagesUsedThisMonth: number };
    expect(messagesUsedThisMonth).toBe(plan.maxMessagesPerMonth);
  });

  it('crawls a source once, though both instances look for work', async () => {
    const { cookie, guid } = await ownerWithBot('Crawled once');
    site.latencyMs = 20;
    const before = site.requests.length;
    const source = (await api.call('POST', `/api/chatbots/${guid}/website-sources`, { sourceType: 'website', url: `${site.url}/`, maxPages: 200 }, cookie)) as { id: number };
    await until(() => finished(source.id), 'the crawl to finish', 120_000);
    expect(Number((await sourceRow(source.id)).generation)).toBe(1);
    // Every page fetched once: two crawls would have fetched each twice.
    const fetched = site.requests.slice(before).map((p) => p.replace(/(.)\/$/, '$1'));
    for (const page of expectedPagePaths()) expect(fetched.filter((p) => p === page), page).toHaveLength(1);
    const report = (await api.call('GET', `/api/chatbots/${guid}/website-sources/${source.id}/pages`, undefined, cookie)) as { learned: number };
    expect(report.learned).toBe(expectedPagePaths().length);
  });

  it('finishes on the other instance a scan whose instance was killed (SIGKILL) mid-way', async () => {
    const { cookie, guid } = await ownerWithBot('Taken over');
    site.latencyMs = 150;
    const source = (await api.call('POST', `/api/chatbots/${guid}/website-sources`, { sourceType: 'website', url: `${site.url}/`, maxPages: 200 }, cookie)) as { id: number };
    await until(async () => (await sourceRow(source.id)).leaseOwner !== null && (await storedPages(source.id)) >= 3, 'a scan under way');
    const pid = Number((await sourceRow(source.id)).leaseOwner!.split('/')[1]);
    const victim = instances.find((i) => i.process.pid === pid)!;
    const survivor = instances.find((i) => i !== victim)!;
    expect(victim).toBeDefined();
    const exited = new Promise((resolve) => victim.process.once('exit', resolve));
    victim.process.kill('SIGKILL');
    await exited;
    expect(await storedPages(source.id)).toBeLessThan(expectedPagePaths().length);

    site.latencyMs = 0;
    await until(() => finished(source.id), 'the survivor to finish the scan', 120_000);
    const report = (await loadClient(survivor.url).call('GET', `/api/chatbots/${guid}/website-sources/${source.id}/pages`, undefined, cookie)) as { learned: number };
    expect(report.learned).toBe(expectedPagePaths().length);
  });
});
