import { vi } from 'vitest';
import type { ChatMessage, PublicChatbotConfig, StreamEvent } from '@parley/contracts';

export interface Call {
  method: string;
  path: string;
  body: unknown;
  credentials?: RequestCredentials;
  /** The request's abort signal, so a test can see the client give up on it. */
  signal?: AbortSignal;
}
type Handler = (call: Call) => Response | Promise<Response>;

/**
 * A stand-in for the Parley API behind `fetch`: routes by method and path, records every call,
 * answers 404 JSON for anything unrouted. Installed with `vi.stubGlobal`. Like a browser's fetch
 * it honours the request's abort signal: an aborted request rejects, an aborted body errors.
 */
export class FakeApi {
  calls: Call[] = [];
  private routes: { method: string; path: string | RegExp; handler: Handler }[] = [];

  constructor(readonly origin = 'http://api.test') {}

  on(method: string, path: string | RegExp, handler: Handler | unknown): this {
    this.routes.unshift({ method, path, handler: typeof handler === 'function' ? (handler as Handler) : () => json(handler) });
    return this;
  }

  install(): this {
    vi.stubGlobal('fetch', vi.fn((input: string, init: RequestInit = {}) => this.fetch(input, init)));
    return this;
  }

  callsTo(method: string, path: string | RegExp): Call[] {
    return this.calls.filter((c) => c.method === method && (typeof path === 'string' ? c.path === path : path.test(c.path)));
  }

  private async fetch(input: string, init: RequestInit): Promise<Response> {
    const url = new URL(input);
    const method = (init.method ?? 'GET').toUpperCase();
    const signal = init.signal ?? undefined;
    const call: Call = { method, path: url.pathname, body: init.body ? JSON.parse(String(init.body)) : undefined, credentials: init.credentials, signal };
    this.calls.push(call);
    const route = this.routes.find((r) => r.method === method && (typeof r.path === 'string' ? r.path === url.pathname : r.path.test(url.pathname)));
    if (!route) return json({ message: 'Not found' }, 404);
    signal?.throwIfAborted();
    const res = await route.handler(call);
    signal?.throwIfAborted();
    return signal && res.body ? abortable(res, signal) : res;
  }
}

/** The response with a body that fails with the abort reason once `signal` aborts. */
function abortable(res: Response, signal: AbortSignal): Response {
  const reader = res.body!.getReader();
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      signal.addEventListener(
        'abort',
        () => {
          controller.error(signal.reason);
          void reader.cancel(signal.reason).catch(() => {});
        },
        { once: true },
      );
    },
    async pull(controller) {
      const { done, value } = await reader.read();
      if (signal.aborted) return;
      if (done) controller.close();
      else controller.enqueue(value);
    },
  });
  return new Response(body, { status: res.status, statusText: res.statusText, headers: res.headers });
}

export function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

/** A complete event stream, optionally split mid-line to exercise the parser. */
export function sse(events: StreamEvent[] | unknown[]): Response {
  const text = events.map((e) => `data: ${JSON.stringify(e)}\n\n`).join('');
  const encoder = new TextEncoder();
  return new Response(
    new ReadableStream({
      start(controller) {
        const half = Math.floor(text.length / 2);
        controller.enqueue(encoder.encode(text.slice(0, half)));
        controller.enqueue(encoder.encode(text.slice(half)));
        controller.close();
      },
    }),
    { headers: { 'Content-Type': 'text/event-stream' } },
  );
}

/**
 * A stream the test feeds event by event. `cancelled` turns true when the client goes away
 * (an aborted request cancels it); feeding a cancelled stream does nothing, as on a server
 * writing to a closed connection.
 */
export function controlledSse() {
  const encoder = new TextEncoder();
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const state = { cancelled: false };
  const stream = new ReadableStream<Uint8Array>({
    start: (c) => {
      controller = c;
    },
    cancel: () => {
      state.cancelled = true;
    },
  });
  return {
    response: () => new Response(stream, { headers: { 'Content-Type': 'text/event-stream' } }),
    push: (event: StreamEvent | { type: string }) => {
      if (!state.cancelled) controller.enqueue(encoder.encode(`data: ${JSON.stringify(event)}\n\n`));
    },
    close: () => {
      if (!state.cancelled) controller.close();
    },
    get cancelled() {
      return state.cancelled;
    },
  };
}

let ids = 100;
export function botMessage(content: string, extra: Partial<ChatMessage> = {}): ChatMessage {
  return { id: ++ids, sessionId: 's', content, sender: 'bot', messageType: 'text', metadata: null, createdAt: new Date().toISOString(), ...extra };
}

export function botConfig(overrides: Partial<PublicChatbotConfig> = {}): PublicChatbotConfig {
  return {
    id: 7,
    guid: 'bot-guid',
    name: 'Helper Bot',
    avatarUrl: null,
    isActive: true,
    welcomeMessage: 'Hello! Ask me anything.',
    initialMessages: [],
    formConfirmationMessage: null,
    theme: { chat: { primary: '#2563eb' } },
    homeScreenConfig: null,
    ...overrides,
  };
}
