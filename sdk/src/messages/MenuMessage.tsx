import { useId, useState } from 'react';
import { isOtherOption, recordedChoice, toOptions, useChatActions } from '../chat/ChatActions';
import { questionOpen } from '../chat/closedQuestions';
import { iconText } from '../home/homeTypes';
import { Markdown } from '../markdown/Markdown';
import type { BotContentProps } from './types';

/**
 * A single-choice menu. Choosing posts select-option and sends the choice; options with id
 * `q_other` or `other` open a free-text field that needs non-blank text before it can be sent
 * (the words go along as the choice's `otherText`). A closed survey question (answered, or one the
 * survey has moved past) stays locked, showing the choice made if there was one.
 */
export function MenuMessage({ content, metadata, messageKey }: BotContentProps) {
  const chat = useChatActions();
  const options = toOptions(metadata.options);
  const chosen = (chat.answers[messageKey] as string | undefined) ?? recordedChoice(metadata)?.optionId;
  const [otherOpen, setOtherOpen] = useState(false);
  const [otherText, setOtherText] = useState('');
  const inputId = useId();
  const open = chosen === undefined && questionOpen(chat, messageKey, metadata);
  const locked = !open || chat.disabled;
  const other = options.find(isOtherOption);

  return (
    <div className="cw-menu">
      {content ? <Markdown text={content} baseUrl={chat.apiUrl} /> : null}
      <div className="cw-options" role="group" aria-label="Choose an option">
        {options.map((option) => (
          <button
            key={option.id}
            type="button"
            className="cw-option"
            aria-pressed={chosen === option.id || (isOtherOption(option) && otherOpen && open)}
            disabled={locked}
            onClick={() => (isOtherOption(option) ? setOtherOpen(true) : chat.selectOption(messageKey, option))}
          >
            {iconText(option.icon) ? <span aria-hidden="true">{iconText(option.icon)} </span> : null}
            {option.text}
          </button>
        ))}
      </div>
      {other && otherOpen && open ? (
        <form
          className="cw-inline-form"
          onSubmit={(e) => {
            e.preventDefault();
            if (otherText.trim() && !chat.disabled) chat.selectOption(messageKey, other, otherText.trim());
          }}
        >
          <label htmlFor={inputId}>Your answer</label>
          {/* biome-ignore lint/a11y/noAutofocus: the visitor just chose "Other" to type an answer */}
          <input id={inputId} value={otherText} maxLength={1000} autoFocus onChange={(e) => setOtherText(e.target.value)} />
          <button type="submit" className="cw-btn" disabled={!otherText.trim() || chat.disabled}>
            Send
          </button>
        </form>
      ) : null}
    </div>
  );
}
