import { describe, expect, it } from 'vitest';
import { botMessage } from '../test/fakeApi';
import { chatReducer, initialChatState, upsert, visibleMessageCount, type ChatViewState } from './chatReducer';

const user = (content: string, id: string | number = 'local-1') => ({ id, sessionId: 's', content, sender: 'user' as const, messageType: 'text' as const, metadata: null, createdAt: '' });
const run = (state: ChatViewState, ...events: Parameters<typeof chatReducer>[1][]) => events.reduce(chatReducer, state);

describe('chatReducer', () => {
  it('appends delta tokens to the bubble being written, then replaces it with the bubble', () => {
    let s = run(initialChatState, { type: 'typing', typing: true }, { type: 'event', event: { type: 'delta', id: 5, content: 'Hel' }, now: 0 }, { type: 'event', event: { type: 'delta', id: 5, content: 'lo' }, now: 0 });
    expect(s.drafts).toEqual([{ id: '5', content: 'Hello' }]);
    s = run(s, { type: 'event', event: { type: 'bubble', message: botMessage('Hello!', { id: 5 }) }, now: 0 });
    expect(s.drafts).toEqual([]);
    expect(s.messages.map((m) => [m.content, m.live])).toEqual([['Hello!', true]]);
    expect(s.typing).toBe(true);
    s = run(s, { type: 'event', event: { type: 'complete', messages: [] }, now: 0 });
    expect(s.typing).toBe(false);
  });

  it('replaces the optimistic visitor message with the server copy instead of duplicating it', () => {
    let s = run(initialChatState, { type: 'user', message: user('hi there') });
    s = run(s, { type: 'event', event: { type: 'complete', messages: [user(' hi there ', 41), botMessage('Hello', { id: 42 })] }, now: 0 });
    expect(s.messages.map((m) => m.id)).toEqual([41, 42]);
  });

  it('upserts by id and keeps the live flag', () => {
    const list = upsert([{ ...botMessage('a', { id: 1 }), live: true }], botMessage('b', { id: 1 }));
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ content: 'b', live: true });
  });

  it('turns limit_exceeded and chatbot_inactive into read-only state', () => {
    const s = run(initialChatState, { type: 'typing', typing: true }, { type: 'event', event: { type: 'limit_exceeded', message: 'Limit reached', showContactForm: true, chatbotConfig: null }, now: 123 });
    expect(s.readOnly).toEqual({ since: 123, message: 'Limit reached', showContactForm: true });
    expect(s.typing).toBe(false);
    const t = run(initialChatState, { type: 'event', event: { type: 'chatbot_inactive', message: 'Disabled', showContactForm: false, chatbotConfig: null }, now: 5 });
    expect(t.readOnly?.showContactForm).toBe(false);
  });

  it('shows stream errors and stops typing', () => {
    const s = run(initialChatState, { type: 'typing', typing: true }, { type: 'event', event: { type: 'error', message: 'Rate limited' }, now: 0 });
    expect(s).toMatchObject({ typing: false, error: 'Rate limited' });
  });

  it('keeps text written so far when the stream ends without its bubble', () => {
    const s = run(initialChatState, { type: 'event', event: { type: 'delta', id: 'x', content: 'partial answer' }, now: 0 }, { type: 'event', event: { type: 'end' }, now: 0 });
    expect(s.messages.map((m) => [m.id, m.content, m.sender])).toEqual([['x', 'partial answer', 'bot']]);
    expect(s.drafts).toEqual([]);
  });

  it('ignores unknown event types', () => {
    const s = chatReducer(initialChatState, { type: 'event', event: { type: 'future' } as never, now: 0 });
    expect(s).toBe(initialChatState);
  });

  it('counts visible messages for the badge', () => {
    expect(visibleMessageCount([botMessage('a'), botMessage('b', { messageType: 'system' }), user('c')])).toBe(2);
  });
});
