import { afterAll, describe, expect, it } from 'vitest';
import { serveScriptedOpenAI } from '../chat/testing/serveScriptedOpenAI';

type SentRequest = { model: string; stream?: boolean; messages: { role: string; content: string }[] };

const { script, requests, close } = await serveScriptedOpenAI<SentRequest>();

const { client, createUserAndCookie, errorOf, newBot, withCookie } = await import('../../../test/helpers');
const { promptAssistantResponseSchema } = await import('@parley/contracts/schemas');
const assistant = client.api.chatbots[':guid']['prompt-assistant'];

afterAll(close);

const context = { chatbotName: 'Harbor Help', description: 'Answers questions about moorings.', currentPrompt: 'You help sailors. Never promise a berth.' };

describe('prompt assistant with a model', () => {
  it('sends a prompt-engineer brief with the bot, its prompt and the conversation; the first bubble is the marked prompt', async () => {
    const { cookie } = await createUserAndCookie();
    const bot = await newBot(cookie, { model: 'gpt-4o-mini' });
    script.push(
      [
        'Here is a clearer version.',
        '<<<SYSTEM_PROMPT>>>',
        '```',
        'You are Harbor Help, the assistant of the harbour office.',
        'Never promise a berth.',
        '```',
        '<<<END_SYSTEM_PROMPT>>>',
        'I kept your rule about berths.',
        '',
        'You could add opening hours.',
      ].join('\n'),
    );
    const before = requests.length;
    const res = await assistant.$post(
      {
        param: { guid: bot.guid },
        json: { action: 'improve', context, userMessage: 'be formal', history: [{ role: 'user', content: 'Hi' }, { role: 'assistant', content: 'Hello!' }] },
      },
      withCookie(cookie),
    );
    expect(res.status).toBe(200);
    expect(promptAssistantResponseSchema.parse(await res.json())).toEqual({
      action: 'improve',
      bubbles: [
        { content: 'You are Harbor Help, the assistant of the harbour office.\nNever promise a berth.' },
        { content: 'Here is a clearer version.' },
        { content: 'I kept your rule about berths.' },
        { content: 'You could add opening hours.' },
      ],
    });

    const sent = requests[before];
    expect(sent.model).toBe('gpt-4o-mini');
    expect(sent.stream).toBeFalsy();
    const [system, ...rest] = sent.messages;
    expect(system.role).toBe('system');
    expect(system.content).toContain('You are an expert prompt engineer.');
    expect(system.content).toContain('Name: Harbor Help');
    expect(system.content).toContain('Description: Answers questions about moorings.');
    expect(system.content).toContain('"""\nYou help sailors. Never promise a berth.\n"""');
    expect(system.content).toContain('<<<SYSTEM_PROMPT>>>');
    expect(rest).toEqual([
      { role: 'user', content: 'Hi' },
      { role: 'assistant', content: 'Hello!' },
      { role: 'user', content: 'Improve the current system prompt: keep every instruction it contains, organise it clearly and add what is missing.\nMy instructions: be formal' },
    ]);
  });

  it('chat: a plain answer comes back as content; on the create page the default model is used', async () => {
    const { cookie } = await createUserAndCookie();
    script.push('A good prompt names the business and says when to hand over to a person.');
    const before = requests.length;
    const res = await assistant.$post({ param: { guid: 'new-chatbot' }, json: { action: 'chat', context, userMessage: 'What makes a good prompt?' } }, withCookie(cookie));
    expect(await res.json()).toEqual({ action: 'chat', content: 'A good prompt names the business and says when to hand over to a person.' });
    expect(requests[before].model).toBe('gpt-4.1');
    expect(requests[before].messages.at(-1)).toEqual({ role: 'user', content: 'What makes a good prompt?' });
  });

  it('generate without a marked prompt is a chat answer, never a prompt to apply; an empty answer is empty content', async () => {
    const { cookie } = await createUserAndCookie();
    script.push('I need to know what the business does first.', '', 'I could not write it.\n<<<SYSTEM_PROMPT>>>\n```\n```\n<<<END_SYSTEM_PROMPT>>>\nTell me about your opening hours.');
    const send = () => assistant.$post({ param: { guid: 'new-chatbot' }, json: { action: 'generate', context, userMessage: '' } }, withCookie(cookie));
    expect(await (await send()).json()).toEqual({ action: 'chat', content: 'I need to know what the business does first.' });
    expect(await (await send()).json()).toEqual({ action: 'chat', content: '' });
    // Markers around nothing: the notes are an answer, not a system prompt.
    expect(await (await send()).json()).toEqual({ action: 'chat', content: 'I could not write it.\n\nTell me about your opening hours.' });
  });

  it("uses the form's model, else the stored bot's, and refuses a model the chatbot form would refuse", async () => {
    const { cookie } = await createUserAndCookie();
    const bot = await newBot(cookie, { model: 'gpt-4o-mini' });
    const sentModel = async (guid: string, model?: string) => {
      script.push('Just a remark.');
      const before = requests.length;
      const res = await assistant.$post({ param: { guid }, json: { action: 'chat', context: { ...context, model }, userMessage: 'Hi' } }, withCookie(cookie));
      expect(res.status).toBe(200);
      return requests[before].model;
    };
    expect(await sentModel('new-chatbot', 'gpt-4o')).toBe('gpt-4o');
    expect(await sentModel(bot.guid, 'gpt-4.1')).toBe('gpt-4.1');
    expect(await sentModel(bot.guid)).toBe('gpt-4o-mini');
    const bad = await assistant.$post({ param: { guid: bot.guid }, json: { action: 'chat', context: { ...context, model: ' ' }, userMessage: 'Hi' } }, withCookie(cookie));
    expect(bad.status).toBe(400);
    expect((await errorOf(bad)).message).toBe('Model is required');
  });

  it('caps the history the model sees: each turn cut to 4000 characters, the oldest dropped beyond 8000', async () => {
    const { cookie } = await createUserAndCookie();
    script.push('Noted.');
    const before = requests.length;
    const history = Array.from({ length: 12 }, (_, i) => ({ role: i % 2 ? ('assistant' as const) : ('user' as const), content: `${i}`.padEnd(5000, 'x') }));
    history[11] = { role: 'assistant', content: 'short' };
    const res = await assistant.$post({ param: { guid: 'new-chatbot' }, json: { action: 'chat', context, userMessage: 'Hi', history } }, withCookie(cookie));
    expect(res.status).toBe(200);
    const [, ...turns] = requests[before].messages;
    expect(turns.map((t) => [t.role, t.content.length, t.content.slice(0, 2)])).toEqual([
      ['user', 4000, '10'],
      ['assistant', 5, 'sh'],
      ['user', 2, 'Hi'],
    ]);
    expect(turns[0].content.endsWith('x…')).toBe(true);
  });

  it('a model failure answers 502 with a JSON message', async () => {
    const { cookie } = await createUserAndCookie();
    script.push(null, null);
    const res = await assistant.$post({ param: { guid: 'new-chatbot' }, json: { action: 'generate', context, userMessage: '' } }, withCookie(cookie));
    expect(res.status).toBe(502);
    expect(await errorOf(res)).toEqual({ message: 'The AI model could not answer. Please try again.' });
  });
});
