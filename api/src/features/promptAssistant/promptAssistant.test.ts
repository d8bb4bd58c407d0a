import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { PromptAssistantRequest } from '@parley/contracts';
import { promptAssistantResponseSchema } from '@parley/contracts/schemas';

// Offline: no OPENAI_API_KEY (the test setup removes it), so the deterministic writer answers.
const { client, createUserAndCookie, errorOf, newBot, untyped, validationErrorOf, withCookie } = await import('../../../test/helpers');
const { waitForIdle } = await import('../sources/sources.service');
const { PROMPT_ASSISTANT_PER_MINUTE } = await import('./promptAssistant.routes');

const { chatbots } = client.api;
const assistant = chatbots[':guid']['prompt-assistant'];

const context = { chatbotName: 'Harbor Help', description: 'Answers questions about moorings and harbour fees.', currentPrompt: '' };

async function ask(cookie: string, guid: string, json: PromptAssistantRequest) {
  const res = await assistant.$post({ param: { guid }, json }, withCookie(cookie));
  return { status: res.status, body: res.status === 200 ? promptAssistantResponseSchema.parse(await res.json()) : await errorOf(res) };
}

const bubblesOf = (body: unknown) => {
  const reply = promptAssistantResponseSchema.parse(body);
  if (!('bubbles' in reply)) throw new Error('expected bubbles');
  return reply.bubbles.map((b) => b.content);
};

