import { ApiError, request, sendFeedback, streamEvents } from '../lib/api';
import {
  clearReadOnly,
  loadReadOnly,
  loadSessionId,
  loadVerifiedUser,
  READ_ONLY_MS,
  saveReadOnly,
  saveSessionId,
  saveVerifiedUser,
  type ReadOnlyState,
} from '../lib/storage';
import type { ViewMessage } from '../messages/MessageView';
import {
  createSessionId,
  isRateableAnswer,
  LIMIT_CONTACT_FORM_TITLE,
  type ChatMessage,
  type CreateSessionRequest,
  type FeedbackRating,
  type IdentifyRequest,
  type SelectOptionRequest,
  type StreamEvent,
  type StreamRequest,
  type VisitorIdentity,
} from '@parley/contracts';
import type { FormFieldValue, MenuOption, RecordedChoice } from './ChatActions';

/** Error texts the visitor sees (the wording is fixed by docs/widget.md, "Chat tab"). */
export const SEND_FAILED = 'Failed to send message';
export const FETCH_FAILED = 'Failed to fetch messages';

/**
 * What the chat is doing:
 * - `loading`: the session is being created or its history fetched; sends wait for it.
 * - `idle`: no answer is awaited.
 * - `sending`: the visitor's message is posted and nothing of the answer has arrived yet.
 * - `streaming`: the answer is arriving (text being written, finished bubbles).
 *
 * The composer is busy unless `idle`; the typing dots show while `sending` or `streaming` when
 * no text is being written.
 */
export type ChatStatus = 'loading' | 'idle' | 'sending' | 'streaming';

/** Everything the chat shows. Snapshots are immutable: each change makes a new one. */
export interface ChatSnapshot {
  /** The conversation's id, null until the chat has started. */
  sessionId: string | null;
  status: ChatStatus;
  messages: ViewMessage[];
  /** Bubbles being written token by token (`delta` events), by bubble id, in arrival order. */
  drafts: { id: string; content: string }[];
  error: string | null;
  /** Set while the bot is over its limit or inactive: sending is refused. */
  readOnly: ReadOnlyState | null;
  /** Answers given to interactive messages, kept here so they survive remounts. */
  answers: Record<string, unknown>;
  /**
   * The name and email of the visitor's identity (verified identity), which prefill the contact
   * form; null without one. The user id and hash stay inside the controller.
   */
  identity: ContactPrefill | null;
}

/** What an identity lends the limit contact form. */
export type ContactPrefill = Pick<VisitorIdentity, 'name' | 'email'>;

export interface ChatControllerOptions {
  apiUrl: string;
  /** The bot's guid, sent as chatbotConfigId; null for the server's default bot. */
  chatbotRef: string | null;
  /**
   * Session storage key for the session id. The id only ever comes from this tab's own storage
   * or is minted here: never from a prop, URL or page global an attacker could shape, since
   * whoever chose the id could read the conversation (session fixation).
   */
  storageKey: string;
  /**
   * The owner's test token: sent when this controller creates a session (the session call, and
   * the stream call that may create one), so the server marks the chat as a test.
   */
  testToken?: string | null;
  /**
   * The site's signed-in visitor (verified identity): verified through the identify call once
   * the session exists. Read when the controller is made; later identities go through `identify`.
   */
  identity?: VisitorIdentity | null;
  onError?: (error: Error) => void;
  onMessage?: (message: ChatMessage) => void;
}

/**
 * How the visitor's latest vote on an answer went, kept in `answers` under {@link feedbackKey}:
 * `saving` while the call runs, then `saved`, or `failed` with the earlier vote back on the message.
 */
export type FeedbackState = 'saving' | 'saved' | 'failed';

/** The `answers` key of the {@link FeedbackState} of the vote on message `messageId`. */
export function feedbackKey(messageId: number | string): string {
  return `${messageId}:feedback`;
}

/** Outcome of the limit contact form: sent, refused by the server, or not reachable. */
export type ContactResult = 'sent' | 'failed' | 'network';

