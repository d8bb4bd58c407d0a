import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { ChatMessage } from '@parley/contracts';
import { SESSION_STORAGE_KEY } from '../lib/storage';
import { botConfig, botMessage, FakeApi, json } from '../test/fakeApi';
import { renderWithChat } from '../test/renderWithChat';
import { WidgetRoot } from '../widget/WidgetRoot';
import { AnswerFeedback } from './AnswerFeedback';
import { MessageView } from './MessageView';

const GROUP = 'Was this answer helpful?';
const answer = (content: string, extra: Partial<ChatMessage> = {}) => botMessage(content, { metadata: { answerStatus: 'answered' }, feedback: null, ...extra });
const thumbs = () => screen.queryAllByRole('group', { name: GROUP });

describe('AnswerFeedback', () => {
  it('shows the thumbs under answers and fallbacks the model wrote, never under other messages', () => {
    renderWithChat(
      <>
        <MessageView message={answer('Refunds take 30 days.')} />
        <MessageView message={answer('Sorry, I do not know that yet.', { metadata: { answerStatus: 'fallback' } })} />
        <MessageView message={botMessage('Hello! How can I help you today?')} />
        <MessageView message={botMessage('Contact our team', { messageType: 'form', metadata: { title: 'Contact our team', formFields: [] } })} />
        <MessageView message={botMessage('How would you rate us?', { messageType: 'rating', metadata: { ratingType: 'stars' } })} />
        <MessageView message={{ ...answer('A question of mine'), sender: 'user' }} />
      </>,
      { rateAnswer: vi.fn() },
    );
    const groups = thumbs();
    expect(groups).toHaveLength(2);
    expect(groups[0]!.closest('.cw-msg')!.textContent).toContain('Refunds take 30 days.');
    expect(groups[1]!.closest('.cw-msg')!.textContent).toContain('Sorry, I do not know that yet.');
    for (const group of groups) {
      expect(within(group).getAllByRole('button').map((b) => b.getAttribute('aria-label'))).toEqual(['Helpful', 'Not helpful']);
    }
  });

  it('waits until every bubble of a split answer is revealed', () => {
    vi.useFakeTimers();
    const message = { ...answer('', { metadata: { answerStatus: 'answered', chunks: [{ content: 'First part' }, { content: 'Second part' }] } }), live: true };
    renderWithChat(<MessageView message={message} />, { rateAnswer: vi.fn() });
    act(() => void vi.advanceTimersByTime(0));
    expect(screen.getByText('First part')).toBeTruthy();
    expect(thumbs()).toHaveLength(0);
    act(() => void vi.advanceTimersByTime(800));
    expect(screen.getByText('Second part')).toBeTruthy();
    expect(thumbs()).toHaveLength(1);
  });

  it('shows the vote as pressed; the other thumb changes it, the pressed one does nothing', async () => {
    const rateAnswer = vi.fn();
    renderWithChat(<AnswerFeedback messageId={7} feedback="up" />, { rateAnswer });
    const helpful = screen.getByRole('button', { name: 'Helpful' });
    const notHelpful = screen.getByRole('button', { name: 'Not helpful' });
    expect(helpful.getAttribute('aria-pressed')).toBe('true');
    expect(notHelpful.getAttribute('aria-pressed')).toBe('false');
    await userEvent.click(helpful);
    expect(rateAnswer).not.toHaveBeenCalled();
    await userEvent.click(notHelpful);
    expect(rateAnswer).toHaveBeenCalledWith(7, 'down');
  });

  it('is operated from the keyboard: Tab reaches the thumbs, Enter and Space vote', async () => {
    const rateAnswer = vi.fn();
    renderWithChat(<AnswerFeedback messageId="12" feedback={null} />, { rateAnswer });
    await userEvent.tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Helpful' }));
    await userEvent.keyboard('{Enter}');
    expect(rateAnswer).toHaveBeenLastCalledWith('12', 'up');
    await userEvent.tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Not helpful' }));
    await userEvent.keyboard(' ');
    expect(rateAnswer).toHaveBeenLastCalledWith('12', 'down');
  });

  it('thanks politely once the vote is saved and alerts when it could not be', () => {
    const cases = [
      { state: 'saving', feedback: 'down', status: '', alert: null },
      { state: 'saved', feedback: 'down', status: 'Thanks for your feedback.', alert: null },
      { state: 'failed', feedback: null, status: '', alert: "Couldn't save your feedback. Please try again." },
    ] as const;
    for (const c of cases) {
      const view = renderWithChat(<AnswerFeedback messageId={7} feedback={c.feedback} />, { rateAnswer: vi.fn(), answers: { '7:feedback': c.state } });
      expect(screen.getByRole('status').textContent).toBe(c.status);
      expect(screen.queryByRole('alert')?.textContent ?? null).toBe(c.alert);
      view.unmount();
    }
  });

  it('shows the recorded vote as text without rateAnswer (a read-only transcript), nothing without a vote', () => {
    const { container } = renderWithChat(
      <>
        <MessageView message={answer('Refunds take 30 days.', { feedback: 'up' })} />
        <MessageView message={answer('Shipping is free.', { feedback: 'down' })} />
        <MessageView message={answer('Kettles boil fast.')} />
      </>,
    );
    expect(thumbs()).toHaveLength(0);
    expect(screen.queryAllByRole('button')).toHaveLength(0);
    const recorded = [...container.querySelectorAll('.cw-feedback')];
    expect(recorded.map((el) => el.textContent)).toEqual(['Visitor found this helpful', 'Visitor found this not helpful']);
    expect(recorded.every((el) => el.querySelector('svg[aria-hidden="true"]'))).toBe(true);
  });
});

