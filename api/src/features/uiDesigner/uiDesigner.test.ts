import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { newSurveyConfig, type HomeScreenConfig, type HomeTopic, type SurveyStatus, type UiDesignerRequest, type UiDesignerResponse } from '@parley/contracts';

// Offline: no OPENAI_API_KEY (the test setup removes it), so the offline designer answers.
const { client, createUserAndCookie, errorOf, ownerWithBot, untyped, withCookie } = await import('../../../test/helpers');
const { UI_DESIGNER_PER_MINUTE } = await import('./uiDesigner.routes');
const { db } = await import('../../db/client');
const { surveys } = await import('../../db/schema');

const designer = client.api['ui-designer'];
const current: HomeScreenConfig = {
  components: [
    { id: 'harbour-hello', type: 'header', props: { title: 'Harbour office', subtitle: 'Moorings, fees and more' } },
    { id: 'harbour-topics', type: 'topic_grid', props: { topics: [{ id: 'fees', title: 'Harbour fees', actionType: 'message', message: 'What are the fees?' }] } },
  ],
};

const generate = (cookie: string, json: UiDesignerRequest) => designer.generate.$post({ json }, withCookie(cookie));
const modify = (cookie: string, json: UiDesignerRequest) => designer.modify.$post({ json }, withCookie(cookie));
const designOf = async (res: Response) => (await res.json()) as UiDesignerResponse;
/** Every topic title of a design, in the order shown. */
const topicsOf = ({ components }: HomeScreenConfig): HomeTopic[] =>
  components.flatMap((c) => (c.type === 'topic_grid' ? c.props.topics : c.type === 'quick_actions' ? c.props.actions : []));
const topicTitles = (config: HomeScreenConfig) => topicsOf(config).map((t) => t.title);

/** A survey stored for a bot as the builder would store it; its id is what a survey topic starts. */
async function storedSurvey(chatbotId: number, name: string, status: SurveyStatus, title = 'New Survey'): Promise<number> {
  const [row] = await db.insert(surveys).values({ chatbotId, name, status, surveyConfig: { ...newSurveyConfig(`survey_${name.length}`), title } }).returning({ id: surveys.id });
  return row.id;
}

