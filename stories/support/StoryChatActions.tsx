import { useMemo, useState, type ReactNode } from 'react';
import { fn } from 'storybook/test';
import { ChatActionsContext, type ChatActions } from '../../sdk/src/chat/ChatActions';
import type { ParleyParameters } from './parleyParameters';

/**
 * The chat actions message renderers call, made harmless for stories: every call is a named
 * `fn()` spy (shown in the Actions panel) and nothing reaches a server. Answers are kept the
 * way the real chat keeps them, so a clicked rating or menu locks exactly as in the widget.
 */
export function StoryChatActions({ children, chat = {} }: { children: ReactNode; chat?: ParleyParameters['chat'] }) {
  const [answers, setAnswers] = useState<Record<string, unknown>>(() => ({ ...chat.answers }));
  const spies = useMemo(
    () => ({
      send: fn().mockName('chat.send'),
      selectOption: fn().mockName('chat.selectOption'),
      submitForm: fn().mockName('chat.submitForm'),
      setAnswer: fn().mockName('chat.setAnswer'),
    }),
    [],
  );
  const value = useMemo<ChatActions>(() => {
    const remember = (key: string, answer: unknown) => setAnswers((current) => ({ ...current, [key]: answer }));
    return {
      send: (content, internalMessage) => void spies.send(content, internalMessage),
      // The real chat records the choice itself (ChatController), which locks the menu or card.
      selectOption: (messageKey, option, typedText) => {
        spies.selectOption(messageKey, option, typedText);
        remember(messageKey, option.id);
      },
      submitForm: async (messageKey, title, fields) => {
        spies.submitForm(messageKey, title, fields);
        return true;
      },
      setAnswer: (key, answer) => {
        spies.setAnswer(key, answer);
        remember(key, answer);
      },
      answers,
      disabled: chat.disabled ?? false,
      // Relative image and link URLs resolve against the Storybook server (stories/public).
      apiUrl: typeof location === 'undefined' ? '' : location.origin,
      formConfirmationMessage: chat.formConfirmationMessage ?? null,
    };
  }, [answers, chat.disabled, chat.formConfirmationMessage, spies]);
  return <ChatActionsContext.Provider value={value}>{children}</ChatActionsContext.Provider>;
}
