import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes, useLocation } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { json, mockFetch, renderWithProviders, usePageTestEnv } from '../../test/renderWithProviders';

import { SEARCH_DEBOUNCE_MS } from './HistoryFilterBar';
import { pageWindow } from './historyFormat';
import { HistoryPage } from './HistoryPage';

const guid = '00000000-0000-4000-8000-000000000001';
const sid = (n: number) => `session_1700000000000_${'0123456789abcdef0123456789ab'}${String(n).padStart(4, '0')}`;
const bot = { id: 1, guid, name: 'Harbor Help', description: '', model: 'gpt-4o', isActive: true, avatarUrl: null };

const noFlags = { unanswered: false, thumbsDown: false, lead: false, test: false };
type Identity = { userId: string; name: string | null; email: string | null; identifiedAt: string };
type Item = { n: number; count: number; firstQuestion?: string | null; flags?: Partial<typeof noFlags>; match?: unknown; identity?: Identity | null };

function sessionsPage(sessions: Item[], { totalCount = sessions.length, currentPage = 1, totalPages = 1 } = {}) {
  return {
    chatbotName: 'Harbor Help',
    sessions: sessions.map(({ n, count, firstQuestion = null, flags = {}, match = null, identity = null }) => ({
      id: n,
      sessionId: sid(n),
      messageCount: count,
      createdAt: '2024-03-01T10:00:00.000Z',
      lastMessageAt: '2024-03-01T10:05:00.000Z',
      isTest: flags.test ?? false,
      firstQuestion,
      flags: { ...noFlags, ...flags },
      match,
      identity,
    })),
    pagination: { totalCount, currentPage, totalPages, hasPreviousPage: currentPage > 1, hasNextPage: currentPage < totalPages },
    statistics: {
      totalMessages: sessions.reduce((a, s) => a + s.count, 0),
      avgMessagesPerChat: 3.5,
      longestChat: Math.max(0, ...sessions.map((s) => s.count)),
      latestActivity: sessions.length ? '2024-03-01T10:05:00.000Z' : null,
    },
  };
}

function render(search = '') {
  return renderWithProviders(
    <Routes>
      <Route path="/chatbots/:guid/history" element={<HistoryPage />} />
    </Routes>,
    { path: `/chatbots/${guid}/history${search}` },
  );
}

/** The conversation drawn inside its shadow root, once it is there. */
async function transcript() {
  const host = await screen.findByTestId('conversation-transcript');
  return waitFor(() => {
    const root = host.shadowRoot as unknown as HTMLElement | null;
    if (!root?.querySelector('.cw-entry')) throw new Error('transcript not drawn yet');
    return root;
  });
}

/** The query of the latest sessions call. */
function lastSessionsQuery(fetchMock: ReturnType<typeof mockFetch>) {
  const url = fetchMock.mock.calls.map(([u]) => String(u)).filter(isSessions).at(-1)!;
  return Object.fromEntries(new URL(url, 'http://x').searchParams);
}

const isBot = (url: string) => url.endsWith(`/api/chatbots/${guid}`);
const isSessions = (url: string) => url.includes(`/api/chatbots/${guid}/sessions`);

/** The bot, one session in the list, and that session's messages. */
function mockConversation(messages: unknown[]) {
  return mockFetch(
    (url) => (isBot(url) ? json(bot) : undefined),
    (url) => (isSessions(url) ? json(sessionsPage([{ n: 1, count: 3 }])) : undefined),
    (url) => (url.endsWith(`/api/chat/${sid(1)}/messages`) ? json(messages) : undefined),
  );
}

