import { describe, expect, it, vi } from 'vitest';
import { SESSION_STORAGE_KEY } from '../lib/storage';
import { LIMIT_CONTACT_FORM_TITLE, type ChatMessage } from '@parley/contracts';
import { ApiError } from '../lib/api';
import { botMessage, controlledSse, FakeApi, json, sse } from '../test/fakeApi';
import { createChatController, FETCH_FAILED, SEND_FAILED, type ChatControllerOptions } from './ChatController';

const API = 'http://api.test';
const STREAM = /^\/api\/chat\/[^/]+\/messages\/stream$/;
const STORED = 'session_1700000000000_00112233445566778899aabbccddeeff';

const user = (content: string, id: string | number): ChatMessage => ({ id, sessionId: 's', content, sender: 'user', messageType: 'text', metadata: null, createdAt: '' });

/** A server that opens sessions, has no history and leaves every answer to the test's stream. */
function fakeApi() {
  const stream = controlledSse();
  const api = new FakeApi(API)
    .on('POST', '/api/chat/session', (c: { body: { sessionId: string } }) => json({ sessionId: c.body.sessionId }, 201))
    .on('GET', /^\/api\/chat\/[^/]+\/messages$/, [])
    .on('POST', STREAM, () => stream.response())
    .install();
  return { api, stream };
}

function controller(options: Partial<ChatControllerOptions> = {}) {
  const onError = vi.fn();
  const chat = createChatController({ apiUrl: API, chatbotRef: 'bot-guid', storageKey: SESSION_STORAGE_KEY, onError, ...options });
  return { chat, onError, state: () => chat.getSnapshot() };
}

/** A started chat with a message sent and its answer stream open. */
async function streaming(text = 'hi there') {
  const server = fakeApi();
  const c = controller();
  await c.chat.start();
  const sent = c.chat.send(text);
  await vi.waitFor(() => expect(server.api.callsTo('POST', STREAM)).toHaveLength(1));
  return { ...server, ...c, sent };
}

