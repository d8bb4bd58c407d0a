import { useState } from 'react';
import { recordedChoice, useChatActions } from '../chat/ChatActions';
import { Markdown } from '../markdown/Markdown';
import type { BotContentProps } from './types';

/** Stars or numbers from minValue (default 1) to maxValue (default 5); a click submits at once. */
export function RatingMessage({ content, metadata, messageKey }: BotContentProps) {
  const chat = useChatActions();
  const min = int(metadata.minValue, 1);
  const max = Math.max(min, Math.min(int(metadata.maxValue, 5), min + 20));
  const stars = metadata.ratingType !== 'numeric';
  const rated = (chat.answers[messageKey] as number | undefined) ?? recordedRating(metadata);
  const [hover, setHover] = useState<number | null>(null);
  const locked = rated !== undefined || chat.disabled;
  const lit = hover ?? rated ?? min - 1;
  const values = Array.from({ length: max - min + 1 }, (_, i) => min + i);

  const rate = (value: number) => {
    if (locked) return;
    chat.setAnswer(messageKey, value);
    if (chat.submitChoice) chat.submitChoice(messageKey, { optionId: String(value), optionText: String(value), payload: value }, String(value));
    else chat.send(String(value));
  };

  return (
    <div className="cw-rating">
      {content ? <Markdown text={content} baseUrl={chat.apiUrl} /> : null}
      <div className={stars ? 'cw-stars' : 'cw-numbers'} role="group" aria-label="Rating" onMouseLeave={() => setHover(null)}>
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
