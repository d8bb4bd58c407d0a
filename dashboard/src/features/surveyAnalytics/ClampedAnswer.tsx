import { useId, useLayoutEffect, useRef, useState } from 'react';
import { cn } from '../../lib/cn';

/**
 * One listed answer, cut to three lines so a long typed answer cannot fill a phone's screen.
 * "Show more" appears only when the text really is cut and opens it in place. A clamp only hides
 * the overflow visually, so screen readers always read the whole answer.
 */
export function ClampedAnswer({ text }: { text: string }) {
  const textRef = useRef<HTMLSpanElement>(null);
  const textId = useId();
  const [expanded, setExpanded] = useState(false);
  const [cut, setCut] = useState(false);

  // Measured while clamped (an open answer stays open until closed); the width, and with it the
  // number of lines, changes with the window, so it is measured again on every resize.
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new answer may be cut where the old one was not, at the same size
  useLayoutEffect(() => {
    const el = textRef.current;
    if (!el || expanded) return;
    const measure = () => setCut(el.scrollHeight > el.clientHeight + 1);
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, [text, expanded]);

  return (
    <div className="min-w-0">
      <span ref={textRef} id={textId} className={cn('break-words', !expanded && 'line-clamp-3')} data-testid="answer-text">
        {text}
      </span>
      {(cut || expanded) && (
        <button
          type="button"
          className="mt-0.5 rounded text-xs font-medium text-blue-700 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600 dark:text-blue-400"
          aria-expanded={expanded}
          aria-controls={textId}
          onClick={() => setExpanded((v) => !v)}
        >
          {expanded ? 'Show less' : 'Show more'}
        </button>
      )}
    </div>
  );
}
