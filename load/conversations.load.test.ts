import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeOpenAI, type FakeOpenAI } from '../api/src/features/chat/testing/fakeOpenAI';
import { startServer, type RunningServer } from '../e2e/harness';
import { completedMessages, loadClient, type StoredMessage } from './loadClient';
import { type LoadDatabase, openLoadDatabase } from './loadDatabase';
import { loadSettings } from './loadSettings';

const { conversations, turnsPerConversation, quotaRacers } = loadSettings;
let model: FakeOpenAI;
let server: RunningServer;
let api: ReturnType<typeof loadClient>;
let database: LoadDatabase;

beforeAll(async () => {
  // Each token comes 10 ms after the last, so every stream stays open while the others start.
  model = await startFakeOpenAI({ delayMs: 10 });
  database = await openLoadDatabase();
  server = await startServer({
    ...database.env,
    OPENAI_API_KEY: 'load',
    OPENAI_BASE_URL: `${model.url}/v1`,
    RATE_LIMIT_CHAT_PER_MINUTE: '0',
    RATE_LIMIT_SESSION_PER_MINUTE: '0',
    SEED_DEFAULT_CHATBOT: 'true',
  });
  api = loadClient(server.url);
});
afterAll(async () => {
  await server?.stop();
  await model?.close();
  await database?.close();
});

describe(`load on ${loadSettings.database}`, () => {
  it(`holds ${conversations} streaming conversations at once with no error, and stores every message`, async () => {
    const bot = (await api.call('GET', '/api/public/default-chatbot')) as { guid: string };
    const sessions = await Promise.all(Array.from({ length: conversations }, (_, i) => api.openSession(bot.guid, Date.now() + i)));
    const acknowledged = new Map<string, StoredMessage[]>(sessions.map((s) => [s, []]));
    const failures: string[] = [];
    let inFlight = 0;
    let peak = 0;

    await Promise.all(
      sessions.map(async (sessionId, i) => {
        for (let turn = 0; turn < turnsPerConversation; turn++) {
          const content = `Conversation ${i}, question ${turn}: how do I embed the widget?`;
          inFlight++;
          peak = Math.max(peak, inFlight);
          try {
            const events = await api.streamTurn(sessionId, content);
            const done = completedMessages(events);
            const types = events.map((e) => e.type);
            if (!done || types.includes('error') || types.at(-1) !== 'end') {
              failures.push(`${sessionId} turn ${turn}: ${types.join(',')}`);
              continue;
            }
            const streamed = events.filter((e) => e.type === 'delta').map((e) => e.content).join('');
            expect(done.map((m) => m.sender)).toEqual(['user', 'bot']);
            expect(done[0]!.content).toBe(content);
            expect(streamed).toContain('Hello from the model.');
            expect(done[1]!.content).toContain(streamed.trim());
            acknowledged.get(sessionId)!.push(...done);
          } catch (error) {
            failures.push(`${sessionId} turn ${turn}: ${String(error)} ${String((error as Error).cause ?? '')}`);
          } finally {
            inFlight--;
          }
        }
      }),
    );

    expect(failures).toEqual([]);
    expect(peak).toBe(conversations);
    // Read back as the widget does: each conversation holds exactly what its turns acknowledged, in order.
    for (const sessionId of sessions) {
      const stored = await api.messages(sessionId);
      const expected = acknowledged.get(sessionId)!;
      expect(stored).toHaveLength(2 * turnsPerConversation);
      expect(stored.map((m) => [String(m.id), m.sender, m.content])).toEqual(expected.map((m) => [String(m.id), m.sender, m.content]));
    }
  });

  it(`admits exactly the quota's remaining messages when ${quotaRacers} sends race for them`, async () => {
    const cookie = await api.signUp();
    const guid = crypto.randomUUID();
    await api.call('POST', '/api/chatbots', { guid, name: 'Quota race' }, cookie);
    const { plan, messagesUsedThisMonth } = (await api.call('GET', '/api/subscription/current', undefined, cookie)) as {
      plan: { maxMessagesPerMonth: number };
      messagesUsedThisMonth: number;
    };
    expect(messagesUsedThisMonth).toBe(0);
    // Spend some first, so the race is for a remainder, not the whole quota.
    const spent = 13;
    const first = await api.openSession(guid);
    for (let i = 0; i < spent; i++) expect(completedMessages(await api.streamTurn(first, `Warm-up question ${i}`))).toBeDefined();
    const remaining = plan.maxMessagesPerMonth - spent;
    expect(quotaRacers).toBeGreaterThan(remaining);

    const sessions = await Promise.all(Array.from({ length: quotaRacers }, (_, i) => api.openSession(guid, Date.now() + i)));
    const outcomes = await Promise.all(
      sessions.map(async (sessionId) => {
        const events = await api.streamTurn(sessionId, 'Is there anything left for me?');
        return events.find((e) => e.type !== 'delta')!.type;
      }),
    );
    const tally: Record<string, number> = {};
    for (const type of outcomes) tally[type] = (tally[type] ?? 0) + 1;
    expect(tally).toEqual({ bubble: remaining, limit_exceeded: quotaRacers - remaining });
    const after = (await api.call('GET', '/api/subscription/current', undefined, cookie)) as { messagesUsedThisMonth: number };
    expect(after.messagesUsedThisMonth).toBe(plan.maxMessagesPerMonth);
  });
});
