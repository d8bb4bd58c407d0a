import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { READ_ONLY_PLACEHOLDER } from '../chat/Composer';
import { SESSION_STORAGE_KEY } from '../lib/storage';
import { LIMIT_CONTACT_FORM_TITLE, type PublicChatbotConfig } from '@parley/contracts';
import { botConfig, botMessage, controlledSse, FakeApi, json, sse } from '../test/fakeApi';
import { createCommandChannel } from '../renderer/commandChannel';
import { CLOSE_ANIMATION_MS } from './useOpenState';
import { WidgetRoot } from './WidgetRoot';

const API = 'http://api.test';
const CONFIG_PATH = '/api/public/chatbots/bot-guid';
const STREAM = /^\/api\/chat\/[^/]+\/messages\/stream$/;

/** A fake Parley API with a bot, sessions and an answer that echoes the question. */
function fakeApi(config: Partial<PublicChatbotConfig> = {}) {
  return new FakeApi(API)
    .on('GET', CONFIG_PATH, botConfig(config))
    .on('POST', '/api/chat/session', (c: { body: { sessionId: string } }) => json({ sessionId: c.body.sessionId }, 201))
    .on('GET', /^\/api\/chat\/[^/]+\/messages$/, [])
    .on('POST', STREAM, (c: { body: { content: string } }) =>
      sse([
        { type: 'bubble', message: botMessage(`You asked: ${c.body.content}`) },
        { type: 'complete', messages: [] },
        { type: 'end' },
      ]),
    )
    .install();
}

const launcher = () => document.querySelector<HTMLButtonElement>('.cw-launcher')!;

async function openWidget() {
  await userEvent.click(screen.getByRole('button', { name: 'Open chat' }));
  await screen.findByRole('tab', { name: 'Home' });
}

async function send(text: string) {
  await userEvent.click(screen.getByRole('tab', { name: /Chat/ }));
  await userEvent.type(screen.getByRole('textbox', { name: 'Your message' }), `${text}{Enter}`);
}

