import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveFakeOpenAI } from './testing/fakeOpenAI';

// setupPostgres.ts has pointed DATABASE_URL at a fresh database: the whole app runs on
// PostgreSQL. A local OpenAI-compatible model answers (the bot has no content to retrieve).
// The chat engine's behaviour is in the ordinary chat suites, which run on PostgreSQL too; here
// a session's turns racing over the connection pool.
const fake = await serveFakeOpenAI();
const kit = await import('./testing/chatKit');
const { client, withCookie } = kit;

let owner: Awaited<ReturnType<typeof kit.owner>>;
let bot: Awaited<ReturnType<typeof kit.newBot>>;
beforeAll(async () => {
  owner = await kit.owner();
  bot = await kit.newBot(owner.cookie, { name: 'Kettle Helper' });
});
afterAll(() => fake.close());

describe('the chat engine on PostgreSQL', () => {
  it('answers a session’s parallel turns one at a time, never interleaved', async () => {
    const sessionId = await kit.openSession(bot.guid);
    const sent = ['one', 'two', 'three', 'four', 'five', 'six'];
    const results = await Promise.all(sent.map((content) => kit.streamMessage(sessionId, { content })));
    const messages = await kit.getMessages(sessionId);
    expect(messages).toHaveLength(12);
    // Each visitor message is followed by its own answer before the next turn starts.
    expect(messages.map((m) => m.sender)).toEqual(sent.flatMap(() => ['user', 'bot']));
    expect(messages.filter((m) => m.sender === 'user').map((m) => m.content).sort()).toEqual([...sent].sort());
    for (const [i, r] of results.entries()) {
      const turn = kit.completeMessages(r.events);
      expect(turn.map((m) => m.content)).toEqual([sent[i], 'Hello from the model.']);
      const at = messages.findIndex((m) => m.id === turn[0].id);
      expect(messages[at + 1].id).toBe(turn[1].id);
    }
    // The model saw the turns answered before each one: the last saw five.
    expect(Math.max(...fake.requests.slice(-6).map((r) => r.messages.filter((m) => m.role === 'user').length))).toBe(6);
    const history = await client.api.chatbots[':guid'].sessions.$get({ param: { guid: bot.guid }, query: {} }, withCookie(owner.cookie));
    expect((await history.json()).sessions.find((s) => s.sessionId === sessionId)).toMatchObject({ messageCount: 12 });
  });
});
