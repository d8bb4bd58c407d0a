import { newSurveyConfig, type SurveyConfig } from '@parley/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { json, mockFetch, renderWithProviders, usePageTestEnv } from '../../test/renderWithProviders';
import { SurveyAssistantPanel } from './SurveyAssistantPanel';

const guid = '00000000-0000-4000-8000-000000000042';
const chatbot = { guid, name: 'Harbor Help', description: 'Moorings and fees' as string | null };

const current: SurveyConfig = {
  ...newSurveyConfig('survey_cur'),
  title: 'Mooring survey',
  questions: [{ id: 'q1', text: 'How was your stay?', type: 'rating', required: true, metadata: { minValue: 1, maxValue: 5, ratingType: 'stars' } }],
};
const survey = { name: 'Mooring survey', description: 'After each stay' as string | null, surveyConfig: current };

const proposed: SurveyConfig = {
  ...newSurveyConfig('survey_new'),
  title: 'Customer Satisfaction',
  questions: [
    { id: 'q_a', text: 'How satisfied are you?', type: 'rating', required: true, metadata: { minValue: 1, maxValue: 5, ratingType: 'stars' } },
    { id: 'q_b', text: 'What did you use?', type: 'multiple_choice', required: false, options: [{ id: 'o1', text: 'Chat' }, { id: 'o2', text: 'Email' }] },
    { id: 'q_c', text: 'Anything else?', type: 'text', required: false },
  ],
};
const generated = () => json({ action: 'generate_customer_satisfaction', bubbles: [{ content: 'Here is a short satisfaction survey.', metadata: { surveyConfig: proposed } }] });

type Reply = Response | Promise<Response>;

function renderPanel(reply: (body: Record<string, unknown>) => Reply, { current: shown = survey as typeof survey | null, modelConfigured = true } = {}) {
  const fetchMock = mockFetch((url, init) => {
    if (url.endsWith('/api/system/status')) return json({ modelConfigured, emailConfigured: false });
    if (url.endsWith('/survey-assistant')) return reply(JSON.parse(String(init?.body))) as Response;
    return undefined;
  });
  const onApply = vi.fn();
  renderWithProviders(
    <div style={{ height: 600 }}>
      <SurveyAssistantPanel chatbot={chatbot} survey={shown} onApply={onApply} />
    </div>,
  );
  return { fetchMock, onApply };
}

const assistantCalls = (fetchMock: ReturnType<typeof mockFetch>) =>
  fetchMock.mock.calls.filter(([url]) => String(url).endsWith('/survey-assistant')).map(([url, init]) => ({ url: String(url), init, body: JSON.parse(String(init?.body)) }));
const button = (name: string) => screen.getByRole('button', { name }) as HTMLButtonElement;
const messageBox = () => screen.getByLabelText('Message the survey assistant') as HTMLTextAreaElement;
const log = () => screen.getByRole('list', { name: 'Survey assistant conversation' });
const toastTexts = () => [...document.querySelectorAll('[data-variant]')].map((t) => [t.getAttribute('data-variant'), t.textContent]);
const context = { chatbotName: 'Harbor Help', description: 'Moorings and fees', currentSurvey: { name: 'Mooring survey', description: 'After each stay', surveyConfig: current } };

