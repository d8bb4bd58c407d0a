import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json, mockFetch, mockMatchMedia, renderWithProviders, signedInAs } from '../../test/renderWithProviders';
import { computeBotLimit } from './botLimit';
import { DashboardPage } from './DashboardPage';

const bot = (n: number, isActive = true) => ({
  id: n,
  guid: `00000000-0000-4000-8000-00000000000${n}`,
  name: `Bot ${n}`,
  description: `Description ${n}`,
  model: 'gpt-4o',
  isActive,
  avatarUrl: null,
});

function serve({
  bots,
  maxBots,
  isAdmin = false,
  unread,
  emailConfigured = true,
}: { bots: ReturnType<typeof bot>[]; maxBots: number; isAdmin?: boolean; unread?: number; emailConfigured?: boolean }) {
  const user = signedInAs({ email: 'ada@example.com', firstName: 'Ada' });
  return mockFetch(
    (url) => (url.endsWith('/api/auth/admin-status') ? json({ isAdmin }) : undefined),
    (url) => (url.endsWith('/api/system/status') ? json({ modelConfigured: true, emailConfigured }) : undefined),
    (url) => (unread !== undefined && url.endsWith('/api/leads/unread-count') ? json(unread) : undefined),
    user,
    (url) => (url.endsWith('/api/chatbots') ? json(bots) : undefined),
    (url) =>
      url.endsWith('/api/subscription/current')
        ? json({ status: 'active', plan: { id: 'basic', name: 'Basic', maxBots, maxMessagesPerMonth: 2000 }, messagesUsedThisMonth: 0, currentPeriodEnd: '2030-01-01', cancelAtPeriodEnd: false })
        : undefined,
  );
}

