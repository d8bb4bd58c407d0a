import { afterAll, describe, expect, it } from 'vitest';
import { serveScriptedOpenAI } from '../chat/testing/serveScriptedOpenAI';

type SentRequest = {
  model: string;
  response_format?: { type: string; json_schema?: { name: string; schema: { properties?: Record<string, unknown> } } };
  messages: { role: string; content: string }[];
};

const { script, requests, close } = await serveScriptedOpenAI<SentRequest>();

const { client, errorOf, ownerWithBot, withCookie } = await import('../../../test/helpers');
const { uiDesignerResponseSchema } = await import('@parley/contracts/schemas');
const { withThemeColors, newSurveyConfig } = await import('@parley/contracts');
const { db } = await import('../../db/client');
const { surveys } = await import('../../db/schema');
const designer = client.api['ui-designer'];

afterAll(close);

const design = {
  version: 1,
  components: [
    { id: 'hero', type: 'header', order: 0, visible: true, props: { title: 'Harbour help', subtitle: 'Moorings, fees and more' } },
    {
      id: 'grid',
      type: 'topic_grid',
      order: 1,
      visible: true,
      props: { topics: [{ id: 'fees', title: 'Harbour fees', icon: '⚓', actionType: 'message', message: 'What are the harbour fees?' }] },
    },
  ],
  theme: { primaryColor: '#0f766e', backgroundColor: '#ffffff', textColor: '#111827' },
};
const reply = (config: unknown, explanation = 'A header and one topic about fees.') => JSON.stringify({ config, explanation });
const colors = { primaryColor: '#0f766e', backgroundColor: '#f0fdfa', textColor: '#134e4a' };

async function storedSurvey(chatbotId: number, name: string, status: 'draft' | 'active' | 'archived', title = name): Promise<number> {
  const [row] = await db.insert(surveys).values({ chatbotId, name, status, surveyConfig: { ...newSurveyConfig('survey_test'), title } }).returning({ id: surveys.id });
  return row.id;
}

/** The design with a survey topic starting `surveyId` added to its grid. */
function withSurveyTopic(surveyId: unknown, title = 'Rate us') {
  const grid = structuredClone(design.components[1]!);
  (grid.props.topics as unknown[]).push({ id: 'rate', title, icon: '⭐', actionType: 'survey', surveyId });
  return { ...design, components: [design.components[0], grid] };
}
const surveyTopics = (config: { components: { type: string; props: Record<string, unknown> }[] }) =>
  config.components.flatMap((c) => (c.type === 'topic_grid' ? (c.props.topics as { actionType?: string; surveyId?: unknown; title: string }[]) : [])).filter((t) => t.actionType === 'survey');

/** The bot every test here designs for: its model is what the scripted server answers. */
const BOT = { description: 'Answers questions about moorings.', model: 'gpt-4o-mini' };

