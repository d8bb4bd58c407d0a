import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { newSurveyConfig, surveyQuestionMessage, type ChatMessage, type SurveyConfig, type SurveyStep } from '@parley/contracts';
import { describe, expect, it, vi } from 'vitest';
import { SESSION_STORAGE_KEY } from '../lib/storage';
import { botMessage, FakeApi, json, sse } from '../test/fakeApi';
import { renderWithChat } from '../test/renderWithChat';
import { ChatView } from './ChatView';
import { Composer } from './Composer';
import { useChat } from './useChat';

const config: SurveyConfig = {
  ...newSurveyConfig('cfg'),
  questions: [
    { id: 'q1', text: 'What should we improve?', type: 'text', required: false },
    { id: 'q2', text: 'How did you find us?', type: 'single_choice', required: true, options: [{ id: 'a', text: 'Search' }, { id: 'b', text: 'A friend' }] },
  ],
};

/** Question `index` as the server asks it, with `step` changes to its `metadata.survey`. */
function asked(index: number, id: number, step: Partial<SurveyStep> = {}): ChatMessage {
  const message = surveyQuestionMessage(5, config, index, { responseId: 1 });
  return botMessage(message.content, { id, messageType: message.messageType, metadata: { ...message.metadata, survey: { ...message.metadata.survey, ...step } } });
}

/** The chat tab over the real chat state, as the widget wires it. */
function Chat() {
  const chat = useChat({ apiUrl: 'http://api.test', chatbotRef: 'bot-guid', storageKey: SESSION_STORAGE_KEY, active: true });
  return <ChatView chat={chat} />;
}

const input = () => screen.getByRole('textbox', { name: 'Your message' });
const placeholder = () => input().getAttribute('placeholder');

describe('Composer', () => {
  it('asks for the answer while the newest bot message is an open survey text question', () => {
    renderWithChat(<Composer onSend={vi.fn()} />, { lastBotMessage: asked(0, 1) });
    expect(placeholder()).toBe('Type your answer…');
  });

  it('keeps its usual placeholder otherwise', () => {
    const cases: (ChatMessage | null | undefined)[] = [undefined, null, botMessage('Hello!'), asked(1, 2), asked(0, 3, { answered: true })];
    for (const lastBotMessage of cases) {
      const { unmount } = renderWithChat(<Composer onSend={vi.fn()} />, { lastBotMessage });
      expect(placeholder()).toBe('Type your message...');
      unmount();
    }
  });

  it('asks the chat whether the text question is still open', () => {
    const question = asked(0, 5);
    const isOpen = vi.fn(() => false);
    renderWithChat(<Composer onSend={vi.fn()} />, { lastBotMessage: question, isOpen });
    expect(isOpen).toHaveBeenCalledWith('5');
    expect(placeholder()).toBe('Type your message...');
  });

  it('says the chat is unavailable when read-only, even during a survey', () => {
    renderWithChat(<Composer onSend={vi.fn()} readOnly />, { lastBotMessage: asked(0, 4) });
    expect(placeholder()).toBe('Chat temporarily unavailable');
  });

  it('follows the conversation: the answer prompt and the controls go once the next question arrives', async () => {
    const STORED = 'session_1700000000000_00112233445566778899aabbccddeeff';
    sessionStorage.setItem(SESSION_STORAGE_KEY, STORED);
    const api = new FakeApi('http://api.test')
      .on('POST', '/api/chat/session', () => json({ sessionId: STORED }, 201))
      .on('GET', `/api/chat/${STORED}/messages`, [asked(0, 10)])
      .on('POST', /messages\/stream$/, () => sse([{ type: 'bubble', message: asked(1, 12) }, { type: 'complete', messages: [] }, { type: 'end' }]))
      .install();
    render(<Chat />);
    await waitFor(() => expect(placeholder()).toBe('Type your answer…'));
    expect(screen.getByRole('button', { name: 'Skip' })).toBeTruthy();

    await userEvent.type(input(), 'Faster replies{Enter}');
    await screen.findByRole('button', { name: 'A friend' });
    expect(api.callsTo('POST', /messages\/stream$/)[0]!.body).toMatchObject({ content: 'Faster replies' });
    expect(placeholder()).toBe('Type your message...');
    // Only the newest question offers its controls: Back and Leave, never the old Skip.
    expect(screen.getAllByRole('group', { name: 'Suggested replies' }).map((g) => g.textContent)).toEqual(['BackLeave survey']);
  });
});
