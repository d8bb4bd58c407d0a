import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LONG_ANSWER, serveFakeOpenAI } from './testing/fakeOpenAI';

// The real `openai` SDK, over HTTP, against a local OpenAI-compatible server.
const fake = await serveFakeOpenAI();
const kit = await import('./testing/chatKit');
const { client, newBot, openSession, streamMessage, getMessages, completeMessages, train, owner, KNOWLEDGE } = kit;
const chat = client.api.chat;

let bot: Awaited<ReturnType<typeof newBot>>;

beforeAll(async () => {
  const o = await owner();
  bot = await newBot(o.cookie, {
    name: 'Model bot',
    model: 'gpt-4o-mini',
    temperature: 3,
    maxTokens: 321,
    systemPrompt: 'You are the Acme kettle assistant.',
    fallbackMessage: 'No idea, sorry.',
  });
  await train(bot.id, KNOWLEDGE);
});

afterAll(() => fake.close());

describe('OpenAI-compatible model', () => {
  it('streams the model tokens as delta events and stores the answer', async () => {
    const sessionId = await openSession(bot.guid);
    const before = fake.requests.length;
    const { events } = await streamMessage(sessionId, { content: 'How do I get a refund?' });
    const deltas = events.filter((e) => e.type === 'delta');
    expect(deltas.map((e) => (e.type === 'delta' ? e.content : ''))).toEqual(['Hello', ' from', ' the', ' model.']);
    const [, answer] = completeMessages(events);
    expect(deltas.every((e) => e.type === 'delta' && e.id === answer.id)).toBe(true);
    expect(answer.content).toBe('Hello from the model.');
    expect(answer.metadata?.sources).toContainEqual({ title: 'Refund policy', url: null });
    expect(events.slice(-3).map((e) => e.type)).toEqual(['bubble', 'complete', 'end']);

    const sent = fake.requests[before];
    expect(sent).toMatchObject({ model: 'gpt-4o-mini', temperature: 0.3, max_tokens: 321, stream: true });
    expect(sent.tools?.map((t) => t.function.name)).toEqual(['show_quick_replies', 'request_contact_details']);
    const system = sent.messages[0].content;
    expect(sent.messages[0].role).toBe('system');
    expect(system).toContain('You are the Acme kettle assistant.');
    expect(system).toContain('full refund within 30 days');
    expect(system).toContain('No idea, sorry.');
    expect(sent.messages.at(-1)).toEqual({ role: 'user', content: 'How do I get a refund?' });
  });

  it('sends the earlier conversation as history and the instruction behind a menu choice', async () => {
    const sessionId = await openSession(bot.guid);
    await streamMessage(sessionId, { content: 'Hi there' });
    const before = fake.requests.length;
    await streamMessage(sessionId, { content: 'Shipping', internalMessage: 'Explain shipping times and costs.' });
    const sent = fake.requests[before];
    expect(sent.messages.slice(1, 3)).toEqual([
      { role: 'user', content: 'Hi there' },
      { role: 'assistant', content: 'Hello from the model.' },
    ]);
    expect(sent.messages.at(-1)?.content).toContain('Explain shipping times and costs.');
    expect(sent.messages[0].content).toContain('Standard shipping takes 3 to 5 days');
    const stored = await getMessages(sessionId);
    expect(stored.filter((m) => m.sender === 'user').map((m) => m.content)).toEqual(['Hi there', 'Shipping']);
  });

  it('splits a long answer into bubbles revealed 0 ms then 800 ms apart', async () => {
    const sessionId = await openSession(bot.guid);
    const { events } = await streamMessage(sessionId, { content: 'Which kettle sizes do you have? [long]' });
    const paragraphs = LONG_ANSWER.split('\n\n');
    const chunks = paragraphs.map((content, i) => ({ content, messageType: 'text', delay: i === 0 ? 0 : 800 }));
    const deltas = events.flatMap((e) => (e.type === 'delta' ? [e.content] : []));
    expect(deltas.length).toBeGreaterThan(50);
    expect(deltas.join('')).toBe(LONG_ANSWER);

    // The bubble event asks the widget to reveal the chunks one by one...
    const bubble = events.find((e) => e.type === 'bubble');
    if (bubble?.type !== 'bubble') throw new Error('no bubble event');
    expect(bubble.message.content).toBe(LONG_ANSWER);
    expect(bubble.message.metadata).toMatchObject({ chunks, isStreaming: true, streamingComplete: false });
    // ...while complete and the stored copy show them all at once.
    const [, answer] = completeMessages(events);
    expect(answer.metadata).toMatchObject({ chunks, isStreaming: false, streamingComplete: true });
    const [, stored] = await getMessages(sessionId);
    expect(stored).toEqual(answer);
  });

  it('turns a show_quick_replies tool call into quick replies', async () => {
    const sessionId = await openSession(bot.guid);
    const [, answer] = completeMessages((await streamMessage(sessionId, { content: 'What can you do? [tool:quick]' })).events);
    expect(answer).toMatchObject({
      content: 'Here are some options.',
      messageType: 'quickReplies',
      metadata: { quickReplies: ['Pricing', 'Talk to sales'] },
    });
  });

  it('turns a request_contact_details tool call into a form message', async () => {
    const sessionId = await openSession(bot.guid);
    const messages = completeMessages((await streamMessage(sessionId, { content: 'Please call me back [tool:form]' })).events);
    const form = messages.find((m) => m.messageType === 'form');
    expect(form).toMatchObject({
      sender: 'bot',
      content: 'Leave your details and our team will call you.',
      metadata: { title: expect.any(String), formFields: [{ id: 'name' }, { id: 'email' }, { id: 'message' }] },
    });
  });

  it('reports a model error as an error event and keeps the visitor message', async () => {
    const sessionId = await openSession(bot.guid);
    const { status, events } = await streamMessage(sessionId, { content: 'Break please [error]' });
    expect(status).toBe(200);
    expect(events).toEqual([{ type: 'error', message: expect.stringContaining('Please try again') }, { type: 'end' }]);
    expect(JSON.stringify(events)).not.toContain('model exploded');
    expect((await getMessages(sessionId)).map((m) => m.sender)).toEqual(['user']);
  });

  it('keeps writing the answer when the visitor disconnects mid-stream', async () => {
    const sessionId = await openSession(bot.guid);
    const controller = new AbortController();
    const res = await chat[':sessionId'].messages.stream.$post(
      { param: { sessionId }, json: { content: 'Tell me a long story [slow]', messageType: 'text' } },
      { init: { signal: controller.signal } },
    );
    const reader = res.body!.getReader();
    let text = '';
    while (!text.includes('"type":"delta"')) {
      const { value } = await reader.read();
      text += new TextDecoder().decode(value);
    }
    await reader.cancel();
    controller.abort();

    // Already stored while streaming: the visitor message and the answer so far.
    const partial = await getMessages(sessionId);
    expect(partial.map((m) => m.sender)).toEqual(['user', 'bot']);
    expect(partial[1].content).toMatch(/^word0/);

    // The turn runs to its end without a listener. The last words can be saved before the
    // final save marks the answer complete, so wait for that mark.
    let final = partial;
    for (let i = 0; i < 100 && !final[1].metadata?.streamingComplete; i++) {
      await new Promise((r) => setTimeout(r, 50));
      final = await getMessages(sessionId);
    }
    expect(final[1].content.trim().split(' ')).toHaveLength(30);
    expect(final[1].metadata).toMatchObject({ streamingComplete: true });
  });

  it('returns the appended messages from the non-streamed send', async () => {
    const sessionId = await openSession(bot.guid);
    const res = await chat[':sessionId'].messages.$post({ param: { sessionId }, json: { content: 'Hello model', messageType: 'text' } });
    expect(res.status).toBe(200);
    const messages = await res.json();
    expect(messages.map((m) => m.content)).toEqual(['Hello model', 'Hello from the model.']);
  });
});
