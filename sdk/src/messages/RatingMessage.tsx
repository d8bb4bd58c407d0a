import { useState } from 'react';
import { recordedChoice, useChatActions } from '../chat/ChatActions';
import { questionOpen } from '../chat/closedQuestions';
import { Markdown } from '../markdown/Markdown';
import type { BotContentProps } from './types';

/** A rating offers at most this many values (0 to 10 is the widest scale a survey asks). */
const MAX_VALUES = 11;

/**
 * Values from minValue (default 1) to maxValue (default 5), at most eleven of them, drawn by
 * `ratingType`: stars (the default), number buttons (`numbers`, or `numeric` as older bots
 * write it), or a `scale`: one bar of joined numbers with its two ends named below it. A click
 * submits at once; a rating given before, or a closed survey question (answered, or one the
 * survey has moved past), stays locked.
 */
export function RatingMessage({ content, metadata, messageKey }: BotContentProps) {
  const chat = useChatActions();
  const min = int(metadata.minValue, 1);
  const max = Math.max(min, Math.min(int(metadata.maxValue, 5), min + MAX_VALUES - 1));
  const kind = metadata.ratingType === 'scale' ? 'scale' : metadata.ratingType === 'numbers' || metadata.ratingType === 'numeric' ? 'numbers' : 'stars';
  const stars = kind === 'stars';
  const rated = (chat.answers[messageKey] as number | undefined) ?? recordedRating(metadata);
  const [hover, setHover] = useState<number | null>(null);
  const locked = rated !== undefined || chat.disabled || !questionOpen(chat, messageKey, metadata);
  const lit = hover ?? rated ?? min - 1;
  const values = Array.from({ length: max - min + 1 }, (_, i) => min + i);

  const rate = (value: number) => {
    if (locked) return;
    chat.setAnswer(messageKey, value);
    if (chat.submitChoice) chat.submitChoice(messageKey, { optionId: String(value), optionText: String(value), payload: value }, String(value));
    else chat.send(String(value));
  };

  const buttons = (
    <div className={`cw-${kind}`} role="group" aria-label="Rating" onMouseLeave={() => setHover(null)}>
      {values.map((value) => (
        <button
          key={value}
          type="button"
          className={`cw-rate${value <= lit && stars ? ' is-lit' : ''}${rated === value ? ' is-selected' : ''}`}
          aria-label={`Rate ${value} out of ${max}`}
          aria-pressed={rated === value}
          disabled={locked}
          onMouseEnter={() => !locked && setHover(value)}
          onClick={() => rate(value)}
        >
          {stars ? <span aria-hidden="true">★</span> : value}
        </button>
      ))}
    </div>
  );

  return (
    <div className="cw-rating">
      {content ? <Markdown text={content} baseUrl={chat.apiUrl} /> : null}
      {kind === 'scale' ? (
        <div className="cw-scale-wrap">
          {buttons}
          {/* The buttons already say their values; the ends are a visual cue only. */}
          <div className="cw-scale-ends" aria-hidden="true">
            <span>{min}</span>
            <span>{max}</span>
          </div>
        </div>
      ) : (
        buttons
      )}
    </div>
  );
}

/** A rating answered before this page view (recorded by select-option). */
function recordedRating(metadata: Record<string, unknown>): number | undefined {
  const choice = recordedChoice(metadata);
  const n = choice ? Number(choice.optionId) : NaN;
  return Number.isFinite(n) ? n : undefined;
}

function int(value: unknown, fallback: number): number {
  const n = typeof value === 'string' ? parseInt(value, 10) : value;
  return typeof n === 'number' && Number.isFinite(n) ? Math.floor(n) : fallback;
}
