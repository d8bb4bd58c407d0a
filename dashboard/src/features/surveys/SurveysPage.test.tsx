import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { newSurveyConfig, SURVEY_ASSISTANT_PANEL_HEIGHT, type SurveyConfig, type SurveyWithCounts } from '@parley/contracts';
import { chatbotFixture } from '../../test/chatbotFixture';
import { json, mockFetch, renderWithProviders, signedOut, usePageTestEnv } from '../../test/renderWithProviders';
import { AuthRequired } from '../auth/AuthRequired';
import { RequireAuth } from '../auth/RequireAuth';
import { queryKeys } from '../../lib/queryKeys';
import { SurveysPage } from './SurveysPage';
import { appliedConfig, renamed } from './useSurveyDraft';

const GUID = '00000000-0000-4000-8000-0000000000e5';
const BOT = `/api/chatbots/${GUID}`;
const LIST = `/api/chatbots/${GUID}/surveys`;

const QUESTIONS: SurveyConfig['questions'] = [
  { id: 'q1', text: 'How did you find us?', type: 'single_choice', required: true, options: [{ id: 'o1', text: 'Search' }, { id: 'o2', text: 'A friend' }], allowFreeChoice: true },
  { id: 'q2', text: 'How was your visit?', type: 'rating', required: false, metadata: { minValue: 1, maxValue: 5, ratingType: 'stars' } },
];

function surveyFixture(id: number, overrides: Partial<SurveyWithCounts> = {}): SurveyWithCounts {
  return {
    id,
    chatbotId: 1,
    name: `Survey ${id}`,
    description: 'A new survey',
    status: 'draft',
    surveyConfig: { ...newSurveyConfig(`survey_${id}`), questions: QUESTIONS },
    createdAt: '2026-01-01T10:00:00.000Z',
    updatedAt: '2026-01-01T10:00:00.000Z',
    responseCount: 0,
    completedCount: 0,
    ...overrides,
  };
}

type Sent = { url: string; method: string; body: unknown };
type Answer = { status: number; body: unknown } | undefined;

/**
 * The bot and its survey routes over an in-memory list; every write is recorded. `failWith`
 * makes writes of one method answer an error instead; `onPatch` sees each PATCH (numbered from
 * 1) and may answer it with an error, or hold it until a promise settles. Like the server, a
 * PATCH that would leave an active survey without questions is refused.
 */
function serve({
  surveys = [surveyFixture(12), surveyFixture(7, { name: 'Older survey', status: 'active', responseCount: 1 })],
  botStatus,
  failWith = {},
  onPatch,
}: {
  surveys?: SurveyWithCounts[];
  botStatus?: number;
  failWith?: Partial<Record<'POST' | 'PATCH' | 'DELETE', Answer>>;
  onPatch?: (n: number) => Answer | Promise<void>;
} = {}) {
  const sent: Sent[] = [];
  let list = surveys;
  let clock = 0;
  let patchCount = 0;
  const update = (id: number, updates: Partial<SurveyWithCounts>) => {
    const next = { ...list.find((s) => s.id === id)!, ...updates };
    if (next.status === 'active' && next.surveyConfig.questions.length === 0) return json({ message: 'Add at least one question before activating the survey.' }, 400);
    list = list.map((s) => (s.id === id ? { ...next, updatedAt: `2026-01-02T10:00:0${++clock}.000Z` } : s));
    return json(list.find((s) => s.id === id));
  };
  const fetchMock = mockFetch(
    (url, init) => {
      const method = init?.method ?? 'GET';
      if (method !== 'GET') sent.push({ url, method, body: init?.body ? JSON.parse(String(init.body)) : undefined });
      return undefined;
    },
    (url) => (url === BOT ? (botStatus ? json({ message: 'Chatbot not found' }, botStatus) : json(chatbotFixture(GUID))) : undefined),
    (url, init) => {
      const method = (init?.method ?? 'GET') as 'GET' | 'POST' | 'PATCH' | 'DELETE';
      const failure = method === 'GET' ? undefined : failWith[method];
      if (failure && (url === LIST || url.startsWith('/api/surveys/'))) return new Response(typeof failure.body === 'string' ? failure.body : JSON.stringify(failure.body), { status: failure.status });
      if (url === LIST && method === 'GET') return json(list);
      if (url === LIST && method === 'POST') {
        const body = JSON.parse(String(init!.body)) as { name: string; description: string };
        const created = surveyFixture(30, { ...body, surveyConfig: newSurveyConfig('survey_30') });
        list = [created, ...list];
        return json(created, 201);
      }
      const match = /^\/api\/surveys\/(\d+)$/.exec(url);
      if (!match) return undefined;
      const id = Number(match[1]);
      if (method === 'DELETE') {
        list = list.filter((s) => s.id !== id);
        return json({ success: true });
      }
      const updates = JSON.parse(String(init!.body)) as Partial<SurveyWithCounts>;
      const hook = onPatch?.(++patchCount);
      if (hook instanceof Promise) return hook.then(() => update(id, updates)) as unknown as Response;
      if (hook) return new Response(JSON.stringify(hook.body), { status: hook.status });
      return update(id, updates);
    },
  );
  return { sent, fetchMock, listCalls: () => fetchMock.mock.calls.filter(([url, init]) => url === LIST && (init?.method ?? 'GET') === 'GET').length };
}

