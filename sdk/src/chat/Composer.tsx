import { useId, useState, type Ref } from 'react';
import { SURVEY_CHAT_TEXTS, surveyStepOf, type ChatMessage } from '@parley/contracts';
import { useChatActions, type ChatActions } from './ChatActions';
import type { ChatStatus } from './ChatController';
import { questionOpen } from './closedQuestions';

/** Placeholder of the disabled input in read-only mode (docs/widget.md, "Read-only"). */
export const READ_ONLY_PLACEHOLDER = 'Chat temporarily unavailable';

/** Placeholder of the input while nothing in particular is asked. */
const DEFAULT_PLACEHOLDER = 'Type your message...';

/**
 * Text input with a send button. Enter sends, Shift+Enter starts a new line. Sending is
 * ignored while blank, while the chat is not `idle` (loading or an answer awaited) or read-only.
 * While the bot's newest message is a survey question answered in words, the placeholder asks
 * for the answer.
 */
export function Composer({
  onSend,
  status = 'idle',
  readOnly,
  inputRef,
}: {
  onSend: (text: string) => void;
  status?: ChatStatus;
  readOnly?: boolean;
  inputRef?: Ref<HTMLTextAreaElement>;
}) {
  const [text, setText] = useState('');
  const id = useId();
  const chat = useChatActions();
  const canSend = text.trim() !== '' && status === 'idle' && !readOnly;
  const submit = () => {
    if (!canSend) return;
    onSend(text.trim());
    setText('');
  };
  return (
    <form
      className="cw-composer"
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      {/* Not just "Message": the contact and bot forms beside it have Message fields too. */}
      <label className="cw-sr" htmlFor={id}>
        Your message
      </label>
      <textarea
        id={id}
        ref={inputRef}
        rows={1}
        value={readOnly ? '' : text}
        maxLength={4000}
        disabled={readOnly}
        placeholder={readOnly ? READ_ONLY_PLACEHOLDER : asksForText(chat, chat.lastBotMessage) ? SURVEY_CHAT_TEXTS.answerPlaceholder : DEFAULT_PLACEHOLDER}
        onChange={(e) => setText(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
            e.preventDefault();
            submit();
          }
        }}
      />
      <button type="submit" className="cw-send" aria-label="Send message" disabled={!canSend}>
        <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
          <path fill="currentColor" d="M3.4 20.4 21 12 3.4 3.6 3.4 10l12.6 2-12.6 2z" />
        </svg>
      </button>
    </form>
  );
}

/** A survey text question still waiting for its answer. */
function asksForText(chat: ChatActions, message: ChatMessage | null | undefined): boolean {
  return message != null && surveyStepOf(message.metadata)?.questionType === 'text' && questionOpen(chat, String(message.id), message.metadata);
}
