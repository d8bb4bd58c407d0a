import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { newSurveyConfig, SURVEY_CHAT_TEXTS, surveyQuestionMessage, surveyStartMessage, type ChatMessage, type SurveyConfig, type SurveyStep } from '@parley/contracts';
import { describe, expect, it } from 'vitest';
import { SESSION_STORAGE_KEY } from '../lib/storage';
import { botMessage, FakeApi, json, sse } from '../test/fakeApi';
import { ChatView } from './ChatView';
import { closedQuestions } from './closedQuestions';
import { useChat } from './useChat';

const SURVEY_ID = 5;
const RESPONSE_ID = 1;
const config: SurveyConfig = {
  ...newSurveyConfig('cfg'),
  questions: [
    { id: 'q1', text: 'How did you find us?', type: 'single_choice', required: true, options: [{ id: 'web', text: 'Search' }, { id: 'ad', text: 'An ad' }] },
    { id: 'q2', text: 'How easy was checkout?', type: 'rating', required: false, metadata: { minValue: 1, maxValue: 3, ratingType: 'numbers' } },
    { id: 'q3', text: 'What matters most?', type: 'multiple_choice', required: false, options: [{ id: 'speed', text: 'Speed' }, { id: 'price', text: 'Price' }] },
  ],
};

/** Question `index` as the server asks it (stored as message `id`), with extra metadata and `step` changes. */
function asked(index: number, id: number, extra: { step?: Partial<SurveyStep>; metadata?: Record<string, unknown>; responseId?: number } = {}): ChatMessage {
  const message = surveyQuestionMessage(SURVEY_ID, config, index, { responseId: extra.responseId ?? RESPONSE_ID });
  const metadata = { ...message.metadata, ...extra.metadata, survey: { ...message.metadata.survey, ...extra.step } };
  return botMessage(message.content, { id, messageType: message.messageType, metadata });
}

function notice(id: number, content: string, quickReplies?: { text: string; action: string }[]): ChatMessage {
  return botMessage(content, { id, metadata: { survey: { kind: 'notice', surveyId: SURVEY_ID, responseId: RESPONSE_ID }, ...(quickReplies && { quickReplies }) } });
}

const visitor = (content: string, id: string): ChatMessage => ({ ...botMessage(content, { id }), sender: 'user' });
const continuePrompt = (id: number) => notice(id, SURVEY_CHAT_TEXTS.continuePrompt('Feedback'), [{ text: SURVEY_CHAT_TEXTS.continueLabel, action: surveyStartMessage(SURVEY_ID) }]);

const STORED = 'session_1700000000000_00112233445566778899aabbccddeeff';

/** A resumed conversation holding `history`, whose next turn streams `next` back. */
function conversation(history: ChatMessage[], next: ChatMessage[] = []) {
  sessionStorage.setItem(SESSION_STORAGE_KEY, STORED);
  return new FakeApi('http://api.test')
    .on('POST', '/api/chat/session', () => json({ sessionId: STORED }, 201))
    .on('GET', `/api/chat/${STORED}/messages`, history)
    .on('POST', /select-option$/, () => json({ success: true }))
    .on('POST', /messages\/stream$/, () => sse([...next.map((message) => ({ type: 'bubble', message })), { type: 'complete', messages: [] }, { type: 'end' }]))
    .install();
}

/** The chat tab over the real chat state, as the widget wires it. */
function Chat() {
  const chat = useChat({ apiUrl: 'http://api.test', chatbotRef: 'bot-guid', storageKey: SESSION_STORAGE_KEY, active: true });
  return <ChatView chat={chat} />;
}

/** Every message asking the question worded `text`, oldest first. */
const askings = (text: string) => screen.getAllByText(text).map((el) => el.closest('.cw-msg') as HTMLElement);
const enabled = (message: HTMLElement, role: 'button' | 'checkbox', name?: RegExp) =>
  within(message)
    .getAllByRole(role, { name })
    .map((el) => !(el as HTMLButtonElement).matches(':disabled'));
const controls = (message: HTMLElement) => within(message).queryByRole('group', { name: 'Suggested replies' })?.textContent ?? null;
const pressed = (message: HTMLElement) => within(message).getAllByRole('button', { pressed: true }).map((b) => b.textContent);

describe('closedQuestions', () => {
  it('closes every question message of a response but its newest, and the newest once answered', () => {
    const messages = [
      asked(0, 1, { step: { answered: true }, metadata: { selection: { optionId: 'web', optionText: 'Search' } } }),
      visitor('Search', 'u1'),
      asked(1, 2),
      visitor('Skip', 'u2'),
      asked(2, 3),
      visitor('Back', 'u3'),
      asked(1, 4),
    ];
    expect([...closedQuestions(messages, {})].sort()).toEqual(['1', '2', '3']);
    expect([...closedQuestions(messages, { 4: 2 })].sort()).toEqual(['1', '2', '3', '4']);
    expect([...closedQuestions([asked(1, 5, { step: { answered: true } })], {})]).toEqual(['5']);
    expect([...closedQuestions([asked(1, 6, { metadata: { selection: { optionId: '2', optionText: '2' } } })], {})]).toEqual(['6']);
  });

  it('leaves the newest question open when only an aside, an answer or a notice came after it', () => {
    const messages = [asked(0, 1), visitor('What are your hours?', 'u1'), botMessage('We open at 9.', { id: 2 }), continuePrompt(3)];
    expect([...closedQuestions(messages, { '3:quick': 'Continue survey', '1:revealed': true })]).toEqual([]);
  });

  it('keeps the questions of each response apart', () => {
    const messages = [asked(0, 1, { responseId: 7 }), asked(0, 2, { responseId: 8 }), asked(1, 3, { responseId: 8 })];
    expect([...closedQuestions(messages, {})]).toEqual(['2']);
  });
});

