import { useId, useState } from 'react';
import { isOtherOption, recordedChoice, toOptions, useChatActions, type RecordedChoice } from '../chat/ChatActions';
import { questionOpen } from '../chat/closedQuestions';
import { iconText } from '../home/homeTypes';
import { Markdown } from '../markdown/Markdown';
import type { BotContentProps } from './types';

/**
 * Several choices, capped at `maxSelections` (or the option count), at least `minSelections`
 * (default 1). An Other choice needs its text. Submitted once: the ids chosen are the recorded
 * payload and the Other words its `otherText`. A message that already carries `selectedOptions`
 * or a recorded choice counts as submitted; a closed survey question (answered, or one the
 * survey has moved past) is locked too.
 */
export function MultiselectMessage({ content, metadata, messageKey }: BotContentProps) {
  const chat = useChatActions();
  const options = toOptions(metadata.options);
  const submitted = (chat.answers[messageKey] as string[] | undefined) ?? answeredBefore(metadata);
  const max = Math.max(1, Math.min(num(metadata.maxSelections) ?? options.length, options.length || 1));
  const min = Math.max(1, Math.min(num(metadata.minSelections) ?? 1, max));
  const [selected, setSelected] = useState<string[]>([]);
  const [otherText, setOtherText] = useState('');
  const groupId = useId();
  const open = submitted === undefined && questionOpen(chat, messageKey, metadata);
  const locked = !open || chat.disabled;
  // Ticks left on a question the survey moved past were never sent: they go with it.
  const ticked = open ? selected : [];
  const otherChosen = options.some((o) => isOtherOption(o) && ticked.includes(o.id));
  const valid = ticked.length >= min && ticked.length <= max && (!otherChosen || otherText.trim() !== '');
  const shown = submitted ?? ticked;

  const toggle = (id: string) =>
    setSelected((current) => (current.includes(id) ? current.filter((s) => s !== id) : current.length < max ? [...current, id] : current));

  const submit = () => {
    if (!valid || locked) return;
    // In the options' order, as the question lists them, whatever order they were ticked in.
    const chosen = options.filter((o) => selected.includes(o.id));
    const ids = chosen.map((o) => o.id);
    const text = chosen.map((o) => (isOtherOption(o) ? otherText.trim() : o.text)).join(', ');
    chat.setAnswer(messageKey, ids);
    const choice: RecordedChoice = { optionId: ids.join(','), optionText: text, payload: ids };
    if (otherChosen) choice.otherText = otherText.trim();
    if (chat.submitChoice) chat.submitChoice(messageKey, choice, text);
    else chat.send(text);
  };

  return (
    <div className="cw-menu">
      {content ? <Markdown text={content} baseUrl={chat.apiUrl} /> : null}
      <fieldset className="cw-checks" disabled={locked}>
        <legend className={content ? 'cw-sr' : undefined}>
          {max > 1 ? `Choose ${min === max ? min : `${min} to ${max}`} options` : 'Choose an option'}
        </legend>
        {options.map((option) => {
          const checked = shown.includes(option.id);
          return (
            <label key={option.id} className={`cw-check${checked ? ' is-checked' : ''}`}>
              <input
                type="checkbox"
                checked={checked}
                disabled={!checked && selected.length >= max}
                onChange={() => toggle(option.id)}
              />
              {iconText(option.icon) ? <span aria-hidden="true">{iconText(option.icon)} </span> : null}
              {option.text}
            </label>
          );
        })}
        {otherChosen ? (
          <>
            <label className="cw-sr" htmlFor={`${groupId}-other`}>
              Other
            </label>
            <input
              id={`${groupId}-other`}
              className="cw-input"
              placeholder="Please specify"
              value={otherText}
              maxLength={1000}
              onChange={(e) => setOtherText(e.target.value)}
            />
          </>
        ) : null}
        <button type="button" className="cw-btn" disabled={!valid || locked} onClick={submit}>
          {submitted ? 'Submitted' : 'Submit'}
        </button>
      </fieldset>
    </div>
  );
}

/** The choices of a message answered before this page view, or undefined while it is open. */
function answeredBefore(metadata: Record<string, unknown>): string[] | undefined {
  const preselected = Array.isArray(metadata.selectedOptions) ? (metadata.selectedOptions as unknown[]).map(String) : [];
  if (preselected.length) return preselected;
  const recorded = recordedChoice(metadata)?.payload;
  return Array.isArray(recorded) ? recorded.map(String) : undefined;
}

function num(value: unknown): number | undefined {
  const n = typeof value === 'string' ? parseInt(value, 10) : value;
  return typeof n === 'number' && Number.isFinite(n) && n > 0 ? Math.floor(n) : undefined;
}