describe('DashboardPage', () => {
  beforeEach(() => mockMatchMedia(false));
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('greets the owner and shows the empty state; missing stats endpoints count as zero', async () => {
    serve({ bots: [], maxBots: 3 });
    renderWithProviders(<DashboardPage />, { path: '/dashboard' });
    expect(await screen.findByText('No chatbots yet')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Welcome back, Ada');
    expect(within(screen.getByTestId('stat-conversations')).getByText('0')).toBeTruthy();
    expect(within(screen.getByTestId('stat-survey-responses')).getByText('No survey data')).toBeTruthy();
    expect(screen.getByRole('link', { name: /^Documentation/ }).getAttribute('href')).toBe('/docs');
    expect(screen.getByRole('link', { name: /Support/ }).getAttribute('href')).toBe('/contact');
  });

  it('lists bots with status badge, model and a Configure link', async () => {
    const fetchMock = serve({ bots: [bot(1), bot(2, false)], maxBots: 10 });
    const served = fetchMock.getMockImplementation()!;
    fetchMock.mockImplementation(async (input, init) =>
      String(input).endsWith('/api/chat/conversations/count') ? json(1234) : served(input, init),
    );
    renderWithProviders(<DashboardPage />, { path: '/dashboard' });
    const cards = await screen.findAllByTestId('chatbot-card');
    expect(cards).toHaveLength(2);
    expect(within(cards[0]).getByText('Active')).toBeTruthy();
    expect(within(cards[1]).getByText('Inactive')).toBeTruthy();
    expect(within(cards[0]).getByText('gpt-4o')).toBeTruthy();
    expect(within(cards[0]).getByRole('link', { name: /Configure/ }).getAttribute('href')).toBe(`/chatbots/${bot(1).guid}`);
    expect(within(screen.getByTestId('stat-total-chatbots')).getByText('1 active')).toBeTruthy();
    expect(await within(screen.getByTestId('stat-conversations')).findByText('1,234')).toBeTruthy();
    // Neither bot answers its survey analytics here: both count as zeros.
    expect(within(screen.getByTestId('stat-survey-responses')).getByText('No survey data')).toBeTruthy();
    expect(fetchMock.mock.calls.map(([url]) => String(url)).filter((url) => url.includes('/surveys'))).toEqual(
      [bot(1), bot(2)].map((b) => `/api/chatbots/${b.guid}/surveys/analytics?include=totals`),
    );
  });

  it('at 80% of the cap warns; at the cap shows the red banner and disables Create Chatbot', async () => {
    serve({ bots: [bot(1), bot(2), bot(3), bot(4)], maxBots: 5 });
    renderWithProviders(<DashboardPage />, { path: '/dashboard' });
    expect(await screen.findByText('Approaching Active Chatbot Limit')).toBeTruthy();
    expect(screen.getByRole('link', { name: /Create Chatbot/ }).getAttribute('href')).toBe('/chatbots/new');
    cleanup();

    serve({ bots: [bot(1), bot(2), bot(3)], maxBots: 3 });
    renderWithProviders(<DashboardPage />, { path: '/dashboard' });
    expect(await screen.findByText('Active Chatbot Limit Reached')).toBeTruthy();
    expect((screen.getByRole('button', { name: /Create Chatbot/ }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('past the cap after a downgrade, says the bots keep running and new activations are blocked', async () => {
    serve({ bots: [bot(1), bot(2), bot(3), bot(4)], maxBots: 3 });
    renderWithProviders(<DashboardPage />, { path: '/dashboard' });
    expect(await screen.findByText('Active Chatbot Limit Reached')).toBeTruthy();
    expect(
      screen.getByText(/^You have 4 active chatbots and the Basic plan allows 3\. They keep running, but you can't activate another until fewer than 3 are active\./),
    ).toBeTruthy();
  });

  it('admins see ∞ and no cap', async () => {
    serve({ bots: [bot(1), bot(2), bot(3)], maxBots: 3, isAdmin: true });
    renderWithProviders(<DashboardPage />, { path: '/dashboard' });
    expect(await screen.findByText(/3 \/ ∞ active chatbots/)).toBeTruthy();
    expect(screen.queryByText('Active Chatbot Limit Reached')).toBeNull();
    expect(screen.getByRole('link', { name: /Create Chatbot/ })).toBeTruthy();
  });
});

describe('DashboardPage: leads', () => {
  beforeEach(() => {
    mockMatchMedia(false);
    localStorage.clear();
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('counts unread leads from the cheap unread-count call, with a link to the inbox', async () => {
    const fetchMock = serve({ bots: [bot(1)], maxBots: 3, unread: 4 });
    renderWithProviders(<DashboardPage />, { path: '/dashboard' });
    const card = await screen.findByTestId('stat-unread-leads');
    expect(await within(card).findByText('4')).toBeTruthy();
    expect(within(card).getByRole('link', { name: 'Open Leads inbox' }).getAttribute('href')).toBe('/leads');
    const urls = fetchMock.mock.calls.map(([u]) => String(u));
    expect(urls).toContain('/api/leads/unread-count');
    // The whole inbox page is not loaded just to count.
    expect(urls.some((u) => u.startsWith('/api/leads?'))).toBe(false);
  });

  it('says once that leads stay in the inbox when no mail server is configured', async () => {
    serve({ bots: [bot(1)], maxBots: 3, emailConfigured: false });
    renderWithProviders(<DashboardPage />, { path: '/dashboard' });
    const notice = await screen.findByTestId('smtp-notice');
    expect(within(notice).getByText('Leads are kept in the inbox; configure SMTP to get them by email.')).toBeTruthy();
  });

  it('shows no mail notice when a mail server is configured', async () => {
    serve({ bots: [bot(1)], maxBots: 3, emailConfigured: true });
    renderWithProviders(<DashboardPage />, { path: '/dashboard' });
    await screen.findByTestId('stat-unread-leads');
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByTestId('smtp-notice')).toBeNull();
  });
});

describe('DashboardPage: survey responses', () => {
  beforeEach(() => mockMatchMedia(false));
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  const figures = (totalResponses: number, completionRate: number) => ({
    totalSurveys: 1,
    totalResponses,
    completionRate,
    averageCompletionTime: 30_000,
    surveyBreakdown: [],
    testResponses: 0,
  });

  /** The usual dashboard calls, and each bot's survey totals from `answers` (by bot number). */
  function serveSurveys(bots: ReturnType<typeof bot>[], answers: Record<number, () => Response>) {
    const fetchMock = serve({ bots, maxBots: 10 });
    const served = fetchMock.getMockImplementation()!;
    fetchMock.mockImplementation(async (input, init) => {
      const match = /^\/api\/chatbots\/([^/]+)\/surveys\/analytics\?include=totals$/.exec(String(input));
      const owner = match && bots.find((b) => b.guid === match[1]);
      return owner && answers[owner.id] ? answers[owner.id]() : served(input, init);
    });
    return fetchMock;
  }

  it('sums the responses of every bot and averages their completion rates; a bot whose call fails counts as zeros', async () => {
    const fetchMock = serveSurveys([bot(1), bot(2), bot(3)], {
      1: () => json(figures(3, 200 / 3)),
      2: () => json(figures(2, 50)),
      3: () => json({ message: 'Internal Server Error' }, 500),
    });
    renderWithProviders(<DashboardPage />, { path: '/dashboard' });
    const card = await screen.findByTestId('stat-survey-responses');
    expect(await within(card).findByText('58.3% completion rate')).toBeTruthy();
    expect(within(card).getByTestId('stat-value').textContent).toBe('5');
    expect(fetchMock.mock.calls.map(([url]) => String(url)).filter((url) => url.includes('/surveys'))).toEqual(
      [bot(1), bot(2), bot(3)].map((b) => `/api/chatbots/${b.guid}/surveys/analytics?include=totals`),
    );
  });

  it('reads "No survey data" when no bot has a counted response', async () => {
    const fetchMock = serveSurveys([bot(1), bot(2)], { 1: () => json(figures(0, 0)), 2: () => json({ ...figures(0, 0), totalSurveys: 0 }) });
    renderWithProviders(<DashboardPage />, { path: '/dashboard' });
    const card = await screen.findByTestId('stat-survey-responses');
    await waitFor(() => expect(fetchMock.mock.calls.filter(([url]) => String(url).endsWith('/surveys/analytics?include=totals'))).toHaveLength(2));
    await act(() => new Promise((r) => setTimeout(r, 20)));
    expect(within(card).getByTestId('stat-value').textContent).toBe('0');
    expect(within(card).getByText('No survey data')).toBeTruthy();
  });
});

describe('computeBotLimit', () => {
  it('follows the plan cap, -1 unlimited, admins exempt', () => {
    expect(computeBotLimit({ active: 0, maxBots: 1, isAdmin: false })).toMatchObject({ level: 'ok', canCreate: true, cap: 1 });
    expect(computeBotLimit({ active: 1, maxBots: 1, isAdmin: false })).toMatchObject({ level: 'reached', canCreate: false });
    expect(computeBotLimit({ active: 7, maxBots: 10, isAdmin: false }).level).toBe('ok');
    expect(computeBotLimit({ active: 8, maxBots: 10, isAdmin: false }).level).toBe('approaching');
    expect(computeBotLimit({ active: 50, maxBots: -1, isAdmin: false })).toMatchObject({ cap: null, canCreate: true });
    expect(computeBotLimit({ active: 5, maxBots: 1, isAdmin: true })).toMatchObject({ cap: null, level: 'ok', canCreate: true });
  });
});