describe('UI designer with a model', () => {
  it("generate: sends the format, the bot, the owner's words and colours; answers the parsed config", async () => {
    const { cookie, bot } = await ownerWithBot(BOT);
    script.push(`\`\`\`json\n${reply(design)}\n\`\`\``);
    const before = requests.length;
    const res = await designer.generate.$post(
      { json: { prompt: withThemeColors('A harbour office home with a fees topic', colors), chatbotId: bot.guid } },
      withCookie(cookie),
    );
    expect(res.status).toBe(200);
    const body = uiDesignerResponseSchema.parse(await res.json());
    expect(body.explanation).toBe('A header and one topic about fees.');
    expect(body.config.components.map((c) => c.id)).toEqual(['hero', 'grid']);
    expect(body.config.theme?.primaryColor).toBe('#0f766e');

    expect(requests.length - before).toBe(1);
    const sent = requests[before];
    expect(sent.model).toBe('gpt-4o-mini');
    expect(sent.response_format?.type).toBe('json_schema');
    expect(Object.keys(sent.response_format?.json_schema?.schema.properties ?? {})).toEqual(['config', 'explanation']);
    const [system, user] = sent.messages;
    expect(system.role).toBe('system');
    for (const part of ['header', 'topic_grid', 'category_tabs', 'quick_actions', 'footer', 'start_chat', '12, 14, 16, 18, 20, 24', 'at most 50', 'Name: Harbor Help', 'Description: Answers questions about moorings.']) {
      expect(system.content).toContain(part);
    }
    expect(user).toEqual({ role: 'user', content: expect.stringContaining('My request: A harbour office home with a fees topic') });
    expect(user.content).toContain('primary #0f766e, background #f0fdfa, text #134e4a');
    expect(user.content).not.toContain('current config');
  });

  it('modify: sends the current config and asks to change only what is asked; generate ignores a current config', async () => {
    const { cookie, bot } = await ownerWithBot(BOT);
    const current = { components: [{ id: 'only-header', type: 'header' as const, props: { title: 'Old title' } }] };
    script.push(reply(design), reply(design));
    const before = requests.length;
    const modified = await designer.modify.$post({ json: { prompt: 'Rename the title', currentConfig: current, chatbotId: bot.id } }, withCookie(cookie));
    expect(modified.status).toBe(200);
    const modifyAsk = requests[before].messages[1].content;
    expect(modifyAsk).toContain('Change only what is asked');
    expect(modifyAsk).toContain('My request: Rename the title');
    expect(modifyAsk).toContain('"id":"only-header"');

    const generated = await designer.generate.$post({ json: { prompt: 'Start over', currentConfig: current, chatbotId: bot.guid } }, withCookie(cookie));
    expect(generated.status).toBe(200);
    expect(requests[before + 1].messages[1].content).not.toContain('only-header');
  });

  it('an invalid first answer gets one repair request listing the problems; the corrected one is answered', async () => {
    const { cookie, bot } = await ownerWithBot(BOT);
    const broken = { ...design, components: [{ id: 'x', type: 'carousel' }, design.components[1]], theme: { primaryColor: 'teal' } };
    script.push(reply(broken), reply(design, 'Fixed.'));
    const before = requests.length;
    const res = await designer.generate.$post({ json: { prompt: 'A harbour home', chatbotId: bot.guid } }, withCookie(cookie));
    expect(res.status).toBe(200);
    expect(uiDesignerResponseSchema.parse(await res.json()).explanation).toBe('Fixed.');
    expect(requests.length - before).toBe(2);
    const repair = requests[before + 1].messages;
    expect(repair).toHaveLength(4);
    expect(repair[2]).toEqual({ role: 'assistant', content: reply(broken) });
    expect(repair[3].content).toContain('config.components.0.type: Unknown component type');
    expect(repair[3].content).toContain('config.theme.primaryColor: Primary color must be a hex colour such as #2563eb');
  });

  it('a design too large to save is sent back for repair, like any other invalid one', async () => {
    const { cookie, bot } = await ownerWithBot(BOT);
    const topics = Array.from({ length: 50 }, (_, i) => ({ id: `t${i}`, title: `Topic ${i}`, message: 'x'.repeat(900) }));
    const huge = { components: [0, 1].map((i) => ({ id: `grid-${i}`, type: 'topic_grid', props: { topics } })) };
    script.push(reply(huge), reply(design, 'Smaller.'));
    const before = requests.length;
    const res = await designer.generate.$post({ json: { prompt: 'Every topic you can think of', chatbotId: bot.guid } }, withCookie(cookie));
    expect(res.status).toBe(200);
    expect(uiDesignerResponseSchema.parse(await res.json()).explanation).toBe('Smaller.');
    expect(requests.length - before).toBe(2);
    expect(requests[before + 1].messages[3].content).toContain('config: homeScreenConfig is too large (at most 64 KB)');
  });

  it('answers 502 when the answer is still invalid after the repair (not JSON, then a bad config)', async () => {
    const { cookie, bot } = await ownerWithBot(BOT);
    script.push('Sure! Here is a lovely design.', reply({ components: [{ id: 'g', type: 'topic_grid', props: { topics: [{ id: 't' }] } }] }));
    const before = requests.length;
    const res = await designer.generate.$post({ json: { prompt: 'A harbour home', chatbotId: bot.guid } }, withCookie(cookie));
    expect(res.status).toBe(502);
    expect(await errorOf(res)).toEqual({ message: 'The AI designer could not produce a valid home screen. Please rephrase your request and try again.' });
    expect(requests.length - before).toBe(2);
    expect(requests[before + 1].messages[3].content).toContain('not valid JSON');
  });

  it("lists the bot's surveys in the brief and keeps a survey topic that starts one of them", async () => {
    const { cookie, bot } = await ownerWithBot(BOT);
    const feedback = await storedSurvey(bot.id, 'Feedback', 'active', 'How was your visit?');
    const draft = await storedSurvey(bot.id, 'Newsletter', 'draft');
    script.push(reply(withSurveyTopic(String(feedback)), 'A fees topic and a Rate us topic for the Feedback survey.'));
    const before = requests.length;
    const res = await designer.generate.$post({ json: { prompt: 'A harbour home with a topic for the feedback survey', chatbotId: bot.guid } }, withCookie(cookie));
    expect(res.status).toBe(200);
    const body = uiDesignerResponseSchema.parse(await res.json());
    // The stored id is a number, however the model wrote it.
    expect(surveyTopics(body.config)).toEqual([expect.objectContaining({ title: 'Rate us', surveyId: feedback })]);
    expect(body.explanation).toBe('A fees topic and a Rate us topic for the Feedback survey.');
    expect(requests.length - before).toBe(1);
    const system = requests[before].messages[0].content;
    expect(system).toContain(`The chatbot's surveys (id: name (status)):\n${feedback}: Feedback (active), titled "How was your visit?"\n${draft}: Newsletter (draft)`);
    expect(system).toContain('"surveyId" must be the number of one of the chatbot\'s surveys listed below');
  });

  it('a survey topic starting no survey of the bot goes back in the repair round; the corrected design is answered', async () => {
    const { cookie, bot } = await ownerWithBot(BOT);
    const feedback = await storedSurvey(bot.id, 'Feedback', 'active');
    script.push(reply(withSurveyTopic(999999)), reply(withSurveyTopic(feedback), 'Fixed the survey.'));
    const before = requests.length;
    const res = await designer.generate.$post({ json: { prompt: 'A harbour home with our survey', chatbotId: bot.guid } }, withCookie(cookie));
    expect(res.status).toBe(200);
    const body = uiDesignerResponseSchema.parse(await res.json());
    expect(surveyTopics(body.config)).toEqual([expect.objectContaining({ surveyId: feedback })]);
    expect(body.explanation).toBe('Fixed the survey.');
    expect(requests.length - before).toBe(2);
    expect(requests[before + 1].messages[3].content).toContain(`config.components.1.props.topics.1.surveyId: 999999 is not one of this bot's surveys: use one of ${feedback}`);
  });

  it('a survey topic still starting no survey of the bot after the repair is dropped with a note; a draft one is named', async () => {
    const { cookie, bot } = await ownerWithBot(BOT);
    const draft = await storedSurvey(bot.id, 'Newsletter', 'draft');
    const both = withSurveyTopic('nps');
    (both.components[1]!.props.topics as unknown[]).push({ id: 'news', title: 'Stay in touch', actionType: 'survey', surveyId: draft });
    script.push(reply(both), reply(both, 'Two survey topics.'));
    const res = await designer.generate.$post({ json: { prompt: 'A harbour home with surveys', chatbotId: bot.guid } }, withCookie(cookie));
    expect(res.status).toBe(200);
    const body = uiDesignerResponseSchema.parse(await res.json());
    expect(surveyTopics(body.config)).toEqual([expect.objectContaining({ title: 'Stay in touch', surveyId: draft })]);
    expect(body.explanation).toBe(
      `Two survey topics. I left out "Rate us": survey nps is not one of this bot's surveys. The "Newsletter" survey is still a draft, so visitors cannot start it until you activate it on the Surveys page.`,
    );
  });

  it('keeps the first design without the stray survey topic when the repair answer is unusable; a bot without surveys is told to make none', async () => {
    const { cookie, bot } = await ownerWithBot(BOT);
    script.push(reply(withSurveyTopic(7)), 'not json');
    const before = requests.length;
    const res = await designer.generate.$post({ json: { prompt: 'A harbour home with a survey', chatbotId: bot.guid } }, withCookie(cookie));
    expect(res.status).toBe(200);
    const body = uiDesignerResponseSchema.parse(await res.json());
    expect(surveyTopics(body.config)).toEqual([]);
    expect(body.config.components.map((c) => c.id)).toEqual(['hero', 'grid']);
    expect(body.explanation).toBe(`A header and one topic about fees. I left out "Rate us": survey 7 is not one of this bot's surveys.`);
    expect(requests[before].messages[0].content).toContain('The chatbot has no surveys yet, so make no survey topics');
    expect(requests[before + 1].messages[3].content).toContain("7 is not one of this bot's surveys: this bot has no surveys, so make no survey topic");
  });

  it('a model failure answers 502 with a JSON message', async () => {
    const { cookie, bot } = await ownerWithBot(BOT);
    script.push(null, null);
    const res = await designer.generate.$post({ json: { prompt: 'A harbour home', chatbotId: bot.guid } }, withCookie(cookie));
    expect(res.status).toBe(502);
    expect(await errorOf(res)).toEqual({ message: 'The AI model could not answer. Please try again.' });
  });
});
