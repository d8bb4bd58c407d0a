import { afterAll, describe, expect, it } from 'vitest';
import { serveScriptedOpenAI } from '../chat/testing/serveScriptedOpenAI';

type SentRequest = {
  model: string;
  response_format?: { type: string; json_schema?: { name: string; schema: { properties?: Record<string, unknown> } } };
  messages: { role: string; content: string }[];
};

const { script, requests, close } = await serveScriptedOpenAI<SentRequest>();

const { client, createUserAndCookie, errorOf, newBot, withCookie } = await import('../../../test/helpers');
const { uiDesignerResponseSchema } = await import('@parley/contracts/schemas');
const { withThemeColors } = await import('@parley/contracts');
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

async function ownerWithBot() {
  const { cookie } = await createUserAndCookie();
  const bot = await newBot(cookie, { name: 'Harbor Help', description: 'Answers questions about moorings.', model: 'gpt-4o-mini' });
  return { cookie, bot };
}

describe('UI designer with a model', () => {
  it("generate: sends the format, the bot, the owner's words and colours; answers the parsed config", async () => {
    const { cookie, bot } = await ownerWithBot();
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
    const { cookie, bot } = await ownerWithBot();
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
    const { cookie, bot } = await ownerWithBot();
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
    const { cookie, bot } = await ownerWithBot();
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
    const { cookie, bot } = await ownerWithBot();
    script.push('Sure! Here is a lovely design.', reply({ components: [{ id: 'g', type: 'topic_grid', props: { topics: [{ id: 't' }] } }] }));
    const before = requests.length;
    const res = await designer.generate.$post({ json: { prompt: 'A harbour home', chatbotId: bot.guid } }, withCookie(cookie));
    expect(res.status).toBe(502);
    expect(await errorOf(res)).toEqual({ message: 'The AI designer could not produce a valid home screen. Please rephrase your request and try again.' });
    expect(requests.length - before).toBe(2);
    expect(requests[before + 1].messages[3].content).toContain('not valid JSON');
  });

  it('a model failure answers 502 with a JSON message', async () => {
    const { cookie, bot } = await ownerWithBot();
    script.push(null, null);
    const res = await designer.generate.$post({ json: { prompt: 'A harbour home', chatbotId: bot.guid } }, withCookie(cookie));
    expect(res.status).toBe(502);
    expect(await errorOf(res)).toEqual({ message: 'The AI model could not answer. Please try again.' });
  });
});
