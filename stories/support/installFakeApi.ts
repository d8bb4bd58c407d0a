import { saveReadOnly, saveSessionId, SESSION_STORAGE_KEY } from '../../sdk/src/lib/storage';
import type { ChatMessage, PublicChatbotConfig, StreamEvent } from '@parley/contracts';
import { demoBot, STORY_SESSION_ID } from './fixtures';

/** The widget stories' apiUrl. Only the fake below answers it; nothing is sent to a network. */
export const STORY_API_URL = 'https://api.parley.example';

/** Texts the server sends (api/src/features/chat/chatTurn.ts), repeated so stories stay browser-only. */
const LIMIT_EXCEEDED_TEXT =
  "This chatbot has reached its message limit for this month. Please leave your contact details and we'll get back to you.";
const INACTIVE_TEXT = 'Chatbot is currently inactive. This chatbot has been disabled by the administrator.';

export interface FakeApiScenario {
  /** The bot the public endpoints answer (default `demoBot()`); null answers 404. */
  config?: PublicChatbotConfig | null;
  /** The conversation so far, answered for a resumed or injected session. */
  history?: ChatMessage[];
  /** What a sent message gets: a streamed answer, a stream left open (typing), or a refusal. */
  reply?: 'answer' | 'hang' | 'limit_exceeded' | 'chatbot_inactive';
  /** Milliseconds between streamed tokens (default 60). */
  tokenDelayMs?: number;
  /**
   * Store a session id first, as a visitor returning in the same tab has one; a string names
   * the storage key (an embedded frame's own key).
   */
  resumeSession?: boolean | string;
  /** Store the session's read-only flag too (limit reached a moment ago). */
  readOnly?: boolean;
}

/**
 * Puts a small fake Parley API behind `fetch` for one story: the public bot config, sessions,
 * history, a streamed answer as server-sent events, select-option and submit-form. Requests to
 * other origins pass through untouched. Clears the widget's storage first so every story starts
 * from the same state. Answers the function that restores `fetch`.
 */
export function installFakeApi(scenario: FakeApiScenario = {}): () => void {
  resetWidgetStorage();
  if (scenario.resumeSession || scenario.readOnly) {
    saveSessionId(typeof scenario.resumeSession === 'string' ? scenario.resumeSession : SESSION_STORAGE_KEY, STORY_SESSION_ID);
  }
  if (scenario.readOnly) saveReadOnly(STORY_SESSION_ID, { since: Date.now(), message: LIMIT_EXCEEDED_TEXT, showContactForm: true });

  const original = globalThis.fetch;
  const open = new Set<ReadableStreamDefaultController<Uint8Array>>();
  const timers = new Set<ReturnType<typeof setTimeout>>();
  const api = new FakeParleyApi(scenario, open, timers);
  globalThis.fetch = (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url, location.href);
    if (url.origin !== STORY_API_URL) return original(input, init);
    return api.handle((init?.method ?? 'GET').toUpperCase(), url.pathname, init?.body ? JSON.parse(String(init.body)) : undefined);
  };
  return () => {
    globalThis.fetch = original;
    for (const timer of timers) clearTimeout(timer);
    for (const controller of open) {
      try {
        controller.close();
      } catch {
        // already closed by the stream itself
      }
    }
    resetWidgetStorage();
  };
}

/** Removes what the widget keeps in storage (session ids, read-only flags, pop-up dismissals). */
function resetWidgetStorage(): void {
  for (const store of [sessionStorage, localStorage]) {
    for (const key of Object.keys(store)) {
      if (key === SESSION_STORAGE_KEY || /^(embed-chat-session-id|chat-read-only:|chat-bubbles-dismissed:)/.test(key)) store.removeItem(key);
    }
  }
}

class FakeParleyApi {
  private nextId = 1000;
  private readonly config: PublicChatbotConfig | null;

  constructor(
    private readonly scenario: FakeApiScenario,
    private readonly open: Set<ReadableStreamDefaultController<Uint8Array>>,
    private readonly timers: Set<ReturnType<typeof setTimeout>>,
  ) {
    this.config = scenario.config === undefined ? demoBot() : scenario.config;
  }

