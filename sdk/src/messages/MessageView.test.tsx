import { act, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
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
});