function renderPage(path = `/chatbots/${GUID}/surveys`) {
  return renderWithProviders(
    <Routes>
      <Route path="/chatbots/:guid/surveys" element={<SurveysPage />} />
    </Routes>,
    { path },
  );
}

const toastTexts = () => [...document.querySelectorAll('[data-variant]')].map((t) => [t.getAttribute('data-variant'), t.textContent]);
const button = (name: string | RegExp) => screen.getByRole('button', { name }) as HTMLButtonElement;
const items = () => screen.getAllByTestId('survey-list-item');
const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
const saveState = () => screen.getByTestId('save-state').textContent;
const openTab = (name: string) => fireEvent.click(screen.getByRole('tab', { name }));
const patches = (sent: Sent[]) => sent.filter((s) => s.method === 'PATCH');
/** The open delete confirmation (jsdom has no showModal, so the dialog counts as hidden). */
const deleteDialog = () => within(screen.getAllByRole('dialog', { hidden: true }).find((d) => d.textContent?.startsWith('Delete survey?'))!);
const dialogButton = (name: string) => deleteDialog().getByRole('button', { name, hidden: true });

async function loaded() {
  await screen.findByRole('heading', { level: 1, name: 'Surveys: Harbor Help' });
  await screen.findByTestId('survey-details');
}

