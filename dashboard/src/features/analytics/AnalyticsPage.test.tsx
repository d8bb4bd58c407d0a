import { addDays, todayIn } from '@parley/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { chatbotFixture } from '../../test/chatbotFixture';
import { json, mockFetch, renderWithProviders, usePageTestEnv } from '../../test/renderWithProviders';
import { AnalyticsPage } from './AnalyticsPage';
import type { Analytics } from './useAnalytics';

const guid = '00000000-0000-4000-8000-0000000000a1';
const bot = chatbotFixture(guid);
const tz = Intl.DateTimeFormat().resolvedOptions().timeZone;
const today = todayIn(tz);

/** An answer of the analytics API for a period, with a week of known figures at its end. */
function analytics(from: string, to: string, overrides: Partial<Analytics> = {}): Analytics {
  const days: string[] = [];
  for (let d = from; d <= to; d = addDays(d, 1)) days.push(d);
  const busiestHours = Array.from({ length: 24 }, (_, hour) => ({ hour, questions: hour === 9 ? 6 : hour === 14 ? 1 : 0 }));
  const weekdayHours = Array.from({ length: 7 }, (_, day) => Array.from({ length: 24 }, (_, hour): number => (day === 0 && hour === 9 ? 6 : 0)));
  weekdayHours[5][14] = 1;
  return {
    range: { from, to, tz, days: days.length },
    totals: { conversations: 6, messages: 20, visitorQuestions: 10 },
    daily: days.map((date, i) => ({ date, conversations: i === days.length - 1 ? 4 : i === days.length - 2 ? 2 : 0, messages: i === days.length - 1 ? 14 : i === days.length - 2 ? 6 : 0 })),
    answers: { answered: 6, fallback: 1, answeredRate: 6 / 7, fallbackRate: 1 / 7 },
    resolution: { assumed: { count: 2, rate: 2 / 6 }, confirmed: { count: 1, rate: 1 / 6 } },
    feedback: { up: 1, down: 1 },
    busiestHours,
    weekdayHours,
    topQuestions: [
      {
        question: 'How do I reset my password',
        count: 3,
        wordings: [
          { text: 'How do I reset my password', count: 2 },
          { text: 'How can I reset my account password?', count: 1 },
        ],
      },
      { question: 'opening hours?', count: 2, wordings: [{ text: 'opening hours?', count: 2 }] },
    ],
    topSources: [
      { title: 'Opening hours', url: 'https://help.example/hours', count: 3 },
      { title: 'Shipping', url: null, count: 1 },
    ],
    leads: 1,
    unansweredQuestions: 2,
    ...overrides,
  };
}

type Answer = (query: URLSearchParams) => Response;

/** The bot and its analytics; `answer` decides what each analytics request gets. */
function serve(answer: Answer = (q) => json(analytics(q.get('from')!, q.get('to')!))) {
  return mockFetch(
    (url) => (url.endsWith(`/api/chatbots/${guid}`) ? json(bot) : undefined),
    (url) => {
      const parsed = new URL(url, 'http://localhost');
      return parsed.pathname === `/api/chatbots/${guid}/analytics` ? answer(parsed.searchParams) : undefined;
    },
  );
}

/** The period of each analytics request made so far. */
const requestedPeriods = (fetchMock: ReturnType<typeof serve>) =>
  fetchMock.mock.calls
    .map(([input]) => new URL(String(input), 'http://localhost'))
    .filter((u) => u.pathname.endsWith('/analytics'))
    .map((u) => Object.fromEntries(u.searchParams));

function renderPage(path = `/chatbots/${guid}/analytics`) {
  return renderWithProviders(
    <Routes>
      <Route path="/chatbots/:guid/analytics" element={<AnalyticsPage />} />
    </Routes>,
    { path },
  );
}

const stat = (id: string) => within(screen.getByTestId(`stat-${id}`)).getByTestId('stat-value').textContent;

