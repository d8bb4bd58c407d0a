import { sql } from 'drizzle-orm';
import { selectRows } from '../../db/raw';
import { logger } from '../../lib/logger';

/**
 * PostgreSQL: how many of a bot's chunks hold each of its words, read once with `ts_stat` and
 * kept in memory, so the search plan's counts (`TermStats`) cost no index walk. Counting a word
 * through the GIN index walks its postings and the chunks they point to: a few milliseconds
 * for a common word, some hundreds of milliseconds for a question's twenty or thirty terms
 * (SQLite's FTS5 answers the same counts in process, in microseconds).
 *
 * After the bot's index changes (`lexiconChanged`), a small bot's lexicon is read again before
 * its next question. A large one's (reading it took over LARGE_MS) keeps answering while it is
 * read again in the background, at most once per REFRESH_MS: its counts are then estimates a few
 * seconds old, and a word it does not hold yet is counted through the index (`undefined`).
 */
export async function lexiconOf(chatbotId: number): Promise<Lexicon> {
  let entry = lexicons.get(chatbotId);
  if (entry) {
    lexicons.delete(chatbotId); // most recently used last
    lexicons.set(chatbotId, entry);
  }
  if (!entry || (entry.stale && !entry.large)) {
    entry = await load(chatbotId);
  } else if (entry.stale && !entry.refreshing && Date.now() - entry.loadedAt > REFRESH_MS) {
    entry.refreshing = true;
    load(chatbotId).catch((error) => {
      entry!.refreshing = false;
      logger.warn('reading a bot’s word counts failed', { chatbotId, error: String(error) });
    });
  }
  return entry.lexicon;
}

/** Marks the bot's lexicon out of date (its index changed, here or on another instance). */
export function lexiconChanged(chatbotId: number) {
  changes.set(chatbotId, (changes.get(chatbotId) ?? 0) + 1);
  if (changes.size > 5000) changes.clear();
  const entry = lexicons.get(chatbotId);
  if (entry) {
    entry.stale = true;
    entry.lexicon.fresh = false;
  }
}

/** What `lexiconOf` answers with. */
export type Lexicon = {
  /** The bot's chunk count. */
  total: number;
  /** Distinct words per chunk, on average (every word's chunk count added up, over `total`). */
  averageLength: number;
  /** False while a newer index is being read: words it lacks may be new ones. */
  fresh: boolean;
  /**
   * Chunks holding a normalised tsquery (`to_tsquery(...)::text`), up to `cap`: a lexeme
   * (`'plan'`) or a prefix (`'auth':*`, the chunks of its words added up, so an estimate).
   * `undefined` for anything else (a phrase) and for a word a stale lexicon does not hold.
   */
  count(normalised: string, cap: number): number | undefined;
};

// A lexicon read in more than this is refreshed in the background, not before a question.
const LARGE_MS = 50;
const REFRESH_MS = 5_000;
// Lexicons kept: the bots asked most recently (a 10,000-chunk manual holds some 17,000 words).
const MAX_BOTS = 32;

type Entry = { lexicon: Lexicon; stale: boolean; large: boolean; refreshing: boolean; loadedAt: number };
const lexicons = new Map<number, Entry>();
// Index changes seen per bot: a read that overlapped one may have missed it.
const changes = new Map<number, number>();

async function load(chatbotId: number): Promise<Entry> {
  const started = performance.now();
  const loadedAt = Date.now();
  const changesBefore = changes.get(chatbotId) ?? 0;
  // ts_stat takes the query as text; the id is a number, so it cannot carry SQL of its own.
  const words = await selectRows<{ word: string; ndoc: number }>(
    sql`SELECT word, ndoc FROM ts_stat(${`SELECT search FROM chunks WHERE chatbot_id = ${Math.trunc(chatbotId)} AND search IS NOT NULL`})`,
  );
  const [row] = await selectRows<{ n: number }>(sql`SELECT count(*) AS n FROM chunks WHERE chatbot_id = ${chatbotId}`);
  const entry: Entry = {
    lexicon: makeLexicon(new Map(words.map((w) => [w.word, Number(w.ndoc)])), Number(row?.n ?? 0)),
    stale: (changes.get(chatbotId) ?? 0) !== changesBefore,
    large: performance.now() - started > LARGE_MS,
    refreshing: false,
    loadedAt,
  };
  entry.lexicon.fresh = !entry.stale;
  const previous = lexicons.get(chatbotId);
  if (previous && previous.loadedAt > loadedAt) return previous;
  lexicons.delete(chatbotId);
  lexicons.set(chatbotId, entry);
  if (lexicons.size > MAX_BOTS) lexicons.delete(lexicons.keys().next().value!);
  return entry;
}

function makeLexicon(words: Map<string, number>, total: number): Lexicon {
  let postings = 0;
  for (const chunks of words.values()) postings += chunks;
  const lexicon: Lexicon = {
    total,
    averageLength: total ? postings / total : 0,
    fresh: true,
    count(normalised, cap) {
      const match = /^'((?:[^']|'')+)'(:\*)?$/.exec(normalised);
      if (!match) return normalised === '' ? 0 : undefined;
      const lexeme = match[1]!.replaceAll("''", "'");
      if (!match[2]) {
        const n = words.get(lexeme);
        return n !== undefined ? Math.min(n, cap) : lexicon.fresh ? 0 : undefined;
      }
      let n = 0;
      for (const [word, chunks] of words) {
        if (word.startsWith(lexeme)) n += chunks;
        if (n >= cap) return cap;
      }
      return n > 0 || lexicon.fresh ? n : undefined;
    },
  };
  return lexicon;
}
