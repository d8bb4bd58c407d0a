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

/** What the site's links call the page at `url`, or null. */
export function namesOf(texts: LinkTexts, url: string | null): string[] | null {
  if (!url || texts.byPage.size === 0) return null;
  let names = texts.byUrl.get(url);
  if (names === undefined) {
    names = texts.byPage.get(pageKey(url) ?? '') ?? null;
    texts.byUrl.set(url, names);
  }
  return names;
}

/**
 * The addresses of the pages a link text of two words or more names with the question's own
 * words: every word of the text is in the question ("What is your refund policy?" and a link
 * "Refund policy"), most words first, at most `limit`. (A one-word link, "Table", names too
 * much by chance.)
 */
export function pagesNamedBy(question: string, texts: LinkTexts, limit: number): NamedPage[] {
  const asked = new Set(questionWords(question).map((w) => stem(w.word)));
  const found = new Map<number, NamedPage>();
  for (const word of asked) {
    for (const named of texts.byWord.get(word) ?? []) {
      const best = found.get(named.pageId);
      if (named.stems.length >= 2 && named.stems.every((s) => asked.has(s)) && (!best || best.stems.length < named.stems.length)) found.set(named.pageId, named);
    }
  }
  return [...found.values()].sort((a, b) => b.stems.length - a.stems.length).slice(0, limit);
}

/** A page a link text names: the page's address and row, and the words of the text. */
type NamedPage = { url: string; pageId: number; stems: string[] };

/** The words of a link text as the question's are compared: stemmed, without stopwords (kept for the texts of every bot). */
export function linkTextWords(text: string): string[] {
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
