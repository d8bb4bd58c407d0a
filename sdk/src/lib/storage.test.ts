import { describe, expect, it } from 'vitest';
import { bubblesDismissed, dismissBubbles, loadReadOnly, READ_ONLY_MS, saveReadOnly, sessionStorageKey, SESSION_STORAGE_KEY } from './storage';

describe('storage', () => {
  it('uses the spec key, and an embed-specific key when embedded', () => {
    expect(SESSION_STORAGE_KEY).toBe('global-chat-session-id');
    expect(sessionStorageKey(false, 'g')).toBe('global-chat-session-id');
    expect(sessionStorageKey(true, 'g')).toBe('embed-chat-session-id:g');
    expect(sessionStorageKey(true)).toBe('embed-chat-session-id');
  });

  it('keeps test chats under their own key per bot, apart from the visitor session', () => {
    expect(sessionStorageKey(false, 'g', true)).toBe('global-chat-session-id:test:g');
    expect(sessionStorageKey(true, 'g', true)).toBe('embed-chat-session-id:test:g');
    expect(sessionStorageKey(false, undefined, true)).toBe('global-chat-session-id:test:default');
  });

  it('keeps the read-only flag per session for 30 minutes', () => {
    saveReadOnly('s1', { since: 1000, message: 'Limit', showContactForm: true });
    expect(loadReadOnly('s1', 1000 + READ_ONLY_MS - 1)?.message).toBe('Limit');
    expect(loadReadOnly('s2', 1000)).toBeNull();
    expect(loadReadOnly('s1', 1000 + READ_ONLY_MS)).toBeNull();
    expect(loadReadOnly('s1', 1000)).toBeNull();
  });

  it('remembers bubble dismissal per bot and message set', () => {
    dismissBubbles('bot', ['Hi', 'Need help?']);
    expect(bubblesDismissed('bot')).toBe(true);
    expect(bubblesDismissed('bot', ['Hi', 'Need help?'])).toBe(true);
    expect(bubblesDismissed('bot', ['New offer!'])).toBe(false);
    expect(bubblesDismissed('other')).toBe(false);
  });
});
