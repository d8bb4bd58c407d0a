import { useId, useState } from 'react';
import { isOtherOption, toOptions, useChatActions } from '../chat/ChatActions';
import { iconText } from '../home/homeTypes';
import { Markdown } from '../markdown/Markdown';
import type { BotContentProps } from './types';

/**
 * Several choices, capped at `maxSelections` (or the option count), at least `minSelections`
 * (default 1). An Other choice needs its text. Submitted once; a message that already carries
 * `selectedOptions` counts as submitted.
 */
export function MultiselectMessage({ content, metadata, messageKey }: BotContentProps) {
  const chat = useChatActions();
  const options = toOptions(metadata.options);
  const preselected = Array.isArray(metadata.selectedOptions) ? (metadata.selectedOptions as unknown[]).map(String) : [];
  const submitted = (chat.answers[messageKey] as string[] | undefined) ?? (preselected.length ? preselected : undefined);
  const max = Math.max(1, Math.min(num(metadata.maxSelections) ?? options.length, options.length || 1));
  const min = Math.max(1, Math.min(num(metadata.minSelections) ?? 1, max));
  const [selected, setSelected] = useState<string[]>([]);
  const [otherText, setOtherText] = useState('');
  const groupId = useId();
  const locked = submitted !== undefined || chat.disabled;
  const otherChosen = options.some((o) => isOtherOption(o) && selected.includes(o.id));
  const valid = selected.length >= min && selected.length <= max && (!otherChosen || otherText.trim() !== '');
  const shown = submitted ?? selected;

  const toggle = (id: string) =>
    setSelected((current) => (current.includes(id) ? current.filter((s) => s !== id) : current.length < max ? [...current, id] : current));

  const submit = () => {
    if (!valid || locked) return;
    const texts = options.filter((o) => selected.includes(o.id)).map((o) => (isOtherOption(o) ? otherText.trim() : o.text));
    const text = texts.join(', ');
    chat.setAnswer(messageKey, selected);
    if (chat.submitChoice) chat.submitChoice(messageKey, { optionId: selected.join(','), optionText: text, payload: selected }, text);
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
        {otherChosen && submitted === undefined ? (
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

function num(value: unknown): number | undefined {
  const n = typeof value === 'string' ? parseInt(value, 10) : value;
  return typeof n === 'number' && Number.isFinite(n) && n > 0 ? Math.floor(n) : undefined;
}
