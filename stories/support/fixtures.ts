import type { ChatMessage, MessageType, PublicChatbotConfig } from '@parley/contracts';

/** A stored session id of the right shape (session_{timestamp}_{≥128 random bits}). */
export const STORY_SESSION_ID = 'session_1767225600000_9f2c4b7a1e8d3f6c0a5b2e9d4c7f1a3b';

/**
 * A picture served by Storybook itself (stories/public/story-assets), as an absolute URL so it
 * loads the same under `storybook dev`, a static build in a sub-folder, or any apiUrl.
 */
export function assetUrl(name: string): string {
  const base = typeof location === 'undefined' ? 'http://localhost/' : location.href;
  return new URL(`story-assets/${name}`, base).href;
}

/** The public config of the demo bot the widget stories talk to. */
export function demoBot(overrides: Partial<PublicChatbotConfig> = {}): PublicChatbotConfig {
  return {
    id: 42,
    guid: 'demo-bot',
    name: 'Acme Support',
    avatarUrl: assetUrl('avatar.svg'),
    isActive: true,
    welcomeMessage: 'Hi! I am the Acme assistant. Ask me about orders, shipping or returns.',
    initialMessages: [],
    formConfirmationMessage: null,
    theme: { chat: { primary: '#2563eb' } },
    homeScreenConfig: null,
    ...overrides,
  };
}

let nextId = 1;

/** A bot message of any type; `id` is also the key under which its answer is remembered. */
export function bot(content: string, messageType: MessageType = 'text', metadata: Record<string, unknown> | null = null, id: string | number = `bot-${nextId++}`): ChatMessage {
  return { id, sessionId: STORY_SESSION_ID, content, sender: 'bot', messageType, metadata, createdAt: '2026-01-01T09:00:00.000Z' };
}

/** A visitor message. */
export function user(content: string, id: string | number = `user-${nextId++}`): ChatMessage {
  return { id, sessionId: STORY_SESSION_ID, content, sender: 'user', messageType: 'text', metadata: null, createdAt: '2026-01-01T09:00:00.000Z' };
}

/** A short conversation, used as the history of resumed and embedded sessions. */
export function sampleHistory(): ChatMessage[] {
  return [
    user('Where is my order #1042?', 1),
    bot(
      'Order **#1042** left our warehouse yesterday and should arrive on Thursday. You can follow it with the tracking link in your confirmation email.',
      'text',
      { sources: [{ title: 'Tracking your order', url: 'https://shop.example/help/tracking' }] },
      2,
    ),
    user('Great, thanks!', 3),
    bot('Happy to help! How would you rate this conversation?', 'rating', { minValue: 1, maxValue: 5, ratingType: 'stars' }, 4),
  ];
}