describe('Analytics page', () => {
  usePageTestEnv();

  it('shows the last 30 days on the owner’s clock: headline figures, the unanswered link and the CSV export', async () => {
    const fetchMock = serve();
    renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: `Analytics: ${bot.name}` })).toBeTruthy();
    expect(screen.getByText(`How visitors use ${bot.name}. Test-page chats are not counted.`)).toBeTruthy();
    expect(screen.getByRole('link', { name: /Back to Dashboard/ }).getAttribute('href')).toBe('/dashboard');

    await screen.findByTestId('stat-conversations');
    const period = { from: addDays(today, -29), to: today, tz };
    expect(requestedPeriods(fetchMock)).toEqual([period]);
    expect(screen.getByRole('button', { name: '30 days' }).getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByTestId('analytics-period').textContent).toContain(`days and hours in ${tz}`);

    expect([stat('conversations'), stat('messages'), stat('answered-rate'), stat('fallback-rate')]).toEqual(['6', '20', '85.7%', '14.3%']);
    expect([stat('assumed-resolution'), stat('confirmed-resolution'), stat('leads')]).toEqual(['33.3%', '16.7%', '1']);
    expect(screen.getByTestId('stat-answered-rate').textContent).toContain('6 of 7 answers');
    expect(screen.getByTestId('stat-confirmed-resolution').textContent).toContain('1 of 6 conversations with a thumbs-up (1 up, 1 down)');

    const unanswered = screen.getByTestId('unanswered-card');
    expect(within(unanswered).getByTestId('unanswered-count').textContent).toBe(
      '2 questions from this period in the last 90 days got a fallback, a thumbs-down or a hand-off and wait for an answer (excluding Test-page chats).',
    );
    expect(within(unanswered).getByRole('link', { name: /Open the Unanswered inbox/ }).getAttribute('href')).toBe(`/chatbots/${guid}/unanswered`);

    const exportLink = screen.getByRole('link', { name: /Export CSV/ });
    expect(exportLink.hasAttribute('download')).toBe(true);
    expect(exportLink.getAttribute('href')).toBe(`/api/chatbots/${guid}/analytics/export.csv?${new URLSearchParams(period)}`);
  });

  it('switches to 7 or 90 days, and to a custom period once both dates make one', async () => {
    const fetchMock = serve();
    renderPage();
    await screen.findByTestId('stat-conversations');

    fireEvent.click(screen.getByRole('button', { name: '7 days' }));
    await waitFor(() => expect(requestedPeriods(fetchMock).at(-1)).toEqual({ from: addDays(today, -6), to: today, tz }));
    expect(screen.getByRole('button', { name: '7 days' }).getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByRole('button', { name: '30 days' }).getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(screen.getByRole('button', { name: '90 days' }));
    await waitFor(() => expect(requestedPeriods(fetchMock).at(-1)).toEqual({ from: addDays(today, -89), to: today, tz }));

    fireEvent.click(screen.getByRole('button', { name: 'Custom' }));
    const from = screen.getByLabelText('From') as HTMLInputElement;
    const to = screen.getByLabelText('To') as HTMLInputElement;
    expect([from.value, to.value]).toEqual([addDays(today, -89), today]);
    const asked = requestedPeriods(fetchMock).length;

    fireEvent.change(from, { target: { value: addDays(today, 1) } });
    expect(screen.getByRole('alert').textContent).toBe('The start date must be on or before the end date');
    fireEvent.change(from, { target: { value: '2023-01-01' } });
    fireEvent.change(to, { target: { value: '2024-06-30' } });
    expect(screen.getByRole('alert').textContent).toBe('The period can cover at most 366 days');
    expect(requestedPeriods(fetchMock)).toHaveLength(asked);

    fireEvent.change(from, { target: { value: '2024-03-09' } });
    await waitFor(() => expect(requestedPeriods(fetchMock).at(-1)).toEqual({ from: '2024-03-09', to: '2024-06-30', tz }));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByRole('button', { name: 'Custom' }).getAttribute('aria-pressed')).toBe('true');
    await waitFor(() => expect(screen.getByTestId('analytics-period').textContent).toContain('Mar 9 – Jun 30, 2024'));
    expect(screen.getByRole('link', { name: /Export CSV/ }).getAttribute('href')).toContain('from=2024-03-09&to=2024-06-30');
  });

  it('opens a custom period from its address', async () => {
    const fetchMock = serve();
    renderPage(`/chatbots/${guid}/analytics?from=2024-03-09&to=2024-03-11`);
    await screen.findByTestId('stat-conversations');
    expect(requestedPeriods(fetchMock)).toEqual([{ from: '2024-03-09', to: '2024-03-11', tz }]);
    expect((screen.getByLabelText('From') as HTMLInputElement).value).toBe('2024-03-09');
  });

  it('shows every chart as a captioned table on request', async () => {
    serve((q) => json(analytics('2024-03-09', '2024-03-11', { range: { from: q.get('from')!, to: q.get('to')!, tz, days: 3 } })));
    renderPage(`/chatbots/${guid}/analytics?from=2024-03-09&to=2024-03-11`);
    await screen.findByTestId('stat-conversations');

    const rowsOf = (table: HTMLElement) => within(table).getAllByRole('row').map((r) => [...r.querySelectorAll('th, td')].map((c) => c.textContent));

    const activity = screen.getByTestId('chart-activity');
    const toggle = within(activity).getByRole('button', { name: 'Show as table' });
    expect(toggle.getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-pressed')).toBe('true');
    const days = within(activity).getByRole('table', { name: 'Conversations and messages per day' });
    expect(rowsOf(days)).toEqual([
      ['Day', 'Conversations', 'Messages'],
      ['Sat, Mar 9, 2024', '0', '0'],
      ['Sun, Mar 10, 2024', '2', '6'],
      ['Mon, Mar 11, 2024', '4', '14'],
    ]);
    fireEvent.click(toggle);
    expect(within(activity).queryByRole('table')).toBeNull();

    const hours = screen.getByTestId('chart-hours');
    // The weekday heat map is a table of its own, beside the bars.
    const heat = within(hours).getByRole('table', { name: 'Visitor questions by weekday and hour' });
    expect(rowsOf(heat)[1].slice(0, 1)).toEqual(['Mon']);
    expect(rowsOf(heat)[1][10]).toBe('6');
    fireEvent.click(within(hours).getByRole('button', { name: 'Show as table' }));
    const perHour = within(hours).getByRole('table', { name: 'Visitor questions per hour of the day' });
    expect(rowsOf(perHour)).toHaveLength(25);
    expect(rowsOf(perHour).slice(9, 11)).toEqual([
      ['08:00', '0'],
      ['09:00', '6'],
    ]);

    const answers = screen.getByTestId('chart-answers');
    fireEvent.click(within(answers).getByRole('button', { name: 'Show as table' }));
    expect(rowsOf(within(answers).getByRole('table', { name: 'Answers by outcome' }))).toEqual([
      ['Outcome', 'Answers', 'Share'],
      ['Answered', '6', '85.7%'],
      ['Fallback', '1', '14.3%'],
    ]);
  });

  it('lists the top questions with their other wordings and the most cited sources', async () => {
    serve();
    renderPage();
    const questions = await screen.findAllByTestId('top-question');
    expect(questions.map((q) => [within(q).getByTestId('question-text').textContent, within(q).getByTestId('question-count').textContent])).toEqual([
      ['How do I reset my password', '3 times'],
      ['opening hours?', '2 times'],
    ]);
    expect(questions[0].textContent).toContain('Also asked as: “How can I reset my account password?” (1)');
    expect(questions[1].textContent).not.toContain('Also asked as');

    const sources = within(screen.getByTestId('top-sources')).getByRole('table', { name: 'Most cited sources' });
    const link = within(sources).getByRole('link', { name: /Opening hours/ });
    expect([link.getAttribute('href'), link.getAttribute('target'), link.getAttribute('rel')]).toEqual(['https://help.example/hours', '_blank', 'noopener noreferrer']);
    expect(within(sources).getByText('Shipping').closest('a')).toBeNull();
    expect(within(sources).getAllByRole('row').map((r) => r.lastElementChild?.textContent)).toEqual(['Answers', '3', '1']);
  });

  it('says "No conversations in this period" when nobody asked anything', async () => {
    serve((q) =>
      json(
        analytics(q.get('from')!, q.get('to')!, {
          totals: { conversations: 0, messages: 0, visitorQuestions: 0 },
          answers: { answered: 0, fallback: 0, answeredRate: null, fallbackRate: null },
          topQuestions: [],
          topSources: [],
        }),
      ),
    );
    renderPage();
    expect(await screen.findByText('No conversations in this period')).toBeTruthy();
    expect(screen.queryByTestId('stat-conversations')).toBeNull();
    // The period can still be changed and the (empty) figures exported.
    expect(screen.getByRole('button', { name: '7 days' })).toBeTruthy();
    expect(screen.getByRole('link', { name: /Export CSV/ })).toBeTruthy();
  });

  it('shows the error with a way to try again', async () => {
    let fail = true;
    const fetchMock = serve((q) => (fail ? json({ message: 'Internal server error' }, 500) : json(analytics(q.get('from')!, q.get('to')!))));
    renderPage();
    expect(await screen.findByText('Error Loading Analytics')).toBeTruthy();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await screen.findByTestId('stat-conversations');
    expect(requestedPeriods(fetchMock).length).toBeGreaterThanOrEqual(2);
  });

  it('shows "Chatbot Not Found" for a missing or foreign bot', async () => {
    mockFetch((url) => (url.endsWith(`/api/chatbots/${guid}`) ? json({ message: 'Chatbot not found' }, 404) : undefined));
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Chatbot Not Found' })).toBeTruthy();
  });
});