/** The one empty draft list, so a patch that empties the drafts again changes nothing. */
const NO_DRAFTS: ChatSnapshot['drafts'] = [];
const EMPTY: ChatSnapshot = { sessionId: null, status: 'idle', messages: [], drafts: NO_DRAFTS, error: null, readOnly: null, answers: {}, identity: null };

/**
 * The visitor's conversation without any UI framework: session creation (kept in session
 * storage), history, streamed sending, interactive answers, read-only mode with its 30-minute
 * expiry and the contact form. Read it with `subscribe` and `getSnapshot` (the
 * `useSyncExternalStore` contract); change it only through its commands. Every method may be
 * called detached from the object.
 */
export interface ChatController {
  /** Calls `listener` after every change; answers the unsubscribe function. */
  subscribe(listener: () => void): () => void;
  /** The current state: the same object until something changes. */
  getSnapshot(): ChatSnapshot;
  /** Replaces the options; they are read at every call, so props may change at any time. */
  setOptions(options: ChatControllerOptions): void;
  /**
   * Starts the chat: restores this tab's session (fetching its history) or makes a new one.
   * Later calls only fetch the history again when a stream was aborted since, so the answer
   * the server went on writing shows.
   */
  start(): Promise<void>;
  /** Starts a new conversation with a new session id; ignored while an answer is streaming. */
  refresh(): void;
  /**
   * Sends visitor text and streams the answer; `internalMessage` is the instruction the bot
   * receives when it differs. Waits for a session still starting. Answers false when nothing
   * was sent: blank text, no session, an answer still streaming, or read-only.
   */
  send(content: string, internalMessage?: string): Promise<boolean>;
  /**
   * Stops the running answer stream, if any, keeping the text written so far and showing no
   * error: the visitor left, nothing failed. The server finishes and stores the answer anyway.
   */
  abort(): void;
  /** Aborts the stream and stops the read-only timer; `start` resumes the timer. */
  dispose(): void;
  /**
   * Records a menu or card choice on its message (select-option names the message, and carries
   * the words typed with Other as `otherText`), then sends it.
   */
  selectOption(messageKey: string, option: MenuOption, typedText?: string): Promise<void>;
  /** Records a rating or multiselect answer on its message, then sends `text` as the visitor's. */
  submitChoice(messageKey: string, choice: RecordedChoice, text: string): Promise<void>;
  /** Posts a bot form through submit-form; answers whether it succeeded (failures are only reported). */
  submitForm(messageKey: string, title: string, fields: FormFieldValue[]): Promise<boolean>;
  /** Posts the limit contact form with its fixed title and trimmed fields. */
  submitContact(values: { name: string; email: string; message: string }): Promise<ContactResult>;
  /** Remembers the answer given to an interactive message. */
  setAnswer(messageKey: string, value: unknown): void;
  /**
   * Records the visitor's vote on a rateable bot answer. The vote shows at once on the
   * message's `feedback` and `answers[feedbackKey(messageId)]` follows the call (`saving`,
   * `saved`, `failed`); a failed call puts back the vote the server holds. Does nothing for an
   * unknown or unrateable message, or for the vote it already has.
   */
  rateAnswer(messageId: number | string, rating: FeedbackRating): Promise<void>;
  /**
   * Verified identity: tells Parley who the visitor is. Once the session exists (at once, or
   * when `start` has made or restored it) the identity goes to `POST
   * /api/chat/{sessionId}/identify`; a refusal (401 wrong hash, 409 another user's conversation)
   * is reported through `onError` and the chat goes on anonymously. The same identity again on
   * the same session sends nothing; another `userId` than the one the session was verified for
   * starts a new conversation (as `refresh`, aborting a running answer) and verifies that one.
   * Its name and email show in the snapshot's `identity`. `null` forgets the identity (the user
   * signed out): a conversation verified for a user is left for a new, anonymous one.
   */
  identify(identity: VisitorIdentity | null): Promise<void>;
}

/** One string per identity, to tell whether an identity has already been sent. */
export function identityKey(identity: VisitorIdentity): string {
  return JSON.stringify([identity.userId, identity.name ?? '', identity.email ?? '', identity.userHash]);
}