describe('ChatController', () => {
  it('creates a session kept in session storage, without fetching history for a new one', async () => {
    const { api } = fakeApi();
    const { chat, state } = controller();
    expect(state()).toMatchObject({ sessionId: null, status: 'idle', messages: [] });
    const started = chat.start();
    expect(state().status).toBe('loading');
    await started;
    const id = sessionStorage.getItem(SESSION_STORAGE_KEY)!;
    expect(id).toMatch(/^session_\d+_[0-9a-f]{32}$/);
    expect(state()).toMatchObject({ sessionId: id, status: 'idle' });
    expect(api.callsTo('POST', '/api/chat/session')[0]!.body).toEqual({ sessionId: id, chatbotConfigId: 'bot-guid' });
    expect(api.callsTo('GET', /messages$/)).toHaveLength(0);
    await chat.start();
    expect(api.callsTo('POST', '/api/chat/session')).toHaveLength(1);
  });

  it('resumes a stored session with its history, and replaces one the server refuses', async () => {
    sessionStorage.setItem(SESSION_STORAGE_KEY, STORED);
    const { api } = fakeApi();
    api.on('GET', `/api/chat/${STORED}/messages`, [botMessage('Earlier answer')]);
    const first = controller();
    await first.chat.start();
    expect(first.state().messages.map((m) => m.content)).toEqual(['Earlier answer']);

    api.on('POST', '/api/chat/session', (c: { body: { sessionId: string } }) => (c.body.sessionId === STORED ? json({}, 403) : json({}, 201)));
    const second = controller();
    await second.chat.start();
    expect(second.state().sessionId).not.toBe(STORED);
    expect(sessionStorage.getItem(SESSION_STORAGE_KEY)).toBe(second.state().sessionId);
    expect(second.onError).not.toHaveBeenCalled();
  });

  it('sends the test token when it creates a session, and on the stream call that may create one', async () => {
    const { api, stream } = fakeApi();
    const key = 'global-chat-session-id:test:bot-guid';
    const { chat, state } = controller({ storageKey: key, testToken: 'tok_123' });
    await chat.start();
    const id = state().sessionId!;
    expect(sessionStorage.getItem(key)).toBe(id);
    expect(sessionStorage.getItem(SESSION_STORAGE_KEY)).toBeNull();
    expect(api.callsTo('POST', '/api/chat/session')[0]!.body).toEqual({ sessionId: id, chatbotConfigId: 'bot-guid', testToken: 'tok_123' });
    const sent = chat.send('Testing');
    await vi.waitFor(() => expect(api.callsTo('POST', STREAM)).toHaveLength(1));
    expect(api.callsTo('POST', STREAM)[0]!.body).toEqual({ content: 'Testing', messageType: 'text', chatbotConfigId: 'bot-guid', testToken: 'tok_123' });
    stream.push({ type: 'end' });
    stream.close();
    await sent;
  });

  it('sends no testToken field for visitors', async () => {
    const { api, stream } = fakeApi();
    const { chat } = controller({ testToken: null });
    await chat.start();
    expect(api.callsTo('POST', '/api/chat/session')[0]!.body).not.toHaveProperty('testToken');
    const sent = chat.send('Hello');
    await vi.waitFor(() => expect(api.callsTo('POST', STREAM)).toHaveLength(1));
    expect(api.callsTo('POST', STREAM)[0]!.body).not.toHaveProperty('testToken');
    stream.push({ type: 'end' });
    stream.close();
    await sent;
  });

  it('reports a failed history fetch and shows its error text', async () => {
    sessionStorage.setItem(SESSION_STORAGE_KEY, STORED);
    const { api } = fakeApi();
    api.on('GET', `/api/chat/${STORED}/messages`, () => json({ message: 'boom' }, 500));
    const { chat, state, onError } = controller();
    await chat.start();
    expect(state()).toMatchObject({ status: 'idle', error: FETCH_FAILED });
    expect(onError.mock.calls[0]![0].message).toBe('500: {"message":"boom"}');
  });

  it('keeps one snapshot object until something changes, and tells subscribers of each change', async () => {
    fakeApi();
    const { chat } = controller();
    const listener = vi.fn();
    const unsubscribe = chat.subscribe(listener);
    const before = chat.getSnapshot();
    expect(chat.getSnapshot()).toBe(before);
    chat.setAnswer('m1', 'yes');
    expect(listener).toHaveBeenCalledTimes(1);
    const after = chat.getSnapshot();
    expect(after).not.toBe(before);
    expect(after.answers).toEqual({ m1: 'yes' });
    expect(before.answers).toEqual({});
    chat.setAnswer('m1', 'yes');
    expect(chat.getSnapshot()).toBe(after);
    expect(listener).toHaveBeenCalledTimes(1);
    unsubscribe();
    chat.setAnswer('m2', 1);
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it('appends delta tokens to the bubble being written, then replaces it with the bubble', async () => {
    const onMessage = vi.fn();
    const { stream, chat, state, sent } = await streaming();
    chat.setOptions({ apiUrl: API, chatbotRef: 'bot-guid', storageKey: SESSION_STORAGE_KEY, onMessage });
    expect(state().status).toBe('sending');
    stream.push({ type: 'delta', id: 5, content: 'Hel' });
    stream.push({ type: 'delta', id: 5, content: 'lo' });
    await vi.waitFor(() => expect(state().drafts).toEqual([{ id: '5', content: 'Hello' }]));
    expect(state().status).toBe('streaming');
    const bubble = botMessage('Hello!', { id: 5 });
    stream.push({ type: 'bubble', message: bubble });
    await vi.waitFor(() => expect(state().drafts).toEqual([]));
    expect(state().messages.map((m) => [m.content, m.live])).toEqual([
      ['hi there', undefined],
      ['Hello!', true],
    ]);
    expect(state().status).toBe('streaming');
    expect(onMessage).toHaveBeenCalledWith(bubble);
    stream.push({ type: 'complete', messages: [] });
    await vi.waitFor(() => expect(state().status).toBe('idle'));
    stream.push({ type: 'end' });
    stream.close();
    expect(await sent).toBe(true);
  });

  it('replaces the optimistic visitor message with the server copy instead of duplicating it', async () => {
    const { stream, state, sent } = await streaming('hi there');
    expect(state().messages.map((m) => [m.id, m.content, m.sender])).toEqual([['local-1', 'hi there', 'user']]);
    stream.push({ type: 'complete', messages: [user(' hi there ', 41), botMessage('Hello', { id: 42 })] });
    stream.close();
    await sent;
    expect(state().messages.map((m) => m.id)).toEqual([41, 42]);
  });

  it('replaces a bubble by id with its stored copy and keeps it live', async () => {
    const { stream, state, sent } = await streaming();
    stream.push({ type: 'bubble', message: botMessage('a', { id: 1 }) });
    stream.push({ type: 'complete', messages: [botMessage('b', { id: 1 })] });
    stream.close();
    await sent;
    const bot = state().messages.filter((m) => m.sender === 'bot');
    expect(bot).toHaveLength(1);
    expect(bot[0]).toMatchObject({ content: 'b', live: true });
  });

  it('turns limit_exceeded and chatbot_inactive into read-only state kept per session', async () => {
    vi.spyOn(Date, 'now').mockReturnValue(123);
    const { stream, chat, state, sent, api } = await streaming();
    stream.push({ type: 'delta', id: 'x', content: 'So far' });
    stream.push({ type: 'limit_exceeded', message: 'Limit reached', showContactForm: true, chatbotConfig: null });
    await vi.waitFor(() => expect(state().readOnly).toEqual({ since: 123, message: 'Limit reached', showContactForm: true }));
    expect(state().status).toBe('idle');
    expect(state().messages.map((m) => m.content)).toEqual(['hi there', 'So far']);
    expect(JSON.parse(sessionStorage.getItem(`chat-read-only:${state().sessionId}`)!)).toEqual({ since: 123, message: 'Limit reached', showContactForm: true });
    stream.close();
    await sent;
    expect(await chat.send('more')).toBe(false);
    await chat.submitChoice('m', { optionId: 'a', optionText: 'A' }, 'A');
    expect(api.callsTo('POST', STREAM)).toHaveLength(1);
    expect(api.callsTo('POST', /select-option$/)).toHaveLength(0);

    // Another tab's conversation (a fresh session) meets an inactive bot.
    sessionStorage.clear();
    const inactive = await streaming();
    inactive.stream.push({ type: 'chatbot_inactive', message: 'Disabled', showContactForm: false, chatbotConfig: null });
    await vi.waitFor(() => expect(inactive.state().readOnly?.showContactForm).toBe(false));
  });

  it('clears the read-only flag 30 minutes after it was set, and dispose stops that timer', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    sessionStorage.setItem(SESSION_STORAGE_KEY, STORED);
    sessionStorage.setItem(`chat-read-only:${STORED}`, JSON.stringify({ since: Date.now() - 10 * 60_000, message: 'Over', showContactForm: false }));
    fakeApi();
    const { chat, state } = controller();
    await chat.start();
    expect(state().readOnly?.message).toBe('Over');
    chat.dispose();
    await vi.advanceTimersByTimeAsync(20 * 60_000);
    expect(state().readOnly?.message).toBe('Over');
    await chat.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(state().readOnly).toBeNull();
    expect(sessionStorage.getItem(`chat-read-only:${STORED}`)).toBeNull();
  });

  it('shows stream errors and stops typing', async () => {
    const { stream, state, sent } = await streaming();
    stream.push({ type: 'error', message: 'Rate limited' });
    await vi.waitFor(() => expect(state()).toMatchObject({ status: 'idle', error: 'Rate limited' }));
    stream.close();
    await sent;
  });

  it('keeps text written so far when the stream ends without its bubble', async () => {
    const { stream, state, sent } = await streaming();
    stream.push({ type: 'delta', id: 'x', content: 'partial answer' });
    stream.push({ type: 'end' });
    stream.close();
    await sent;
    expect(state().messages.slice(1).map((m) => [m.id, m.content, m.sender])).toEqual([['x', 'partial answer', 'bot']]);
    expect(state().drafts).toEqual([]);
  });

  it('ignores unknown event types without a new snapshot', async () => {
    const { stream, chat, state } = await streaming();
    const listener = vi.fn();
    chat.subscribe(listener);
    stream.push({ type: 'future' });
    stream.push({ type: 'delta', id: 1, content: 'a' });
    await vi.waitFor(() => expect(state().drafts).toHaveLength(1));
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it('sends the instruction only when it differs, refuses a second send while one streams, and waits for the session', async () => {
    const { api, stream } = fakeApi();
    const { chat, state } = controller();
    void chat.start();
    const first = chat.send('  Billing?  ', 'Billing?');
    const second = chat.send('Again', 'The visitor asks again');
    expect(await second).toBe(false);
    await vi.waitFor(() => expect(api.callsTo('POST', STREAM)).toHaveLength(1));
    expect(api.callsTo('POST', STREAM)[0]!.body).toEqual({ content: 'Billing?', messageType: 'text', chatbotConfigId: 'bot-guid' });
    const id = state().sessionId;
    chat.refresh();
    expect(state()).toMatchObject({ sessionId: id, status: 'sending' });
    stream.close();
    expect(await first).toBe(true);
    expect(await chat.send('   ')).toBe(false);
    expect(api.callsTo('POST', '/api/chat/session')).toHaveLength(1);
  });

  it("shows a rate limit's own words, or the failure text, and reports the error", async () => {
    const { api } = fakeApi();
    const { chat, state, onError } = controller();
    await chat.start();
    api.on('POST', STREAM, () => json({ message: 'Please try again tomorrow.' }, 429));
    await chat.send('Hello?');
    expect(state()).toMatchObject({ status: 'idle', error: 'Please try again tomorrow.' });
    api.on('POST', STREAM, () => new Response('', { status: 502 }));
    await chat.send('Hello?');
    expect(state().error).toBe(SEND_FAILED);
    expect(onError).toHaveBeenCalledTimes(2);
  });

  it('aborts a running stream: the request signal aborts, no error shows, the text so far stays', async () => {
    const { api, stream, chat, state, sent, onError } = await streaming();
    stream.push({ type: 'delta', id: 9, content: 'Half an ans' });
    await vi.waitFor(() => expect(state().status).toBe('streaming'));
    chat.abort();
    expect(api.callsTo('POST', STREAM)[0]!.signal?.aborted).toBe(true);
    expect(state()).toMatchObject({ status: 'idle', error: null, drafts: [] });
    expect(state().messages.map((m) => m.content)).toEqual(['hi there', 'Half an ans']);
    expect(await sent).toBe(true);
    expect(stream.cancelled).toBe(true);
    expect(onError).not.toHaveBeenCalled();
    expect(state().error).toBeNull();

    // The server finished the answer meanwhile: the next start shows it.
    api.on('GET', /^\/api\/chat\/[^/]+\/messages$/, [user('hi there', 1), botMessage('Half an answer, finished.', { id: 9 })]);
    await chat.start();
    expect(state().messages.map((m) => m.content)).toEqual(['hi there', 'Half an answer, finished.']);
    await chat.start();
    expect(api.callsTo('GET', /messages$/)).toHaveLength(1);

    api.on('POST', STREAM, () => sse([{ type: 'bubble', message: botMessage('Next answer') }, { type: 'end' }]));
    expect(await chat.send('next')).toBe(true);
    expect(state().messages.at(-1)?.content).toBe('Next answer');
  });

  it('dispose aborts a running stream', async () => {
    const { api, chat, state, sent } = await streaming();
    chat.dispose();
    expect(api.callsTo('POST', STREAM)[0]!.signal?.aborted).toBe(true);
    await sent;
    expect(state()).toMatchObject({ status: 'idle', error: null });
  });

  it('refreshes into a new session unless a stream runs', async () => {
    const { api, stream, chat, state, sent } = await streaming();
    const first = state().sessionId;
    chat.refresh();
    expect(state().sessionId).toBe(first);
    stream.close();
    await sent;
    chat.setAnswer('m', 1);
    chat.refresh();
    await vi.waitFor(() => expect(state().status).toBe('idle'));
    expect(state().messages).toEqual([]);
    expect(state().answers).toEqual({});
    expect(state().sessionId).not.toBe(first);
    expect(api.callsTo('POST', '/api/chat/session')).toHaveLength(2);
  });

  it('records a menu choice, locks it at once, then sends it with the instruction for the bot', async () => {
    const { api } = fakeApi();
    api.on('POST', STREAM, () => sse([{ type: 'end' }])).on('POST', /select-option$/, { success: true });
    const { chat, state } = controller();
    await chat.start();
    const choosing = chat.selectOption('menu-1', { id: 'ship', text: 'Shipping', payload: { n: 1 } });
    await vi.waitFor(() => expect(state().answers['menu-1']).toBe('ship'));
    await choosing;
    expect(api.callsTo('POST', /select-option$/)[0]!.body).toEqual({ optionId: 'ship', optionText: 'Shipping', payload: { n: 1 } });
    expect(api.callsTo('POST', STREAM)[0]!.body).toMatchObject({
      content: 'Shipping',
      internalMessage: 'The visitor selected the menu option "Shipping" (option id "ship", payload {"n":1}).',
    });
    await chat.selectOption('menu-2', { id: 'q_other', text: 'Other' }, ' Returns ');
    expect(api.callsTo('POST', STREAM)[1]!.body).toMatchObject({ content: 'Returns', internalMessage: 'The visitor chose "Other" and wrote: Returns' });
    await chat.submitChoice('rating-1', { optionId: '5', optionText: '5 stars' }, 'Rated 5');
    expect(api.callsTo('POST', /select-option$/)[2]!.body).toEqual({ optionId: '5', optionText: '5 stars' });
    expect(api.callsTo('POST', STREAM)[2]!.body).toMatchObject({ content: 'Rated 5' });
  });

  it('names the message a choice belongs to and sends the words typed with Other apart', async () => {
    const { api } = fakeApi();
    api.on('POST', STREAM, () => sse([{ type: 'end' }])).on('POST', /select-option$/, { success: true });
    const { chat } = controller();
    await chat.start();
    const bodies = () => api.callsTo('POST', /select-option$/).map((c) => c.body);

    await chat.selectOption('12', { id: 'q_other', text: 'Other' }, ' A podcast ');
    expect(bodies()[0]).toEqual({ optionId: 'q_other', optionText: 'A podcast', otherText: 'A podcast', messageId: 12 });
    expect(api.callsTo('POST', STREAM)[0]!.body).toMatchObject({ content: 'A podcast', internalMessage: 'The visitor chose "Other" and wrote: A podcast' });

    await chat.selectOption('13', { id: 'price', text: 'Price' });
    expect(bodies()[1]).toEqual({ optionId: 'price', optionText: 'Price', messageId: 13 });

    // A chunk's key is `{id}:{chunk}`: the message is the one before the colon.
    await chat.submitChoice('34:1', { optionId: 'speed,q_other', optionText: 'Speed, Design', payload: ['speed', 'q_other'], otherText: ' Design ' }, 'Speed, Design');
    expect(bodies()[2]).toEqual({ optionId: 'speed,q_other', optionText: 'Speed, Design', payload: ['speed', 'q_other'], otherText: 'Design', messageId: 34 });

    // Messages the server has not stored yet (local ids, the welcome message) name none.
    await chat.submitChoice('local-3', { optionId: '4', optionText: '4', payload: 4 }, '4');
    await chat.submitChoice('welcome', { optionId: '5', optionText: '5', payload: 5 }, '5');
    expect(bodies().slice(3)).toEqual([
      { optionId: '4', optionText: '4', payload: 4 },
      { optionId: '5', optionText: '5', payload: 5 },
    ]);
  });

  it('posts bot forms and the limit contact form, answering how they went', async () => {
    const { api } = fakeApi();
    const { chat, onError } = controller();
    expect(await chat.submitContact({ name: 'Ada', email: 'a@b.co', message: 'Call me back' })).toBe('failed');
    await chat.start();
    const id = chat.getSnapshot().sessionId;
    api.on('POST', /submit-form$/, { success: true, messageId: 1 });
    expect(await chat.submitForm('f', 'Callback', [{ id: 'phone', label: 'Phone', value: '123' }])).toBe(true);
    expect(await chat.submitContact({ name: ' Ada ', email: 'a@b.co ', message: ' Call me back ' })).toBe('sent');
    expect(api.callsTo('POST', `/api/chat/${id}/submit-form`).map((c) => c.body)).toEqual([
      { formTitle: 'Callback', formData: [{ id: 'phone', label: 'Phone', value: '123' }] },
      {
        formTitle: LIMIT_CONTACT_FORM_TITLE,
        formData: [
          { id: 'name', label: 'Name', type: 'text', value: 'Ada' },
          { id: 'email', label: 'Email', type: 'email', value: 'a@b.co' },
          { id: 'message', label: 'Message', type: 'textarea', value: 'Call me back' },
        ],
      },
    ]);
    api.on('POST', /submit-form$/, () => json({ message: 'no' }, 400));
    expect(await chat.submitForm('f', 'Callback', [])).toBe(false);
    expect(await chat.submitContact({ name: 'Ada', email: 'a@b.co', message: 'Call me back' })).toBe('failed');
    api.on('POST', /submit-form$/, () => Promise.reject(new TypeError('Failed to fetch')));
    expect(await chat.submitContact({ name: 'Ada', email: 'a@b.co', message: 'Call me back' })).toBe('network');
    expect(onError).toHaveBeenCalledTimes(3);
  });

  describe('votes on answers', () => {
    const feedbackPath = (id: number) => `/api/chat/${STORED}/messages/${id}/feedback`;
    const answer = (id: number, extra: Partial<ChatMessage> = {}) =>
      ({ ...botMessage('Refunds are possible within 30 days.', { id, metadata: { answerStatus: 'answered' }, feedback: null }), sessionId: STORED, ...extra }) as ChatMessage;

    /** A resumed conversation whose history holds `history`; votes are answered by the test. */
    async function resumed(history: ChatMessage[]) {
      sessionStorage.setItem(SESSION_STORAGE_KEY, STORED);
      const { api } = fakeApi();
      api.on('GET', `/api/chat/${STORED}/messages`, history);
      const c = controller();
      await c.chat.start();
      const feedbackOf = (id: number) => c.state().messages.find((m) => m.id === id)?.feedback;
      return { api, ...c, feedbackOf };
    }

    /** Answers the feedback call for message `id` only when the test releases it. */
    function held(api: FakeApi, id: number) {
      const releases: ((res: Response) => void)[] = [];
      api.on('POST', feedbackPath(id), () => new Promise<Response>((resolve) => releases.push(resolve)));
      return releases;
    }

    it('shows the vote at once, posts it for the message, then marks it saved; a change of mind posts again', async () => {
      const { api, chat, state, feedbackOf } = await resumed([answer(41), answer(42, { feedback: 'up' })]);
      const releases = held(api, 41);
      const voting = chat.rateAnswer(41, 'down');
      expect(feedbackOf(41)).toBe('down');
      expect(state().answers['41:feedback']).toBe('saving');
      await vi.waitFor(() => expect(releases).toHaveLength(1));
      expect(api.callsTo('POST', feedbackPath(41)).map((c) => c.body)).toEqual([{ rating: 'down' }]);
      releases[0]!(json({ messageId: 41, rating: 'down' }));
      await voting;
      expect(feedbackOf(41)).toBe('down');
      expect(state().answers['41:feedback']).toBe('saved');
      expect(feedbackOf(42)).toBe('up');

      api.on('POST', feedbackPath(41), (c: { body: { rating: string } }) => json({ messageId: 41, rating: c.body.rating }));
      await chat.rateAnswer(41, 'up');
      expect(api.callsTo('POST', feedbackPath(41)).map((c) => c.body)).toEqual([{ rating: 'down' }, { rating: 'up' }]);
      expect(feedbackOf(41)).toBe('up');
      expect(state().answers['41:feedback']).toBe('saved');
    });

    it('ignores the vote a message already has, unknown messages and messages that take no votes', async () => {
      const greeting = { ...botMessage('Hello! How can I help?', { id: 50 }), sessionId: STORED };
      const question = { ...user('Can I get a refund?', 51), metadata: { answerStatus: 'answered' } } as ChatMessage;
      const { api, chat, state } = await resumed([answer(42, { feedback: 'up' }), greeting, question]);
      const before = state();
      await chat.rateAnswer(42, 'up');
      await chat.rateAnswer(50, 'up');
      await chat.rateAnswer(51, 'down');
      await chat.rateAnswer(999, 'down');
      expect(api.callsTo('POST', /\/feedback$/)).toEqual([]);
      expect(state()).toBe(before);
    });

    it('puts the earlier vote back when the call fails, reports it and marks it failed', async () => {
      const { api, chat, state, feedbackOf, onError } = await resumed([answer(42, { feedback: 'up' })]);
      api.on('POST', feedbackPath(42), () => json({ message: 'Message not found' }, 404));
      await chat.rateAnswer(42, 'down');
      expect(feedbackOf(42)).toBe('up');
      expect(state().answers['42:feedback']).toBe('failed');
      expect(onError.mock.calls[0]![0].message).toBe('404: {"message":"Message not found"}');

      api.on('POST', feedbackPath(42), (c: { body: { rating: string } }) => json({ messageId: 42, rating: c.body.rating }));
      await chat.rateAnswer(42, 'down');
      expect(feedbackOf(42)).toBe('down');
      expect(state().answers['42:feedback']).toBe('saved');
    });

    it('shows the outcome of the latest click only, falling back to the vote the server stored', async () => {
      const { api, chat, state, feedbackOf } = await resumed([answer(41)]);
      const releases = held(api, 41);
      const first = chat.rateAnswer(41, 'down');
      const second = chat.rateAnswer(41, 'up');
      await vi.waitFor(() => expect(releases).toHaveLength(2));
      releases[0]!(json({ messageId: 41, rating: 'down' }));
      await first;
      expect(feedbackOf(41)).toBe('up');
      expect(state().answers['41:feedback']).toBe('saving');
      releases[1]!(json({ message: 'boom' }, 500));
      await second;
      expect(feedbackOf(41)).toBe('down');
      expect(state().answers['41:feedback']).toBe('failed');
    });
  });
});

describe('verified identity', () => {
  const IDENTIFY = /^\/api\/chat\/[^/]+\/identify$/;
  const hash = (c: string) => c.repeat(64);
  const ada = { userId: 'user-1', name: 'Ada Lovelace', email: 'ada@example.com', userHash: hash('a') };
  const bob = { userId: 'user-2', name: 'Bob', userHash: hash('b') };

  /** The chat server, whose identify call answers `status` (200 verifies). */
  function identityApi(status = 200) {
    const server = fakeApi();
    server.api.on('POST', IDENTIFY, (c: { body: { userId: string } }) =>
      status === 200 ? json({ identified: true, userId: c.body.userId }) : json({ message: 'Identity verification failed', details: { reason: 'bad_user_hash' } }, status),
    );
    return server;
  }
  const identifyCalls = (api: FakeApi) => api.callsTo('POST', IDENTIFY);

  it('sends the identity once the session exists, never before start, and lends the form its name and email', async () => {
    const { api } = identityApi();
    const { chat, state, onError } = controller({ identity: ada });
    expect(state().identity).toEqual({ name: 'Ada Lovelace', email: 'ada@example.com' });
    await chat.identify(ada);
    expect(api.calls).toHaveLength(0);

    await chat.start();
    const id = state().sessionId!;
    await vi.waitFor(() => expect(identifyCalls(api)).toHaveLength(1));
    const [call] = identifyCalls(api);
    expect(call!.path).toBe(`/api/chat/${id}/identify`);
    expect(call!.body).toEqual({ userId: 'user-1', name: 'Ada Lovelace', email: 'ada@example.com', userHash: hash('a') });
    expect(call!.credentials).toBe('omit');
    // The session call went first.
    expect(api.calls.map((c) => c.path).indexOf('/api/chat/session')).toBeLessThan(api.calls.indexOf(call!));
    await vi.waitFor(() => expect(sessionStorage.getItem(`chat-verified-user:${id}`)).toBe('user-1'));
    expect(onError).not.toHaveBeenCalled();
  });

  it('does not send the same identity twice for one session, and sends a changed one', async () => {
    const { api } = identityApi();
    const { chat } = controller();
    await chat.start();
    await Promise.all([chat.identify(ada), chat.identify({ ...ada })]);
    await chat.identify(ada);
    expect(identifyCalls(api)).toHaveLength(1);
    await chat.identify({ ...ada, name: 'Ada King' });
    expect(identifyCalls(api).map((c) => (c.body as { name: string }).name)).toEqual(['Ada Lovelace', 'Ada King']);
  });

  it('identifies a session that is still starting once, after it is created', async () => {
    const { api } = identityApi();
    const { chat, state } = controller();
    const started = chat.start();
    const identified = chat.identify(ada);
    await Promise.all([started, identified]);
    await vi.waitFor(() => expect(identifyCalls(api)).toHaveLength(1));
    expect(identifyCalls(api)[0]!.path).toBe(`/api/chat/${state().sessionId}/identify`);
  });

  it.each([401, 409])('reports a %s refusal through onError and goes on chatting anonymously', async (status) => {
    const { api, stream } = identityApi(status);
    const { chat, state, onError } = controller({ identity: ada });
    await chat.start();
    await vi.waitFor(() => expect(onError).toHaveBeenCalledTimes(1));
    const error = onError.mock.calls[0]![0] as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error.status).toBe(status);
    expect(error.message).toMatch(new RegExp(`^${status}: `));
    expect(state()).toMatchObject({ status: 'idle', error: null });
    expect(sessionStorage.getItem(`chat-verified-user:${state().sessionId}`)).toBeNull();

    const sent = chat.send('Hello there');
    await vi.waitFor(() => expect(api.callsTo('POST', STREAM)).toHaveLength(1));
    stream.push({ type: 'end' });
    stream.close();
    expect(await sent).toBe(true);
    // A refusal would only be refused again: the same identity is not resent.
    await chat.identify(ada);
    expect(identifyCalls(api)).toHaveLength(1);
  });

  it('tries again after a call that did not get through', async () => {
    const { api } = identityApi(503);
    const { chat, onError } = controller({ identity: ada });
    await chat.start();
    await vi.waitFor(() => expect(onError).toHaveBeenCalledTimes(1));
    api.on('POST', IDENTIFY, (c: { body: { userId: string } }) => json({ identified: true, userId: c.body.userId }));
    await chat.identify(ada);
    expect(identifyCalls(api)).toHaveLength(2);
  });

  it('starts a new conversation for another user than the one the session was verified for', async () => {
    const { api } = identityApi();
    const { chat, state } = controller({ identity: ada });
    await chat.start();
    const first = state().sessionId!;
    await vi.waitFor(() => expect(sessionStorage.getItem(`chat-verified-user:${first}`)).toBe('user-1'));

    await chat.identify(bob);
    await vi.waitFor(() => expect(identifyCalls(api)).toHaveLength(2));
    const second = state().sessionId!;
    expect(second).not.toBe(first);
    expect(sessionStorage.getItem(SESSION_STORAGE_KEY)).toBe(second);
    expect(api.callsTo('POST', '/api/chat/session').map((c) => (c.body as { sessionId: string }).sessionId)).toEqual([first, second]);
    expect(identifyCalls(api)[1]!).toMatchObject({ path: `/api/chat/${second}/identify`, body: { userId: 'user-2', name: 'Bob', userHash: hash('b') } });
    expect(state().identity).toEqual({ name: 'Bob' });
    expect(state().messages).toEqual([]);
  });

  it('does not reopen, after a reload, a stored conversation verified for another user', async () => {
    sessionStorage.setItem(SESSION_STORAGE_KEY, STORED);
    sessionStorage.setItem(`chat-verified-user:${STORED}`, 'user-1');
    const { api } = identityApi();
    api.on('GET', `/api/chat/${STORED}/messages`, [botMessage('What Ada asked before')]);
    const { chat, state } = controller({ identity: bob });
    await chat.start();
    expect(state().sessionId).not.toBe(STORED);
    expect(api.callsTo('GET', /messages$/)).toHaveLength(0);
    expect(state().messages).toEqual([]);
    await vi.waitFor(() => expect(identifyCalls(api)).toHaveLength(1));
    expect(identifyCalls(api)[0]!.path).toBe(`/api/chat/${state().sessionId}/identify`);

    // The same user is welcome back to their own conversation.
    sessionStorage.setItem(SESSION_STORAGE_KEY, STORED);
    const again = controller({ identity: ada });
    await again.chat.start();
    expect(again.state().sessionId).toBe(STORED);
    expect(again.state().messages.map((m) => m.content)).toEqual(['What Ada asked before']);
  });

  it('forgets a removed identity: a verified conversation is left for a new, anonymous one', async () => {
    const { api } = identityApi();
    const { chat, state } = controller({ identity: ada });
    await chat.start();
    const first = state().sessionId!;
    await vi.waitFor(() => expect(sessionStorage.getItem(`chat-verified-user:${first}`)).toBe('user-1'));
    await chat.identify(null);
    expect(state().sessionId).not.toBe(first);
    expect(state().identity).toBeNull();
    expect(api.callsTo('POST', '/api/chat/session')).toHaveLength(2);
    expect(identifyCalls(api)).toHaveLength(1);

    // An anonymous conversation (never verified) stays as it is.
    const second = state().sessionId;
    await chat.identify(null);
    expect(state().sessionId).toBe(second);
    expect(api.callsTo('POST', '/api/chat/session')).toHaveLength(2);
  });

  it('keeps the identity for a refreshed conversation and verifies that one too', async () => {
    const { api } = identityApi();
    const { chat, state } = controller({ identity: ada });
    await chat.start();
    await vi.waitFor(() => expect(identifyCalls(api)).toHaveLength(1));
    chat.refresh();
    await vi.waitFor(() => expect(identifyCalls(api)).toHaveLength(2));
    expect(identifyCalls(api)[1]!.path).toBe(`/api/chat/${state().sessionId}/identify`);
    expect(state().identity).toEqual({ name: 'Ada Lovelace', email: 'ada@example.com' });
  });
});
