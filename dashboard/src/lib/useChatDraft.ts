import { useState } from 'react';

/**
 * The text of an owner's message box. `take` empties the box at once and hands over its words
 * with `giveBack`, which a failed request calls: the words return unless the owner typed anew.
 */
export function useChatDraft() {
  const [draft, setDraft] = useState('');
  function take() {
    const words = draft;
    setDraft('');
    return { words, giveBack: () => setDraft((now) => (now.trim() ? now : words)) };
  }
  return { draft, setDraft, take };
}