describe('AnswerFeedback in the widget', () => {
  const API = 'http://api.test';
  const STORED = 'session_1700000000000_00112233445566778899aabbccddeeff';
  const FEEDBACK = `/api/chat/${STORED}/messages/41/feedback`;

  /** A visitor coming back to a conversation whose last answer has no vote yet. */
  function resumedWidget() {
    sessionStorage.setItem(SESSION_STORAGE_KEY, STORED);
    const api = new FakeApi(API)
      .on('GET', '/api/public/chatbots/bot-guid', botConfig())
      .on('POST', '/api/chat/session', json({ sessionId: STORED }, 201))
      .on('GET', `/api/chat/${STORED}/messages`, [
        { ...botMessage('Can I get a refund?', { id: 40, sender: 'user' }), sessionId: STORED },
        { ...answer('Refunds are possible within 30 days.', { id: 41 }), sessionId: STORED },
      ])
      .install();
    render(<WidgetRoot apiUrl={API} chatbotId="bot-guid" defaultOpen onError={() => {}} />);
    return api;
  }

  async function openChat() {
    await userEvent.click(await screen.findByRole('tab', { name: /Chat/ }));
    return screen.findByRole('group', { name: GROUP });
  }

  it('posts the vote for the answer, presses it at once and thanks the visitor; a change posts again', async () => {
    const api = resumedWidget();
    let release!: () => void;
    api.on('POST', FEEDBACK, (c: { body: { rating: 'up' | 'down' } }) => new Promise<Response>((resolve) => (release = () => resolve(json({ messageId: 41, rating: c.body.rating })))));
    const group = await openChat();
    const notHelpful = within(group).getByRole('button', { name: 'Not helpful' });
    await userEvent.click(notHelpful);
    expect(notHelpful.getAttribute('aria-pressed')).toBe('true');
    expect(within(group.parentElement!).getByRole('status').textContent).toBe('');
    await waitFor(() => expect(api.callsTo('POST', FEEDBACK)).toHaveLength(1));
    expect(api.callsTo('POST', FEEDBACK)[0]!.body).toEqual({ rating: 'down' });
    act(() => release());
    await waitFor(() => expect(within(group.parentElement!).getByRole('status').textContent).toBe('Thanks for your feedback.'));
    // Announced once, by the status: the polite log around the transcript is silenced for the block.
    const status = within(group.parentElement!).getByRole('status');
    expect(status.closest('[role="log"]')?.getAttribute('aria-live')).toBe('polite');
    expect(status.parentElement!.closest('[aria-live]')?.getAttribute('aria-live')).toBe('off');

    api.on('POST', FEEDBACK, (c: { body: { rating: 'up' | 'down' } }) => json({ messageId: 41, rating: c.body.rating }));
    await userEvent.click(within(group).getByRole('button', { name: 'Helpful' }));
    await waitFor(() => expect(api.callsTo('POST', FEEDBACK).map((c) => c.body)).toEqual([{ rating: 'down' }, { rating: 'up' }]));
    expect(within(group).getByRole('button', { name: 'Helpful' }).getAttribute('aria-pressed')).toBe('true');
    expect(notHelpful.getAttribute('aria-pressed')).toBe('false');
  });

  it('restores the earlier vote and shows the failure when the call fails', async () => {
    const api = resumedWidget();
    api.on('POST', FEEDBACK, () => json({ message: 'Server error' }, 500));
    const group = await openChat();
    const helpful = within(group).getByRole('button', { name: 'Helpful' });
    await userEvent.click(helpful);
    expect(await screen.findByRole('alert')).toHaveProperty('textContent', "Couldn't save your feedback. Please try again.");
    expect(helpful.getAttribute('aria-pressed')).toBe('false');
    expect(within(group.parentElement!).getByRole('status').textContent).toBe('');
  });
});
