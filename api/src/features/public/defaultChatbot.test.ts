import { describe, expect, it } from 'vitest';

process.env.RATE_LIMIT_CHAT_PER_MINUTE = '0';
const kit = await import('../chat/testing/chatKit');
const { client, withCookie } = await import('../../../test/helpers');
const { seedDefaultChatbot, splitSections, KNOWLEDGE_FILE } = await import('./defaultChatbot');
const { db } = await import('../../db/client');
const { chatbots, contentSources, subscriptions, users } = await import('../../db/schema');
const { readFileSync } = await import('node:fs');
const { eq } = await import('drizzle-orm');
const { homeScreenConfigSchema } = await import('@parley/contracts/schemas');
const { PUBLIC_HOME_SCREEN_CONFIG } = await import('./publicHomeScreen');
const { PUBLIC_DEFAULT_PRIMARY } = await import('./toPublicChatbotConfig');

describe('default public chatbot', () => {
  it('is seeded once, owned by the system user on Ultra, and trained on the docs', async () => {
    await kit.ensureStarted();
    const bot = await seedDefaultChatbot();
    await seedDefaultChatbot();
    expect((await db.select().from(chatbots)).filter((b) => b.isPublicDefault)).toHaveLength(1);
    const sections = splitSections(readFileSync(KNOWLEDGE_FILE, 'utf8'));
    expect(sections.length).toBeGreaterThan(8);
    expect((await db.select().from(contentSources)).filter((s) => s.chatbotId === bot.id)).toHaveLength(sections.length);

    const system = (await db.select().from(users)).find((u) => u.id === 'system')!;
    expect(system).toMatchObject({ email: 'system@parley.invalid', passwordHash: '!', isAdmin: false });
    expect((await db.select().from(subscriptions)).find((s) => s.userId === 'system')?.planId).toBe('ultra');
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

  it('opens onto a real home screen: a welcome header, a start-chat action and popular topics', async () => {
    const bot = await seedDefaultChatbot();
    const config = homeScreenConfigSchema.parse(bot.homeScreenConfig);
    expect(config).toEqual(PUBLIC_HOME_SCREEN_CONFIG);
    expect(config.theme?.primaryColor).toBe(PUBLIC_DEFAULT_PRIMARY);
    const [header, actions, grid] = config.components;
    expect(header).toMatchObject({ type: 'header', props: { title: 'Welcome to Parley' } });
    expect(actions).toMatchObject({ type: 'quick_actions', props: { actions: [{ title: 'Start a chat', actionType: 'start_chat' }] } });
    expect(grid?.type).toBe('topic_grid');
    const topics = grid?.type === 'topic_grid' ? grid.props.topics : [];
    expect(topics.length).toBeGreaterThanOrEqual(4);
    expect(topics.length).toBeLessThanOrEqual(6);
    for (const topic of topics) expect(topic, topic.title).toMatchObject({ actionType: 'message', message: expect.stringMatching(/\?$/) });

    const res = await client.api.public['default-chatbot'].$get();
    const body = (await res.json()) as { homeScreenConfig: { components: { id: string }[] } | null };
    expect(body.homeScreenConfig?.components.map((c) => c.id)).toEqual(['header', 'quick-actions', 'popular-topics']);
  });

  it('gives an existing install whose home screen is empty the new one, but keeps a custom design', async () => {
    const bot = await seedDefaultChatbot();
    const setConfig = (config: unknown) => db.update(chatbots).set({ homeScreenConfig: config as never }).where(eq(chatbots.id, bot.id));
    const stored = async () => (await db.select().from(chatbots).where(eq(chatbots.id, bot.id)))[0]?.homeScreenConfig;

    await setConfig({ version: 1, components: [], theme: { primaryColor: PUBLIC_DEFAULT_PRIMARY, backgroundColor: '#ffffff', textColor: '#1f2937' } });
    expect((await seedDefaultChatbot()).homeScreenConfig).toEqual(PUBLIC_HOME_SCREEN_CONFIG);
    expect(await stored()).toEqual(PUBLIC_HOME_SCREEN_CONFIG);

    const custom = { version: 1, components: [{ id: 'h', type: 'header', props: { title: 'Our own welcome' } }], theme: { primaryColor: '#ff6600' } };
    await setConfig(custom);
    expect((await seedDefaultChatbot()).homeScreenConfig).toEqual(custom);
    expect(await stored()).toEqual(custom);
    await setConfig(PUBLIC_HOME_SCREEN_CONFIG);
  });

  it('keeps docs that match the file, retrains on docs that changed, and leaves other sources alone', async () => {
    const bot = await seedDefaultChatbot();
    // In the order they were added: PostgreSQL returns an unordered select in no set order.
    const docs = async () =>
      (await db.select().from(contentSources).orderBy(contentSources.id)).filter((s) => s.chatbotId === bot.id && s.description === 'Parley documentation');
    const before = (await docs()).map((s) => s.id);
    await seedDefaultChatbot();
    expect((await docs()).map((s) => s.id)).toEqual(before);

    const { addTextSource, waitForIdle } = await import('../sources/sources.service');
    const own = await addTextSource(bot.id, { title: 'Opening hours', description: 'Added by an admin', textContent: 'We answer mail from 9 to 5 on weekdays.' });
    await waitForIdle(own.id);
    // an install trained on the old docs, which said the designer was not available yet
    const designSection = (await docs()).find((s) => s.title === "Designing the widget's home screen")!;
    await db.update(contentSources).set({ textContent: 'The UI Designer page is not available yet.' }).where(eq(contentSources.id, designSection.id));
    await seedDefaultChatbot();
    const sections = splitSections(readFileSync(KNOWLEDGE_FILE, 'utf8'));
    const after = await docs();
    expect(after.map((s) => s.id).some((id) => before.includes(id))).toBe(false);
    expect(after.map((s) => [s.title, s.textContent, s.status])).toEqual(sections.map((s) => [s.title, s.body, 'completed']));
    expect((await db.select().from(contentSources)).some((s) => s.id === own.id)).toBe(true);
  });

  it('answers every home-screen topic from the docs, never with the fallback', async () => {
    const expectedSource: Record<string, string> = {
      'create-chatbot': 'Getting started',
      'train-website': 'Training a chatbot on your content',
      'embed-widget': 'Embedding the widget on your website',
      'design-home': "Designing the widget's home screen",
      plans: 'Plans and pricing',
      offline: 'Using your own model or running offline',
    };
    const grid = PUBLIC_HOME_SCREEN_CONFIG.components.find((c) => c.type === 'topic_grid');
    const topics = grid?.type === 'topic_grid' ? grid.props.topics : [];
    expect(topics.map((t) => t.id).sort()).toEqual(Object.keys(expectedSource).sort());
    for (const topic of topics) {
      const sessionId = await kit.openSession(null);
      const [, answer] = kit.completeMessages((await kit.streamMessage(sessionId, { content: topic.message! })).events);
      expect(answer.content, topic.title).not.toMatch(/^I'm not sure about that one/);
      expect(answer.metadata?.sources, topic.title).toEqual([{ title: expectedSource[topic.id], url: null }]);
    }
  });

  it('does not make the system user the first account', async () => {
    const first = await kit.createUserAndCookie({ email: 'real-first@example.com' });
    const status = await (await client.api.auth['admin-status'].$get(undefined, withCookie(first.cookie))).json();
    expect(status).toEqual({ isAdmin: true });
  });
});
