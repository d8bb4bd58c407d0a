import { sql } from 'drizzle-orm';
import { selectRows } from '../../db/raw';
import { stem } from '../ai/stem';
import { normalizeUrl } from './normalizeUrl';
import { questionWords } from './questionTerms';

/**
 * What a bot's own site calls each of its pages: the texts of the links that lead to it, by the
 * page's address (`pageKey`), most used first. "Refund policy" in every page's footer names
 * /help/article-17, whose title ("Article 17") and text ("send it back within 30 days") may not,
 * so the re-ranking reads a page's link texts as part of its title (`rerankPassages`). Read from
 * the live pages once per change of the bot's index (`forgetLinkTexts`).
 */
export async function learnLinkTexts(chatbotId: number): Promise<LinkTexts> {
  const cached = cache.get(chatbotId);
  if (cached) return cached;
  const rows = await selectRows<{ id: number; url: string | null; linkTexts: unknown }>(
    sql`SELECT p.id, p.url, p.link_texts AS "linkTexts" FROM pages p JOIN content_sources s ON s.id = p.source_id AND s.generation = p.generation
         WHERE p.chatbot_id = ${chatbotId} AND p.status = 'ok' AND p.url IS NOT NULL`,
  );
  // only links to pages the bot learned
  const learned = new Map(rows.map((r) => [pageKey(r.url), { url: r.url!, pageId: r.id }]));
  const counts = new Map<string, Map<string, { text: string; n: number }>>();
  for (const row of rows) {
    if (row.linkTexts === null) continue;
    const pairs = (typeof row.linkTexts === 'string' ? JSON.parse(row.linkTexts) : row.linkTexts) as [string, string][];
    for (const [url, text] of pairs) {
      const key = pageKey(url);
      if (!key || !learned.has(key) || key === pageKey(row.url)) continue;
      const texts = counts.get(key) ?? new Map<string, { text: string; n: number }>();
      const known = texts.get(text.toLowerCase());
      if (known) known.n++;
      else texts.set(text.toLowerCase(), { text, n: 1 });
      counts.set(key, texts);
    }
  }
  const texts: LinkTexts = { byPage: new Map(), byWord: new Map(), byUrl: new Map() };
  for (const [key, byText] of counts) {
    const named = [...byText.values()].sort((a, b) => b.n - a.n).slice(0, MAX_TEXTS);
    texts.byPage.set(key, named.map((t) => t.text));
    for (const { text } of named) {
      const stems = linkTextWords(text);
      const entry = { ...learned.get(key)!, stems };
      for (const s of stems) texts.byWord.set(s, [...(texts.byWord.get(s) ?? []), entry]);
    }
  }
  if (cache.size > 200) cache.clear();
  cache.set(chatbotId, texts);
  return texts;
}

/** A bot's link texts: by page (`pageKey`), and by each word (stemmed) of each text, with the page's address. */
export type LinkTexts = {
  byPage: Map<string, string[]>;
  byWord: Map<string, NamedPage[]>;
  /** `byPage` by a passage's address as stored, filled as passages are looked up (normalising each costs). */
  byUrl: Map<string, string[] | null>;
};

/**
 * The link texts of the page at `url` that the question says in full (`namesPage`), or null:
 * what the re-ranking and the answer check read as part of the page's title. A text the
 * question does not say in full is not read at all: a manual links to "ALTER TABLE" from
 * everywhere, and "how do I change rows in a table?" must not read as a question about it.
 */
export function namesOf(texts: LinkTexts, url: string | null, asked: ReadonlySet<string>): string[] | null {
  if (!url || texts.byPage.size === 0) return null;
  let names = texts.byUrl.get(url);
  if (names === undefined) {
    names = texts.byPage.get(pageKey(url) ?? '') ?? null;
    texts.byUrl.set(url, names);
  }
  const said = names?.filter((text) => namesPage(linkTextWords(text), asked));
  return said?.length ? said : null;
}

/**
 * The pages a link text names with the question's own words (`namesPage`), most words first, at
 * most `limit`.
 */
export function pagesNamedBy(asked: ReadonlySet<string>, texts: LinkTexts, limit: number): NamedPage[] {
  const found = new Map<number, NamedPage>();
  for (const word of asked) {
    for (const named of texts.byWord.get(word) ?? []) {
      const best = found.get(named.pageId);
      if (namesPage(named.stems, asked) && (!best || best.stems.length < named.stems.length)) found.set(named.pageId, named);
    }
  }
  return [...found.values()].sort((a, b) => b.stems.length - a.stems.length).slice(0, limit);
}

/** The question's words as link texts are compared with them: stemmed, without stopwords. */
export function askedWords(question: string): Set<string> {
  return new Set(questionWords(question).map((w) => stem(w.word)));
}

/**
 * Whether a link text (its words, `linkTextWords`) names the page for a question: two words or
 * more, every one of them in the question ("Refund policy" for "what is your refund policy?").
 * A one-word link ("Table") names too much by chance.
 */
function namesPage(words: string[], asked: ReadonlySet<string>): boolean {
  return words.length >= 2 && words.every((w) => asked.has(w));
}

/** A page a link text names: the page's address and row, and the words of the text. */
type NamedPage = { url: string; pageId: number; stems: string[] };

/** The words of a link text as the question's are compared (`askedWords`), kept for the texts of every bot. */
function linkTextWords(text: string): string[] {
  let words = wordsOfText.get(text);
  if (!words) {
    words = [...new Set(questionWords(text).map((w) => stem(w.word)))];
    if (wordsOfText.size > 50_000) wordsOfText.clear();
    wordsOfText.set(text, words);
  }
  return words;
}
const wordsOfText = new Map<string, string[]>();

/** Drops a bot's learned link texts: its content changed. */
export function forgetLinkTexts(chatbotId: number) {
  cache.delete(chatbotId);
}

/** A page's address as link texts are filed under: normalised, without its #fragment. */
function pageKey(url: string | null): string | null {
  return url ? normalizeUrl(url) : null;
}

// A page linked from everywhere gathers many wordings; the most used say what it is.
const MAX_TEXTS = 8;
const cache = new Map<number, LinkTexts>();