/** Makes the chat of one widget; nothing is requested before `start`. */
export function createChatController(initialOptions: ChatControllerOptions): ChatController {
  let options = initialOptions;
  /** The identity to verify: the option's, until `identify` gives another. */
  let wanted: VisitorIdentity | null = initialOptions.identity ?? null;
  /** The identify call made for a session (running or settled), so one identity is sent once per session. */
  let identified: { sessionId: string; key: string } | null = null;
  let state: ChatSnapshot = { ...EMPTY, identity: prefillOf(wanted, null) };
  const listeners = new Set<() => void>();
  /** The running session start or history fetch; sends and choices wait for it. */
  let pending: Promise<void> | null = null;
  /** Bumped by every start, so the results of a superseded one are dropped. */
  let generation = 0;
  /** The running answer stream. It may outlive `status` by the bytes after `complete`. */
  let stream: AbortController | null = null;
  /** An aborted stream's answer goes on being written on the server: fetch it on the next start. */
  let stale = false;
  let expiry: ReturnType<typeof setTimeout> | undefined;
  let localIds = 0;
  /**
   * Per message with a vote call running: the vote the server is known to hold and the latest
   * call, so a visitor changing their mind quickly sees the outcome of their last click only.
   */
  const votes = new Map<string, { saved: FeedbackRating | null; call: number }>();
  let voteCalls = 0;

  // A patch that changes nothing keeps the snapshot, so subscribers see no change and React
  // does not render again.
  const set = (patch: Partial<ChatSnapshot>): void => {
    const prev = state;
    if ((Object.keys(patch) as (keyof ChatSnapshot)[]).every((key) => patch[key] === prev[key])) return;
    state = { ...prev, ...patch };
    if (prev.readOnly !== state.readOnly || prev.sessionId !== state.sessionId) armExpiry();
    for (const listener of listeners) listener();
  };

  const report = (error: unknown): void => {
    const err = error instanceof Error ? error : new Error(String(error));
    if (options.onError) options.onError(err);
    else console.error('[chat-widget]', err);
  };

  const chatPath = (id: string, rest: string) => `/api/chat/${encodeURIComponent(id)}/${rest}`;

  /** The read-only flag clears itself 30 minutes after it was set, also while the page stays open. */
  const armExpiry = (): void => {
    clearTimeout(expiry);
    const { readOnly, sessionId } = state;
    if (!readOnly || !sessionId) return;
    expiry = setTimeout(
      () => {
        clearReadOnly(sessionId);
        set({ readOnly: null });
      },
      Math.max(0, readOnly.since + READ_ONLY_MS - Date.now()),
    );
  };

  /** Runs a session start or history fetch as the one pending task, `loading` meanwhile. */
  const track = (task: (run: number) => Promise<void>): Promise<void> => {
    const run = ++generation;
    set({ status: 'loading' });
    const done: Promise<void> = task(run)
      .catch(report)
      .finally(() => {
        if (run === generation) set({ status: 'idle' });
        if (pending === done) pending = null;
      });
    pending = done;
    return done;
  };

  const begin = async (fresh: boolean, run: number): Promise<void> => {
    const { apiUrl, chatbotRef, storageKey, testToken } = options;
    let id = fresh ? null : loadSessionId(storageKey);
    // A conversation verified for another signed-in user is theirs: this visitor gets a new one.
    if (id !== null && wanted && verifiedForOther(id, wanted.userId)) id = null;
    const resumed = id !== null;
    id ??= createSessionId();
    saveSessionId(storageKey, id);
    stale = false;
    set({ ...EMPTY, identity: state.identity, status: 'loading', sessionId: id, readOnly: loadReadOnly(id) });
    try {
      const body: CreateSessionRequest = { sessionId: id, chatbotConfigId: chatbotRef };
      if (testToken) body.testToken = testToken;
      await request(apiUrl, 'POST', '/api/chat/session', body);
    } catch (error) {
      // A stored id the server refuses (another bot's, or expired) is replaced by a new one.
      if (!resumed || !(error instanceof ApiError) || error.status >= 500) throw error;
      if (run === generation) await begin(true, run);
      return;
    }
    // The session exists now: verify the identity beside the history fetch, not before it.
    if (run === generation) void verify(id);
    if (resumed) await loadHistory(id, run);
  };

  const verifiedForOther = (sessionId: string, userId: string): boolean => {
    const verified = loadVerifiedUser(sessionId);
    return verified !== null && verified !== userId;
  };

  /** Sends the wanted identity for session `id` unless it was sent already (see `identify`). */
  const verify = async (id: string): Promise<void> => {
    const identity = wanted;
    if (!identity) return;
    const key = identityKey(identity);
    if (identified?.sessionId === id && identified.key === key) return;
    if (verifiedForOther(id, identity.userId)) {
      // Another user's conversation: a new one, which `begin` verifies in its turn.
      abort();
      void track((run) => begin(true, run));
      return;
    }
    const mine = { sessionId: id, key };
    identified = mine;
    const body: IdentifyRequest = { userId: identity.userId, userHash: identity.userHash };
    if (identity.name) body.name = identity.name;
    if (identity.email) body.email = identity.email;
    try {
      await request(options.apiUrl, 'POST', chatPath(id, 'identify'), body);
      saveVerifiedUser(id, identity.userId);
    } catch (error) {
      // A refusal (wrong hash, another user's conversation, bad input) would only be refused
      // again; a call that did not get through (network, rate limit, server) may be tried again.
      const refused = error instanceof ApiError && error.status < 500 && error.status !== 429;
      if (!refused && identified === mine) identified = null;
      report(error);
    }
  };

  const loadHistory = async (id: string, run: number): Promise<void> => {
    try {
      const history = await request<ChatMessage[]>(options.apiUrl, 'GET', chatPath(id, 'messages'));
      if (run === generation) set({ messages: Array.isArray(history) ? history : [], drafts: NO_DRAFTS, error: null });
    } catch (error) {
      if (run === generation) set({ error: FETCH_FAILED });
      throw error;
    }
  };

  /** The end of a turn: a stream that stops without its final bubble keeps the text written so far. */
  const settled = (): Partial<ChatSnapshot> => {
    const { drafts, messages, sessionId } = state;
    const kept: ViewMessage[] = drafts
      .filter((d) => d.content.trim() && !messages.some((m) => String(m.id) === d.id))
      .map((d) => textMessage(d.id, sessionId ?? '', 'bot', d.content));
    return { status: 'idle', drafts: NO_DRAFTS, messages: kept.length ? [...messages, ...kept] : messages };
  };

  const apply = (event: StreamEvent, sessionId: string): void => {
    const { drafts, messages, status } = state;
    const writing = status === 'sending' ? 'streaming' : status;
    switch (event.type) {
      case 'delta': {
        const id = String(event.id);
        const known = drafts.some((d) => d.id === id);
        set({
          status: writing,
          drafts: known ? drafts.map((d) => (d.id === id ? { id, content: d.content + event.content } : d)) : [...drafts, { id, content: event.content }],
        });
        return;
      }
      case 'bubble':
        if (event.message.sender === 'bot') options.onMessage?.(event.message);
        // A finished bubble replaces whatever was being written before it.
        set({ status: writing, drafts: NO_DRAFTS, messages: upsert(messages, event.message) });
        return;
      case 'complete':
        set({ status: 'idle', drafts: NO_DRAFTS, messages: event.messages.reduce(upsert, messages) });
        return;
      case 'limit_exceeded':
      case 'chatbot_inactive': {
        const readOnly = { since: Date.now(), message: event.message, showContactForm: event.showContactForm };
        saveReadOnly(sessionId, readOnly);
        set({ ...settled(), readOnly });
        return;
      }
      case 'error':
        set({ status: 'idle', drafts: NO_DRAFTS, error: event.message || SEND_FAILED });
        return;
      case 'end':
        set(settled());
    }
  };

  const send = async (content: string, internalMessage?: string): Promise<boolean> => {
    const text = content.trim();
    while (pending) await pending;
    const id = state.sessionId;
    if (!text || !id || stream || state.readOnly) return false;
    const mine = new AbortController();
    stream = mine;
    const { apiUrl, chatbotRef, testToken } = options;
    const sent = textMessage(`local-${++localIds}`, id, 'user', text);
    set({ status: 'sending', error: null, messages: [...state.messages, sent] });
    options.onMessage?.(sent);
    const body: StreamRequest = { content: text, messageType: 'text', chatbotConfigId: chatbotRef };
    // The stream call creates the session when the session call did not get through.
    if (testToken) body.testToken = testToken;
    if (internalMessage && internalMessage !== text) body.internalMessage = internalMessage;
    try {
      await streamEvents(
        apiUrl,
        chatPath(id, 'messages/stream'),
        body,
        (event) => {
          if (!mine.signal.aborted) apply(event, id);
        },
        mine.signal,
      );
    } catch (error) {
      if (!mine.signal.aborted) {
        // A rate limit's own words ("try again tomorrow") tell the visitor more than a failure.
        const limited = error instanceof ApiError && error.status === 429 ? error.serverMessage : null;
        set({ status: 'idle', error: limited ?? SEND_FAILED });
        report(error);
      }
    } finally {
      if (stream === mine) {
        stream = null;
        set(settled());
      }
    }
    return true;
  };

  const abort = (): void => {
    if (!stream) return;
    stream.abort();
    stream = null;
    stale = true;
    set(settled());
  };

  /**
   * Waits for a running start, then claims the turn for a choice. Answers false when nothing may
   * be sent now (no session, an answer streaming, read-only); `accepted` runs before the call so
   * the component locks at once. A failed call is reported but the answer still goes out.
   */
  const recordChoice = async (messageKey: string, choice: RecordedChoice, accepted?: () => void): Promise<boolean> => {
    while (pending) await pending;
    const id = state.sessionId;
    if (!id || stream || state.readOnly) return false;
    accepted?.();
    const messageId = choice.messageId ?? messageIdOf(messageKey);
    const otherText = choice.otherText?.trim().slice(0, 1000);
    const body: SelectOptionRequest = { optionId: choice.optionId.slice(0, 200), payload: choice.payload, optionText: choice.optionText.slice(0, 1000) };
    if (messageId !== undefined) body.messageId = messageId;
    if (otherText) body.otherText = otherText;
    try {
      await request(options.apiUrl, 'POST', chatPath(id, 'select-option'), body);
    } catch (error) {
      report(error);
    }
    return true;
  };

  const postForm = (id: string, formTitle: string, formData: FormFieldValue[]) =>
    request(options.apiUrl, 'POST', chatPath(id, 'submit-form'), { formData, formTitle });

  const setAnswer = (messageKey: string, value: unknown): void => {
    if (state.answers[messageKey] !== value) set({ answers: { ...state.answers, [messageKey]: value } });
  };

  const rateAnswer = async (messageId: number | string, rating: FeedbackRating): Promise<void> => {
    const key = String(messageId);
    const { sessionId, messages } = state;
    const message = messages.find((m) => String(m.id) === key);
    if (!sessionId || !message || !isRateableAnswer(message) || message.feedback === rating) return;
    const vote = votes.get(key) ?? { saved: message.feedback ?? null, call: 0 };
    const call = ++voteCalls;
    vote.call = call;
    votes.set(key, vote);
    const run = generation;
    // A later call or another conversation has taken over: this outcome shows nothing.
    const show = (feedback: FeedbackRating | null, status: FeedbackState) => {
      if (vote.call !== call || run !== generation) return;
      set({
        messages: state.messages.map((m) => (String(m.id) === key ? { ...m, feedback } : m)),
        answers: { ...state.answers, [feedbackKey(key)]: status },
      });
    };
    show(rating, 'saving');
    try {
      vote.saved = (await sendFeedback(options.apiUrl, sessionId, message.id, rating)).rating;
      show(vote.saved, 'saved');
    } catch (error) {
      show(vote.saved, 'failed');
      report(error);
    }
    // Settled: the message's own vote is what the server holds again.
    if (vote.call === call) votes.delete(key);
  };

  return {
    subscribe: (listener) => {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    getSnapshot: () => state,
    setOptions: (next) => {
      options = next;
    },
    start: () => {
      armExpiry();
      const id = state.sessionId;
      if (!id) return track((run) => begin(false, run));
      if (stale && !stream) {
        stale = false;
        return track((run) => loadHistory(id, run));
      }
      return pending ?? Promise.resolve();
    },
    refresh: () => {
      if (!stream) void track((run) => begin(true, run));
    },
    send,
    abort,
    dispose: () => {
      abort();
      clearTimeout(expiry);
    },
    selectOption: async (messageKey, option, typedText) => {
      const text = typedText?.trim() || option.text;
      const choice: RecordedChoice = { optionId: option.id, optionText: text, payload: option.payload, otherText: typedText };
      if (!(await recordChoice(messageKey, choice, () => setAnswer(messageKey, option.id)))) return;
      const payload = option.payload != null ? `, payload ${JSON.stringify(option.payload)}` : '';
      await send(text, typedText ? `The visitor chose "Other" and wrote: ${text}` : `The visitor selected the menu option "${text}" (option id "${option.id}"${payload}).`);
    },
    submitChoice: async (messageKey, choice, text) => {
      if (await recordChoice(messageKey, choice)) await send(text);
    },
    submitForm: async (_messageKey, title, fields) => {
      const id = state.sessionId;
      if (!id) return false;
      try {
        await postForm(id, title, fields);
        return true;
      } catch (error) {
        report(error);
        return false;
      }
    },
    submitContact: async (values) => {
      const id = state.sessionId;
      if (!id) return 'failed';
      try {
        await postForm(id, LIMIT_CONTACT_FORM_TITLE, [
          { id: 'name', label: 'Name', type: 'text', value: values.name.trim() },
          { id: 'email', label: 'Email', type: 'email', value: values.email.trim() },
          { id: 'message', label: 'Message', type: 'textarea', value: values.message.trim() },
        ]);
        return 'sent';
      } catch (error) {
        report(error);
        return error instanceof ApiError ? 'failed' : 'network';
      }
    },
    setAnswer,
    rateAnswer,
    identify: async (identity) => {
      wanted = identity;
      set({ identity: prefillOf(identity, state.identity) });
      while (pending) await pending;
      const id = state.sessionId;
      if (!id) return;
      if (identity) return verify(id);
      // Signed out: their conversation is not for whoever uses this tab next.
      if (loadVerifiedUser(id) !== null) {
        abort();
        return track((run) => begin(true, run));
      }
    },
  };
}

/** The contact form's share of an identity; `previous` when it says the same (no change to show). */
function prefillOf(identity: VisitorIdentity | null, previous: ContactPrefill | null): ContactPrefill | null {
  if (!identity) return null;
  const next: ContactPrefill = {};
  if (identity.name?.trim()) next.name = identity.name.trim();
  if (identity.email?.trim()) next.email = identity.email.trim();
  return previous && previous.name === next.name && previous.email === next.email ? previous : next;
}

/**
 * The stored id of the message an answer belongs to: its key is the message id, or
 * `{id}:{chunk}` for a chunk. Messages not stored yet (local ids) have none.
 */
function messageIdOf(messageKey: string): number | undefined {
  const id = Number(/^(\d+)(?::|$)/.exec(messageKey)?.[1]);
  return Number.isSafeInteger(id) && id > 0 ? id : undefined;
}

function textMessage(id: string, sessionId: string, sender: 'user' | 'bot', content: string): ChatMessage {
  return { id, sessionId, content, sender, messageType: 'text', metadata: null, createdAt: new Date().toISOString() };
}

/**
 * Adds a streamed message or replaces the one with its id, marked live (it arrived during this
 * page view). The server's copy of the visitor's own message replaces the optimistic local one
 * with the same text, so it is not shown twice.
 */
function upsert(messages: ViewMessage[], message: ChatMessage): ViewMessage[] {
  const id = String(message.id);
  let index = messages.findIndex((m) => String(m.id) === id);
  if (index < 0 && message.sender === 'user') {
    index = messages.findIndex((m) => String(m.id).startsWith('local-') && m.sender === 'user' && m.content.trim() === message.content.trim());
  }
  const live = { ...message, live: true };
  return index < 0 ? [...messages, live] : messages.map((m, i) => (i === index ? live : m));
}
