import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { botMessage } from '../test/fakeApi';
import { AUTO_SCROLL_THRESHOLD_PX, isNearBottom, MessageList, visibleMessages } from './MessageList';

/** jsdom does no layout: give the log a fixed geometry and let scrollTop be set freely. */
function geometry(el: HTMLElement, scrollHeight: number, clientHeight = 300) {
  Object.defineProperty(el, 'scrollHeight', { configurable: true, value: scrollHeight });
  Object.defineProperty(el, 'clientHeight', { configurable: true, value: clientHeight });
}

describe('MessageList', () => {
  it('is near the bottom within 200 px', () => {
    expect(AUTO_SCROLL_THRESHOLD_PX).toBe(200);
    expect(isNearBottom({ scrollHeight: 1000, clientHeight: 300, scrollTop: 500 })).toBe(true);
    expect(isNearBottom({ scrollHeight: 1000, clientHeight: 300, scrollTop: 499 })).toBe(false);
  });

  it('follows new messages only while the visitor reads near the bottom', () => {
    const first = [botMessage('one'), botMessage('two')];
    const view = render(<MessageList messages={first} />);
    const log = screen.getByRole('log', { name: 'Messages' });
    expect(log.getAttribute('aria-live')).toBe('polite');

    geometry(log, 1000);
    log.scrollTop = 650;
    fireEvent.scroll(log);
    view.rerender(<MessageList messages={[...first, botMessage('three')]} />);
    expect(log.scrollTop).toBe(1000);

    geometry(log, 1400);
    log.scrollTop = 100;
    fireEvent.scroll(log);
    view.rerender(<MessageList messages={[...first, botMessage('three'), botMessage('four')]} />);
    expect(log.scrollTop).toBe(100);
    expect(screen.getByText('four')).toBeTruthy();
  });

  it('shows the welcome message on an empty chat, drafts as they are written and the typing dots', () => {
    const view = render(<MessageList messages={[]} welcomeMessage="Hello! Ask me anything." status="sending" />);
    expect(screen.getByText('Hello! Ask me anything.')).toBeTruthy();
    expect(screen.getByRole('status', { name: 'Assistant is typing' })).toBeTruthy();
    view.rerender(<MessageList messages={[botMessage('hi', { sender: 'user' })]} drafts={[{ id: '5', content: 'Half an ans' }]} status="streaming" />);
    expect(screen.queryByText('Hello! Ask me anything.')).toBeNull();
    expect(screen.getByText('Half an ans')).toBeTruthy();
    // The draft itself shows progress; the dots come back only between bubbles.
    expect(screen.queryByRole('status', { name: 'Assistant is typing' })).toBeNull();
  });

  it('shows no typing dots while loading or idle', () => {
    const view = render(<MessageList messages={[botMessage('hi', { sender: 'user' })]} status="loading" />);
    expect(screen.queryByRole('status', { name: 'Assistant is typing' })).toBeNull();
    view.rerender(<MessageList messages={[botMessage('hi', { sender: 'user' })]} status="idle" />);
    expect(screen.queryByRole('status', { name: 'Assistant is typing' })).toBeNull();
    view.rerender(<MessageList messages={[botMessage('hi', { sender: 'user' })]} status="streaming" />);
    expect(screen.getByRole('status', { name: 'Assistant is typing' })).toBeTruthy();
  });

  it('counts visible messages for the badge: system messages are hidden', () => {
    const user = botMessage('c', { sender: 'user' });
    const list = [botMessage('a'), botMessage('b', { messageType: 'system' }), user];
    expect(visibleMessages(list).map((m) => m.content)).toEqual(['a', 'c']);
    expect(visibleMessages(list)).toHaveLength(2);
  });
});