describe('survey questions in the chat', () => {
  it('locks a skipped question once the next one arrives', async () => {
    const api = conversation([asked(1, 10)], [asked(2, 12)]);
    render(<Chat />);
    await userEvent.click(await screen.findByRole('button', { name: 'Skip' }));
    await screen.findByText('What matters most?');
    expect(api.callsTo('POST', /messages\/stream$/)[0]!.body).toMatchObject({ content: 'Skip', internalMessage: 'survey_skip:5:q2' });

    const [skipped] = askings('How easy was checkout?');
    expect(enabled(skipped!, 'button', /^Rate/)).toEqual([false, false, false]);
    expect(controls(skipped!)).toBeNull();
    const [next] = askings('What matters most?');
    await waitFor(() => expect(enabled(next!, 'checkbox')).toEqual([true, true]));
    expect(controls(next!)).toBe('BackSkipLeave survey');
  });

  it('locks the question left by Back once the earlier one is asked again, and opens the new asking', async () => {
    const first = asked(0, 20, { step: { answered: true }, metadata: { selection: { optionId: 'web', optionText: 'Search' } } });
    const api = conversation([first, visitor('Search', 'u1'), asked(1, 22)], [asked(0, 24)]);
    render(<Chat />);
    const left = (await screen.findByText('How easy was checkout?')).closest('.cw-msg') as HTMLElement;
    await waitFor(() => expect(enabled(left, 'button', /^Rate/)).toEqual([true, true, true]));
    await userEvent.click(within(left).getByRole('button', { name: 'Back' }));
    await waitFor(() => expect(askings('How did you find us?')).toHaveLength(2));

    expect(enabled(left, 'button', /^Rate/)).toEqual([false, false, false]);
    expect(controls(left)).toBeNull();
    const [answered, again] = askings('How did you find us?');
    // The first asking keeps showing the recorded choice, locked.
    expect(pressed(answered!)).toEqual(['Search']);
    expect(enabled(answered!, 'button')).toEqual([false, false]);
    await waitFor(() => expect(enabled(again!, 'button', /^(Search|An ad)$/)).toEqual([true, true]));
    expect(within(again!).queryAllByRole('button', { pressed: true })).toEqual([]);
    expect(controls(again!)).toBe('Leave survey');

    await userEvent.click(within(again!).getByRole('button', { name: 'An ad' }));
    await waitFor(() => expect(api.callsTo('POST', /select-option$/)).toHaveLength(1));
    expect(api.callsTo('POST', /select-option$/)[0]!.body).toMatchObject({ optionId: 'ad', messageId: 24 });
  });

  it('asks a refused choice anew: the old asking shows the choice, locked, and the new one is open', async () => {
    conversation([asked(0, 30)], [notice(32, SURVEY_CHAT_TEXTS.chooseAnOption), asked(0, 33)]);
    render(<Chat />);
    await screen.findByText('How did you find us?');
    const [old] = askings('How did you find us?');
    await waitFor(() => expect(enabled(old!, 'button', /^(Search|An ad)$/)).toEqual([true, true]));
    await userEvent.click(within(old!).getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(askings('How did you find us?')).toHaveLength(2));

    const [refused, again] = askings('How did you find us?');
    expect(pressed(refused!)).toEqual(['Search']);
    expect(enabled(refused!, 'button')).toEqual([false, false]);
    await waitFor(() => expect(enabled(again!, 'button', /^(Search|An ad)$/)).toEqual([true, true]));
    expect(within(again!).queryAllByRole('button', { pressed: true })).toEqual([]);
  });

  it('keeps a question open while the visitor asks something else in between', async () => {
    const api = conversation([asked(0, 40), visitor('What are your hours?', 'u1'), botMessage('We open at 9.', { id: 41 }), continuePrompt(42)]);
    render(<Chat />);
    await screen.findByRole('button', { name: 'Continue survey' });
    const [question] = askings('How did you find us?');
    expect(enabled(question!, 'button')).toEqual([true, true]);
    // Its controls show under the newest bot message only.
    expect(controls(question!)).toBeNull();

    await userEvent.click(within(question!).getByRole('button', { name: 'An ad' }));
    await waitFor(() => expect(api.callsTo('POST', /select-option$/)).toHaveLength(1));
    expect(api.callsTo('POST', /select-option$/)[0]!.body).toMatchObject({ optionId: 'ad', messageId: 40 });
  });

  it('locks the older askings of a conversation reloaded from history, answered or not', async () => {
    conversation([
      asked(0, 50),
      visitor('Leave survey', 'u1'),
      notice(51, SURVEY_CHAT_TEXTS.left),
      visitor('Continue survey', 'u2'),
      notice(52, SURVEY_CHAT_TEXTS.resumed),
      asked(0, 53),
      visitor('Search', 'u3'),
      asked(1, 54),
      visitor('Back', 'u4'),
      asked(0, 55),
    ]);
    render(<Chat />);
    await waitFor(() => expect(askings('How did you find us?')).toHaveLength(3));
    const [first, second, newest] = askings('How did you find us?');
    expect([enabled(first!, 'button'), enabled(second!, 'button'), enabled(newest!, 'button', /^(Search|An ad)$/)]).toEqual([
      [false, false],
      [false, false],
      [true, true],
    ]);
    const [rated] = askings('How easy was checkout?');
    expect(enabled(rated!, 'button')).toEqual([false, false, false]);
    expect([first, second, rated, newest].map((m) => controls(m!))).toEqual([null, null, null, 'Leave survey']);
  });
});
