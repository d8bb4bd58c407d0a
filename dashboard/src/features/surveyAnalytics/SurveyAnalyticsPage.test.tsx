import type { QuestionAnalytics, SurveyAnalytics, SurveyBreakdown } from '@parley/contracts';
import { fireEvent, screen, within } from '@testing-library/react';
import axe from 'axe-core';
import { Route, Routes } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { chatbotFixture } from '../../test/chatbotFixture';
import { json, mockFetch, renderWithProviders, usePageTestEnv } from '../../test/renderWithProviders';
import { SurveyAnalyticsPage } from './SurveyAnalyticsPage';

const guid = '00000000-0000-4000-8000-0000000000c7';
const bot = chatbotFixture(guid);

const choice: QuestionAnalytics = {
  questionId: 'q1',
  questionText: 'How did you hear about us?',
  questionType: 'single_choice',
  responseCount: 6,
  responses: [
    { value: 'Search engine', count: 2 },
    { value: 'A friend', count: 1 },
    { value: 'Other: harbour notice board', count: 1 },
    { value: 'Other: radio', count: 1 },
    { value: 'Social media', count: 1 },
  ],
  distinctResponses: 5,
  options: [
    { id: 'o1', text: 'Search engine', count: 2 },
    { id: 'o2', text: 'A friend', count: 1 },
    { id: 'o3', text: 'Social media', count: 1 },
    { id: 'q_other', text: 'Other', count: 2 },
  ],
};
const rating: QuestionAnalytics = {
  questionId: 'q2',
  questionText: 'How would you rate the berth booking?',
  questionType: 'rating',
  responseCount: 3,
  responses: [
    { value: '5', count: 2 },
    { value: '3', count: 1 },
  ],
  distinctResponses: 2,
  rating: { minValue: 1, maxValue: 5, average: 4.33, distribution: [1, 2, 3, 4, 5].map((value) => ({ value, count: value === 5 ? 2 : value === 3 ? 1 : 0 })) },
};
const unanswered: QuestionAnalytics = {
  questionId: 'q3',
  questionText: 'Anything else we should know?',
  questionType: 'text',
  responseCount: 0,
  responses: [],
  distinctResponses: 0,
};
const text: QuestionAnalytics = {
  questionId: 'q4',
  questionText: 'What should we improve?',
  questionType: 'text',
  responseCount: 1,
  responses: [{ value: 'More showers near pontoon C', count: 1 }],
  distinctResponses: 1,
};

const feedback: SurveyBreakdown = {
  surveyId: 12,
  surveyName: 'Visitor feedback',
  status: 'active',
  completionRate: 75,
  totalResponses: 4,
  completedResponses: 3,
  avgCompletionTime: 42_000,
  questionAnalytics: [choice, rating, unanswered],
};
const berths: SurveyBreakdown = {
  surveyId: 13,
  surveyName: 'Berth wishes',
  status: 'archived',
  completionRate: 70,
  totalResponses: 2,
  completedResponses: 1,
  avgCompletionTime: 150_000,
  questionAnalytics: [text],
};

function payload(overrides: Partial<SurveyAnalytics> = {}): SurveyAnalytics {
  return {
    totalSurveys: 2,
    totalResponses: 6,
    completionRate: 200 / 3,
    averageCompletionTime: 150_000,
    surveyBreakdown: [feedback, berths],
    testResponses: 3,
    ...overrides,
  };
}

function serve(answer: () => Response) {
  return mockFetch(
    (url) => (url.endsWith(`/api/chatbots/${guid}`) ? json(bot) : undefined),
    (url) => (url === `/api/chatbots/${guid}/surveys/analytics` ? answer() : undefined),
  );
}

function renderPage() {
  return renderWithProviders(
    <Routes>
      <Route path="/chatbots/:guid/survey-analytics" element={<SurveyAnalyticsPage />} />
    </Routes>,
    { path: `/chatbots/${guid}/survey-analytics` },
  );
}

const stat = (id: string) => within(screen.getByTestId(`stat-${id}`)).getByTestId('stat-value').textContent;
const survey = (name: string) => screen.getByRole('region', { name });

