import type { ChatMessage, StreamEvent } from '../protocol';
import type { ReadOnlyState } from '../lib/storage';
import type { ViewMessage } from '../messages/MessageView';

/** Everything the chat shows, changed only through {@link chatReducer}. */
export interface ChatViewState {
  messages: ViewMessage[];
  /** Bubbles being written token by token (`delta` events), by bubble id, in arrival order. */
  drafts: { id: string; content: string }[];
  typing: boolean;
  error: string | null;
  readOnly: ReadOnlyState | null;
  answers: Record<string, unknown>;
}

export type ChatAction =
  | { type: 'reset'; messages: ChatMessage[] }
  | { type: 'user'; message: ChatMessage }
  | { type: 'event'; event: StreamEvent; now: number }
  | { type: 'typing'; typing: boolean }
  | { type: 'finish' }
  | { type: 'error'; error: string | null }
  | { type: 'readOnly'; readOnly: ReadOnlyState | null }
  | { type: 'answer'; key: string; value: unknown };

export const initialChatState: ChatViewState = { messages: [], drafts: [], typing: false, error: null, readOnly: null, answers: {} };

export function chatReducer(state: ChatViewState, action: ChatAction): ChatViewState {
  switch (action.type) {
    case 'reset':
      return { ...initialChatState, readOnly: state.readOnly, messages: action.messages.map((m) => ({ ...m })) };
    case 'user':
      return { ...state, error: null, messages: [...state.messages, action.message] };
    case 'typing':
      return { ...state, typing: action.typing };
    case 'finish':
      return { ...state, typing: false, drafts: [], messages: [...state.messages, ...draftsAsMessages(state)] };
    case 'error':
      return { ...state, error: action.error, typing: action.error ? false : state.typing };
    case 'readOnly':
      return { ...state, readOnly: action.readOnly };
    case 'answer':
      return { ...state, answers: { ...state.answers, [action.key]: action.value } };
    case 'event':
      return applyEvent(state, action.event, action.now);
  }
}

function applyEvent(state: ChatViewState, event: StreamEvent, now: number): ChatViewState {
  switch (event.type) {
    case 'delta': {
      const id = String(event.id);
      const existing = state.drafts.find((d) => d.id === id);
      const drafts = existing
        ? state.drafts.map((d) => (d.id === id ? { id, content: d.content + event.content } : d))
        : [...state.drafts, { id, content: event.content }];
      return { ...state, drafts };
    }
    case 'bubble':
      // A finished bubble replaces whatever was being written before it.
      return { ...state, drafts: [], messages: upsert(state.messages, { ...event.message, live: true }) };
    case 'complete': {
      let messages = state.messages;
      for (const m of event.messages) messages = upsert(messages, { ...m, live: true });
      return { ...state, drafts: [], typing: false, messages };
    }
    case 'limit_exceeded':
    case 'chatbot_inactive':
      return {
        ...state,
        typing: false,
        drafts: [],
        messages: [...state.messages, ...draftsAsMessages(state)],
        readOnly: { since: now, message: event.message, showContactForm: event.showContactForm },
      };
    case 'error':
      return { ...state, typing: false, drafts: [], error: event.message || 'Failed to send message' };
    case 'end':
      return { ...state, typing: false, drafts: [], messages: [...state.messages, ...draftsAsMessages(state)] };
    default:
      return state;
  }
}

/**
 * Adds or replaces a message by id. A server copy of the visitor's own message replaces the
 * optimistic local one (same text), so it is not shown twice. A live flag already set is kept.
 */
export function upsert(messages: ViewMessage[], message: ViewMessage): ViewMessage[] {
  const id = String(message.id);
  const index = messages.findIndex((m) => String(m.id) === id);
  if (index >= 0) return messages.map((m, i) => (i === index ? { ...message, live: m.live || message.live } : m));
  if (message.sender === 'user') {
    const local = messages.findIndex((m) => isLocal(m) && m.sender === 'user' && m.content.trim() === message.content.trim());
    if (local >= 0) return messages.map((m, i) => (i === local ? { ...message, live: false } : m));
  }
  return [...messages, message];
}

export function isLocal(message: ChatMessage): boolean {
  return typeof message.id === 'string' && message.id.startsWith('local-');
}

/** A stream that ends without its final bubble keeps the text written so far. */
function draftsAsMessages(state: ChatViewState): ViewMessage[] {
  const sessionId = state.messages[0]?.sessionId ?? '';
  return state.drafts
    .filter((d) => d.content.trim() && !state.messages.some((m) => String(m.id) === d.id))
    .map((d) => ({
      id: d.id,
      sessionId,
      content: d.content,
      sender: 'bot' as const,
      messageType: 'text' as const,
      metadata: null,
      createdAt: new Date().toISOString(),
    }));
}

/** Messages counted by the chat tab's badge: everything a visitor can see. */
export function visibleMessageCount(messages: ChatMessage[]): number {
  return messages.filter((m) => m.messageType !== 'system').length;
}
