import { render, waitFor } from '@testing-library/react';
import { createRef } from 'react';
import { describe, expect, it } from 'vitest';
import { ChatWidget } from './ChatWidget';
import type { ChatWidgetElement } from './element/defineChatWidget';
import { botConfig, FakeApi } from './test/fakeApi';

describe('<ChatWidget> (React)', () => {
  it('renders the <chat-widget> element, hands it the props and gives it through ref; a dropped prop is cleared', async () => {
    new FakeApi('http://api.test').on('POST', '/api/chat/session', { sessionId: 'x' }).on('GET', /messages$/, []).install();
    const ref = createRef<ChatWidgetElement>();
    const config = botConfig({ name: 'React Bot' });
    const { container, rerender } = render(<ChatWidget ref={ref} apiUrl="http://api.test" chatbotConfig={config} primaryColor="#0f766e" />);
    const el = container.querySelector('chat-widget') as ChatWidgetElement;
    expect(el).not.toBeNull();
    expect(ref.current).toBe(el);
    expect(el.primaryColor).toBe('#0f766e');
    expect(container.querySelector('[data-chat-widget]')).toBeNull();

    ref.current!.open();
    await waitFor(() => expect(el.shadowRoot!.querySelector('.cw-title')?.textContent).toBe('React Bot'));
    rerender(<ChatWidget ref={ref} apiUrl="http://api.test" chatbotConfig={config} />);
    expect(el.primaryColor).toBeUndefined();
  });
});