describe('HistoryPage', () => {
  usePageTestEnv();

  it('shows the count line, the four statistics and a card per session', async () => {
    const fetchMock = mockFetch(
      (url) => (isBot(url) ? json(bot) : undefined),
      (url) => (isSessions(url) ? json(sessionsPage([{ n: 1, count: 4 }, { n: 2, count: 3 }])) : undefined),
    );
    render();
    const cards = await screen.findAllByTestId('session-card');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Chat History');
    expect(screen.getByText('Harbor Help')).toBeTruthy();
    expect(screen.getByTestId('conversation-count').textContent).toBe('2 conversations (Page 1 of 1)');
    expect(within(screen.getByTestId('stat-Total Messages')).getByText('7')).toBeTruthy();
    expect(within(screen.getByTestId('stat-Avg Messages/Chat')).getByText('3.5')).toBeTruthy();
    expect(within(screen.getByTestId('stat-Longest Chat')).getByText('4 messages')).toBeTruthy();
    expect(within(screen.getByTestId('stat-Latest Activity')).queryByText('None')).toBeNull();
    expect(cards).toHaveLength(2);
    expect(within(cards[0]).getByText(sid(1).slice(-8))).toBeTruthy();
    expect(within(cards[0]).getByText('4 messages')).toBeTruthy();
    expect(within(cards[0]).getByText(/^Started /)).toBeTruthy();
    expect(within(cards[0]).getByText(/Last activity/)).toBeTruthy();
    // One page only: no pagination controls.
    expect(screen.queryByRole('navigation', { name: 'Pagination' })).toBeNull();
    const sessionsUrl = fetchMock.mock.calls.map(([u]) => String(u)).find(isSessions)!;
    expect(new URL(sessionsUrl, 'http://x').searchParams.get('limit')).toBe('10');
  });

  it('shows the empty state without Delete All', async () => {
    mockFetch(
      (url) => (isBot(url) ? json(bot) : undefined),
      (url) => (isSessions(url) ? json(sessionsPage([])) : undefined),
    );
    render();
    expect(await screen.findByText('No conversations yet')).toBeTruthy();
    expect(screen.getByText('When users start chatting with your bot, their conversations will appear here.')).toBeTruthy();
    expect(screen.getByTestId('conversation-count').textContent).toBe('0 conversations (Page 1 of 1)');
    expect(screen.queryByRole('button', { name: /Delete All/ })).toBeNull();
  });

  it('shows the error panel when the sessions cannot be loaded', async () => {
    mockFetch(
      (url) => (isBot(url) ? json(bot) : undefined),
      (url) => (isSessions(url) ? json({ message: 'boom' }, 500) : undefined),
    );
    render();
    expect(await screen.findByText('Error Loading Chat History')).toBeTruthy();
    expect(screen.getByText('Failed to load chat sessions. Please try again later.')).toBeTruthy();
  });

  it('pages with up to five numbered buttons and asks for the chosen page', async () => {
    const fetchMock = mockFetch(
      (url) => (isBot(url) ? json(bot) : undefined),
      (url) => {
        if (!isSessions(url)) return undefined;
        const page = Number(new URL(url, 'http://x').searchParams.get('page'));
        return json(sessionsPage([{ n: page, count: 2 }], { totalCount: 75, currentPage: page, totalPages: 8 }));
      },
    );
    render();
    const nav = await screen.findByRole('navigation', { name: 'Pagination' });
    expect(within(nav).getAllByRole('button', { name: /^Page / }).map((b) => b.textContent)).toEqual(['1', '2', '3', '4', '5']);
    expect((within(nav).getByRole('button', { name: /Previous/ }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(within(nav).getByRole('button', { name: 'Page 4' }));
    await waitFor(() => expect(screen.getByTestId('conversation-count').textContent).toBe('75 conversations (Page 4 of 8)'));
    expect(within(nav).getAllByRole('button', { name: /^Page / }).map((b) => b.textContent)).toEqual(['2', '3', '4', '5', '6']);
    expect(fetchMock.mock.calls.some(([u]) => String(u).includes('page=4'))).toBe(true);
  });

  it('shows the verified user of a conversation on its card and in Conversation Details', async () => {
    const identity = { userId: 'user-42', name: 'Vera Lane', email: 'vera@example.com', identifiedAt: '2024-03-01T10:01:00.000Z' };
    mockFetch(
      (url) => (isBot(url) ? json(bot) : undefined),
      (url) =>
        isSessions(url)
          ? json(
              sessionsPage([
                { n: 1, count: 2, identity },
                { n: 2, count: 2, identity: { ...identity, userId: 'u-7', name: null, email: null } },
                { n: 3, count: 2 },
              ]),
            )
          : undefined,
      (url) => (url.includes('/api/chat/') && url.endsWith('/messages') ? json([]) : undefined),
    );
    render();
    const cards = await screen.findAllByTestId('session-card');
    expect(within(cards[0]).getByTestId('identified-user').textContent).toBe('Signed-in user: Vera Lane · vera@example.com · ID user-42');
    expect(within(cards[1]).getByTestId('identified-user').textContent).toBe('Signed-in user: ID u-7');
    expect(within(cards[2]).queryByTestId('identified-user')).toBeNull();

    fireEvent.click(within(cards[0]).getByRole('button', { name: /View/ }));
    const details = await screen.findByRole('region', { name: 'Signed-in user' });
    expect([...details.querySelectorAll('dt')].map((dt) => `${dt.textContent}: ${dt.nextElementSibling?.textContent}`)).toEqual([
      'User ID: user-42',
      'Name: Vera Lane',
      'Email: vera@example.com',
    ]);
  });

  it('deletes a session only after confirmation, then toasts and reloads the list', async () => {
    let deleted = false;
    const fetchMock = mockFetch(
      (url) => (isBot(url) ? json(bot) : undefined),
      (url, init) => {
        if (url.endsWith(`/api/chat/${sid(1)}`) && init?.method === 'DELETE') {
          deleted = true;
          return json({ success: true });
        }
        return undefined;
      },
      (url) => (isSessions(url) ? json(sessionsPage(deleted ? [] : [{ n: 1, count: 2 }])) : undefined),
    );
    render();
    const card = (await screen.findAllByTestId('session-card'))[0];
    fireEvent.click(within(card).getByRole('button', { name: `Delete session ${sid(1).slice(-8)}` }));
    expect(await screen.findByText('Delete Conversation')).toBeTruthy();
    fireEvent.click(confirmButton('Cancel'));
    expect(deleted).toBe(false);

    fireEvent.click(within(card).getByRole('button', { name: `Delete session ${sid(1).slice(-8)}` }));
    await screen.findByText('Delete Conversation');
    fireEvent.click(confirmButton('Delete'));
    expect(await screen.findByText('Chat session deleted successfully')).toBeTruthy();
    expect(await screen.findByText('No conversations yet')).toBeTruthy();
    expect(fetchMock.mock.calls.filter(([, init]) => init?.method === 'DELETE')).toHaveLength(1);
  });

  it('a failed delete-all toasts the server message and keeps the list', async () => {
    mockFetch(
      (url) => (isBot(url) ? json(bot) : undefined),
      (_url, init) => (init?.method === 'DELETE' ? json({ message: 'Chatbot not found' }, 404) : undefined),
      (url) => (isSessions(url) ? json(sessionsPage([{ n: 1, count: 2 }])) : undefined),
    );
    render();
    fireEvent.click(await screen.findByRole('button', { name: /Delete All/ }));
    expect(await screen.findByText('Delete All Conversations')).toBeTruthy();
    fireEvent.click(confirmButton('Delete All'));
    expect(await screen.findByText('Chatbot not found')).toBeTruthy();
    expect(screen.getAllByTestId('session-card')).toHaveLength(1);
  });

  it('View opens Conversation Details drawn by the widget components, with working exports, and goes back', async () => {
    mockConversation([
      { id: 1, sessionId: sid(1), sender: 'user', content: 'Where do I moor?', messageType: 'text', metadata: null, createdAt: '2024-03-01T10:00:00.000Z' },
      { id: 2, sessionId: sid(1), sender: 'bot', content: 'hidden', messageType: 'system', metadata: null, createdAt: '2024-03-01T10:00:01.000Z' },
      {
        id: 3,
        sessionId: sid(1),
        sender: 'bot',
        content: 'Pick a pier:',
        messageType: 'menu',
        metadata: { options: [{ id: 'a', text: 'North' }, 'South'], selection: { optionId: 'a', optionText: 'North' } },
        createdAt: '2024-03-01T10:00:02.000Z',
      },
      { id: 4, sessionId: sid(1), sender: 'bot', content: 'Sorry, I do not know.', messageType: 'text', metadata: { answerStatus: 'fallback' }, feedback: 'down', createdAt: '2024-03-01T10:00:03.000Z' },
    ]);
    render();
    fireEvent.click(within((await screen.findAllByTestId('session-card'))[0]).getByRole('button', { name: /View/ }));
    expect(await screen.findByRole('heading', { name: 'Conversation Details' })).toBeTruthy();
    const root = await transcript();
    const messages = within(root).getAllByTestId('history-message');
    expect(messages.map((m) => m.dataset.sender)).toEqual(['user', 'bot', 'bot']);
    expect(messages[0].querySelector('.cw-msg.is-user')).toBeTruthy();
    expect(messages[1].querySelector('.cw-msg.is-bot')).toBeTruthy();
    expect(within(messages[0]).getByText('Where do I moor?')).toBeTruthy();
    // The widget's own menu, the recorded choice pressed, nothing clickable into sending.
    const north = within(messages[1]).getByRole('button', { name: 'North' }) as HTMLButtonElement;
    expect([north.getAttribute('aria-pressed'), north.disabled]).toEqual(['true', true]);
    expect(within(messages[1]).getByRole('button', { name: 'South' }).getAttribute('aria-pressed')).toBe('false');
    expect(within(messages[2]).getByText('Unanswered')).toBeTruthy();
    expect(within(messages[2]).getByText('Visitor found this not helpful')).toBeTruthy();
    expect(root.textContent).not.toMatch(/\bmenu\b|hidden/);
    // No dashboard styles reach in: the page's document holds none of the transcript.
    expect(screen.queryByText('Where do I moor?')).toBeNull();

    fireEvent.keyDown(screen.getByRole('button', { name: /Export/ }), { key: 'Enter' });
    const items = await screen.findAllByRole('menuitem');
    expect(items.map((i) => [i.textContent?.trim(), i.getAttribute('href'), i.hasAttribute('download')])).toEqual([
      ['CSV', `/api/chat/${sid(1)}/export?format=csv`, true],
      ['JSON', `/api/chat/${sid(1)}/export?format=json`, true],
    ]);
    fireEvent.keyDown(items[0], { key: 'Escape' });
    expect(screen.getByRole('button', { name: /Delete Session/ })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /Back to Sessions/ }));
    expect(await screen.findAllByTestId('session-card')).toHaveLength(1);
  });

  it("shows the instruction behind a visitor's click under their words, as plain text", async () => {
    mockConversation([
      { id: 1, sessionId: sid(1), sender: 'user', content: 'Pricing', messageType: 'text', metadata: { internalMessage: 'Tell me about your plans and prices' }, createdAt: '2024-03-01T10:00:00.000Z' },
      { id: 2, sessionId: sid(1), sender: 'user', content: 'Refunds', messageType: 'text', metadata: { internalMessage: '<b>Explain</b> refunds' }, createdAt: '2024-03-01T10:00:01.000Z' },
      { id: 3, sessionId: sid(1), sender: 'user', content: 'Hours?', messageType: 'text', metadata: { internalMessage: 'Hours?' }, createdAt: '2024-03-01T10:00:02.000Z' },
      { id: 4, sessionId: sid(1), sender: 'bot', content: 'Our plans...', messageType: 'text', metadata: { internalMessage: 'not for bots' }, createdAt: '2024-03-01T10:00:03.000Z' },
    ]);
    render();
    fireEvent.click(within((await screen.findAllByTestId('session-card'))[0]).getByRole('button', { name: /View/ }));
    const messages = within(await transcript()).getAllByTestId('history-message');
    expect(within(messages[0]).getByText('Pricing')).toBeTruthy();
    expect(within(messages[0]).getByText('Asked the bot: Tell me about your plans and prices')).toBeTruthy();
    const escaped = within(messages[1]).getByText('Asked the bot: <b>Explain</b> refunds');
    expect(escaped.querySelector('b')).toBeNull();
    // Nothing extra when the instruction only repeats the visible words, nor for bot messages.
    expect(within(messages[2]).queryByText(/Asked the bot/)).toBeNull();
    expect(within(messages[3]).queryByText(/Asked the bot/)).toBeNull();
  });

  it('each card shows the first question, its flags and where a search matched', async () => {
    mockFetch(
      (url) => (isBot(url) ? json(bot) : undefined),
      (url) =>
        isSessions(url)
          ? json(
              sessionsPage([
                {
                  n: 1,
                  count: 4,
                  firstQuestion: 'Can I refuel at night?',
                  flags: { unanswered: true, thumbsDown: true, lead: true, test: true },
                  match: { messageId: 3, sender: 'bot', parts: [{ text: 'No night ', hit: false }, { text: 'refuel', hit: true }, { text: 'ing, sorry.', hit: false }] },
                },
                { n: 2, count: 1 },
              ]),
            )
          : undefined,
    );
    render('?q=refuel');
    const [flagged, plain] = await screen.findAllByTestId('session-card');
    expect(within(flagged).getByTestId('first-question').textContent).toBe('Can I refuel at night?');
    expect(within(flagged).getByTestId('first-question').getAttribute('title')).toBe('Can I refuel at night?');
    for (const label of ['Unanswered', 'Thumbs down', 'Lead', 'Test']) expect(within(flagged).getByText(label, { selector: 'span' })).toBeTruthy();
    const match = within(flagged).getByTestId('session-match');
    expect(match.textContent).toBe('Bot: No night refueling, sorry.');
    expect(match.querySelector('mark')?.textContent).toBe('refuel');
    expect(within(plain).queryByTestId('first-question')).toBeNull();
    expect(within(plain).queryByTestId('session-match')).toBeNull();
    expect(within(plain).queryByText('Unanswered')).toBeNull();
  });

  it('filters by flags, dates and a debounced search kept in the URL, and exports what matches', async () => {
    const fetchMock = mockFetch(
      (url) => (isBot(url) ? json(bot) : undefined),
      // Three pages, so page 3 of the URL exists and is not stepped back to the last page.
      (url) => (isSessions(url) ? json(sessionsPage([{ n: 1, count: 2 }], { totalCount: 21, currentPage: 3, totalPages: 3 })) : undefined),
    );
    renderWithProviders(
      <>
        <Routes>
          <Route path="/chatbots/:guid/history" element={<HistoryPage />} />
        </Routes>
        <LocationProbe />
      </>,
      { path: `/chatbots/${guid}/history?flags=lead,bogus&page=3&q=refund` },
    );
    await screen.findAllByTestId('session-card');
    expect(lastSessionsQuery(fetchMock)).toEqual({ page: '3', limit: '10', flags: 'lead', q: 'refund' });
    const toggle = (name: string) => within(screen.getByRole('group', { name: 'Only conversations with' })).getByRole('button', { name });
    expect(toggle('Lead').getAttribute('aria-pressed')).toBe('true');
    expect(toggle('Unanswered').getAttribute('aria-pressed')).toBe('false');
    expect((screen.getByLabelText('Search messages') as HTMLInputElement).value).toBe('refund');
    // Delete All removes every conversation of the bot, so it waits until nothing is filtered.
    expect(screen.queryByRole('button', { name: /Delete All/ })).toBeNull();

    fireEvent.click(toggle('Unanswered'));
    await waitFor(() => expect(lastSessionsQuery(fetchMock)).toEqual({ page: '1', limit: '10', flags: 'unanswered,lead', q: 'refund' }));
    expect(screen.getByTestId('location').textContent).toBe('?flags=unanswered%2Clead&q=refund');

    const calls = () => fetchMock.mock.calls.filter(([u]) => isSessions(String(u))).length;
    const before = calls();
    fireEvent.change(screen.getByLabelText('Search messages'), { target: { value: 'late "mooring fee"' } });
    await new Promise((r) => setTimeout(r, SEARCH_DEBOUNCE_MS / 2));
    expect(calls()).toBe(before);
    await waitFor(() => expect(lastSessionsQuery(fetchMock).q).toBe('late "mooring fee"'));
    // Only punctuation: nothing to search for, so no search is sent.
    fireEvent.change(screen.getByLabelText('Search messages'), { target: { value: '?!' } });
    await waitFor(() => expect(lastSessionsQuery(fetchMock)).toEqual({ page: '1', limit: '10', flags: 'unanswered,lead' }));

    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2024-03-10' } });
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2024-03-12' } });
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    // A start after the end moves the end along.
    await waitFor(() => expect(lastSessionsQuery(fetchMock)).toMatchObject({ from: '2024-03-12', to: '2024-03-12', tz: zone }));

    fireEvent.keyDown(screen.getByRole('button', { name: /Export/ }), { key: 'Enter' });
    const [csv, jsonItem] = await screen.findAllByRole('menuitem');
    const exportQuery = (item: HTMLElement) => Object.fromEntries(new URL(item.getAttribute('href')!, 'http://x').searchParams);
    expect(csv.getAttribute('href')).toMatch(new RegExp(`^/api/chatbots/${guid}/sessions/export\\?`));
    expect(exportQuery(csv)).toEqual({ format: 'csv', flags: 'unanswered,lead', from: '2024-03-12', to: '2024-03-12', tz: zone });
    expect(exportQuery(jsonItem).format).toBe('json');
    fireEvent.keyDown(csv, { key: 'Escape' });

    fireEvent.click(screen.getAllByRole('button', { name: /Clear filters/ })[0]);
    await waitFor(() => expect(lastSessionsQuery(fetchMock)).toEqual({ page: '1', limit: '10' }));
    expect(screen.getByTestId('location').textContent).toBe('');
    expect((screen.getByLabelText('Search messages') as HTMLInputElement).value).toBe('');
    expect(await screen.findByRole('button', { name: /Delete All/ })).toBeTruthy();
  });

  it('says when no conversation matches the filters and offers to clear them', async () => {
    const fetchMock = mockFetch(
      (url) => (isBot(url) ? json(bot) : undefined),
      (url) => (isSessions(url) ? json(sessionsPage(new URL(url, 'http://x').searchParams.has('flags') ? [] : [{ n: 1, count: 2 }])) : undefined),
    );
    render('?flags=thumbs_down');
    expect(await screen.findByText('No conversations match these filters')).toBeTruthy();
    expect(screen.queryByText('No conversations yet')).toBeNull();
    fireEvent.click(screen.getAllByRole('button', { name: 'Clear filters' }).at(-1)!);
    expect(await screen.findAllByTestId('session-card')).toHaveLength(1);
    expect(lastSessionsQuery(fetchMock)).toEqual({ page: '1', limit: '10' });
  });

  it('an empty conversation says so', async () => {
    mockFetch(
      (url) => (isBot(url) ? json(bot) : undefined),
      (url) => (isSessions(url) ? json(sessionsPage([{ n: 1, count: 1 }])) : undefined),
      (url) => (url.endsWith(`/api/chat/${sid(1)}/messages`) ? json([]) : undefined),
    );
    render();
    fireEvent.click(within((await screen.findAllByTestId('session-card'))[0]).getByRole('button', { name: /View/ }));
    expect(await screen.findByText('No messages in this conversation')).toBeTruthy();
  });

  it('?session= opens that conversation, with each lead as the form the visitor filled in', async () => {
    const lead = {
      formSubmissionId: 7,
      formTitle: 'Contact our team',
      formData: [
        { id: 'name', label: 'Name', type: 'text', value: 'Vera Visitor' },
        { id: 'email', label: 'Email', type: 'email', value: 'vera@example.com' },
        { id: 'message', label: 'Message', type: 'textarea', value: 'Call me\nafter 5.' },
      ],
      emailSent: true,
    };
    const formFields = lead.formData.map(({ id, label, type }) => ({ id, label, type }));
    mockConversation([
      { id: 1, sessionId: sid(1), sender: 'user', content: 'I want a human', messageType: 'text', metadata: null, createdAt: '2024-03-01T10:00:00.000Z' },
      { id: 2, sessionId: sid(1), sender: 'bot', content: 'Leave your details', messageType: 'form', metadata: { title: 'Contact our team', formFields }, createdAt: '2024-03-01T10:00:30.000Z' },
      { id: 3, sessionId: sid(1), sender: 'user', content: 'Contact our team\nName: Vera Visitor', messageType: 'system', metadata: lead, createdAt: '2024-03-01T10:01:00.000Z' },
      { id: 4, sessionId: sid(1), sender: 'user', content: 'Other form', messageType: 'system', metadata: { ...lead, formTitle: 'Callback', formSubmissionId: 8, emailSent: false }, createdAt: '2024-03-01T10:02:00.000Z' },
      { id: 5, sessionId: sid(1), sender: 'bot', content: 'internal note', messageType: 'system', metadata: null, createdAt: '2024-03-01T10:03:00.000Z' },
    ]);
    render(`?session=${sid(1)}`);
    expect(await screen.findByRole('heading', { name: 'Conversation Details' })).toBeTruthy();
    const root = await transcript();
    const leads = within(root).getAllByTestId('history-lead');
    expect(leads).toHaveLength(2);
    expect(within(leads[0]).getByText('Lead')).toBeTruthy();
    expect(within(leads[0]).getAllByText('Contact our team').length).toBeGreaterThan(0);
    const values = (card: HTMLElement) => ['Name', 'Email', 'Message'].map((label) => (within(card).getByLabelText(label) as HTMLInputElement).value);
    expect(values(leads[0])).toEqual(['Vera Visitor', 'vera@example.com', 'Call me\nafter 5.']);
    expect((within(leads[0]).getByLabelText('Name') as HTMLInputElement).disabled).toBe(true);
    expect(within(leads[0]).getByText('Emailed to you')).toBeTruthy();
    // Sent without a bot form of its title: drawn as the widget's form on its own.
    expect(values(leads[1])).toEqual(['Vera Visitor', 'vera@example.com', 'Call me\nafter 5.']);
    expect(within(leads[1]).getByText('Not emailed (kept in your Leads inbox)')).toBeTruthy();
    expect(within(root).getAllByTestId('history-message').map((m) => m.textContent)).toEqual([expect.stringContaining('I want a human')]);
    expect(within(root).queryByText('internal note')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: /Back to Sessions/ }));
    expect(await screen.findAllByTestId('session-card')).toHaveLength(1);
  });

  it('?session= for a deleted conversation says so plainly instead of a load error', async () => {
    const fetchMock = mockFetch(
      (url) => (isBot(url) ? json(bot) : undefined),
      (url) => (isSessions(url) ? json(sessionsPage([{ n: 1, count: 3 }])) : undefined),
      (url) => (url.endsWith(`/api/chat/${sid(2)}/messages`) ? json({ message: 'Chat session not found' }, 404) : undefined),
    );
    renderWithProviders(
      <Routes>
        <Route path="/chatbots/:guid/history" element={<HistoryPage />} />
      </Routes>,
      { path: `/chatbots/${guid}/history?session=${sid(2)}` },
    );
    const note = await screen.findByTestId('conversation-deleted');
    expect(note.textContent).toBe('This conversation was deleted. Its lead is still in your Leads inbox.');
    expect(screen.queryByText('Failed to load messages. Please try again later.')).toBeNull();
    // Asked once: a deleted conversation is not retried.
    expect(fetchMock.mock.calls.filter(([u]) => String(u).endsWith(`/api/chat/${sid(2)}/messages`))).toHaveLength(1);
  });
});

/** The current URL's query, for checking what the page keeps there. */
function LocationProbe() {
  return <output data-testid="location">{useLocation().search}</output>;
}

/** The confirm button inside the open confirmation (the page may have a same-named button). */
function confirmButton(name: string): HTMLElement {
  const dialog = document.querySelector('dialog h2')!.closest('dialog')!;
  return within(dialog as HTMLElement).getByRole('button', { name, hidden: true });
}

describe('pageWindow', () => {
  it('keeps at most five pages around the current one inside 1..total', () => {
    expect(pageWindow(1, 1)).toEqual([1]);
    expect(pageWindow(2, 3)).toEqual([1, 2, 3]);
    expect(pageWindow(1, 9)).toEqual([1, 2, 3, 4, 5]);
    expect(pageWindow(5, 9)).toEqual([3, 4, 5, 6, 7]);
    expect(pageWindow(9, 9)).toEqual([5, 6, 7, 8, 9]);
  });
});
