import { useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import { lastBotMessage, type ChatActions } from './ChatActions';
import { createChatController, identityKey, type ChatController, type ChatControllerOptions, type ChatSnapshot } from './ChatController';
import { closedQuestions } from './closedQuestions';

export interface UseChatOptions extends ChatControllerOptions {
  /**
   * True while the visitor has the chat open. The chat starts (session created, history
   * fetched) the first time it turns true; turning false aborts a running answer stream.
   */
  active: boolean;
  /** Shown in place of a bot form once it is sent (interactive messages read it). */
  formConfirmationMessage?: string | null;
}

export interface Chat extends ChatSnapshot {
  actions: ChatActions;
  send: ChatController['send'];
  refresh: ChatController['refresh'];
  submitContact: ChatController['submitContact'];
}

/**
 * The widget's conversation as React state: one {@link ChatController} per widget, read through
 * `useSyncExternalStore`, started while `active` and disposed on unmount. A new `identity`
 * (another user, or new name, email or hash) goes to the controller's `identify`; an identity
 * taken away is forgotten there (`identify(null)`).
 */
export function useChat(options: UseChatOptions): Chat {
  const [chat] = useState(() => createChatController(options));
  chat.setOptions(options);
  const state = useSyncExternalStore(chat.subscribe, chat.getSnapshot);
  const { active, apiUrl, formConfirmationMessage, identity } = options;
  const identityChange = identity ? identityKey(identity) : null;

  useEffect(() => {
    if (!active) return;
    void chat.start();
    return chat.abort;
  }, [chat, active]);
  useEffect(() => chat.dispose, [chat]);
  // An identity taken away (the user signed out) is forgotten; none at all from the start is no change.
  const hadIdentity = useRef(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: what the identity says decides, not which object carries it
  useEffect(() => {
    if (identity) void chat.identify(identity);
    else if (hadIdentity.current) void chat.identify(null);
    hadIdentity.current = !!identity;
  }, [chat, identityChange]);

  const { answers, status, messages } = state;
  const disabled = status === 'sending' || status === 'streaming' || state.readOnly !== null;
  const latest = useMemo(() => lastBotMessage(messages), [messages]);
  const closed = useMemo(() => closedQuestions(messages, answers), [messages, answers]);
  const actions = useMemo<ChatActions>(
    () => ({
      send: chat.send,
      selectOption: chat.selectOption,
      submitChoice: chat.submitChoice,
      submitForm: chat.submitForm,
      rateAnswer: chat.rateAnswer,
      setAnswer: chat.setAnswer,
      answers,
      disabled,
      apiUrl,
      formConfirmationMessage,
      lastBotMessage: latest,
      isOpen: (messageKey) => !closed.has(messageKey),
    }),
    [chat, answers, disabled, apiUrl, formConfirmationMessage, latest, closed],
  );

  return { ...state, send: chat.send, refresh: chat.refresh, submitContact: chat.submitContact, actions };
}