describe('WidgetRoot', () => {
  it('shows only the launcher (bottom-right by default, or left) and calls nothing before it opens', () => {
    const api = fakeApi();
    const { container, rerender } = render(<WidgetRoot apiUrl={API} chatbotId="bot-guid" />);
    expect(container.querySelector('.cw-root')?.className).toContain('is-right');
    expect(launcher().getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('dialog')).toBeNull();
    rerender(<WidgetRoot apiUrl={API} chatbotId="bot-guid" position="bottom-left" />);
    expect(container.querySelector('.cw-root')?.className).toContain('is-left');
    expect(api.calls).toEqual([]);
  });

  it('opens: loads the bot, creates a session stored under the spec key, focuses the panel', async () => {
    const api = fakeApi({ name: 'Kettle Help' });
    const onOpen = vi.fn();
    render(<WidgetRoot apiUrl={API} chatbotId="bot-guid" onOpen={onOpen} />);
    await openWidget();
    expect(onOpen).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('dialog', { name: 'Kettle Help' })).toBe(document.activeElement);
    await waitFor(() => expect(api.callsTo('POST', '/api/chat/session')).toHaveLength(1));
    const stored = sessionStorage.getItem(SESSION_STORAGE_KEY)!;
    expect(stored).toMatch(/^session_\d+_[0-9a-f]{32}$/);
    expect(api.callsTo('POST', '/api/chat/session')[0]!.body).toEqual({ sessionId: stored, chatbotConfigId: 'bot-guid' });
    // A brand-new session has no history to fetch.
    expect(api.callsTo('GET', /messages$/)).toHaveLength(0);
    expect(screen.getByRole('button', { name: 'Start new conversation' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Home' }).getAttribute('aria-selected')).toBe('true');
  });

  it('draws the home screen in its first open render when the loader already has the config, and asks again only on the next opening', async () => {
    const api = fakeApi({ name: 'Kettle Help' });
    const early = botConfig({ name: 'Early Kettle' });
    const commands = createCommandChannel();
    commands.send({ type: 'open' });
    render(<WidgetRoot apiUrl={API} chatbotId="bot-guid" commands={commands} configRequest={{ promise: Promise.resolve(early), value: early }} />);
    // No loading state in between: the open panel has the bot's tabs and name at once.
    expect(screen.getByRole('tab', { name: 'Home' })).toBeTruthy();
    expect(screen.getByRole('dialog', { name: 'Early Kettle' })).toBeTruthy();
    // The chat tab is drawn only once it shows.
    expect(screen.queryByRole('textbox', { name: 'Your message' })).toBeNull();
    await waitFor(() => expect(api.callsTo('POST', '/api/chat/session')).toHaveLength(1));
    expect(api.callsTo('GET', CONFIG_PATH)).toHaveLength(0);

    act(() => commands.send({ type: 'close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    act(() => commands.send({ type: 'open' }));
    await screen.findByRole('dialog', { name: 'Kettle Help' });
    expect(api.callsTo('GET', CONFIG_PATH)).toHaveLength(1);
  });

  it('closes with Escape through a 400 ms closing animation and gives focus back to the launcher', async () => {
    fakeApi();
    const onClose = vi.fn();
    render(<WidgetRoot apiUrl={API} chatbotId="bot-guid" onClose={onClose} />);
    await openWidget();
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' });
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('dialog').className).toContain('is-closing');
    expect(launcher()).toBe(document.activeElement);
    act(() => void vi.advanceTimersByTime(CLOSE_ANIMATION_MS - 1));
    expect(screen.queryByRole('dialog')).not.toBeNull();
    act(() => void vi.advanceTimersByTime(1));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(launcher().getAttribute('aria-label')).toBe('Open chat');
  });

  it('resumes a stored session with its history and counts visible messages on the Chat tab', async () => {
    const stored = 'session_1700000000000_00112233445566778899aabbccddeeff';
    sessionStorage.setItem(SESSION_STORAGE_KEY, stored);
    const api = fakeApi().on('GET', `/api/chat/${stored}/messages`, [
      { ...botMessage('Earlier answer'), sessionId: stored },
      { ...botMessage('hidden', { messageType: 'system' }), sessionId: stored },
      { ...botMessage('Earlier question'), sender: 'user', sessionId: stored },
    ]);
    render(<WidgetRoot apiUrl={API} chatbotId="bot-guid" />);
    await openWidget();
    await waitFor(() => expect(screen.getByRole('tab', { name: /Chat/ }).textContent).toContain('2'));
    expect(api.callsTo('POST', '/api/chat/session')[0]!.body).toMatchObject({ sessionId: stored });
    await userEvent.click(screen.getByRole('tab', { name: /Chat/ }));
    expect(screen.getByText('Earlier answer')).toBeTruthy();
    expect(screen.queryByText('hidden')).toBeNull();
  });

  it('"Start new conversation" makes a new session id, clears the messages and goes home', async () => {
    fakeApi();
    render(<WidgetRoot apiUrl={API} chatbotId="bot-guid" />);
    await openWidget();
    await send('hello');
    await screen.findByText('You asked: hello');
    const first = sessionStorage.getItem(SESSION_STORAGE_KEY);
    await userEvent.click(screen.getByRole('button', { name: 'Start new conversation' }));
    await waitFor(() => expect(sessionStorage.getItem(SESSION_STORAGE_KEY)).not.toBe(first));
    expect(screen.getByRole('tab', { name: 'Home' }).getAttribute('aria-selected')).toBe('true');
    expect(screen.queryByText('You asked: hello')).toBeNull();
    expect(screen.getByRole('tab', { name: /Chat/ }).textContent).toBe('Chat');
  });

  it('shows streamed delta text as it arrives, the typing indicator while waiting, then the bubble', async () => {
    const stream = controlledSse();
    fakeApi().on('POST', STREAM, () => stream.response());
    render(<WidgetRoot apiUrl={API} chatbotId="bot-guid" />);
    await openWidget();
    await send('Tell me about kettles');
    expect(screen.getByText('Tell me about kettles')).toBeTruthy();
    await screen.findByRole('status', { name: 'Assistant is typing' });
    expect((screen.getByRole('textbox', { name: 'Your message' }) as HTMLTextAreaElement).disabled).toBe(false);
    expect((screen.getByRole('button', { name: 'Send message' }) as HTMLButtonElement).disabled).toBe(true);
    act(() => stream.push({ type: 'delta', id: 9, content: 'Kettles ' }));
    await screen.findByText('Kettles');
    act(() => stream.push({ type: 'delta', id: 9, content: 'boil water.' }));
    await screen.findByText('Kettles boil water.');
    expect(screen.queryByRole('status', { name: 'Assistant is typing' })).toBeNull();
    act(() => stream.push({ type: 'bubble', message: botMessage('Kettles boil water quickly.', { id: 9 }) }));
    act(() => stream.push({ type: 'complete', messages: [] }));
    act(() => stream.close());
    await screen.findByText('Kettles boil water quickly.');
    expect(screen.queryByText('Kettles boil water.')).toBeNull();
    expect(screen.getByRole('log', { name: 'Messages' }).getAttribute('aria-live')).toBe('polite');
  });

  it('unmounting the widget aborts a running answer stream without reporting an error', async () => {
    const stream = controlledSse();
    const api = fakeApi().on('POST', STREAM, () => stream.response());
    const onError = vi.fn();
    const { unmount } = render(<WidgetRoot apiUrl={API} chatbotId="bot-guid" onError={onError} />);
    await openWidget();
    await send('Tell me about kettles');
    await screen.findByRole('status', { name: 'Assistant is typing' });
    const request = api.callsTo('POST', STREAM)[0]!;
    expect(request.signal?.aborted).toBe(false);
    unmount();
    expect(request.signal?.aborted).toBe(true);
    await waitFor(() => expect(stream.cancelled).toBe(true));
    expect(onError).not.toHaveBeenCalled();
  });

  it('closing the panel aborts a running stream; reopening shows the answer the server went on to store', async () => {
    const stream = controlledSse();
    const api = fakeApi().on('POST', STREAM, () => stream.response());
    const onError = vi.fn();
    render(<WidgetRoot apiUrl={API} chatbotId="bot-guid" onError={onError} />);
    await openWidget();
    await send('Tell me about kettles');
    act(() => stream.push({ type: 'delta', id: 9, content: 'Kettles boil' }));
    await screen.findByText('Kettles boil');
    const request = api.callsTo('POST', STREAM)[0]!;
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Close chat' }));
    expect(request.signal?.aborted).toBe(true);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.callsTo('GET', /messages$/)).toHaveLength(0);

    const sessionId = sessionStorage.getItem(SESSION_STORAGE_KEY)!;
    api.on('GET', `/api/chat/${sessionId}/messages`, [
      { ...botMessage('Tell me about kettles'), sender: 'user', sessionId },
      { ...botMessage('Kettles boil water quickly.', { id: 9 }), sessionId },
    ]);
    await openWidget();
    await screen.findByText('Kettles boil water quickly.');
    expect(screen.queryByText('Kettles boil')).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(onError).not.toHaveBeenCalled();
    expect(api.callsTo('GET', /messages$/)).toHaveLength(1);
    expect((screen.getByRole('button', { name: 'Send message' }) as HTMLButtonElement).disabled).toBe(true);
    await userEvent.type(screen.getByRole('textbox', { name: 'Your message' }), 'And kettles?');
    expect((screen.getByRole('button', { name: 'Send message' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('starts a chat from a home topic, switching to the Chat tab', async () => {
    const api = fakeApi();
    render(<WidgetRoot apiUrl={API} chatbotId="bot-guid" />);
    await openWidget();
    await userEvent.click(screen.getAllByRole('button', { name: /Billing Help/ })[0]!);
    expect(screen.getByRole('tab', { name: /Chat/ }).getAttribute('aria-selected')).toBe('true');
    await screen.findByText('You asked: I need help with billing.');
    expect(api.callsTo('POST', STREAM)[0]!.body).toMatchObject({ content: 'I need help with billing.', messageType: 'text', chatbotConfigId: 'bot-guid' });
  });

  it('shows the design saved since the last opening when the panel opens again', async () => {
    const home = (title: string) => ({ components: [{ id: 'h', type: 'header' as const, order: 0, props: { title } }] });
    const api = fakeApi({ homeScreenConfig: home('Old welcome') });
    render(<WidgetRoot apiUrl={API} chatbotId="bot-guid" />);
    await openWidget();
    expect(screen.getByRole('heading', { name: 'Old welcome' })).toBeTruthy();
    await userEvent.click(launcher());
    api.on('GET', CONFIG_PATH, botConfig({ homeScreenConfig: home('New welcome') }));
    await userEvent.click(launcher());
    await screen.findByRole('heading', { name: 'New welcome' });
    expect(api.callsTo('GET', CONFIG_PATH)).toHaveLength(2);
  });

  it('keeps the shown design, without an error, when the refresh on opening fails', async () => {
    const api = fakeApi({ homeScreenConfig: { components: [{ id: 'h', type: 'header', order: 0, props: { title: 'Still here' } }] } });
    const onError = vi.fn();
    render(<WidgetRoot apiUrl={API} chatbotId="bot-guid" onError={onError} />);
    await openWidget();
    await userEvent.click(launcher());
    api.on('GET', CONFIG_PATH, json({ message: 'Server down' }, 500));
    await userEvent.click(launcher());
    await waitFor(() => expect(api.callsTo('GET', CONFIG_PATH)).toHaveLength(2));
    await act(async () => {});
    expect(screen.getByRole('heading', { name: 'Still here' })).toBeTruthy();
    expect(screen.queryByText('Chat widget configuration error')).toBeNull();
    expect(onError).not.toHaveBeenCalled();
  });

  it('never refetches an injected config', async () => {
    const api = fakeApi();
    render(<WidgetRoot apiUrl={API} chatbotConfig={botConfig()} />);
    await openWidget();
    await userEvent.click(launcher());
    await userEvent.click(launcher());
    await screen.findByRole('tab', { name: 'Home' });
    expect(api.callsTo('GET', CONFIG_PATH)).toHaveLength(0);
  });

  it("colours the whole widget with the saved design's theme unless the embedder sets colours", async () => {
    const theme = { primaryColor: '#0f766e', backgroundColor: '#fefce8', textColor: '#111827' };
    fakeApi({ homeScreenConfig: { components: [], theme } });
    const { container, rerender } = render(<WidgetRoot apiUrl={API} chatbotId="bot-guid" />);
    await openWidget();
    const root = container.querySelector('.cw-root') as HTMLElement;
    const vars = () => ['--cw-primary', '--cw-bg', '--cw-text'].map((v) => root.style.getPropertyValue(v));
    expect(vars()).toEqual(['#0f766e', '#fefce8', '#111827']);
    // The home draws in the widget's colours rather than setting its own.
    expect((container.querySelector('.cw-home') as HTMLElement).style.getPropertyValue('--cw-primary')).toBe('');
    rerender(<WidgetRoot apiUrl={API} chatbotId="bot-guid" primaryColor="#7c3aed" />);
    expect(vars()).toEqual(['#7c3aed', '#fefce8', '#111827']);
  });

  it('goes read-only at the limit: placeholder, kept per session, contact form posted with the spec title', async () => {
    const api = fakeApi()
      .on('POST', STREAM, () => sse([{ type: 'limit_exceeded', message: 'Message limit reached', showContactForm: true, chatbotConfig: null }, { type: 'end' }]))
      .on('POST', /submit-form$/, { success: true, messageId: 1 });
    render(<WidgetRoot apiUrl={API} chatbotId="bot-guid" />);
    await openWidget();
    await send('hi');
    await screen.findByText('Message limit reached');
    const input = screen.getByRole('textbox', { name: 'Your message' }) as HTMLTextAreaElement;
    expect(input.disabled).toBe(true);
    expect(input.placeholder).toBe(READ_ONLY_PLACEHOLDER);
    expect(READ_ONLY_PLACEHOLDER).toBe('Chat temporarily unavailable');
    const sessionId = sessionStorage.getItem(SESSION_STORAGE_KEY)!;
    expect(JSON.parse(sessionStorage.getItem(`chat-read-only:${sessionId}`)!)).toMatchObject({ message: 'Message limit reached', showContactForm: true });

    const form = screen.getByRole('form', { name: 'Contact us' });
    await userEvent.type(within(form).getByLabelText('Name'), 'Ada');
    await userEvent.type(within(form).getByLabelText('Email'), 'ada@example.com');
    await userEvent.type(within(form).getByLabelText('Message'), 'Please call me back.');
    await userEvent.click(within(form).getByRole('button', { name: 'Send Message' }));
    await screen.findByText("Thank you! Your message has been sent successfully. We'll get back to you soon.");
    expect(api.callsTo('POST', `/api/chat/${sessionId}/submit-form`)[0]!.body).toEqual({
      formTitle: LIMIT_CONTACT_FORM_TITLE,
      formData: [
        { id: 'name', label: 'Name', type: 'text', value: 'Ada' },
        { id: 'email', label: 'Email', type: 'email', value: 'ada@example.com' },
        { id: 'message', label: 'Message', type: 'textarea', value: 'Please call me back.' },
      ],
    });
  });

  it('restores a read-only flag younger than 30 minutes and drops an older one', async () => {
    const young = 'session_1700000000000_00112233445566778899aabbccddee01';
    sessionStorage.setItem(SESSION_STORAGE_KEY, young);
    sessionStorage.setItem(`chat-read-only:${young}`, JSON.stringify({ since: Date.now() - 29 * 60_000, message: 'Still over the limit', showContactForm: false }));
    fakeApi();
    const { unmount } = render(<WidgetRoot apiUrl={API} chatbotId="bot-guid" defaultOpen />);
    // The chat tab is drawn the first time it shows.
    await userEvent.click(await screen.findByRole('tab', { name: /Chat/ }));
    await screen.findByText('Still over the limit');
    expect((screen.getByRole('textbox', { name: 'Your message' }) as HTMLTextAreaElement).placeholder).toBe(READ_ONLY_PLACEHOLDER);
    expect(screen.queryByRole('form', { name: 'Contact us' })).toBeNull();
    unmount();

    const old = 'session_1700000000000_00112233445566778899aabbccddee02';
    sessionStorage.setItem(SESSION_STORAGE_KEY, old);
    sessionStorage.setItem(`chat-read-only:${old}`, JSON.stringify({ since: Date.now() - 30 * 60_000, message: 'Expired', showContactForm: true }));
    render(<WidgetRoot apiUrl={API} chatbotId="bot-guid" defaultOpen />);
    await userEvent.click(await screen.findByRole('tab', { name: /Chat/ }));
    await waitFor(() => expect(sessionStorage.getItem(`chat-read-only:${old}`)).toBeNull());
    expect(screen.queryByText('Expired')).toBeNull();
    expect((screen.getByRole('textbox', { name: 'Your message' }) as HTMLTextAreaElement).disabled).toBe(false);
  });

  it('clears the read-only flag by itself 30 minutes after it was set', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const id = 'session_1700000000000_00112233445566778899aabbccddee03';
    sessionStorage.setItem(SESSION_STORAGE_KEY, id);
    sessionStorage.setItem(`chat-read-only:${id}`, JSON.stringify({ since: Date.now() - 10 * 60_000, message: 'Over the limit', showContactForm: false }));
    fakeApi();
    render(<WidgetRoot apiUrl={API} chatbotId="bot-guid" defaultOpen />);
    await act(async () => void (await vi.advanceTimersByTimeAsync(0)));
    fireEvent.click(screen.getByRole('tab', { name: /Chat/ }));
    expect(screen.getByText('Over the limit')).toBeTruthy();
    await act(async () => void (await vi.advanceTimersByTimeAsync(20 * 60_000 - 1)));
    expect(screen.getByText('Over the limit')).toBeTruthy();
    await act(async () => void (await vi.advanceTimersByTimeAsync(1)));
    expect(screen.queryByText('Over the limit')).toBeNull();
    expect(sessionStorage.getItem(`chat-read-only:${id}`)).toBeNull();
  });

  it('shows the initial messages as pop-up bubbles every 2 s, then hides them all for this bot', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const api = fakeApi({ initialMessages: ['Hi there!', 'Need help?'] });
    const { unmount } = render(<WidgetRoot apiUrl={API} chatbotId="bot-guid" />);
    expect(api.calls).toEqual([]);
    await act(async () => void (await vi.advanceTimersByTimeAsync(1999)));
    expect(api.calls).toEqual([]);
    await act(async () => void (await vi.advanceTimersByTimeAsync(1)));
    expect(screen.getByRole('button', { name: 'Hi there!' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Need help?' })).toBeNull();
    await act(async () => void (await vi.advanceTimersByTimeAsync(2000)));
    expect(screen.getByRole('button', { name: 'Need help?' })).toBeTruthy();
    // Only the config was fetched for the bubbles: no session before the visitor opens.
    expect(api.calls.map((c) => c.path)).toEqual([CONFIG_PATH]);
    fireEvent.click(screen.getByRole('button', { name: 'Hide messages' }));
    expect(screen.queryByRole('button', { name: 'Hi there!' })).toBeNull();
    unmount();

    render(<WidgetRoot apiUrl={API} chatbotId="bot-guid" />);
    await act(async () => void (await vi.advanceTimersByTimeAsync(10_000)));
    expect(screen.queryByRole('button', { name: 'Hi there!' })).toBeNull();
  });

  it('clears the pop-up bubbles when the widget opens', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    fakeApi({ initialMessages: ['Hi there!'] });
    render(<WidgetRoot apiUrl={API} chatbotId="bot-guid" />);
    await act(async () => void (await vi.advanceTimersByTimeAsync(2000)));
    fireEvent.click(screen.getByRole('button', { name: 'Hi there!' }));
    expect(screen.getByRole('dialog')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Hi there!' })).toBeNull();
  });

  it('renders nothing for an inactive bot', async () => {
    const { container } = render(<WidgetRoot apiUrl={API} chatbotConfig={botConfig({ isActive: false })} />);
    expect(container.innerHTML).toBe('');
    fakeApi({ isActive: false });
    const other = render(<WidgetRoot apiUrl={API} chatbotId="bot-guid" />);
    await userEvent.click(within(other.container).getByRole('button', { name: 'Open chat' }));
    await waitFor(() => expect(other.container.innerHTML).toBe(''));
  });

  it('embedded: no launcher, opens at once and posts a close request to the parent window', async () => {
    fakeApi();
    const postMessage = vi.fn();
    vi.spyOn(window, 'parent', 'get').mockReturnValue({ postMessage } as unknown as Window);
    const onClose = vi.fn();
    render(<WidgetRoot apiUrl={API} chatbotConfig={botConfig()} embedded onClose={onClose} />);
    expect(screen.queryByRole('button', { name: 'Open chat' })).toBeNull();
    await userEvent.click(await screen.findByRole('button', { name: 'Minimise chat' }));
    expect(postMessage).toHaveBeenCalledWith({ type: 'chat-widget:close', chatbotId: 'bot-guid' }, '*');
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('dialog')).toBeTruthy();
    // Embedded sessions use their own storage key.
    await waitFor(() => expect(sessionStorage.getItem('embed-chat-session-id:bot-guid')).toMatch(/^session_/));
    expect(sessionStorage.getItem(SESSION_STORAGE_KEY)).toBeNull();
  });

  it('never takes a session id from its props: a foreign id passed in is ignored for a fresh one', async () => {
    const api = fakeApi();
    const foreign = 'session_1700000000000_0123456789abcdef0123456789abcdef';
    const props = { apiUrl: API, chatbotConfig: botConfig(), embedded: true, sessionId: foreign } as Parameters<typeof WidgetRoot>[0];
    render(<WidgetRoot {...props} />);
    await waitFor(() => expect(api.callsTo('POST', '/api/chat/session')).toHaveLength(1));
    const opened = (api.callsTo('POST', '/api/chat/session')[0]!.body as { sessionId: string }).sessionId;
    expect(opened).toMatch(/^session_\d+_[0-9a-f]{32}$/);
    expect(opened).not.toBe(foreign);
    expect(api.calls.some((c) => c.path.includes(foreign))).toBe(false);
  });

  it("shows the server's words when a rate limit refuses a message", async () => {
    fakeApi().on('POST', STREAM, () =>
      json({ message: 'This chatbot has answered all the messages it can today. Please try again tomorrow.' }, 429),
    );
    render(<WidgetRoot apiUrl={API} chatbotId="bot-guid" onError={() => {}} />);
    await openWidget();
    await send('Hello?');
    await screen.findByText('This chatbot has answered all the messages it can today. Please try again tomorrow.');
    expect(screen.queryByText('Failed to send message')).toBeNull();
  });

  it('shows the configuration error when the bot cannot be loaded', async () => {
    new FakeApi(API).install();
    const onError = vi.fn();
    render(<WidgetRoot apiUrl={API} chatbotId="missing" onError={onError} />);
    await userEvent.click(screen.getByRole('button', { name: 'Open chat' }));
    await screen.findByText('Chat widget configuration error');
    expect(screen.getByText('No valid chatbot configuration found')).toBeTruthy();
    expect(onError.mock.calls[0]![0].message).toBe('404: {"message":"Not found"}');
  });
});