describe('survey builder page', () => {
  usePageTestEnv();

  it('signed out: "Authentication Required" and no survey call', async () => {
    const fetchMock = mockFetch(signedOut);
    renderWithProviders(
      <Routes>
        <Route path="/chatbots/:guid/surveys" element={<RequireAuth signedOut={<AuthRequired />}><SurveysPage /></RequireAuth>} />
      </Routes>,
      { path: `/chatbots/${GUID}/surveys` },
    );
    expect(await screen.findByRole('heading', { name: 'Authentication Required' })).toBeTruthy();
    expect(screen.getByText('Please log in to access the survey builder.')).toBeTruthy();
    expect(fetchMock.mock.calls.map(([url]) => String(url)).filter((url) => url.includes('/surveys'))).toEqual([]);
  });

  it('a missing or foreign bot shows Chatbot Not Found', async () => {
    serve({ botStatus: 404 });
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Chatbot Not Found' })).toBeTruthy();
    expect(screen.getByText("The chatbot you're looking for doesn't exist or you don't have permission to access it.")).toBeTruthy();
    expect(screen.getByRole('link', { name: /Back to Dashboard/ }).getAttribute('href')).toBe('/dashboard');
  });

  it('lists the surveys with status and counts and opens the newest; the id says how to start it', async () => {
    serve();
    renderPage();
    await loaded();
    expect(screen.getByRole('link', { name: /Back to Dashboard/ }).getAttribute('href')).toBe('/dashboard');
    expect(items().map((i) => i.textContent)).toEqual(['Survey 12Draft2 questions · 0 responses', 'Older surveyActive2 questions · 1 response']);
    expect(items().map((i) => i.getAttribute('aria-current'))).toEqual(['true', null]);
    expect(field('Name').value).toBe('Survey 12');
    expect(field('Description').value).toBe('A new survey');
    expect((screen.getByLabelText('Status') as HTMLSelectElement).value).toBe('draft');
    expect(screen.getByTestId('survey-id').textContent).toBe('Survey ID: 12');
    expect(screen.getByText('Visitors start it from a home-screen topic or quick action: in the UI designer, add a topic "Give feedback" that starts survey 12.')).toBeTruthy();
    expect(screen.getByRole('link', { name: /UI Designer/ }).getAttribute('href')).toBe(`/chatbots/${GUID}/ui-designer`);
    expect(screen.getByRole('link', { name: /Survey Analytics/ }).getAttribute('href')).toBe(`/chatbots/${GUID}/survey-analytics`);
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual(['Questions', 'Settings', 'Preview', 'AI Assistant']);
    expect(saveState()).toBe('All changes saved');

    fireEvent.click(items()[1]!);
    expect(items().map((i) => i.getAttribute('aria-current'))).toEqual([null, 'true']);
    expect(field('Name').value).toBe('Older survey');
    expect(button('Deactivate')).toBeTruthy();
  });

  it('copies the survey id', async () => {
    serve();
    const writeText = vi.fn(async () => {});
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    renderPage();
    await loaded();
    fireEvent.click(button('Copy survey ID'));
    await waitFor(() => expect(toastTexts()).toEqual([['success', 'Copied!Survey ID 12 is on the clipboard.']]));
    expect(writeText).toHaveBeenCalledWith('12');
  });

  it('empty: a friendly start; New Survey creates one with the defaults and opens it', async () => {
    const { sent } = serve({ surveys: [] });
    renderPage();
    await screen.findByText('No surveys yet');
    expect(screen.queryByTestId('survey-details')).toBeNull();
    fireEvent.click(button(/New Survey/));
    await screen.findByTestId('survey-details');
    expect(sent).toEqual([{ url: LIST, method: 'POST', body: { name: 'New Survey', description: 'A new survey' } }]);
    expect(items().map((i) => i.textContent)).toEqual(['New SurveyDraft0 questions · 0 responses']);
    expect(items()[0]!.getAttribute('aria-current')).toBe('true');
    expect(field('Name').value).toBe('New Survey');
    expect(screen.getByTestId('survey-id').textContent).toBe('Survey ID: 30');
  });

  it('a refused create toasts the server message, else "Failed to create survey"', async () => {
    serve({ surveys: [], failWith: { POST: { status: 400, body: { message: 'A chatbot has at most 50 surveys' } } } });
    renderPage();
    await screen.findByText('No surveys yet');
    fireEvent.click(button(/New Survey/));
    await waitFor(() => expect(toastTexts()).toEqual([['destructive', 'ErrorA chatbot has at most 50 surveys']]));
    expect(screen.queryByTestId('survey-details')).toBeNull();
  });

  it('a create that fails without a message toasts "Failed to create survey"', async () => {
    serve({ surveys: [], failWith: { POST: { status: 500, body: 'Internal Server Error' } } });
    renderPage();
    await screen.findByText('No surveys yet');
    fireEvent.click(button(/New Survey/));
    await waitFor(() => expect(toastTexts()).toEqual([['destructive', 'ErrorFailed to create survey']]));
  });

  it('the status dropdown and Activate/Deactivate save the status at once', async () => {
    const { sent } = serve();
    renderPage();
    await loaded();
    fireEvent.click(button('Activate'));
    await waitFor(() => expect(button('Deactivate')).toBeTruthy());
    expect(within(items()[0]!).getByText('Active')).toBeTruthy();
    fireEvent.click(button('Deactivate'));
    await waitFor(() => expect(button('Activate')).toBeTruthy());
    fireEvent.change(screen.getByLabelText('Status'), { target: { value: 'archived' } });
    await waitFor(() => expect(within(items()[0]!).getByText('Archived')).toBeTruthy());
    expect(sent).toEqual([
      { url: '/api/surveys/12', method: 'PATCH', body: { status: 'active' } },
      { url: '/api/surveys/12', method: 'PATCH', body: { status: 'draft' } },
      { url: '/api/surveys/12', method: 'PATCH', body: { status: 'archived' } },
    ]);
    // Archived activates straight back to active.
    expect(button('Activate')).toBeTruthy();
  });

  it('activating without questions is refused before any call', async () => {
    const { sent } = serve({ surveys: [surveyFixture(12, { surveyConfig: newSurveyConfig('survey_12') })] });
    renderPage();
    await loaded();
    fireEvent.click(button('Activate'));
    expect(toastTexts()).toEqual([['destructive', 'ErrorAdd at least one question before activating the survey.']]);
    expect(sent).toEqual([]);
  });

  it('a status change takes the unsaved valid edits along, so nothing is left unsaved', async () => {
    const { sent } = serve();
    renderPage();
    await loaded();
    fireEvent.change(field('Name'), { target: { value: 'Visit feedback' } });
    fireEvent.click(button('Activate'));
    await waitFor(() => expect(button('Deactivate')).toBeTruthy());
    expect(sent).toEqual([
      {
        url: '/api/surveys/12',
        method: 'PATCH',
        body: { name: 'Visit feedback', description: 'A new survey', surveyConfig: { ...surveyFixture(12).surveyConfig, title: 'Visit feedback' }, status: 'active' },
      },
    ]);
    expect(saveState()).toBe('All changes saved');
  });

  it('a status change waits for the auto-save on its way, then takes along what it left unsaved', async () => {
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const { sent } = serve({ surveys: [surveyFixture(12, { surveyConfig: newSurveyConfig('survey_12') })], onPatch: (n) => (n === 1 ? held : undefined) });
    renderPage();
    await loaded();
    vi.useFakeTimers();
    fireEvent.change(field('Question text'), { target: { value: 'What brought you here?' } });
    fireEvent.change(field('Question type'), { target: { value: 'text' } });
    fireEvent.click(button(/Add Question/));
    await act(() => vi.advanceTimersByTimeAsync(2050));
    expect(patches(sent)).toHaveLength(1);
    expect(saveState()).toBe('Saving...');

    fireEvent.change(field('Name'), { target: { value: 'Visit feedback' } });
    fireEvent.click(button('Activate'));
    await act(() => vi.advanceTimersByTimeAsync(50));
    expect(patches(sent)).toHaveLength(1);

    release();
    await act(() => vi.advanceTimersByTimeAsync(50));
    const question = { id: 'question_1', text: 'What brought you here?', type: 'text', required: true };
    expect(patches(sent).map((p) => p.body)).toEqual([
      { name: 'Survey 12', description: 'A new survey', surveyConfig: { ...newSurveyConfig('survey_12'), questions: [question] } },
      { name: 'Visit feedback', description: 'A new survey', surveyConfig: { ...newSurveyConfig('survey_12'), title: 'Visit feedback', questions: [question] }, status: 'active' },
    ]);
    expect(toastTexts()).toEqual([]);
    expect(button('Deactivate')).toBeTruthy();
    expect(saveState()).toBe('All changes saved');
    await act(() => vi.advanceTimersByTimeAsync(5000));
    expect(patches(sent)).toHaveLength(2);
  });

  it('a status change that carried edits and failed leaves them to the auto-save', async () => {
    const { sent } = serve({ onPatch: (n) => (n === 1 ? { status: 502, body: 'Bad Gateway' } : undefined) });
    renderPage();
    await loaded();
    vi.useFakeTimers();
    fireEvent.change(field('Name'), { target: { value: 'Visit feedback' } });
    fireEvent.click(button('Activate'));
    await act(() => vi.advanceTimersByTimeAsync(50));
    expect(toastTexts()).toEqual([['destructive', 'ErrorFailed to update survey']]);
    expect(patches(sent).map((p) => p.body)).toEqual([{ name: 'Visit feedback', description: 'A new survey', surveyConfig: { ...surveyFixture(12).surveyConfig, title: 'Visit feedback' }, status: 'active' }]);
    expect(button('Activate')).toBeTruthy();
    expect(saveState()).toBe('Unsaved changes');

    await act(() => vi.advanceTimersByTimeAsync(1900));
    expect(patches(sent)).toHaveLength(1);
    await act(() => vi.advanceTimersByTimeAsync(100));
    await act(() => vi.advanceTimersByTimeAsync(50));
    expect(patches(sent).map((p) => p.body)[1]).toEqual({ name: 'Visit feedback', description: 'A new survey', surveyConfig: { ...surveyFixture(12).surveyConfig, title: 'Visit feedback' } });
    expect(saveState()).toBe('All changes saved');
    expect(button('Activate')).toBeTruthy();
  });

  it('removing the last question of an active survey is caught before saving; deactivating takes the removal along', async () => {
    const { sent } = serve({ surveys: [surveyFixture(12, { status: 'active', surveyConfig: { ...newSurveyConfig('survey_12'), questions: [QUESTIONS[1]!] } })] });
    renderPage();
    await loaded();
    vi.useFakeTimers();
    fireEvent.click(button('Delete question 1'));
    fireEvent.click(within(screen.getAllByRole('dialog', { hidden: true }).find((d) => d.textContent?.startsWith('Delete question 1?'))!).getByRole('button', { name: 'Delete', hidden: true }));
    expect(screen.getByTestId('draft-problems').textContent).toBe(
      ' Not saved: fix these firstAn active survey needs at least one question. Deactivate it before removing its last question.',
    );
    await act(() => vi.advanceTimersByTimeAsync(3000));
    fireEvent.click(button(/Save Details/));
    expect(toastTexts()).toEqual([['destructive', 'ErrorAn active survey needs at least one question. Deactivate it before removing its last question.']]);
    expect(patches(sent)).toEqual([]);
    expect(saveState()).toBe('Unsaved changes');

    fireEvent.click(button('Deactivate'));
    await act(() => vi.advanceTimersByTimeAsync(50));
    expect(patches(sent).map((p) => p.body)).toEqual([{ name: 'Survey 12', description: 'A new survey', surveyConfig: newSurveyConfig('survey_12'), status: 'draft' }]);
    expect(screen.queryByTestId('draft-problems')).toBeNull();
    expect(saveState()).toBe('All changes saved');
  });

  it('auto-save: one PATCH of name, description and config 2 s after the last change', async () => {
    const { sent } = serve();
    renderPage();
    await loaded();
    vi.useFakeTimers();
    fireEvent.change(field('Name'), { target: { value: 'Visit' } });
    expect(saveState()).toBe('Unsaved changes');
    await act(() => vi.advanceTimersByTimeAsync(1500));
    fireEvent.change(field('Name'), { target: { value: 'Visit feedback' } });
    await act(() => vi.advanceTimersByTimeAsync(1999));
    expect(patches(sent)).toEqual([]);
    expect(within(items()[0]!).getByText('· Unsaved')).toBeTruthy();
    await act(() => vi.advanceTimersByTimeAsync(1));
    await act(() => vi.advanceTimersByTimeAsync(50));
    expect(patches(sent)).toEqual([
      { url: '/api/surveys/12', method: 'PATCH', body: { name: 'Visit feedback', description: 'A new survey', surveyConfig: { ...surveyFixture(12).surveyConfig, title: 'Visit feedback' } } },
    ]);
    expect(saveState()).toBe('All changes saved');
    expect(items()[0]!.textContent).toBe('Visit feedbackDraft2 questions · 0 responses');
    await act(() => vi.advanceTimersByTimeAsync(5000));
    expect(patches(sent)).toHaveLength(1);
  });

  it('renaming carries a title still at the default to the new name: one draft change, one auto-save', async () => {
    const { sent } = serve();
    renderPage();
    await loaded();
    vi.useFakeTimers();
    fireEvent.change(field('Name'), { target: { value: 'Visit' } });
    fireEvent.change(field('Name'), { target: { value: 'Visit feedback' } });
    await act(() => vi.advanceTimersByTimeAsync(2050));
    expect(patches(sent).map((p) => p.body)).toEqual([
      { name: 'Visit feedback', description: 'A new survey', surveyConfig: { ...surveyFixture(12).surveyConfig, title: 'Visit feedback' } },
    ]);
    openTab('Settings');
    expect(field('Title').value).toBe('Visit feedback');
    await act(() => vi.advanceTimersByTimeAsync(5000));
    expect(patches(sent)).toHaveLength(1);
  });

  it('renaming leaves a title the owner wrote on its own', async () => {
    const own = surveyFixture(12, { surveyConfig: { ...surveyFixture(12).surveyConfig, title: 'Your visit' } });
    const { sent } = serve({ surveys: [own] });
    renderPage();
    await loaded();
    vi.useFakeTimers();
    fireEvent.change(field('Name'), { target: { value: 'Visit feedback' } });
    await act(() => vi.advanceTimersByTimeAsync(2050));
    expect(patches(sent).map((p) => p.body)).toEqual([{ name: 'Visit feedback', description: 'A new survey', surveyConfig: own.surveyConfig }]);
    openTab('Settings');
    expect(field('Title').value).toBe('Your visit');
  });

  it('renamed: the title follows while it equals the old name or the default, else it stays', () => {
    const config = newSurveyConfig('survey_40');
    const fresh = { name: 'New Survey', description: '', surveyConfig: config };
    expect(renamed(fresh, 'Visit feedback')).toEqual({ ...fresh, name: 'Visit feedback', surveyConfig: { ...config, title: 'Visit feedback' } });
    const following = { ...fresh, name: 'Visit feedback', surveyConfig: { ...config, title: 'Visit feedback' } };
    expect(renamed(following, 'Visit feedback 2026')).toEqual({ name: 'Visit feedback 2026', description: '', surveyConfig: { ...config, title: 'Visit feedback 2026' } });
    const apart = { ...fresh, name: 'Survey 40', surveyConfig: { ...config, title: 'Your visit' } };
    expect(renamed(apart, 'Visit feedback')).toEqual({ ...apart, name: 'Visit feedback' });
  });

  it('Save Details saves at once; Ctrl+S does too', async () => {
    const { sent } = serve();
    renderPage();
    await loaded();
    fireEvent.change(field('Description'), { target: { value: 'After each visit' } });
    fireEvent.click(button(/Save Details/));
    await waitFor(() => expect(toastTexts()).toEqual([['success', 'Survey savedAll changes are saved.']]));
    expect(patches(sent)).toEqual([
      { url: '/api/surveys/12', method: 'PATCH', body: { name: 'Survey 12', description: 'After each visit', surveyConfig: surveyFixture(12).surveyConfig } },
    ]);
    fireEvent.change(field('Name'), { target: { value: 'Renamed' } });
    const ctrlS = new KeyboardEvent('keydown', { key: 's', ctrlKey: true, bubbles: true, cancelable: true });
    act(() => {
      field('Name').dispatchEvent(ctrlS);
    });
    expect(ctrlS.defaultPrevented).toBe(true);
    await waitFor(() => expect(patches(sent)).toHaveLength(2));
    expect((patches(sent)[1]!.body as { name: string }).name).toBe('Renamed');
  });

  it('an invalid draft is never sent: the problems show and it stays unsaved until fixed', async () => {
    const { sent } = serve();
    renderPage();
    await loaded();
    openTab('Settings');
    vi.useFakeTimers();
    fireEvent.change(field('Title'), { target: { value: '  ' } });
    fireEvent.change(field('Name'), { target: { value: '' } });
    expect(screen.getByTestId('draft-problems').textContent).toBe(' Not saved: fix these firstName is requiredTitle is required');
    await act(() => vi.advanceTimersByTimeAsync(3000));
    fireEvent.click(button(/Save Details/));
    expect(toastTexts()).toEqual([['destructive', 'ErrorName is required']]);
    await act(() => vi.advanceTimersByTimeAsync(3000));
    expect(patches(sent)).toEqual([]);
    expect(saveState()).toBe('Unsaved changes');

    fireEvent.change(field('Name'), { target: { value: 'Visit feedback' } });
    fireEvent.change(field('Title'), { target: { value: 'Your visit' } });
    expect(screen.queryByTestId('draft-problems')).toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(2050));
    expect(patches(sent)).toHaveLength(1);
    expect(patches(sent)[0]!.body).toMatchObject({ name: 'Visit feedback', surveyConfig: { title: 'Your visit' } });
  });

  it('a question problem names the question and option', async () => {
    const broken = { ...newSurveyConfig('survey_12'), questions: [{ ...QUESTIONS[0]!, options: [{ id: 'o1', text: 'Search' }, { id: 'o2', text: '' }] }] };
    const { draftProblems } = await import('./useSurveyDraft');
    expect(draftProblems({ name: 'Visit', description: '', surveyConfig: broken })).toEqual(['Question 1, option 2: Option text is required']);
    expect(draftProblems({ name: 'Visit', description: '', surveyConfig: { ...broken, questions: [{ ...QUESTIONS[0]!, text: '' }] } })).toEqual([
      'Question 1: Question text is required',
    ]);
  });

  it('a refused save toasts the server message and keeps the edits; "Failed to update survey" without one', async () => {
    const { sent } = serve({ failWith: { PATCH: { status: 400, body: { message: 'surveyConfig.questions.0.text: Question text is required' } } } });
    renderPage();
    await loaded();
    fireEvent.change(field('Name'), { target: { value: 'Visit feedback' } });
    fireEvent.click(button(/Save Details/));
    await waitFor(() => expect(toastTexts()).toEqual([['destructive', 'ErrorsurveyConfig.questions.0.text: Question text is required']]));
    expect(patches(sent)).toHaveLength(1);
    expect(field('Name').value).toBe('Visit feedback');
    expect(saveState()).toBe('Unsaved changes');
  });

  it('a save that fails without a message toasts "Failed to update survey"', async () => {
    serve({ failWith: { PATCH: { status: 502, body: 'Bad Gateway' } } });
    renderPage();
    await loaded();
    fireEvent.change(field('Name'), { target: { value: 'Visit feedback' } });
    fireEvent.click(button(/Save Details/));
    await waitFor(() => expect(toastTexts()).toEqual([['destructive', 'ErrorFailed to update survey']]));
    expect(field('Name').value).toBe('Visit feedback');
  });

  it('switching survey saves the open one first; a refetch never overwrites a draft being edited', async () => {
    const { sent, listCalls } = serve({ failWith: {} });
    const { queryClient } = renderPage();
    await loaded();
    fireEvent.change(field('Name'), { target: { value: 'Visit feedback' } });
    fireEvent.click(items()[1]!);
    await waitFor(() => expect(patches(sent)).toHaveLength(1));
    expect(patches(sent)[0]).toMatchObject({ url: '/api/surveys/12', body: { name: 'Visit feedback' } });
    expect(field('Name').value).toBe('Older survey');

    fireEvent.change(field('Name'), { target: { value: 'Older survey, edited' } });
    const before = listCalls();
    await act(() => queryClient.invalidateQueries({ queryKey: queryKeys.chatbots.surveys(GUID) }));
    await waitFor(() => expect(listCalls()).toBe(before + 1));
    expect(field('Name').value).toBe('Older survey, edited');
    expect(saveState()).toBe('Unsaved changes');
  });

  it('leaving the page saves the edits; closing the tab saves them too and asks the browser to warn', async () => {
    const { sent, fetchMock } = serve();
    const { unmount } = renderPage();
    await loaded();
    fireEvent.change(field('Name'), { target: { value: 'Visit feedback' } });
    const close = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(close);
    expect(close.defaultPrevented).toBe(true);
    expect(patches(sent)).toEqual([{ url: '/api/surveys/12', method: 'PATCH', body: expect.objectContaining({ name: 'Visit feedback' }) }]);
    expect(fetchMock.mock.calls.find(([, init]) => init?.method === 'PATCH')![1]).toMatchObject({ keepalive: true, credentials: 'include' });
    await waitFor(() => expect(saveState()).toBe('All changes saved'));
    const calm = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(calm);
    expect(calm.defaultPrevented).toBe(false);

    fireEvent.change(field('Description'), { target: { value: 'After each visit' } });
    unmount();
    await waitFor(() => expect(patches(sent)).toHaveLength(2));
    expect(patches(sent)[1]!.body).toMatchObject({ name: 'Visit feedback', description: 'After each visit' });
  });

  it('delete asks first; Cancel keeps the survey, Delete Survey removes it and opens the next', async () => {
    const { sent } = serve();
    renderPage();
    await loaded();
    fireEvent.click(button('Delete survey'));
    expect(deleteDialog().getByRole('heading', { name: 'Delete survey?', hidden: true })).toBeTruthy();
    expect(deleteDialog().getByText('Are you sure you want to delete "Survey 12"? Its responses will be deleted too. This cannot be undone.')).toBeTruthy();
    fireEvent.click(dialogButton('Cancel'));
    expect(sent).toEqual([]);
    fireEvent.click(button('Delete survey'));
    fireEvent.click(dialogButton('Delete Survey'));
    await waitFor(() => expect(items()).toHaveLength(1));
    expect(sent).toEqual([{ url: '/api/surveys/12', method: 'DELETE', body: undefined }]);
    expect(field('Name').value).toBe('Older survey');
    expect(toastTexts()).toEqual([['success', 'Survey deletedThe survey and its responses have been removed.']]);
  });

  it('a refused delete toasts "Failed to delete survey" and keeps the survey', async () => {
    serve({ failWith: { DELETE: { status: 500, body: '' } } });
    renderPage();
    await loaded();
    fireEvent.click(button('Delete survey'));
    fireEvent.click(dialogButton('Delete Survey'));
    await waitFor(() => expect(toastTexts()).toEqual([['destructive', 'ErrorFailed to delete survey']]));
    expect(items()).toHaveLength(2);
  });

  it('settings: texts and the three switches change the saved config', async () => {
    const { sent } = serve();
    renderPage();
    await loaded();
    openTab('Settings');
    const switches = screen.getAllByRole('switch') as HTMLInputElement[];
    expect(switches.map((s) => [s.getAttribute('aria-label') ?? s.labels?.[0]?.textContent, s.checked])).toEqual([
      ['Allow back navigation', true],
      ['Show progress', true],
      ['Save partial responses', true],
    ]);
    expect(screen.getByText('Visitors can go back to the previous question and change their answer.')).toBeTruthy();
    fireEvent.click(screen.getByRole('switch', { name: 'Save partial responses' }));
    fireEvent.click(screen.getByRole('switch', { name: 'Allow back navigation' }));
    fireEvent.change(field('Completion message'), { target: { value: 'Thanks a lot!' } });
    fireEvent.click(button(/Save Details/));
    await waitFor(() => expect(patches(sent)).toHaveLength(1));
    expect((patches(sent)[0]!.body as { surveyConfig: SurveyConfig }).surveyConfig).toEqual({
      ...surveyFixture(12).surveyConfig,
      completionMessage: 'Thanks a lot!',
      settings: { allowBackNavigation: false, showProgress: true, savePartialResponses: false },
    });
  });

  it('preview: the intro, each question as the chat asks it and the completion message; empty without questions', async () => {
    serve({ surveys: [surveyFixture(12), surveyFixture(7, { surveyConfig: newSurveyConfig('survey_7') })] });
    renderPage();
    await loaded();
    openTab('Preview');
    const root = within(screen.getByTestId('survey-preview').shadowRoot as unknown as HTMLElement);
    const entries = root.getAllByTestId('preview-message');
    expect(entries).toHaveLength(4);
    // The title is still the default: like the chat, the intro shows the survey's name.
    expect(within(entries[0]!).getByText('Survey 12').tagName).toBe('STRONG');
    expect(within(entries[0]!).getByText('A new survey')).toBeTruthy();
    expect(within(entries[1]!).getByText('How did you find us?')).toBeTruthy();
    expect(within(entries[1]!).getByText('Question 1 of 2')).toBeTruthy();
    expect(within(entries[1]!).getByText('Other')).toBeTruthy();
    expect(within(entries[2]!).getByText('How was your visit?')).toBeTruthy();
    expect(within(entries[3]!).getByText('Thank you for completing the survey!')).toBeTruthy();

    fireEvent.click(items()[1]!);
    expect(await screen.findByText('Add a question to preview the survey.')).toBeTruthy();
  });

  it('the AI Assistant tab sits in a 600 px panel; an applied config keeps the survey id and names a new survey', async () => {
    serve();
    renderPage();
    await loaded();
    openTab('AI Assistant');
    expect(screen.getByTestId('survey-assistant-container').style.height).toBe(`${SURVEY_ASSISTANT_PANEL_HEIGHT}px`);

    const proposed: SurveyConfig = { ...newSurveyConfig('generated'), title: 'Customer Satisfaction', questions: QUESTIONS };
    const fresh = { name: 'New Survey', description: 'A new survey', surveyConfig: newSurveyConfig('survey_30') };
    expect(appliedConfig(fresh, proposed)).toEqual({ ...fresh, name: 'Customer Satisfaction', surveyConfig: { ...proposed, id: 'survey_30' } });
    const named = { ...fresh, name: 'Visit feedback' };
    expect(appliedConfig(named, proposed)).toEqual({ ...named, surveyConfig: { ...proposed, id: 'survey_30' } });
  });
});
