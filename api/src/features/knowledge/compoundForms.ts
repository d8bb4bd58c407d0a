/**
 * The other spellings of a compound word that the bot's content may use: "read-only" is also
 * written "readonly", "backup" also "back up" (and, stemmed, "backing up"), "autovacuum" also
 * "auto vacuum". A split is offered only when both halves are words the content uses (`known`),
 * and a joined form only when the content uses it, so a word that merely contains another
 * ("listen") gains nothing it would not find anyway. Forms with a space are searched as phrases.
 */
export function compoundForms(word: string, known: (term: string) => boolean): string[] {
  if (/[-_.]/.test(word)) {
    const joined = word.replace(/[-_.]/g, '');
    return /^\p{L}+$/u.test(joined) && known(joined) ? [joined] : [];
  }
  if (!/^\p{L}{5,}$/u.test(word)) return [];
  for (let i = MIN_HEAD; i <= word.length - MIN_TAIL; i++) {
    const head = word.slice(0, i);
    const tail = word.slice(i);
    if (known(head) && known(tail)) return [`${head} ${tail}`];
  }
  return [];
}

/** The other spellings of a question word and of the hyphenated whole it came from ("read-only"). */
export function compoundsOf(word: { word: string; synonyms: string[] }, known: (term: string) => boolean): string[] {
  return [word.word, ...word.synonyms.filter((f) => f.includes('-'))].flatMap((f) => compoundForms(f, known));
}

// "backup" → "back up": a tail as short as "up" or "in" is common in English compounds, a head of
// two letters ("re", "un") is a prefix, not a word.
const MIN_HEAD = 3;
const MIN_TAIL = 2;
