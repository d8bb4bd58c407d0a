import { hasEnoughRandomness, SESSION_STORAGE_KEY } from '@parley/contracts';
import { waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { json, mockFetch, renderWithProviders, usePageTestEnv } from '../../test/renderWithProviders';
import { PublicChatWidget } from './PublicChatWidget';

const KEY = 'global-chat-session-id';

it('shares its session key with the widget', () => expect(SESSION_STORAGE_KEY).toBe(KEY));
const STORED = 'session_1700000000000_0123456789abcdef0123456789abcdef';
const defaultBot = (isActive: boolean) => (url: string) =>
  url === '/api/public/default-chatbot' ? json({ id: 9, guid: 'demo-guid', name: 'Parley Assistant', isActive, homeScreenConfig: null }) : undefined;
const widget = () => document.querySelector('chat-widget');

describe('PublicChatWidget', () => {
  usePageTestEnv();
  beforeAll(() => {
    // Stands in for the widget bundle, which the page would load from /widget-assets/element.js.
    if (!customElements.get('chat-widget')) customElements.define('chat-widget', class extends HTMLElement {});
  });
  afterEach(() => sessionStorage.clear());

  it('mints and stores a session id for the widget, then shows the active default bot bottom-right in the site colour', async () => {
    const fetchMock = mockFetch(defaultBot(true));
    renderWithProviders(<PublicChatWidget />);
    await waitFor(() => expect(widget()).toBeTruthy());
    const id = sessionStorage.getItem(KEY)!;
    expect(hasEnoughRandomness(id)).toBe(true);
    expect(widget()!.getAttribute('chatbot-id')).toBe('demo-guid');
    expect(widget()!.getAttribute('position')).toBe('bottom-right');
    expect(widget()!.getAttribute('primary-color')).toBe('#3b82f6');
    // Only the bot's public config is read: no chat session is opened before the visitor opens the widget.
    expect(fetchMock.mock.calls.map(([url]) => String(url))).toEqual(['/api/public/default-chatbot']);
  });

  it('keeps the session id the widget already stored in this tab', async () => {
    sessionStorage.setItem(KEY, STORED);
    mockFetch(defaultBot(true));
    renderWithProviders(<PublicChatWidget />);
    await waitFor(() => expect(widget()).toBeTruthy());
    expect(sessionStorage.getItem(KEY)).toBe(STORED);
  });

  it('shows nothing when the default bot is inactive or missing', async () => {
    const fetchMock = mockFetch(defaultBot(false));
    renderWithProviders(<PublicChatWidget />);
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    await new Promise((r) => setTimeout(r, 20));
    expect(widget()).toBeNull();
  });

  it('shows nothing when session storage is blocked: no id can exist where the widget resumes it', async () => {
    const blocked = () => {
      throw new DOMException('The operation is insecure.', 'SecurityError');
    };
    vi.stubGlobal('sessionStorage', { getItem: blocked, setItem: blocked, removeItem: blocked, clear: () => {} });
    const fetchMock = mockFetch(defaultBot(true));
    renderWithProviders(<PublicChatWidget />);
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    await new Promise((r) => setTimeout(r, 20));
    expect(widget()).toBeNull();
  });

  it('an id already stored is enough, even without a secure random source', async () => {
    sessionStorage.setItem(KEY, STORED);
    vi.stubGlobal('crypto', {});
    mockFetch(defaultBot(true));
    renderWithProviders(<PublicChatWidget />);
    await waitFor(() => expect(widget()).toBeTruthy());
    expect(sessionStorage.getItem(KEY)).toBe(STORED);
  });

  it('shows nothing without a session id (no secure random source to mint one)', async () => {
    vi.stubGlobal('crypto', {});
    const fetchMock = mockFetch(defaultBot(true));
    renderWithProviders(<PublicChatWidget />);
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    await new Promise((r) => setTimeout(r, 20));
    expect(sessionStorage.getItem(KEY)).toBeNull();
    expect(widget()).toBeNull();
  });
});