describe('Survey analytics page', () => {
  usePageTestEnv();

  it('shows the totals, the test responses left out, and the links to the dashboard, analytics and builder', async () => {
    const fetchMock = serve(() => json(payload()));
    renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: `Survey Analytics: ${bot.name}` })).toBeTruthy();
    expect(screen.getByRole('link', { name: /Back to Dashboard/ }).getAttribute('href')).toBe('/dashboard');
    expect(screen.getByRole('link', { name: 'Conversation Analytics' }).getAttribute('href')).toBe(`/chatbots/${guid}/analytics`);
    expect(screen.getByRole('link', { name: 'Survey Builder' }).getAttribute('href')).toBe(`/chatbots/${guid}/surveys`);

    await screen.findByTestId('stat-total-surveys');
    expect([stat('total-surveys'), stat('total-responses'), stat('completion-rate'), stat('avg-completion-time')]).toEqual(['2', '6', '66.7%', '2.5 min']);
    expect(screen.getByTestId('stat-total-surveys').textContent).toContain('1 active');
    expect(screen.getByTestId('stat-total-responses').textContent).toContain('4 completed');
    expect(screen.getByTestId('test-responses-note').textContent).toBe('3 responses from the Test page are not counted');
    expect(fetchMock.mock.calls.map(([url]) => String(url))).toContain(`/api/chatbots/${guid}/surveys/analytics`);
  });

  it('breaks each survey down: status, figures, the rate highlighted only above 70% and its CSV download', async () => {
    serve(() => json(payload()));
    renderPage();
    await screen.findByTestId('stat-total-surveys');

    const first = survey('Visitor feedback');
    expect(within(first).getByText('Active')).toBeTruthy();
    expect(within(first).getByTestId('survey-responses').textContent).toBe('4');
    expect(within(first).getByTestId('survey-completed').textContent).toBe('3');
    expect(within(first).getByTestId('survey-completion-rate').textContent).toBe('75.0%, above 70%');
    expect(within(first).getByTestId('survey-completion-time').textContent).toBe('42s');
    const csv = within(first).getByRole('link', { name: 'Export CSV of Visitor feedback' });
    expect(csv.getAttribute('href')).toBe('/api/surveys/12/responses/export.csv');
    expect(csv.hasAttribute('download')).toBe(true);

    const second = survey('Berth wishes');
    expect(within(second).getByText('Archived')).toBeTruthy();
    // Exactly 70% is not above the highlight line.
    expect(within(second).getByTestId('survey-completion-rate').textContent).toBe('70.0%');
    expect(within(second).getByTestId('survey-completion-time').textContent).toBe('2.5 min');
    expect(within(second).getByRole('link', { name: /Export CSV/ }).getAttribute('href')).toBe('/api/surveys/13/responses/export.csv');
  });

  it('lists three answers per question, then "+ N more" that opens the rest; a question without answers says "No responses"', async () => {
    serve(() => json(payload()));
    renderPage();
    await screen.findByTestId('stat-total-surveys');
    const [q1, q2, q3] = within(survey('Visitor feedback')).getAllByTestId('question-analytics');

    expect(within(q1).getByRole('heading', { level: 3 }).textContent).toBe('1. How did you hear about us?');
    expect(within(q1).getByTestId('question-meta').textContent).toBe('Single choice · 6 responses');
    const answers = () => within(within(q1).getByRole('list', { name: 'Answers to question 1' })).getAllByRole('listitem').map((li) => li.textContent);
    expect(answers()).toEqual(['Search engine2 responses', 'A friend1 response', 'Other: harbour notice board1 response']);
    const more = within(q1).getByRole('button', { name: '+ 2 more' });
    expect(more.textContent).toBe('+ 2 more');
    expect(more.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(more);
    expect(answers()).toHaveLength(5);
    expect(answers().at(-1)).toBe('Social media1 response');
    const fewer = within(q1).getByRole('button', { name: 'Show fewer' });
    expect(fewer.getAttribute('aria-expanded')).toBe('true');
    fireEvent.click(fewer);
    expect(answers()).toHaveLength(3);

    expect(within(q2).getByTestId('question-meta').textContent).toBe('Rating · 3 responses');
    expect(within(q2).getByTestId('rating-average').textContent).toBe('Average rating: 4.33 of 5');
    expect(within(q2).queryByRole('button', { name: /more/ })).toBeNull();

    expect(within(q3).getByTestId('question-meta').textContent).toBe('Text · 0 responses');
    expect(within(q3).getByText('No responses')).toBeTruthy();
    expect(within(q3).queryByRole('list')).toBeNull();
    expect(within(q3).queryByTestId('question-chart')).toBeNull();
  });

  it('draws a named chart per choice and rating question, each with its counts as a table; text questions have none', async () => {
    serve(() => json(payload()));
    renderPage();
    await screen.findByTestId('stat-total-surveys');
    const [q1, q2] = within(survey('Visitor feedback')).getAllByTestId('question-analytics');

    const options = within(q1).getByRole('figure', { name: 'Question 1: responses per option' });
    fireEvent.click(within(options).getByRole('button', { name: 'Show as table: question 1' }));
    const optionRows = within(within(options).getByRole('table', { name: 'Question 1: responses per option' })).getAllByRole('row');
    expect(optionRows.map((r) => r.textContent)).toEqual(['OptionResponses', 'Search engine2', 'A friend1', 'Social media1', 'Other2']);

    const scale = within(q2).getByRole('figure', { name: 'Question 2: responses per rating (1 to 5)' });
    fireEvent.click(within(scale).getByRole('button', { name: 'Show as table: question 2' }));
    const ratingRows = within(within(scale).getByRole('table')).getAllByRole('row');
    expect(ratingRows.map((r) => r.textContent)).toEqual(['RatingResponses', '10', '20', '31', '40', '52']);

    const textQuestion = within(survey('Berth wishes')).getByTestId('question-analytics');
    expect(within(textQuestion).getByText('More showers near pontoon C')).toBeTruthy();
    expect(within(textQuestion).queryByRole('figure')).toBeNull();
  });

  it('has no accessibility violations axe can find without a layout', async () => {
    serve(() => json(payload()));
    const { container } = renderPage();
    await screen.findByTestId('stat-total-surveys');
    fireEvent.click(screen.getAllByRole('button', { name: '+ 2 more' })[0]);
    const result = await axe.run(container, { rules: { 'color-contrast': { enabled: false } } });
    expect(result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(' ')}`)).toEqual([]);
  });

  it('shows "No Survey Data" with a link to create a survey when the bot has none', async () => {
    serve(() => json(payload({ totalSurveys: 0, totalResponses: 0, completionRate: 0, averageCompletionTime: 0, surveyBreakdown: [], testResponses: 0 })));
    renderPage();
    const empty = await screen.findByTestId('survey-analytics-empty');
    expect(within(empty).getByRole('heading', { name: 'No Survey Data' })).toBeTruthy();
    expect(within(empty).getByRole('link', { name: 'Create a survey' }).getAttribute('href')).toBe(`/chatbots/${guid}/surveys`);
    expect(screen.queryByTestId('stat-total-surveys')).toBeNull();
    expect(screen.queryByTestId('test-responses-note')).toBeNull();
  });

  it('shows "No Survey Data" when no response counts yet, and says a Test-page response was left out', async () => {
    const empty: SurveyBreakdown = { ...feedback, completionRate: 0, totalResponses: 0, completedResponses: 0, avgCompletionTime: 0 };
    serve(() => json(payload({ totalSurveys: 1, totalResponses: 0, completionRate: 0, averageCompletionTime: 0, surveyBreakdown: [empty], testResponses: 1 })));
    renderPage();
    const card = await screen.findByTestId('survey-analytics-empty');
    expect(within(card).getByRole('heading', { name: 'No Survey Data' })).toBeTruthy();
    expect(within(card).getByRole('link', { name: 'Open the Survey Builder' }).getAttribute('href')).toBe(`/chatbots/${guid}/surveys`);
    expect(screen.getByTestId('test-responses-note').textContent).toBe('1 response from the Test page is not counted');
    expect(screen.queryByRole('region', { name: 'Visitor feedback' })).toBeNull();
  });

  it('says so when the figures cannot be loaded, and tries again on request', async () => {
    let calls = 0;
    serve(() => (++calls === 1 ? json({ message: 'Database is busy' }, 500) : json(payload())));
    renderPage();
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Error Loading Survey Analytics')).toBeTruthy();
    expect(within(alert).getByText('Database is busy')).toBeTruthy();
    fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByTestId('stat-total-surveys')).toBeTruthy();
  });
});
