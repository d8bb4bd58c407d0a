import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { json, mockFetch, renderWithProviders, usePageTestEnv } from '../../test/renderWithProviders';

import { pageWindow } from './historyFormat';
import { HistoryPage } from './HistoryPage';
import { internalMessageOf, richSummary } from './richSummary';

const guid = '00000000-0000-4000-8000-000000000001';
const sid = (n: number) => `session_1700000000000_${'0123456789abcdef0123456789ab'}${String(n).padStart(4, '0')}`;
const bot = { id: 1, guid, name: 'Harbor Help', description: '', model: 'gpt-4o', isActive: true, avatarUrl: null };

function sessionsPage(sessions: Array<{ n: number; count: number }>, { totalCount = sessions.length, currentPage = 1, totalPages = 1 } = {}) {
  return {
    chatbotName: 'Harbor Help',
    sessions: sessions.map(({ n, count }) => ({
      id: n,
      sessionId: sid(n),
      messageCount: count,
      createdAt: '2024-03-01T10:00:00.000Z',
      lastMessageAt: '2024-03-01T10:05:00.000Z',
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

function render() {
  return renderWithProviders(
    <Routes>
      <Route path="/chatbots/:guid/history" element={<HistoryPage />} />
    </Routes>,
    { path: `/chatbots/${guid}/history` },
  );
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

  it('View opens Conversation Details with aligned messages, rich summaries, and goes back', async () => {
    mockConversation([
      { id: 1, sessionId: sid(1), sender: 'user', content: 'Where do I moor?', messageType: 'text', metadata: null, createdAt: '2024-03-01T10:00:00.000Z' },
      { id: 2, sessionId: sid(1), sender: 'bot', content: 'hidden', messageType: 'system', metadata: null, createdAt: '2024-03-01T10:00:01.000Z' },
      { id: 3, sessionId: sid(1), sender: 'bot', content: 'Pick a pier:', messageType: 'menu', metadata: { options: [{ id: 'a', text: 'North' }, 'South'] }, createdAt: '2024-03-01T10:00:02.000Z' },
    ]);
    render();
    fireEvent.click(within((await screen.findAllByTestId('session-card'))[0]).getByRole('button', { name: /View/ }));
    expect(await screen.findByRole('heading', { name: 'Conversation Details' })).toBeTruthy();
    const messages = await screen.findAllByTestId('history-message');
    expect(messages.map((m) => m.dataset.sender)).toEqual(['user', 'bot']);
    expect(messages[0].className).toContain('justify-end');
    expect(messages[1].className).toContain('justify-start');
    expect(within(messages[0]).getByText('Where do I moor?')).toBeTruthy();
    expect(within(messages[1]).getByText('menu')).toBeTruthy();
    expect(within(messages[1]).getByText('Options: North, South')).toBeTruthy();
    expect(screen.queryByText('hidden')).toBeNull();
    expect((screen.getByRole('button', { name: /Export/ }) as HTMLButtonElement).disabled).toBe(true);
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
    const messages = await screen.findAllByTestId('history-message');
    expect(within(messages[0]).getByText('Pricing')).toBeTruthy();
    expect(within(messages[0]).getByText('Asked the bot: Tell me about your plans and prices')).toBeTruthy();
    const escaped = within(messages[1]).getByTestId('internal-message');
    expect(escaped.textContent).toBe('Asked the bot: <b>Explain</b> refunds');
    expect(escaped.querySelector('b')).toBeNull();
    // Nothing extra when the instruction only repeats the visible words, nor for bot messages.
    expect(within(messages[2]).queryByTestId('internal-message')).toBeNull();
    expect(within(messages[3]).queryByText(/Asked the bot/)).toBeNull();
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

  it('?session= opens that conversation, with a lead shown as a card of its fields', async () => {
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
    mockConversation([
      { id: 1, sessionId: sid(1), sender: 'user', content: 'I want a human', messageType: 'text', metadata: null, createdAt: '2024-03-01T10:00:00.000Z' },
      { id: 2, sessionId: sid(1), sender: 'user', content: 'Contact our team\nName: Vera Visitor', messageType: 'system', metadata: lead, createdAt: '2024-03-01T10:01:00.000Z' },
      { id: 3, sessionId: sid(1), sender: 'user', content: 'Other form', messageType: 'system', metadata: { ...lead, formSubmissionId: 8, emailSent: false }, createdAt: '2024-03-01T10:02:00.000Z' },
      { id: 4, sessionId: sid(1), sender: 'bot', content: 'internal note', messageType: 'system', metadata: null, createdAt: '2024-03-01T10:03:00.000Z' },
    ]);
    renderWithProviders(
      <Routes>
        <Route path="/chatbots/:guid/history" element={<HistoryPage />} />
      </Routes>,
      { path: `/chatbots/${guid}/history?session=${sid(1)}` },
    );
    expect(await screen.findByRole('heading', { name: 'Conversation Details' })).toBeTruthy();
    const leads = await screen.findAllByTestId('history-lead');
    expect(leads).toHaveLength(2);
    expect(within(leads[0]).getByText('Lead')).toBeTruthy();
    expect(within(leads[0]).getByText('Contact our team')).toBeTruthy();
    expect([...leads[0].querySelectorAll('dt')].map((d) => d.textContent)).toEqual(['Name', 'Email', 'Message']);
    expect([...leads[0].querySelectorAll('dd')].map((d) => d.textContent)).toEqual(['Vera Visitor', 'vera@example.com', 'Call me\nafter 5.']);
    expect(within(leads[0]).getByTestId('history-lead-email').textContent).toBe('Emailed to you');
    expect(within(leads[1]).getByTestId('history-lead-email').textContent).toBe('Not emailed (kept in your Leads inbox)');
    expect(screen.getAllByTestId('history-message').map((m) => m.textContent)).toEqual([expect.stringContaining('I want a human')]);
    expect(screen.queryByText('internal note')).toBeNull();
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

describe('richSummary', () => {
  it('summarises rich messages and recorded choices', () => {
    expect(richSummary('form', { title: 'Contact us', formFields: [{ id: 'e', label: 'Email' }, { id: 'n', label: 'Name' }] })).toEqual([
      'Form: Contact us',
      'Fields: Email, Name',
    ]);
    expect(richSummary('rating', { minValue: 1, maxValue: 10, ratingType: 'numeric', selection: { optionId: '7', optionText: '7' } })).toEqual([
      'Rating 1-10',
      'Selected: 7',
    ]);
    expect(richSummary('table', { headers: ['A', 'B'], rows: [[1, 2]] })).toEqual(['Table (1 row)', 'Columns: A, B']);
    expect(richSummary('card', null)).toEqual([]);
  });
});

describe('internalMessageOf', () => {
  it('reads a non-empty instruction that differs from the visible words', () => {
    expect(internalMessageOf('Pricing', { internalMessage: ' Tell me about your plans ' })).toBe('Tell me about your plans');
    expect(internalMessageOf('Pricing', { internalMessage: 'Pricing' })).toBe('');
    expect(internalMessageOf('Pricing', { internalMessage: 42 })).toBe('');
    expect(internalMessageOf('Pricing', null)).toBe('');
  });
});
