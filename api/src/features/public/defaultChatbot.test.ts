import { describe, expect, it } from 'vitest';

process.env.RATE_LIMIT_CHAT_PER_MINUTE = '0';
const kit = await import('../chat/testing/chatKit');
const { client, withCookie } = await import('../../../test/helpers');
const { seedDefaultChatbot, splitSections, KNOWLEDGE_FILE } = await import('./defaultChatbot');
const { db } = await import('../../db/client');
const { chatbots, contentSources, subscriptions, users } = await import('../../db/schema');
const { readFileSync } = await import('node:fs');

describe('default public chatbot', () => {
  it('is seeded once, owned by the system user on Ultra, and trained on the docs', async () => {
    await kit.ensureStarted();
    const bot = await seedDefaultChatbot();
    await seedDefaultChatbot();
    expect(db.select().from(chatbots).all().filter((b) => b.isPublicDefault)).toHaveLength(1);
    const sections = splitSections(readFileSync(KNOWLEDGE_FILE, 'utf8'));
    expect(sections.length).toBeGreaterThan(8);
    expect(db.select().from(contentSources).all().filter((s) => s.chatbotId === bot.id)).toHaveLength(sections.length);

    const system = db.select().from(users).all().find((u) => u.id === 'system')!;
    expect(system).toMatchObject({ email: 'system@parley.invalid', passwordHash: '!', isAdmin: false });
    expect(db.select().from(subscriptions).all().find((s) => s.userId === 'system')?.planId).toBe('ultra');
    const login = await client.api.auth.login.$post({ json: { email: 'system@parley.invalid', password: '!' } });
    expect(login.status).not.toBe(200);

    const res = await client.api.public['default-chatbot'].$get();
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ guid: bot.guid, name: 'Parley Assistant', isActive: true, theme: { chat: { primary: '#3b82f6' } } });
  });

  it('answers visitors of the marketing site from the docs, citing the section', async () => {
    const cases: [string, string, RegExp][] = [
      ['How do I embed the widget on my website?', 'Embedding the widget on your website', /embed\.js/],
      ['How much does the Premium plan cost?', 'Plans and pricing', /\$49 per month/],
      ['Can I use Ollama instead of OpenAI?', 'Using your own model or running offline', /OPENAI_BASE_URL/],
      ['What happens when I reach my message limit?', 'Message limits', /read-only/],
    ];
    for (const [question, title, expected] of cases) {
      const sessionId = await kit.openSession(null);
      const [, answer] = kit.completeMessages((await kit.streamMessage(sessionId, { content: question })).events);
      expect(answer.content, question).toMatch(expected);
      expect(answer.metadata?.sources, question).toEqual([{ title, url: null }]);
    }
    const sessionId = await kit.openSession(null);
    const [, unknown] = kit.completeMessages((await kit.streamMessage(sessionId, { content: 'Who won the football world cup in 1998?' })).events);
    expect(unknown.content).toMatch(/^I'm not sure about that one/);
  });

  it('does not make the system user the first account', async () => {
    const first = await kit.createUserAndCookie({ email: 'real-first@example.com' });
    const status = await (await client.api.auth['admin-status'].$get(undefined, withCookie(first.cookie))).json();
    expect(status).toEqual({ isAdmin: true });
  });
});
