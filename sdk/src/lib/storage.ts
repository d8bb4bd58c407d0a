/** Session storage key of the visitor's chat session id (see docs/widget.md). */
import { SESSION_STORAGE_KEY } from '@parley/contracts';
export { SESSION_STORAGE_KEY };
/** How long a read-only flag (the bot was over its limit) lasts before it clears itself. */
export const READ_ONLY_MS = 1_800_000;

/**
 * Embedded frames keep their own key, so an iframe and a floating widget never share a session;
 * a test chat (the owner's `testToken`) keeps its own too, so it never becomes the tab's
 * visitor session.
 */
export function sessionStorageKey(embedded: boolean, chatbotId?: string | null, test = false): string {
  const base = embedded ? 'embed-chat-session-id' : SESSION_STORAGE_KEY;
  if (test) return `${base}:test:${chatbotId || 'default'}`;
  return embedded && chatbotId ? `${base}:${chatbotId}` : base;
}

/** Why the chat is read-only, kept per session. */
export interface ReadOnlyState {
  since: number;
  message: string;
  showContactForm: boolean;
}

export function loadReadOnly(sessionId: string, now = Date.now()): ReadOnlyState | null {
  const raw = read(session(), readOnlyKey(sessionId));
  if (!raw) return null;
  try {
    const state = JSON.parse(raw) as ReadOnlyState;
    if (typeof state.since === 'number' && now - state.since < READ_ONLY_MS) return state;
  } catch {
    // fall through: a corrupt flag is treated as expired
  }
  clearReadOnly(sessionId);
  return null;
}

export function saveReadOnly(sessionId: string, state: ReadOnlyState): void {
  write(session(), readOnlyKey(sessionId), JSON.stringify(state));
}

export function clearReadOnly(sessionId: string): void {
  remove(session(), readOnlyKey(sessionId));
}

export function loadSessionId(key: string): string | null {
  return read(session(), key);
}

export function saveSessionId(key: string, sessionId: string): void {
  write(session(), key, sessionId);
}

/**
 * The site user a session was verified for (verified identity), kept per session so that after a
 * reload another signed-in user of the same tab gets a new conversation, not this one.
 */
export function loadVerifiedUser(sessionId: string): string | null {
  return read(session(), verifiedUserKey(sessionId));
}

export function saveVerifiedUser(sessionId: string, userId: string): void {
  write(session(), verifiedUserKey(sessionId), userId);
}

/** Pop-up dismissal is stored per bot and per message set: new messages show again. */
export function bubblesDismissed(botKey: string, messages?: string[]): boolean {
  const stored = read(local(), bubbleKey(botKey));
  if (stored === null) return false;
  return messages === undefined || stored === messageSetSignature(messages);
}

export function dismissBubbles(botKey: string, messages: string[]): void {
  write(local(), bubbleKey(botKey), messageSetSignature(messages));
}

export function forgetBubbleDismissal(botKey: string): void {
  remove(local(), bubbleKey(botKey));
}

function messageSetSignature(messages: string[]): string {
  let hash = 5381;
  const text = messages.join('\u0001');
  for (let i = 0; i < text.length; i++) hash = ((hash << 5) + hash + text.charCodeAt(i)) | 0;
  return `${messages.length}:${(hash >>> 0).toString(36)}`;
}

const readOnlyKey = (sessionId: string) => `chat-read-only:${sessionId}`;
const verifiedUserKey = (sessionId: string) => `chat-verified-user:${sessionId}`;
const bubbleKey = (botKey: string) => `chat-bubbles-dismissed:${botKey}`;

// Storage access throws in sandboxed frames and some private modes; the widget keeps working
// without persistence there.
function session(): Storage | null {
  try {
    return globalThis.sessionStorage ?? null;
  } catch {
    return null;
  }
}
function local(): Storage | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null;
  }
}
function read(store: Storage | null, key: string): string | null {
  try {
    return store?.getItem(key) ?? null;
  } catch {
    return null;
  }
}
function write(store: Storage | null, key: string, value: string): void {
  try {
    store?.setItem(key, value);
  } catch {
    // quota or access errors only cost persistence
  }
}
function remove(store: Storage | null, key: string): void {
  try {
    store?.removeItem(key);
  } catch {
    // see write()
  }
}