describe('survey assistant panel', () => {
  usePageTestEnv();

  it.each([
    ['Customer Satisfaction', 'generate_customer_satisfaction', 'Generate a customer satisfaction survey'],
    ['Feedback Survey', 'generate_feedback', 'Generate a feedback survey'],
    ['Improve Questions', 'improve_questions', 'Improve the current questions'],
    ['Add Questions', 'add_questions', 'Add more questions'],
  ])('%s posts %s with the bot and the current survey', async (label, action, asked) => {
    const { fetchMock } = renderPanel((body) => json({ action: body.action, content: 'Done.' }));
    fireEvent.click(button(label));
    await within(log()).findByText('Done.');
    const [call] = assistantCalls(fetchMock);
    expect(call.url).toBe(`/api/chatbots/${guid}/survey-assistant`);
    expect(call.init?.method).toBe('POST');
    expect(call.init?.credentials).toBe('include');
    expect(call.body).toEqual({ action, context, userMessage: '' });
    expect(within(log()).getByText(asked)).toBeTruthy();
  });

  it('words typed before a quick action go along with it and leave the box', async () => {
    const { fetchMock } = renderPanel(generated);
    fireEvent.change(messageBox(), { target: { value: '  about deliveries ' } });
    fireEvent.click(button('Feedback Survey'));
    await screen.findByTestId('proposed-survey');
    expect(assistantCalls(fetchMock)[0].body.userMessage).toBe('about deliveries');
    expect(within(log()).getByText('Generate a feedback survey: about deliveries')).toBeTruthy();
    expect(messageBox().value).toBe('');
  });

  it('without a survey sends currentSurvey null; Improve and Add need a survey, Improve also questions', async () => {
    const { fetchMock } = renderPanel(generated, { current: null });
    expect([button('Improve Questions').disabled, button('Add Questions').disabled, button('Customer Satisfaction').disabled]).toEqual([true, true, false]);
    fireEvent.click(button('Customer Satisfaction'));
    await screen.findByTestId('proposed-survey');
    expect(assistantCalls(fetchMock)[0].body.context).toEqual({ chatbotName: 'Harbor Help', description: 'Moorings and fees', currentSurvey: null });
  });

  it('a survey without questions can get questions added but not improved', () => {
    renderPanel(generated, { current: { ...survey, surveyConfig: { ...current, questions: [] } } });
    expect([button('Improve Questions').disabled, button('Add Questions').disabled]).toEqual([true, false]);
  });

  it('send is blocked while the box is blank; Enter sends a custom request, Shift+Enter does not', async () => {
    const { fetchMock } = renderPanel(() => json({ action: 'custom', bubbles: [{ content: 'A delivery survey.', metadata: { surveyConfig: proposed } }] }));
    expect(screen.getByPlaceholderText('Describe the survey you want, e.g. "a 3-question survey about our delivery"')).toBe(messageBox());
    expect(button('Send message').disabled).toBe(true);
    fireEvent.change(messageBox(), { target: { value: '   ' } });
    expect(button('Send message').disabled).toBe(true);
    fireEvent.keyDown(messageBox(), { key: 'Enter' });
    expect(assistantCalls(fetchMock)).toHaveLength(0);

    fireEvent.change(messageBox(), { target: { value: 'a 3-question survey about our delivery' } });
    expect(button('Send message').disabled).toBe(false);
    expect(fireEvent.keyDown(messageBox(), { key: 'Enter', shiftKey: true })).toBe(true);
    expect(assistantCalls(fetchMock)).toHaveLength(0);
    expect(fireEvent.keyDown(messageBox(), { key: 'Enter' })).toBe(false);
    await within(log()).findByText('A delivery survey.');
    expect(assistantCalls(fetchMock).map((c) => c.body)).toEqual([{ action: 'custom', context, userMessage: 'a 3-question survey about our delivery' }]);
    expect(within(log()).getByText('a 3-question survey about our delivery')).toBeTruthy();
    expect(messageBox().value).toBe('');
  });

  it('everything waits while a request is pending, with a typing indicator', async () => {
    let answer: (res: Response) => void = () => {};
    const { fetchMock } = renderPanel(() => new Promise<Response>((resolve) => (answer = resolve)));
    fireEvent.change(messageBox(), { target: { value: 'shorter please' } });
    fireEvent.click(button('Send message'));
    await screen.findByRole('status', { name: 'Writing a reply' });
    expect(within(log()).getByText('Thinking...')).toBeTruthy();
    fireEvent.change(messageBox(), { target: { value: 'and friendlier' } });
    const names = ['Send message', 'Customer Satisfaction', 'Feedback Survey', 'Improve Questions', 'Add Questions'];
    expect(names.map((n) => button(n).disabled)).toEqual([true, true, true, true, true]);
    fireEvent.keyDown(messageBox(), { key: 'Enter' });
    expect(assistantCalls(fetchMock)).toHaveLength(1);
    answer(json({ action: 'custom', content: 'Shortened.' }));
    await within(log()).findByText('Shortened.');
    expect(screen.queryByRole('status', { name: 'Writing a reply' })).toBeNull();
    expect(button('Send message').disabled).toBe(false);
  });

  it('a proposed survey shows its summary; Apply hands over the exact config, says "Applied!" and saves nothing', async () => {
    const { fetchMock, onApply } = renderPanel(generated);
    fireEvent.click(button('Customer Satisfaction'));
    const summary = await screen.findByTestId('proposed-survey');
    expect(within(log()).getByText('Here is a short satisfaction survey.')).toBeTruthy();
    expect(within(summary).getByText('Customer Satisfaction')).toBeTruthy();
    expect(within(summary).getByText('3 questions')).toBeTruthy();
    expect(within(summary).getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'How satisfied are you? (Rating)',
      'What did you use? (Multiple choice)',
      'Anything else? (Text)',
    ]);

    fireEvent.click(within(summary).getByRole('button', { name: 'Apply to Survey' }));
    expect(onApply).toHaveBeenCalledTimes(1);
    expect(onApply).toHaveBeenCalledWith(proposed);
    expect(toastTexts()).toEqual([['success', 'Applied!The survey now holds these questions; changes save automatically.']]);
    expect(within(summary).getByRole('button', { name: 'Applied' })).toBeTruthy();
    expect(within(summary).queryByRole('button', { name: 'Apply to Survey' })).toBeNull();
    // Only the assistant was called: the builder's auto-save stores the applied survey.
    expect(fetchMock.mock.calls.map(([url]) => String(url)).filter((u) => !u.endsWith('/api/system/status'))).toEqual([`/api/chatbots/${guid}/survey-assistant`]);
  });

  it('a plain answer has nothing to apply', async () => {
    renderPanel(() => json({ action: 'custom', content: 'Rating questions work best first.' }));
    fireEvent.change(messageBox(), { target: { value: 'any tips?' } });
    fireEvent.keyDown(messageBox(), { key: 'Enter' });
    await within(log()).findByText('Rating questions work best first.');
    expect(screen.queryByRole('button', { name: 'Apply to Survey' })).toBeNull();
  });

  it('a failure toasts "Error", adds no bubble, drops the line and gives the words back', async () => {
    renderPanel(() => json({ message: 'The AI model could not answer. Please try again.' }, 502));
    fireEvent.change(messageBox(), { target: { value: 'about parking' } });
    fireEvent.click(button('Customer Satisfaction'));
    await waitFor(() => expect(toastTexts()).toEqual([['destructive', 'ErrorFailed to get survey assistance. Please try again.']]));
    expect(screen.queryAllByTestId('survey-assistant-message')).toHaveLength(0);
    expect(messageBox().value).toBe('about parking');
    expect(screen.queryByText('The AI model could not answer. Please try again.')).toBeNull();
  });

  it('a refused (400) or rate-limited (429) request toasts the usual words and shows the server\'s reason inline until the next request', async () => {
    const replies = [
      json({ message: 'This survey has no questions to improve yet. Add some or generate a survey first.' }, 400),
      json({ message: 'Too many survey assistant requests. Please wait a moment and try again.' }, 429),
      generated(),
    ];
    renderPanel(() => replies.shift()!);
    fireEvent.click(button('Improve Questions'));
    await screen.findByText('This survey has no questions to improve yet. Add some or generate a survey first.');
    expect(toastTexts()).toEqual([['destructive', 'ErrorFailed to get survey assistance. Please try again.']]);

    fireEvent.click(button('Add Questions'));
    await screen.findByText('Too many survey assistant requests. Please wait a moment and try again.');
    expect(toastTexts()).toEqual([['destructive', 'ErrorFailed to get survey assistance. Please try again.']]);
    expect(screen.queryByText('This survey has no questions to improve yet. Add some or generate a survey first.')).toBeNull();

    fireEvent.click(button('Customer Satisfaction'));
    await within(log()).findByText('Here is a short satisfaction survey.');
    expect(screen.queryByText('Too many survey assistant requests. Please wait a moment and try again.')).toBeNull();
  });

  it('an empty reply reads "I couldn\'t generate a response."', async () => {
    const replies = [json({ action: 'generate_feedback', bubbles: [] }), json({ action: 'custom', content: '  ' }), json({ action: 'generate_feedback', bubbles: [{ content: ' ' }] })];
    renderPanel(() => replies.shift()!);
    fireEvent.click(button('Feedback Survey'));
    await within(log()).findByText("I couldn't generate a response.");
    fireEvent.change(messageBox(), { target: { value: 'hello' } });
    fireEvent.keyDown(messageBox(), { key: 'Enter' });
    await waitFor(() => expect(within(log()).getAllByText("I couldn't generate a response.")).toHaveLength(2));
    fireEvent.click(button('Feedback Survey'));
    await waitFor(() => expect(within(log()).getAllByText("I couldn't generate a response.")).toHaveLength(3));
    expect(screen.queryByTestId('proposed-survey')).toBeNull();
  });

  it('says when it works offline, and not with a model', async () => {
    const offline = "Offline assistant: surveys are built from your bot's details and your words (no AI model configured).";
    renderPanel(generated, { modelConfigured: false });
    await screen.findByText(offline);
  });

  it('says nothing about offline with a model', async () => {
    const { fetchMock } = renderPanel(generated, { modelConfigured: true });
    await waitFor(() => expect(fetchMock.mock.calls.some(([url]) => String(url).endsWith('/api/system/status'))).toBe(true));
    await new Promise((r) => setTimeout(r, 20));
    expect(screen.queryByText(/Offline assistant/)).toBeNull();
  });
});
