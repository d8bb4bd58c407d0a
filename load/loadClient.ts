import { createSessionId } from '@parley/contracts';

/** One streamed chat event, as `POST /api/chat/{sessionId}/messages/stream` sends it. */
export type StreamEvent = { type: string; [key: string]: unknown };
export type StoredMessage = { id: number | string; sender: string; content: string; messageType: string };

/**
 * A visitor's and an owner's view of one running Parley, over plain HTTP as a browser would
 * use it: no test hooks, nothing but the public API.
 */
export function loadClient(baseUrl: string) {
  async function call(method: string, path: string, body?: unknown, cookie?: string) {
    const headers: Record<string, string> = { origin: baseUrl };
    if (body !== undefined) headers['content-type'] = 'application/json';
    if (cookie) headers.cookie = cookie;
    const res = await fetch(`${baseUrl}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
    const text = await res.text();
    if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${text}`);
    return text ? JSON.parse(text) : undefined;
  }

  return {
    call,

    /** Opens a visitor session on `chatbotGuid`; resolves to the session id. */
    async openSession(chatbotGuid: string, at = Date.now()): Promise<string> {
      const sessionId = createSessionId(at);
      await call('POST', '/api/chat/session', { sessionId, chatbotConfigId: chatbotGuid });
      return sessionId;
    },

    /** Sends one visitor message and reads the whole stream; rejects on anything but a 200 stream. */
    async streamTurn(sessionId: string, content: string, chatbotConfigId?: string): Promise<StreamEvent[]> {
      const res = await fetch(`${baseUrl}/api/chat/${sessionId}/messages/stream`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ content, messageType: 'text', ...(chatbotConfigId ? { chatbotConfigId } : {}) }),
      });
      const text = await res.text();
      if (res.status !== 200) throw new Error(`stream answered ${res.status}: ${text.slice(0, 300)}`);
      return text
        .split('\n\n')
        .map((block) => block.split('\n').find((line) => line.startsWith('data: ')))
        .filter((line): line is string => line !== undefined)
        .map((line) => JSON.parse(line.slice('data: '.length)) as StreamEvent);
    },

    /** The conversation as the widget reads it back. */
    async messages(sessionId: string): Promise<StoredMessage[]> {
      return (await call('GET', `/api/chat/${sessionId}/messages`)) as StoredMessage[];
    },

    /** Registers a new owner; resolves to the session cookie. */
    async signUp(): Promise<string> {
      const email = `load-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
      const res = await fetch(`${baseUrl}/api/auth/register`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: baseUrl },
        body: JSON.stringify({ email, password: 'correct horse battery staple' }),
      });
      if (res.status !== 201) throw new Error(`sign-up failed: ${res.status} ${await res.text()}`);
      return res.headers.get('set-cookie')!.split(';')[0]!;
    },
  };
}

/** What a finished turn acknowledged: the messages its `complete` event says were stored. */
export function completedMessages(events: StreamEvent[]): StoredMessage[] | undefined {
  const complete = events.find((e) => e.type === 'complete');
  return complete ? (complete.messages as StoredMessage[]) : undefined;
}

/** Polls `check` until it is true; fails with `what` after `timeoutMs`. */
export async function until(check: () => boolean | Promise<boolean>, what: string, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`timed out waiting for ${what}`);
}