  async handle(method: string, path: string, body: Record<string, unknown> | undefined): Promise<Response> {
    if (method === 'GET' && (path === '/api/public/default-chatbot' || path.startsWith('/api/public/chatbots/'))) {
      return this.config ? json(this.config) : json({ message: 'Chatbot not found' }, 404);
    }
    if (method === 'POST' && path === '/api/chat/session') {
      if (!this.config) return json({ message: 'Chatbot not found' }, 404);
      const now = new Date().toISOString();
      return json({
        id: 1,
        sessionId: String(body?.sessionId),
        chatbotId: this.config.id,
        chatbotGuid: this.config.guid,
        messageCount: this.scenario.history?.length ?? 0,
        createdAt: now,
        lastMessageAt: now,
        chatbotConfig: this.config,
      });
    }
    const match = /^\/api\/chat\/([^/]+)\/(messages\/stream|messages|select-option|submit-form)$/.exec(path);
    if (!match) return json({ message: 'Not found' }, 404);
    const sessionId = decodeURIComponent(match[1]);
    switch (`${method} ${match[2]}`) {
      case 'GET messages':
        return json((this.scenario.history ?? []).map((m) => ({ ...m, sessionId })));
      case 'POST messages/stream':
        return this.stream(sessionId, String(body?.content ?? ''));
      case 'POST select-option':
        return json({ success: true });
      case 'POST submit-form':
        return json({ success: true, messageId: ++this.nextId });
      default:
        return json({ message: 'Not found' }, 404);
    }
  }

  /** The turn as the server streams it: tokens (`delta`), the finished bubble, complete, end. */
  private stream(sessionId: string, content: string): Response {
    const encoder = new TextEncoder();
    const reply = this.scenario.reply ?? 'answer';
    const delay = this.scenario.tokenDelayMs ?? 60;
    const user = message(++this.nextId, sessionId, 'user', content);
    const bot = message(++this.nextId, sessionId, 'bot', STREAMED_ANSWER, {
      sources: [{ title: 'Shipping & delivery', url: 'https://shop.example/help/shipping' }],
      quickReplies: ['Track my order', 'Talk to a person'],
    });
    const stream = new ReadableStream<Uint8Array>({
      start: (controller) => {
        this.open.add(controller);
        const push = (event: StreamEvent) => controller.enqueue(encoder.encode(`data: ${JSON.stringify(event)}\n\n`));
        const finish = () => {
          this.open.delete(controller);
          controller.close();
        };
        if (reply === 'hang') return; // the bot keeps "typing" until the story is left
        if (reply === 'limit_exceeded' || reply === 'chatbot_inactive') {
          push({ type: reply, message: reply === 'limit_exceeded' ? LIMIT_EXCEEDED_TEXT : INACTIVE_TEXT, showContactForm: true, chatbotConfig: this.config });
          push({ type: 'end' });
          return finish();
        }
        const tokens = STREAMED_ANSWER.split(/(?<= )/);
        const step = (i: number) => {
          if (i < tokens.length) {
            push({ type: 'delta', id: bot.id, content: tokens[i] });
            this.later(() => step(i + 1), delay);
            return;
          }
          push({ type: 'bubble', message: bot });
          push({ type: 'complete', messages: [user, bot] });
          push({ type: 'end' });
          finish();
        };
        this.later(() => step(0), delay);
      },
    });
    return new Response(stream, { headers: { 'Content-Type': 'text/event-stream' } });
  }

  private later(run: () => void, ms: number): void {
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      run();
    }, ms);
    this.timers.add(timer);
  }
}

const STREAMED_ANSWER =
  'Yes, we ship to **Canada**, the US and most of Europe. Standard delivery takes 3 to 5 business days, and orders over $50 ship free. See [Shipping & delivery](https://shop.example/help/shipping) for the details.';

function message(id: number, sessionId: string, sender: 'user' | 'bot', content: string, metadata: Record<string, unknown> | null = null): ChatMessage {
  return { id, sessionId, content, sender, messageType: 'text', metadata, createdAt: new Date().toISOString() };
}

function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}
