import { act, screen } from '@testing-library/react';
import { newSurveyConfig, surveyQuestionMessage, type ChatMessage, type SurveyConfig } from '@parley/contracts';
import { describe, expect, it, vi } from 'vitest';
import { lastBotMessage } from '../chat/ChatActions';
import { botMessage } from '../test/fakeApi';
import { renderWithChat } from '../test/renderWithChat';
import { MessageView } from './MessageView';

describe('MessageView', () => {
  it('renders bot text as Markdown and visitor text as plain text', () => {
    renderWithChat(
      <>
        <MessageView message={botMessage('**Hi** there')} />
        <MessageView message={{ ...botMessage('**not bold** <b>x</b>'), sender: 'user' }} />
      </>,
    );
    expect(screen.getByText('Hi').tagName).toBe('STRONG');
    expect(screen.getByText('**not bold** <b>x</b>')).toBeTruthy();
  });

  it('hides system messages', () => {
    const { container } = renderWithChat(<MessageView message={botMessage('internal', { messageType: 'system' })} />);
    expect(container.textContent).toBe('');
  });

  it('renders each message type through its renderer', () => {
    renderWithChat(
      <>
        <MessageView message={botMessage('Pick', { messageType: 'menu', metadata: { options: [{ id: 'x', text: 'Option X' }] } })} />
        <MessageView message={botMessage('Rate', { messageType: 'rating', metadata: {} })} />
        <MessageView message={botMessage('Choose', { messageType: 'quickReplies', metadata: { quickReplies: ['Sure'] } })} />
      </>,
    );
    expect(screen.getByRole('button', { name: 'Option X' })).toBeTruthy();
    expect(screen.getAllByRole('button', { name: /Rate \d out of 5/ })).toHaveLength(5);
    expect(screen.getByRole('button', { name: 'Sure' })).toBeTruthy();
  });

  it('shows the sources of an answer as links', () => {
    renderWithChat(
      <MessageView
        message={botMessage('Answer', {
          metadata: { sources: [{ title: 'Pricing page', url: 'https://example.com/pricing' }, { title: 'Dup', url: 'https://example.com/pricing' }, { title: 'FAQ', url: null }] },
        })}
      />,
    );
    expect(screen.getByText('Sources')).toBeTruthy();
    const link = screen.getByRole('link', { name: 'Pricing page' });
    expect(link.getAttribute('href')).toBe('https://example.com/pricing');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(screen.getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Pricing page', 'FAQ']);
  });

  it('reveals live chunks one by one with their delays', () => {
    vi.useFakeTimers();
    const message = {
      ...botMessage('', {
        metadata: { chunks: [{ content: 'First' }, { content: 'Second' }, { content: 'Third', delay: 100 }, { content: 'Pick', messageType: 'menu' as const, metadata: { options: [{ id: 'a', text: 'A' }] } }] },
      }),
      live: true,
    };
    renderWithChat(<MessageView message={message} />);
    act(() => void vi.advanceTimersByTime(0));
    expect(screen.getByText('First')).toBeTruthy();
    expect(screen.queryByText('Second')).toBeNull();
    expect(screen.getByRole('status', { name: 'Assistant is typing' })).toBeTruthy();
    act(() => void vi.advanceTimersByTime(799));
    expect(screen.queryByText('Second')).toBeNull();
    act(() => void vi.advanceTimersByTime(1));
    expect(screen.getByText('Second')).toBeTruthy();
    act(() => void vi.advanceTimersByTime(100));
    expect(screen.getByText('Third')).toBeTruthy();
    act(() => void vi.advanceTimersByTime(800));
    expect(screen.getByRole('button', { name: 'A' })).toBeTruthy();
    expect(screen.queryByRole('status', { name: 'Assistant is typing' })).toBeNull();
  });

  it('shows all chunks at once when streaming is complete or the message is from history', () => {
    const chunks = [{ content: 'One' }, { content: 'Two' }];
    renderWithChat(
      <>
        <MessageView message={{ ...botMessage('', { metadata: { chunks, streamingComplete: true } }), live: true }} />
        <MessageView message={botMessage('', { metadata: { chunks: [{ content: 'Three' }, { content: 'Four' }] } })} />
      </>,
    );
    for (const text of ['One', 'Two', 'Three', 'Four']) expect(screen.getByText(text)).toBeTruthy();
  });

  describe('survey questions', () => {
    const config: SurveyConfig = {
      ...newSurveyConfig('cfg'),
      questions: [
        { id: 'q1', text: 'How did you find us?', type: 'single_choice', required: true, options: [{ id: 'web', text: 'Search' }, { id: 'ad', text: 'An ad' }] },
        { id: 'q2', text: 'Anything else?', type: 'text', required: false },
        { id: 'q3', text: 'Rate us', type: 'rating', required: true },
      ],
    };
    const question = (index: number, id: number, extra: Record<string, unknown> = {}, survey: SurveyConfig = config): ChatMessage => {
      const asked = surveyQuestionMessage(7, survey, index, { responseId: 3 });
      return botMessage(asked.content, { id, messageType: asked.messageType, metadata: { ...asked.metadata, ...extra } });
    };
    const controls = () => screen.queryAllByRole('group', { name: 'Suggested replies' }).map((g) => [...g.querySelectorAll('button')].map((b) => b.textContent));

    it('shows "Question n of total" with a progress bar above a question of a survey that shows progress', () => {
      renderWithChat(<MessageView message={question(1, 20)} />);
      const bar = screen.getByRole('progressbar', { name: 'Question 2 of 3' });
      expect([bar.getAttribute('aria-valuemin'), bar.getAttribute('aria-valuenow'), bar.getAttribute('aria-valuemax')]).toEqual(['0', '2', '3']);
      expect(screen.getByText('Question 2 of 3')).toBeTruthy();
      expect((bar.firstElementChild as HTMLElement).style.width).toBe(`${(2 / 3) * 100}%`);
    });

    it('shows no progress when the survey hides it, nor for figures that make no sense', () => {
      const quiet = { ...config, settings: { ...config.settings, showProgress: false } };
      renderWithChat(
        <>
          <MessageView message={question(0, 21, {}, quiet)} />
          <MessageView message={question(0, 22, { survey: { kind: 'question', surveyId: 7, progress: { current: 4, total: 3 } } })} />
        </>,
      );
      expect(screen.queryByRole('progressbar')).toBeNull();
      expect(screen.queryByText(/^Question \d/)).toBeNull();
    });

    it('offers Back, Skip and Leave under the newest question only', () => {
      const first = question(0, 30);
      const second = question(1, 31);
      const messages = [first, { ...botMessage('Search', { id: 'u1' }), sender: 'user' as const }, second];
      renderWithChat(
        <div>
          {messages.map((m) => (
            <MessageView key={String(m.id)} message={m} />
          ))}
        </div>,
        { lastBotMessage: lastBotMessage(messages) },
      );
      expect(controls()).toEqual([['Back', 'Skip', 'Leave survey']]);
      expect(screen.getByText('Anything else?').closest('.cw-msg')!.querySelector('.cw-quick')).toBeTruthy();
    });

    it('offers no controls under an answered question, even when it is the newest message', () => {
      renderWithChat(
        <>
          <MessageView message={question(0, 40, { survey: { kind: 'question', surveyId: 7, questionId: 'q1', answered: true } })} />
          <MessageView message={question(0, 41, { selection: { optionId: 'web', optionText: 'Search' } })} />
          <MessageView message={question(2, 42)} />
        </>,
        { answers: { 42: 4 } },
      );
      expect(controls()).toEqual([]);
    });

    it('offers no controls under a question the chat says is closed, even when it is the newest message', () => {
      const asked = question(1, 45);
      const { unmount } = renderWithChat(<MessageView message={asked} />, { lastBotMessage: asked, isOpen: (key) => key !== '45' });
      expect(controls()).toEqual([]);
      unmount();
      renderWithChat(<MessageView message={asked} />, { lastBotMessage: asked, isOpen: (key) => key === '45' });
      expect(controls()).toEqual([['Back', 'Skip', 'Leave survey']]);
    });

    it('keeps quick replies of ordinary messages, and of every message where the newest is not known', () => {
      const reply = botMessage('Shipped.', { id: 50, metadata: { quickReplies: ['Track it'] } });
      const later = botMessage('Anything else?', { id: 51 });
      const { unmount } = renderWithChat(<MessageView message={reply} />, { lastBotMessage: reply });
      expect(controls()).toEqual([['Track it']]);
      unmount();
      renderWithChat(<MessageView message={reply} />, { lastBotMessage: later });
      expect(controls()).toEqual([]);
    });
  });

  it('knows the newest bot message: system messages and the visitor\'s do not count', () => {
    const bot = botMessage('Answer', { id: 60 });
    expect(lastBotMessage([bot, { ...botMessage('q', { id: 61 }), sender: 'user' }, botMessage('hidden', { id: 62, messageType: 'system' })])).toBe(bot);
    expect(lastBotMessage([])).toBeNull();
  });
});
