import { useCallback, useEffect, useMemo, useReducer, useRef, useState } from 'react';
import { ApiError, request, streamEvents } from '../lib/api';
import { clearReadOnly, loadReadOnly, loadSessionId, READ_ONLY_MS, saveReadOnly, saveSessionId } from '../lib/storage';
import { createSessionId, LIMIT_CONTACT_FORM_TITLE, type ChatMessage, type StreamEvent, type StreamRequest } from '../protocol';
import type { ChatActions, FormFieldValue, MenuOption, RecordedChoice } from './ChatActions';
import { chatReducer, initialChatState, type ChatViewState } from './chatReducer';

/** Error texts of the spec's catalogue (§8). */
export const SEND_FAILED = 'Failed to send message';
export const FETCH_FAILED = 'Failed to fetch messages';

export interface UseChatOptions {
  apiUrl: string;
  /** The bot's guid, sent as chatbotConfigId; null for the server's default bot. */
  chatbotRef: string | null;
  /**
   * Session storage key for the session id. The id only ever comes from this tab's own storage
   * or is minted here: never from a prop, URL or page global an attacker could shape, since
   * whoever chose the id could read the conversation (session fixation).
   */
  storageKey: string;
  /** The chat starts (session created, history fetched) once this becomes true. */
  active: boolean;
  formConfirmationMessage?: string | null;
  onError?: (error: Error) => void;
  onMessage?: (message: ChatMessage) => void;
}

/** Outcome of the limit contact form: sent, refused by the server, or not reachable. */
export type ContactResult = 'sent' | 'failed' | 'network';

export interface Chat extends ChatViewState {
  sessionId: string | null;
  loading: boolean;
  actions: ChatActions;
  send(content: string, internalMessage?: string): Promise<boolean>;
  refresh(): void;
  submitContact(values: { name: string; email: string; message: string }): Promise<ContactResult>;
}

/**
 * The visitor's conversation: session creation (stored in session storage), history, streamed
 * sending, interactive answers, read-only mode with its 30-minute expiry and the contact form.
 */
