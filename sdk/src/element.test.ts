import { waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CHAT_WIDGET_TAG, defineChatWidget, type ChatWidgetElement } from './element';
import { botConfig, FakeApi } from './test/fakeApi';

afterEach(() => document.body.replaceChildren());

const shadow = (el: Element) => el.shadowRoot!;

describe('<chat-widget>', () => {
  it('is defined once, with an open shadow root holding the widget and its styles', async () => {
    expect(defineChatWidget()).toBe(customElements.get(CHAT_WIDGET_TAG));
    const el = document.createElement('chat-widget');
    el.setAttribute('api-url', 'http://api.test');
    el.setAttribute('chatbot-id', 'bot-guid');
    el.setAttribute('position', 'bottom-left');
    el.setAttribute('primary-color', '#0f766e');
    document.body.append(el);
    await waitFor(() => expect(shadow(el).querySelector('.cw-launcher')).not.toBeNull());
    const root = shadow(el).querySelector<HTMLElement>('.cw-root')!;
    expect(root.className).toContain('is-left');
    expect(root.style.getPropertyValue('--cw-primary')).toBe('#0f766e');
    // (Vitest stubs the stylesheet's text; e2e/widget.test.ts checks the real one in Chromium.)
    expect(shadow(el).querySelector('style')).not.toBeNull();
    // Nothing leaks into the document: the widget's stylesheet lives only in the shadow root.
    expect(document.head.querySelectorAll('style')).toHaveLength(0);
  });

  it('maps the test-token attribute to the testToken prop: the session is created with it under the test key', async () => {
    const api = new FakeApi('http://api.test')
      .on('GET', '/api/public/chatbots/bot-guid', botConfig())
      .on('POST', '/api/chat/session', { sessionId: 'x' })
      .on('GET', /messages$/, [])
      .install();
    const el = document.createElement('chat-widget');
    el.setAttribute('api-url', 'http://api.test');
    el.setAttribute('chatbot-id', 'bot-guid');
    el.setAttribute('test-token', 'owner-test-token');
    document.body.append(el);
    await waitFor(() => expect(shadow(el).querySelector('.cw-launcher')).not.toBeNull());
    expect(el.testToken).toBe('owner-test-token');
    shadow(el).querySelector<HTMLButtonElement>('.cw-launcher')!.click();
    await waitFor(() => expect(api.callsTo('POST', '/api/chat/session')).toHaveLength(1));
    const body = api.callsTo('POST', '/api/chat/session')[0]!.body as { sessionId: string; testToken?: string };
    expect(body.testToken).toBe('owner-test-token');
    expect(sessionStorage.getItem('global-chat-session-id:test:bot-guid')).toBe(body.sessionId);
    expect(sessionStorage.getItem('global-chat-session-id')).toBeNull();
  });

  it('takes chatbotConfig as a property (also when set before the element upgrades) and fires events', async () => {
    const api = new FakeApi('http://api.test').on('POST', '/api/chat/session', { sessionId: 'x' }).install();
    const el = document.createElement('div').appendChild(document.createElement('chat-widget')) as ChatWidgetElement;
    el.chatbotConfig = botConfig({ name: 'Property Bot' });
    el.apiUrl = 'http://api.test';
    const onOpen = vi.fn();
    el.onOpen = onOpen;
    const events: string[] = [];
    document.addEventListener('widget-open', () => events.push('widget-open'));
    document.body.append(el);
    await waitFor(() => expect(shadow(el).querySelector('.cw-launcher')).not.toBeNull());
    shadow(el).querySelector<HTMLButtonElement>('.cw-launcher')!.click();
    await waitFor(() => expect(shadow(el).querySelector('[role="dialog"]')?.getAttribute('aria-labelledby')).toBeTruthy());
    await waitFor(() => expect(shadow(el).querySelector('.cw-title')?.textContent).toBe('Property Bot'));
    expect(onOpen).toHaveBeenCalledTimes(1);
    expect(events).toEqual(['widget-open']);
    // The injected config is used as is: no config request.
    expect(api.callsTo('GET', /public/)).toHaveLength(0);
  });
});
