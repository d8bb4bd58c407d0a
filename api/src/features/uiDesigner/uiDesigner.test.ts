import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { UiDesignerRequest } from '@parley/contracts';
import { homeScreenConfigSchema, uiDesignerResponseSchema } from '@parley/contracts/schemas';

// Offline: no OPENAI_API_KEY (the test setup removes it), so the offline designer answers.
const { client, createUserAndCookie, errorOf, newBot, untyped, withCookie } = await import('../../../test/helpers');
const { UI_DESIGNER_PER_MINUTE } = await import('./uiDesigner.routes');

const designer = client.api['ui-designer'];
const current = { components: [{ id: 'welcome', type: 'header' as const, props: { title: 'Welcome' } }] };

async function ownerWithBot() {
  const { cookie } = await createUserAndCookie();
  const bot = await newBot(cookie, { name: 'Harbor Help' });
  return { cookie, bot };
}

const generate = (cookie: string, json: UiDesignerRequest) => designer.generate.$post({ json }, withCookie(cookie));
const modify = (cookie: string, json: UiDesignerRequest) => designer.modify.$post({ json }, withCookie(cookie));

describe('POST /api/ui-designer/generate and /modify (offline)', () => {
  it('generate answers a valid config and an explanation, by guid or numeric id', async () => {
    const { cookie, bot } = await ownerWithBot();
    for (const chatbotId of [bot.guid, bot.id]) {
      const res = await generate(cookie, { prompt: 'A support center with billing and sales topics', chatbotId });
      expect(res.status).toBe(200);
      const body = uiDesignerResponseSchema.parse(await res.json());
      expect(homeScreenConfigSchema.safeParse(body.config).success).toBe(true);
      expect(body.config.components.length).toBeGreaterThan(0);
      expect(body.explanation.trim()).not.toBe('');
    }
  });

  it('modify with a current config answers a valid config', async () => {
    const { cookie, bot } = await ownerWithBot();
    const res = await modify(cookie, { prompt: 'Add a footer', currentConfig: current, chatbotId: bot.guid });
    expect(res.status).toBe(200);
    expect(homeScreenConfigSchema.safeParse(uiDesignerResponseSchema.parse(await res.json()).config).success).toBe(true);
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