export function useChat(options: UseChatOptions): Chat {
  const [state, dispatch] = useReducer(chatReducer, initialChatState);
  const [sessionId, setSessionId] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);
  const opts = useRef(options);
  opts.current = options;
  const busy = useRef(false);
  // Refs mirror what guards need synchronously (callbacks outlive the render that made them).
  const live = useRef({ readOnly: state.readOnly });
  live.current = { readOnly: state.readOnly };
  const sessionRef = useRef<string | null>(null);
  const pending = useRef<Promise<void> | null>(null);
  const generation = useRef(0);
  const localIds = useRef(0);

  const report = useCallback((error: unknown) => {
    const err = error instanceof Error ? error : new Error(String(error));
    if (opts.current.onError) opts.current.onError(err);
    else console.error('[chat-widget]', err);
  }, []);

  const start = useCallback(
    (fresh: boolean): Promise<void> => {
      const run = ++generation.current;
      const done = begin(fresh, run).finally(() => {
        if (pending.current === done) pending.current = null;
      });
      pending.current = done;
      return done;
    },
    // eslint-disable-next-line react-hooks/exhaustive-deps -- begin only reads refs
    [],
  );

  const begin = async (fresh: boolean, run: number): Promise<void> => {
    const { apiUrl, chatbotRef, storageKey } = opts.current;
    let id = fresh ? null : loadSessionId(storageKey);
    const resumed = id !== null;
    id ??= createSessionId();
    saveSessionId(storageKey, id);
    sessionRef.current = id;
    setSessionId(id);
    dispatch({ type: 'reset', messages: [] });
    dispatch({ type: 'readOnly', readOnly: loadReadOnly(id) });
    setLoading(true);
    try {
      try {
        await request(apiUrl, 'POST', '/api/chat/session', { sessionId: id, chatbotConfigId: chatbotRef });
      } catch (error) {
        // A stored id the server refuses (another bot's, or expired) is replaced by a new one.
        if (!resumed || !(error instanceof ApiError) || error.status >= 500) throw error;
        if (run === generation.current) await begin(true, run);
        return;
      }
      if (!resumed) return;
      try {
        const history = await request<ChatMessage[]>(apiUrl, 'GET', `/api/chat/${encodeURIComponent(id)}/messages`);
        if (run === generation.current) dispatch({ type: 'reset', messages: Array.isArray(history) ? history : [] });
      } catch (error) {
        if (run === generation.current) dispatch({ type: 'error', error: FETCH_FAILED });
        throw error;
      }
    } catch (error) {
      report(error);
    } finally {
      if (run === generation.current) setLoading(false);
    }
  };

  useEffect(() => {
    if (options.active && !sessionRef.current) void start(false);
  }, [options.active, start]);

  // The read-only flag clears itself 30 minutes after it was set, also while the page stays open.
  useEffect(() => {
    const readOnly = state.readOnly;
    if (!readOnly || !sessionId) return;
    const timer = setTimeout(
      () => {
        clearReadOnly(sessionId);
        dispatch({ type: 'readOnly', readOnly: null });
      },
      Math.max(0, readOnly.since + READ_ONLY_MS - Date.now()),
    );
    return () => clearTimeout(timer);
  }, [state.readOnly, sessionId]);

  const onEvent = useCallback((event: StreamEvent) => {
    const id = sessionRef.current;
    const now = Date.now();
    if ((event.type === 'limit_exceeded' || event.type === 'chatbot_inactive') && id) {
      saveReadOnly(id, { since: now, message: event.message, showContactForm: event.showContactForm });
    }
    if (event.type === 'bubble' && event.message.sender === 'bot') opts.current.onMessage?.(event.message);
    dispatch({ type: 'event', event, now });
  }, []);

  const send = useCallback(
    async (content: string, internalMessage?: string): Promise<boolean> => {
      const text = content.trim();
      // A topic clicked while the session is still being created waits for it.
      if (pending.current) await pending.current;
      const id = sessionRef.current;
      if (!text || !id || busy.current || live.current.readOnly) return false;
      busy.current = true;
      const { apiUrl, chatbotRef } = opts.current;
      dispatch({
        type: 'user',
        message: { id: `local-${++localIds.current}`, sessionId: id, content: text, sender: 'user', messageType: 'text', metadata: null, createdAt: new Date().toISOString() },
      });
      dispatch({ type: 'typing', typing: true });
      const body: StreamRequest = { content: text, messageType: 'text', chatbotConfigId: chatbotRef };
      if (internalMessage && internalMessage !== text) body.internalMessage = internalMessage;
      try {
        await streamEvents(apiUrl, `/api/chat/${encodeURIComponent(id)}/messages/stream`, body, onEvent);
      } catch (error) {
        // A rate limit's own words ("try again tomorrow") tell the visitor more than a failure.
        const limited = error instanceof ApiError && error.status === 429 ? error.serverMessage : null;
        dispatch({ type: 'error', error: limited ?? SEND_FAILED });
        report(error);
      } finally {
        busy.current = false;
        dispatch({ type: 'finish' });
      }
      return true;
    },
    [onEvent, report],
  );

  /**
   * Marks a choice on the message that offered it (select-option). Answers false when nothing
   * may be sent now (no session, a turn running, read-only); `accepted` runs before the call so
   * the component locks at once. A failed call is reported but the answer still goes out.
   */
  const recordChoice = useCallback(
    async (choice: RecordedChoice, accepted?: () => void): Promise<boolean> => {
      if (pending.current) await pending.current;
      const id = sessionRef.current;
      if (!id || busy.current || live.current.readOnly) return false;
      accepted?.();
      try {
        await request(opts.current.apiUrl, 'POST', `/api/chat/${encodeURIComponent(id)}/select-option`, {
          optionId: choice.optionId.slice(0, 200),
          payload: choice.payload,
          optionText: choice.optionText.slice(0, 1000),
        });
      } catch (error) {
        report(error);
      }
      return true;
    },
    [report],
  );

  const selectOption = useCallback(
    async (messageKey: string, option: MenuOption, typedText?: string) => {
      const text = typedText?.trim() || option.text;
      const ok = await recordChoice({ optionId: option.id, optionText: text, payload: option.payload }, () =>
        dispatch({ type: 'answer', key: messageKey, value: option.id }),
      );
      if (!ok) return;
      const detail = option.payload !== undefined && option.payload !== null ? ` (option id "${option.id}", payload ${JSON.stringify(option.payload)})` : ` (option id "${option.id}")`;
      await send(text, typedText ? `The visitor chose "Other" and wrote: ${text}` : `The visitor selected the menu option "${text}"${detail}.`);
    },
    [send, recordChoice],
  );

  const submitChoice = useCallback(
    async (_messageKey: string, choice: RecordedChoice, text: string) => {
      if (await recordChoice(choice)) await send(text);
    },
    [send, recordChoice],
  );

  const submitForm = useCallback(
    async (_messageKey: string, title: string, fields: FormFieldValue[]): Promise<boolean> => {
      const id = sessionRef.current;
      if (!id) return false;
      try {
        await request(opts.current.apiUrl, 'POST', `/api/chat/${encodeURIComponent(id)}/submit-form`, { formData: fields, formTitle: title });
        return true;
      } catch (error) {
        // Bot form failures are only logged (spec §8).
        report(error);
        return false;
      }
    },
    [report],
  );

  const submitContact = useCallback(
    async (values: { name: string; email: string; message: string }): Promise<ContactResult> => {
      const id = sessionRef.current;
      if (!id) return 'failed';
      const formData: FormFieldValue[] = [
        { id: 'name', label: 'Name', type: 'text', value: values.name.trim() },
        { id: 'email', label: 'Email', type: 'email', value: values.email.trim() },
        { id: 'message', label: 'Message', type: 'textarea', value: values.message.trim() },
      ];
      try {
        await request(opts.current.apiUrl, 'POST', `/api/chat/${encodeURIComponent(id)}/submit-form`, { formData, formTitle: LIMIT_CONTACT_FORM_TITLE });
        return 'sent';
      } catch (error) {
        report(error);
        return error instanceof ApiError ? 'failed' : 'network';
      }
    },
    [report],
  );

  const refresh = useCallback(() => {
    if (busy.current) return;
    void start(true);
  }, [start]);

  const setAnswer = useCallback((key: string, value: unknown) => dispatch({ type: 'answer', key, value }), []);

  const actions = useMemo<ChatActions>(
    () => ({
      send: (content, internal) => void send(content, internal),
      selectOption: (key, option, typed) => void selectOption(key, option, typed),
      submitChoice: (key, choice, text) => void submitChoice(key, choice, text),
      submitForm,
      answers: state.answers,
      setAnswer,
      disabled: state.typing || state.readOnly !== null,
      apiUrl: options.apiUrl,
      formConfirmationMessage: options.formConfirmationMessage,
    }),
    [send, selectOption, submitChoice, submitForm, setAnswer, state.answers, state.typing, state.readOnly, options.apiUrl, options.formConfirmationMessage],
  );

  return { ...state, sessionId, loading, actions, send, refresh, submitContact };
}