describe('POST /api/chatbots/{guid}/prompt-assistant (offline)', () => {
  it('on the create page ("new-chatbot") writes a prompt from the context alone', async () => {
    const { cookie } = await createUserAndCookie();
    const { status, body } = await ask(cookie, 'new-chatbot', { action: 'generate', context, userMessage: 'be formal' });
    expect(status).toBe(200);
    const [prompt, note] = bubblesOf(body);
    expect(prompt.split('\n')[0]).toBe('You are Harbor Help, the support assistant for Harbor. You answer questions about moorings and harbour fees.');
    expect(prompt).toContain('- Be formal.');
    expect(prompt).toContain('Answer from the knowledge about Harbor that is provided to you with each question.');
    expect(note).toBe(
      "Written offline from the bot's name, its description and your instructions. Review it before you save: it is a draft built from your details, and no AI model was involved.",
    );
  });

  it("uses the titles of the bot's trained sources, not failed ones, and the stored name when the form's is blank", async () => {
    const { cookie } = await createUserAndCookie();
    const bot = await newBot(cookie, { name: 'Marina Desk', description: 'Moorings and fuel.' });
    const sources = chatbots[':chatbotId']['website-sources'];
    const text = await sources.$post(
      { param: { chatbotId: bot.guid }, json: { sourceType: 'text', title: 'Mooring rates', textContent: 'A mooring costs 40 euros a night in the east harbour.' } },
      withCookie(cookie),
    );
    const site = await sources.$post({ param: { chatbotId: bot.guid }, json: { sourceType: 'website', url: 'http://127.0.0.1:9/', maxPages: 1 } }, withCookie(cookie));
    expect([text.status, site.status]).toEqual([201, 201]);
    await waitForIdle();

    const { status, body } = await ask(cookie, bot.guid, { action: 'generate', context: { chatbotName: '', description: '', currentPrompt: '' }, userMessage: '' });
    expect(status).toBe(200);
    const [prompt] = bubblesOf(body);
    expect(prompt).toContain('You are Marina Desk, the support assistant for Marina. You help visitors with moorings and fuel.');
    expect(prompt).toContain('- Answer from the knowledge you were given: "Mooring rates".');
    expect(prompt).not.toContain('127.0.0.1');
  });

  it('improves the current prompt without losing a sentence', async () => {
    const { cookie } = await createUserAndCookie();
    const bot = await newBot(cookie);
    const currentPrompt = 'You are the harbour master’s helper. Never promise a berth. Quote fees in euros.';
    const { status, body } = await ask(cookie, bot.guid, { action: 'improve', context: { ...context, currentPrompt }, userMessage: '' });
    expect(status).toBe(200);
    const [prompt, note] = bubblesOf(body);
    for (const sentence of ['You are the harbour master’s helper.', 'Never promise a berth.', 'Quote fees in euros.']) expect(prompt).toContain(sentence);
    expect(prompt).toContain('Handing off to a person:');
    expect(note).toMatch(/^Kept all 3 sentences of your prompt and arranged them into sections\./);
  });

  it('answers a chat question with content and applies a requested change as an improvement', async () => {
    const { cookie } = await createUserAndCookie();
    const question = await ask(cookie, 'new-chatbot', { action: 'chat', context, userMessage: 'Hello, what can you do?' });
    expect(question.status).toBe(200);
    expect(question.body).toMatchObject({ action: 'chat', content: expect.stringContaining('This is the offline prompt assistant') });

    const change = await ask(cookie, 'new-chatbot', { action: 'chat', context: { ...context, currentPrompt: 'You help sailors.' }, userMessage: 'make it more formal' });
    expect(change.body).toMatchObject({ action: 'improve' });
    expect(bubblesOf(change.body)[0]).toContain('- Be more formal.');
  });

  it('refuses bad input with 400 and the problem per field', async () => {
    const { cookie } = await createUserAndCookie();
    const send = (json: unknown) => assistant.$post({ param: { guid: 'new-chatbot' }, json: untyped<PromptAssistantRequest>(json) }, withCookie(cookie));

    const improveEmpty = await validationErrorOf(await send({ action: 'improve', context, userMessage: '' }));
    expect(improveEmpty.message).toBe('There is no current prompt to improve. Write one or use Generate first.');
    expect(improveEmpty.details.fieldErrors).toEqual({ context: ['There is no current prompt to improve. Write one or use Generate first.'] });

    const chatEmpty = await validationErrorOf(await send({ action: 'chat', context, userMessage: '   ' }));
    expect(chatEmpty.details.fieldErrors).toEqual({ userMessage: ['Write a message for the assistant'] });

    const badAction = await send({ action: 'rewrite', context, userMessage: '' });
    expect(badAction.status).toBe(400);
    expect((await validationErrorOf(badAction)).details.fieldErrors.action).toEqual(['action must be one of generate, improve, chat']);

    const tooLong = await validationErrorOf(await send({ action: 'generate', context: { ...context, currentPrompt: 'x'.repeat(20001) }, userMessage: '' }));
    expect(tooLong.message).toBe('Current prompt must be at most 20000 characters');
    const longMessage = await validationErrorOf(await send({ action: 'chat', context, userMessage: 'y'.repeat(2001) }));
    expect(longMessage.details.fieldErrors).toEqual({ userMessage: ['Message must be at most 2000 characters'] });
    expect((await send({ action: 'generate', userMessage: '' })).status).toBe(400);
  });

  it("answers 404 for another owner's bot or a missing one, and 401 without a sign-in", async () => {
    const a = await createUserAndCookie();
    const b = await createUserAndCookie();
    const bot = await newBot(a.cookie);
    const foreign = await ask(b.cookie, bot.guid, { action: 'generate', context, userMessage: '' });
    const missing = await ask(b.cookie, randomUUID(), { action: 'generate', context, userMessage: '' });
    expect([foreign.status, missing.status]).toEqual([404, 404]);
    expect(foreign.body).toEqual(missing.body);
    const anonymous = await assistant.$post({ param: { guid: 'new-chatbot' }, json: { action: 'generate', context, userMessage: '' } });
    expect(anonymous.status).toBe(401);
  });

  it('limits each owner to a modest number of requests a minute', async () => {
    const a = await createUserAndCookie();
    const b = await createUserAndCookie();
    const call = (cookie: string) => ask(cookie, 'new-chatbot', { action: 'generate', context, userMessage: '' });
    for (let i = 0; i < PROMPT_ASSISTANT_PER_MINUTE; i++) expect((await call(a.cookie)).status).toBe(200);
    const res = await assistant.$post({ param: { guid: 'new-chatbot' }, json: { action: 'generate', context, userMessage: '' } }, withCookie(a.cookie));
    expect(res.status).toBe(429);
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await errorOf(res)).message).toBe('Too many prompt assistant requests. Please wait a moment and try again.');
    // Another owner is not slowed down by the first one.
    expect((await call(b.cookie)).status).toBe(200);
  });
});