describe('POST /api/ui-designer/generate and /modify (offline)', () => {
  it('generate designs the topics asked for and says what it made, by guid or numeric id', async () => {
    const { cookie, bot } = await ownerWithBot();
    for (const chatbotId of [bot.guid, bot.id]) {
      const res = await generate(cookie, { prompt: 'A support center with billing and sales topics', chatbotId });
      expect(res.status).toBe(200);
      const { config, explanation } = await designOf(res);
      expect(topicTitles(config)).toEqual(['Billing', 'Sales']);
      expect(explanation).toContain('Billing');
      expect(explanation).toContain('Sales');
    }
  });

  it('generate ignores a current config sent with it', async () => {
    const { cookie, bot } = await ownerWithBot();
    const { config } = await designOf(await generate(cookie, { prompt: 'A support center with billing and sales topics', currentConfig: current, chatbotId: bot.guid }));
    expect(config.components.map((c) => c.id)).not.toContain('harbour-hello');
    expect(topicTitles(config)).not.toContain('Harbour fees');
  });

  it('modify adds the footer asked for and keeps the current header and topics', async () => {
    const { cookie, bot } = await ownerWithBot();
    const res = await modify(cookie, { prompt: 'Add a footer saying "Open daily 9-5"', currentConfig: current, chatbotId: bot.guid });
    expect(res.status).toBe(200);
    const { config, explanation } = await designOf(res);
    const footer = config.components.find((c) => c.type === 'footer');
    expect(footer?.props).toMatchObject({ text: 'Open daily 9-5' });
    const header = config.components.find((c) => c.type === 'header');
    expect(header).toMatchObject({ id: 'harbour-hello', props: { title: 'Harbour office', subtitle: 'Moorings, fees and more' } });
    expect(topicTitles(config)).toEqual(['Harbour fees']);
    expect(explanation).toContain('Open daily 9-5');
  });

  it('modify without a current config answers 400 saying to generate first', async () => {
    const { cookie, bot } = await ownerWithBot();
    for (const currentConfig of [undefined, null]) {
      const res = await modify(cookie, { prompt: 'Add a footer', currentConfig, chatbotId: bot.guid });
      expect(res.status).toBe(400);
      expect((await errorOf(res)).message).toBe('There is no design to modify yet. Generate one first.');
    }
  });

  it('refuses a blank prompt and an invalid current config, naming the field', async () => {
    const { cookie, bot } = await ownerWithBot();
    const blank = await generate(cookie, { prompt: '   ', chatbotId: bot.guid });
    expect(blank.status).toBe(400);
    expect((await errorOf(blank)).message).toBe('prompt: Describe the home screen you want');

    const badConfig = { components: [{ id: 'w', type: 'header', props: {} }, { id: 'c', type: 'carousel' }], theme: { textColor: 'black' } };
    const res = await modify(cookie, untyped({ prompt: 'Make it blue', currentConfig: badConfig, chatbotId: bot.guid }));
    expect(res.status).toBe(400);
    const error = await errorOf(res);
    expect(error.message).toBe('currentConfig.components.1.type: Unknown component type: use one of header, category_tabs, topic_grid, quick_actions, footer');
    expect(error.details?.issues).toEqual([
      { path: 'currentConfig.components.1.type', message: 'Unknown component type: use one of header, category_tabs, topic_grid, quick_actions, footer' },
      { path: 'currentConfig.theme.textColor', message: 'Text color must be a hex colour such as #2563eb' },
    ]);

    const noBot = await generate(cookie, untyped({ prompt: 'A home' }));
    expect(noBot.status).toBe(400);
    expect((await errorOf(noBot)).message).toMatch(/^chatbotId: /);
  });

  it('refuses a current config over 64 KB, naming currentConfig', async () => {
    const { cookie, bot } = await ownerWithBot();
    // Valid in every field: only its size is wrong.
    const grid = (id: string) => ({
      id,
      type: 'topic_grid' as const,
      props: { topics: Array.from({ length: 50 }, (_, i) => ({ id: `t${i}`, title: `Topic ${i}`, message: 'x'.repeat(1000) })) },
    });
    const res = await modify(cookie, { prompt: 'Make it blue', currentConfig: { components: [grid('a'), grid('b')] }, chatbotId: bot.guid });
    expect(res.status).toBe(400);
    const error = await errorOf(res);
    expect(error.message).toBe('currentConfig is too large (at most 64 KB)');
    expect(error.details?.issues).toEqual([{ path: 'currentConfig', message: 'currentConfig is too large (at most 64 KB)' }]);
  });

  it('refuses repeated topic ids in one list, to the designer and on save, with the path', async () => {
    const { cookie, bot } = await ownerWithBot();
    const twice = {
      components: [{ id: 'grid', type: 'topic_grid' as const, props: { topics: [{ id: 'a', title: 'One' }, { id: 'a', title: 'Two' }] } }],
    };
    const designed = await modify(cookie, { prompt: 'Make it blue', currentConfig: twice, chatbotId: bot.guid });
    expect(designed.status).toBe(400);
    expect(await errorOf(designed)).toMatchObject({
      message: 'currentConfig.components.0.props.topics.1.id: Duplicate topic id "a"',
      details: { issues: [{ path: 'currentConfig.components.0.props.topics.1.id', message: 'Duplicate topic id "a"' }] },
    });

    const save = (homeScreenConfig: HomeScreenConfig) => client.api.chatbots.guid[':guid'].$patch({ param: { guid: bot.guid }, json: { homeScreenConfig } }, withCookie(cookie));
    expect((await save(current)).status).toBe(200);
    const saved = await save(twice);
    expect(saved.status).toBe(400);
    expect(await errorOf(saved)).toMatchObject({
      message: 'components.0.props.topics.1.id: Duplicate topic id "a"',
      details: { issues: [{ path: 'components.0.props.topics.1.id', message: 'Duplicate topic id "a"' }] },
    });
    const stored = await client.api.chatbots[':guid'].$get({ param: { guid: bot.guid } }, withCookie(cookie));
    expect(((await stored.json()) as { homeScreenConfig: unknown }).homeScreenConfig).toEqual(current);
  });

  it("knows the bot's surveys: a topic named after one starts it; another bot's survey id is reported, not inserted", async () => {
    const { cookie, bot } = await ownerWithBot();
    const visit = await storedSurvey(bot.id, 'Visit feedback', 'active');
    await storedSurvey(bot.id, 'Newsletter', 'draft', 'Stay in touch');
    const other = await ownerWithBot();
    const foreign = await storedSurvey(other.bot.id, 'Their survey', 'active');

    const named = await designOf(await generate(cookie, { prompt: 'a support home with a topic "Rate your visit" that starts the Visit feedback survey', chatbotId: bot.guid }));
    expect(topicsOf(named.config).filter((t) => t.actionType === 'survey')).toEqual([expect.objectContaining({ title: 'Rate your visit', surveyId: visit })]);
    expect(named.explanation).toContain(`a "Rate your visit" topic that starts survey ${visit}`);

    const draft = await designOf(await generate(cookie, { prompt: 'a quick action for the stay in touch survey', chatbotId: bot.guid }));
    expect(topicsOf(draft.config).find((t) => t.actionType === 'survey')).toMatchObject({ title: 'Newsletter' });
    expect(draft.explanation).toContain('The "Newsletter" survey is still a draft, so visitors cannot start it until you activate it on the Surveys page.');

    const theirs = await designOf(await generate(cookie, { prompt: `a topic that starts survey ${foreign}`, chatbotId: bot.guid }));
    expect(topicsOf(theirs.config).some((t) => t.actionType === 'survey')).toBe(false);
    expect(theirs.explanation).toContain(`There is no survey ${foreign} on this bot`);
    expect(theirs.explanation).toContain(`this bot's surveys are "Visit feedback" (id ${visit}) and "Newsletter"`);

    const empty = await designOf(await generate(other.cookie, { prompt: 'a button to take the survey', chatbotId: other.bot.guid }));
    expect(topicsOf(empty.config).find((t) => t.actionType === 'survey')).toMatchObject({ surveyId: foreign, title: 'Their survey' });
  });

  it("answers 404 for another owner's bot like a missing one, and 401 without a sign-in", async () => {
    const a = await ownerWithBot();
    const b = await createUserAndCookie();
    const foreign = await generate(b.cookie, { prompt: 'A home', chatbotId: a.bot.guid });
    const foreignById = await modify(b.cookie, { prompt: 'A home', currentConfig: current, chatbotId: a.bot.id });
    const missing = await generate(b.cookie, { prompt: 'A home', chatbotId: randomUUID() });
    expect([foreign.status, foreignById.status, missing.status]).toEqual([404, 404, 404]);
    const bodies = [await errorOf(foreign), await errorOf(foreignById), await errorOf(missing)];
    expect(bodies).toEqual([{ message: 'Chatbot not found' }, { message: 'Chatbot not found' }, { message: 'Chatbot not found' }]);
    const anonymous = await designer.generate.$post({ json: { prompt: 'A home', chatbotId: a.bot.guid } });
    expect(anonymous.status).toBe(401);
  });

  it('limits each owner to a modest number of designs a minute', async () => {
    const a = await ownerWithBot();
    const b = await ownerWithBot();
    for (let i = 0; i < UI_DESIGNER_PER_MINUTE; i++) expect((await generate(a.cookie, { prompt: 'A home', chatbotId: a.bot.guid })).status).toBe(200);
    const res = await modify(a.cookie, { prompt: 'A home', currentConfig: current, chatbotId: a.bot.guid });
    expect(res.status).toBe(429);
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await errorOf(res)).message).toBe('Too many design requests. Please wait a moment and try again.');
    // Another owner is not slowed down by the first one.
    expect((await generate(b.cookie, { prompt: 'A home', chatbotId: b.bot.guid })).status).toBe(200);
  });
});
