import { useCallback, useEffect, useMemo, useState } from 'react';
import { bubblesDismissed, dismissBubbles, forgetBubbleDismissal } from '../lib/storage';

/** Pop-up bubbles appear one at a time at this interval. */
export const BUBBLE_INTERVAL_MS = 2000;

/**
 * The bot's initial messages as pop-up bubbles while the widget is closed: one more every 2 s,
 * the first after 2 s (which is when the config is first fetched, if it is not loaded yet).
 * Dismissal is stored per bot and message set.
 */
export function usePopupBubbles({
  enabled,
  botKey,
  messages,
  load,
}: {
  enabled: boolean;
  botKey: string;
  messages: string[] | undefined;
  load: () => void;
}) {
  const [due, setDue] = useState(0);
  const [dismissed, setDismissed] = useState(() => bubblesDismissed(botKey));
  const known = messages !== undefined;
  // A new array with the same texts is the same set: the list is rebuilt from its content.
  const signature = (messages ?? []).filter((m) => typeof m === 'string' && m.trim() !== '').join('\u0001');
  const list = useMemo(() => (signature ? signature.split('\u0001') : []), [signature]);

  // A dismissal of another message set no longer applies once the current set is known.
  useEffect(() => {
    if (known && dismissed && !bubblesDismissed(botKey, list)) {
      forgetBubbleDismissal(botKey);
      setDismissed(false);
    }
  }, [known, dismissed, botKey, list]);

  const active = enabled && !dismissed;
  useEffect(() => {
    if (!active || (known ? due >= list.length : due >= 1)) return;
    const timer = setTimeout(() => {
      load();
      setDue((d) => d + 1);
    }, BUBBLE_INTERVAL_MS);
    return () => clearTimeout(timer);
  }, [active, due, known, list.length, load]);

  const dismiss = useCallback(() => {
    dismissBubbles(botKey, list);
    setDismissed(true);
  }, [botKey, list]);

  return { visible: active ? list.slice(0, due) : [], dismiss };
}
