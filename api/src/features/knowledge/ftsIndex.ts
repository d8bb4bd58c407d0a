import type { Statement } from 'better-sqlite3';
import { type SQL, sql } from 'drizzle-orm';
import { db, dialect, sqlite } from '../../db/client';
import { execute, selectRows } from '../../db/raw';
import { compoundsOf } from './compoundForms';
import { type Alias, aliasesIn, forgetAliases, learnAliases } from './learnAliases';
import { forgetLinkTexts } from './learnLinkTexts';
import { lexiconChanged, lexiconOf } from './pgLexicon';
import { ftsPhrase, identifierWords, plainText, questionWords } from './questionTerms';
import type { Passage } from './retrieve';
import { wordFamily } from './wordFamily';
import { ESTIMATE_CAP, wordWeight } from './wordWeight';

/**
 * The full-text index. SQLite: one FTS5 table per bot (`fts_bot_<id>`, porter + unicode61 without
 * diacritics, contentless with delete support; the text itself lives in `chunks`).
 * PostgreSQL: the `search` tsvector column of `chunks` (title weight A, heading B, text D) under
 * one GIN index, written by `indexChunks` (migration 0002_knowledge_search).
 *
 * Why per bot on SQLite: BM25 needs, for every query term, the number of rows containing it, and
 * FTS5 computes that by walking the term's whole posting list. In a shared index a small
 * bot would pay for (and be ranked by) a large tenant's vocabulary; per bot, cost and
 * statistics depend on that bot alone. PostgreSQL's index is shared, but every count and
 * ranking here is of one bot's rows (the planner ANDs the index with the bot's rows).
 */
export async function indexChunks(chatbotId: number, rows: { id: number; content: string; title: string | null; heading: string | null }[]): Promise<void> {
  if (rows.length === 0) return;
  touched(chatbotId);
  if (dialect === 'postgres') {
    // in batches, under PostgreSQL's 65,535 parameters per statement
    for (let i = 0; i < rows.length; i += 1000) {
      const values = sql.join(
        rows.slice(i, i + 1000).map((r) => sql`(${r.id}::bigint, ${searchText(r.title ?? '')}, ${searchText(r.heading ?? '')}, ${searchText(indexedText(r.content))})`),
        sql`, `,
      );
      await execute(sql`UPDATE chunks SET search = setweight(to_tsvector('parley_search', v.title), 'A') || setweight(to_tsvector('parley_search', v.heading), 'B') || to_tsvector('parley_search', v.content)
        FROM (VALUES ${values}) AS v(id, title, heading, content) WHERE chunks.id = v.id`);
      await writePostings(rows.slice(i, i + 1000).map((r) => r.id));
    }
    return;
  }
  const table = ensureTable(chatbotId);
  const insert = sqlite.prepare(`INSERT INTO ${table} (rowid, content, title, heading) VALUES (?, ?, ?, ?)`);
  for (const r of rows) insert.run(r.id, indexedText(r.content), r.title ?? '', r.heading ?? '');
}

/**
 * PostgreSQL: the BM25 postings of chunks whose `search` vector was just written (migration
 * 0005): for each of its words, the weighted count (title 4, heading 2, text 1, as `ts_rank_cd`
 * with RANK_WEIGHTS counts it) and the chunk's length in distinct words.
 */
async function writePostings(ids: number[]) {
  const list = sql.join(
    ids.map((id) => sql`${id}::bigint`),
    sql`, `,
  );
  await execute(sql`DELETE FROM chunk_postings WHERE chunk_id IN (${list})`);
  await execute(sql`INSERT INTO chunk_postings (chatbot_id, term, chunk_id, tf, len)
    SELECT c.chatbot_id, u.lexeme, c.id, (SELECT sum(CASE w WHEN 'A' THEN 4 WHEN 'B' THEN 2 ELSE 1 END) FROM unnest(u.weights) AS w), length(c.search)
      FROM chunks c, unnest(c.search) AS u WHERE c.id IN (${list})`);
}

/** A chunk's text as indexed: with the words of its camel-case identifiers after it (`identifierWords`). */
function indexedText(content: string): string {
  const words = identifierWords(content);
  return words ? `${content}\n${words}` : content;
}

/**
 * Removes chunks (`chunkIds`: a `SELECT id FROM chunks ...` subquery) from the bot's index. On
 * PostgreSQL the entries are the chunks' own column and go with the rows.
 */
export async function unindexChunks(chatbotId: number, chunkIds: SQL): Promise<void> {
  touched(chatbotId);
  if (dialect === 'postgres') return;
  const table = tableName(chatbotId);
  if (!tableExists(table)) return;
  db.run(sql`DELETE FROM ${sql.identifier(table)} WHERE rowid IN (${chunkIds})`);
}

/**
 * PostgreSQL: refreshes the planner's statistics of `chunks` after a scan replaced a source's
 * pages (some 200 ms on 10,000 chunks). Until autovacuum analyses the table (never, where it is
 * off), the planner misjudges how many of a bot's chunks a word matches: it took the bot's rows
 * one by one and tested each against the question (80 ms on a 10,000-chunk manual) instead of
 * reading the GIN index (under 1 ms). The postings are vacuumed too: ranking then reads a word's
 * postings from their index alone (an index-only scan), not each posting's row as well.
 */
export async function analyzeSearchIndex(): Promise<void> {
  if (dialect !== 'postgres') return;
  await execute(sql`ANALYZE chunks`);
  // (SKIP_LOCKED: another instance vacuuming it after its own scan does the same work)
  await execute(sql`VACUUM (ANALYZE, SKIP_LOCKED) chunk_postings`);
}

/**
 * Drops the indexes of bots that no longer exist (a deleted bot's chunks cascade away, its FTS5
 * table does not). On PostgreSQL the index is the chunks' column: chunks whose bot is gone (none
 * should be: they cascade from the bot's sources) are deleted with their entries.
 */
export async function dropOrphanIndexes(): Promise<void> {
  if (dialect === 'postgres') {
    await execute(sql`DELETE FROM chunks c WHERE NOT EXISTS (SELECT 1 FROM chatbots b WHERE b.id = c.chatbot_id)`);
    return;
  }
  const tables = sqlite.prepare(`SELECT name FROM sqlite_master WHERE type = 'table' AND name GLOB 'fts_bot_[0-9]*' AND sql LIKE '%fts5%'`).all() as { name: string }[];
  const exists = sqlite.prepare(`SELECT 1 FROM chatbots WHERE id = ?`);
  for (const { name } of tables) {
    const id = Number(name.slice('fts_bot_'.length));
    if (!exists.get(id)) {
      sqlite.exec(`DROP TABLE IF EXISTS ${name}`);
      known.delete(name);
      for (const key of [...statements.keys()]) if (key.endsWith(`:${name}`)) statements.delete(key);
      estimates.delete(id);
    }
  }
}

/**
 * Live chunks of a bot matching a question, best first. Terms are ranked with BM25 (title ×4,
 * heading ×2, body ×1). To keep latency flat on large bots, the query is planned: each term's
 * row count is estimated (capped, cached) and terms are added rarest first while their total
 * stays under a budget. Terms beyond it are the very common ones, which BM25 barely weighs
 * anyway; they can still fill remaining places, unranked, from titles and headings first.
 * Up to `limit` passages, plus up to 10 more that hold two neighbouring words of the question
 * side by side (for the re-ranking to weigh). The plan is the same on both databases; only
 * running it differs (`sqliteSearch`, `postgresSearch`).
 */
export async function searchChunks(
  chatbotId: number,
  question: string,
  limit: number,
  options: { aliases?: Alias[]; stats?: TermStats } = {},
): Promise<Passage[]> {
  const stats = options.stats ?? termStats(chatbotId);
  if (!stats.exists()) return [];
  const words = questionWords(question);
  if (words.length === 0) return [];
  const aliases = options.aliases ?? (await learnAliases(chatbotId));
  const { planned, common, phrases } = await stats.settle(() => planSearch(question, words, aliases, stats));
  const engine = dialect === 'postgres' ? postgresSearch(chatbotId, stats) : sqliteSearch(tableName(chatbotId));

  const hits: Passage[] = planned.length ? await engine.ranked(planned, limit, true) : [];
  const seen = new Set(hits.map((h) => h.chunkId));
  if (phrases.length) {
    const floor = hits.length ? hits[hits.length - 1]!.score : 0;
    for (const hit of await engine.ranked(phrases, PHRASE_CANDIDATES, false)) {
      if (!seen.has(hit.chunkId)) {
        seen.add(hit.chunkId);
        hits.push({ ...hit, score: floor });
      }
    }
  }
  if (hits.length < limit && common.length) {
    for (const match of engine.fallbacks(common)) {
      for (const hit of await engine.unranked(match, limit * 2)) {
        if (hits.length >= limit) break;
        if (!seen.has(hit.chunkId)) {
          seen.add(hit.chunkId);
          hits.push(hit);
        }
      }
    }
  }
  return hits;
}

/** Which terms to rank, which very common ones only fill places, and which word pairs to look for. */
function planSearch(question: string, words: ReturnType<typeof questionWords>, aliases: Alias[], stats: TermStats) {
  // A short word the content never uses may be a short form of one it does ("auth" for
  // "authentication", "config" for "configuration"): it is searched as a prefix instead. Longer
  // words are not: the stemmer cuts them first ("capital" → "capit*" would find "Capitol").
  const originals = words.map((w) => (/^\p{L}{3,6}$/u.test(w.word) && stats.rows(w.word) === 0 ? `${w.word}*` : w.word));
  // the other form of an abbreviation the bot's content spells out, searched as a phrase
  // and the other spellings of a compound ("backup" → "back up"). (Words of the same family,
  // "uses" → "usage", count in the re-ranking only: searched too, they slowed every query for
  // about one answer in 66.)
  const known = (term: string) => stats.known(term);
  const synonyms = [...words.flatMap((w) => [...w.synonyms, ...compoundsOf(w, known)]), ...aliasesIn(question, aliases)].filter((s) => !originals.includes(s));
  const planned: string[] = [];
  const common: string[] = [];
  let spent = 0;
  // originals first (they are what the visitor said), then synonyms; each group rarest first
  for (const group of [originals, synonyms]) {
    const counted = [...new Set(group)].map((term) => ({ term, rows: stats.rows(term) })).filter((t) => t.rows > 0);
    for (const { term, rows } of counted.sort((a, b) => a.rows - b.rows)) {
      if (rows < ESTIMATE_CAP && spent + rows <= ROW_BUDGET) {
        planned.push(term);
        spent += rows;
      } else if (group === originals) common.push(term);
    }
  }
  // Two neighbouring words of the question side by side ("execution plan", "disk space") are the
  // surest sign of a passage about the same thing, however common each word is: passages with
  // such a phrase join the candidates (after BM25's own, for the re-ranking to weigh), without
  // changing how BM25 ranks the rest.
  // (only of words short of very common: a phrase of two very common words walks both their
  // whole postings, the cost the query planning above keeps out)
  const uncommon = (word: string) => stats.rows(word) < ESTIMATE_CAP;
  const phrases = words
    .slice(1)
    .map((w, i) => [words[i]!.word, w.word])
    .filter(([a, b]) => uncommon(a!) && uncommon(b!))
    .map((pair) => pair.join(' '))
    .filter((p) => stats.known(p));
  if (dialect === 'postgres') stats.prepareRanking(words, planned);
  return { planned, common, phrases };
}

// Passages with one of the question's word pairs added to BM25's candidates.
const PHRASE_CANDIDATES = 10;
// The posting-list rows BM25 may walk per query: ~0.7 µs each, so about 2 ms of work.
const ROW_BUDGET = 3000;
const BM25 = (table: string) => `bm25(${table}, 1.0, 4.0, 2.0)`;

type SearchEngine = {
  /** Live passages holding any of the terms, best first (`weighted`: rare terms count more, as BM25's IDF). */
  ranked(terms: string[], limit: number, weighted: boolean): Promise<Passage[]>;
  /** The cheapest-first queries for very common terms: in titles/headings, all together, any. */
  fallbacks(terms: string[]): string[];
  /** Live passages matching one of `fallbacks`, in no order, score 0. */
  unranked(match: string, limit: number): Promise<Passage[]>;
};

function sqliteSearch(table: string): SearchEngine {
  return {
    ranked: async (terms, limit) => ranked(table, terms.map(ftsTerm).join(' OR '), limit),
    fallbacks(terms) {
      const any = terms.map(ftsTerm).join(' OR ');
      const all = terms.map(ftsTerm).join(' AND ');
      return [`{title heading}: (${all})`, `{title heading}: (${any})`, all, any].filter((q, i, list) => list.indexOf(q) === i);
    },
    unranked: async (match, limit) => unranked(table, match, limit),
  };
}

function ranked(table: string, match: string, limit: number): Passage[] {
  // Chunks of a rescan in progress match too and are dropped by the live-generation join:
  // over-fetch, and widen the window if they crowded out live ones. (Twice the limit: each row
  // fetched reads its chunk's text, and 4 × 120 rows cost 1.5 ms a question on the bench.)
  for (let window = limit * 2; ; window *= 8) {
    const rows = statement(
      `ranked:${table}`,
      `SELECT c.id AS chunkId, c.content, c.title, c.url, c.heading, c.source_id AS sourceId, -f.rank AS score
         FROM (SELECT rowid, ${BM25(table)} AS rank FROM ${table} WHERE ${table} MATCH ? ORDER BY rank LIMIT ?) f
         JOIN chunks c ON c.id = f.rowid
         JOIN content_sources s ON s.id = c.source_id AND s.generation = c.generation
        ORDER BY f.rank`,
    ).all(match, window) as Passage[];
    if (rows.length >= limit || window > 20_000) return rows.slice(0, limit);
    const matched = statement(`count:${table}`, `SELECT count(*) AS n FROM (SELECT 1 FROM ${table} WHERE ${table} MATCH ? LIMIT ?)`).get(match, window) as {
      n: number;
    };
    if (matched.n < window) return rows.slice(0, limit);
  }
}

function unranked(table: string, match: string, limit: number): Passage[] {
  return statement(
    `unranked:${table}`,
    `SELECT c.id AS chunkId, c.content, c.title, c.url, c.heading, c.source_id AS sourceId, 0 AS score
       FROM (SELECT rowid FROM ${table} WHERE ${table} MATCH ? LIMIT ?) f
       JOIN chunks c ON c.id = f.rowid
       JOIN content_sources s ON s.id = c.source_id AND s.generation = c.generation`,
  ).all(match, limit) as Passage[];
}

/**
 * PostgreSQL runs the same plan with its own text search. BM25 is not built in, so it is
 * computed as FTS5 does: each ranked term adds its IDF (from the bot's row counts the plan
 * already has) times tf × (k1 + 1) / (tf + k1 × (1 − b + b × length / average length)), where tf
 * is the term's weighted count in the chunk (`ts_rank_cd` of that term alone, see RANK_WEIGHTS)
 * and the length is the chunk's distinct words (`length(search)`). (`ts_rank` with its log-length
 * normalisation, used before, ranked one-line reference entries, "DROP TABLESPACE — remove a
 * tablespace", over the page that explains the word, where BM25 does the reverse.)
 */
function postgresSearch(chatbotId: number, stats: TermStats): SearchEngine {
  const live = sql`FROM chunks c JOIN content_sources s ON s.id = c.source_id AND s.generation = c.generation`;
  const columns = sql`c.id AS "chunkId", c.content, c.title, c.url, c.heading, c.source_id AS "sourceId"`;
  return {
    async ranked(terms, limit, weighted) {
      const queries = terms.flatMap((term) => {
        const query = tsQuery(term);
        return query ? [{ query, idf: weighted ? stats.idf(term) : 1 }] : [];
      });
      if (queries.length === 0) return [];
      // One word is read from the postings; a phrase or a prefix from the chunks' vectors.
      const words = queries.filter((q) => /^'[^']+'$/.test(q.query));
      const others = queries.filter((q) => !words.includes(q));
      const k = (len: SQL) => sql`${BM25_K1}::float8 * (${1 - BM25_B}::float8 + ${BM25_B}::float8 * ${len} / ${stats.averageLength()}::float8)`;
      const parts: SQL[] = [];
      if (words.length) {
        const list = sql.join(
          words.map((q) => sql`((tsvector_to_array(to_tsvector('parley_search', ${q.query.slice(1, -1)})))[1], ${q.idf}::float8)`),
          sql`, `,
        );
        parts.push(sql`SELECT p.chunk_id AS id, q.idf * ${BM25_K1 + 1} * p.tf / (p.tf + ${k(sql`p.len`)}) AS score
          FROM (VALUES ${list}) AS q(term, idf) JOIN chunk_postings p ON p.chatbot_id = ${chatbotId} AND p.term = q.term`);
      }
      if (others.length) {
        const ranks = sql.join(
          others.map((q, i) => sql`${COLUMN_SCALE}::float8 * ts_rank_cd(${RANK_WEIGHTS}::float4[], c.search, to_tsquery('parley_search', ${q.query}), 0) AS ${sql.identifier(`r${i}`)}`),
          sql`, `,
        );
        const score = sql.join(
          others.map((q, i) => sql`${q.idf}::float8 * ${BM25_K1 + 1} * ${sql.identifier(`r${i}`)} / (${sql.identifier(`r${i}`)} + k)`),
          sql` + `,
        );
        const any = others.map((q) => q.query).join(' | ');
        // (OFFSET 0 keeps the subquery whole: merged into the outer query, each term's rank would be
        // computed once per use in the score)
        parts.push(sql`SELECT id, ${score} AS score FROM (SELECT c.id, ${ranks}, ${k(sql`length(c.search)`)} AS k FROM chunks c
          WHERE c.chatbot_id = ${chatbotId} AND c.search @@ to_tsquery('parley_search', ${any}) OFFSET 0) phrases`);
      }
      // Chunks of a rescan in progress are ranked too and dropped by the live-generation join:
      // over-fetch, and widen the window if they crowded out live ones (as `ranked` on SQLite).
      // (the text of the `limit` best live chunks only: each row's text read and sent costs more
      // than ranking it)
      for (let window = limit * 2; ; window *= 8) {
        const rows = await selectRows<Omit<Passage, 'chunkId'> & { chunkId: number | null; matched: number }>(sql`WITH ranked AS (
            SELECT id, sum(score) AS score FROM (${sql.join(parts, sql` UNION ALL `)}) parts GROUP BY id ORDER BY score DESC, id LIMIT ${window}),
          live AS (SELECT r.id, r.score FROM ranked r JOIN chunks c ON c.id = r.id JOIN content_sources s ON s.id = c.source_id AND s.generation = c.generation
                    ORDER BY r.score DESC, r.id LIMIT ${limit})
          SELECT k.matched, ${columns}, l.score::float8 AS "score"
            FROM (SELECT count(*)::int AS matched FROM ranked) k LEFT JOIN (live l JOIN chunks c ON c.id = l.id) ON true
           ORDER BY l.score DESC, l.id`);
        const found = rows.flatMap(({ matched: _, chunkId, ...rest }) => (chunkId === null ? [] : [{ chunkId, ...rest }]));
        if (found.length >= limit || (rows[0]?.matched ?? 0) < window || window > 20_000) return found;
      }
    },
    fallbacks(terms) {
      const of = (head: boolean, operator: string) => terms.flatMap((t) => tsQuery(t, head ? 'AB' : '') ?? []).join(` ${operator} `);
      return [of(true, '&'), of(true, '|'), of(false, '&'), of(false, '|')].filter((q, i, list) => q && list.indexOf(q) === i);
    },
    unranked: (match, limit) =>
      selectRows<Passage>(sql`SELECT ${columns}, 0::float8 AS "score" ${live}
        WHERE c.chatbot_id = ${chatbotId} AND c.search @@ to_tsquery('parley_search', ${match}) LIMIT ${limit}`),
  };
}

/**
 * FTS5's column weights (`BM25` above: text 1, heading 2, title 4) as `ts_rank_cd` takes them,
 * at most 1 each, for the D (text), C (unused), B (heading) and A (title) parts; times
 * COLUMN_SCALE, a one-word query's `ts_rank_cd` (flag 0) is then FTS5's weighted term frequency:
 * one mention in a title and one in the text count 5.
 */
const RANK_WEIGHTS = '{0.25,0.25,0.5,1}';
const COLUMN_SCALE = 4;
// BM25's parameters, FTS5's defaults.
const BM25_K1 = 1.2;
const BM25_B = 0.75;

/**
 * Text as both indexes read it: lower case, accents removed, every run of characters other than
 * letters and digits one space (FTS5's unicode61 with remove_diacritics). PostgreSQL's parser
 * would otherwise keep "os.path" or an e-mail address whole and find neither by its parts.
 */
function searchText(text: string): string {
  return plainText(text)
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/**
 * A search term as a PostgreSQL tsquery: a phrase of its words (`<->`), a prefix ("auth:*"),
 * optionally only in some parts (`AB`: title and heading). Null when no word is left.
 */
function tsQuery(term: string, parts = ''): string | null {
  const prefix = term.endsWith('*');
  const words = searchText(prefix ? term.slice(0, -1) : term).split(' ').filter(Boolean);
  if (words.length === 0) return null;
  const last = words.length - 1;
  const lexemes = words.map((w, i) => {
    const flags = `${prefix && i === last ? '*' : ''}${parts}`;
    return flags ? `'${w}':${flags}` : `'${w}'`;
  });
  return lexemes.length === 1 ? lexemes[0]! : `(${lexemes.join(' <-> ')})`;
}

/**
 * What the plan and the re-ranking ask of a bot's index: how many chunks hold a term (capped at
 * ESTIMATE_CAP), whether any does, and how telling a word is. Answers are cached per bot until
 * its index changes. SQLite answers each question at once (an FTS5 probe). PostgreSQL answers
 * from the cache: a question it cannot answer yet is noted and answered as "none", and `settle`
 * runs the computation again once all noted questions are answered in one round trip, until
 * nothing new is asked (the plan is cheap; usually one round trip, two when a compound's parts are
 * found).
 */
export class TermStats {
  private wanted = new Set<string>();

  constructor(private readonly chatbotId: number) {}

  /** False when the bot has no index at all (SQLite: no table yet). */
  exists(): boolean {
    return dialect === 'postgres' || tableExists(tableName(this.chatbotId));
  }

  /** Runs `compute` until every term it asks about is known (once, on SQLite). */
  async settle<T>(compute: () => T): Promise<T> {
    for (let pass = 0; ; pass++) {
      const result = compute();
      if (this.wanted.size === 0 || pass >= MAX_PASSES) return result;
      await this.fetch();
    }
  }

  /** min(rows containing the term, ESTIMATE_CAP). */
  rows(term: string): number {
    const cache = this.cache();
    let rows = cache.get(term);
    if (rows !== undefined) return rows;
    if (dialect === 'postgres') {
      this.wanted.add(term);
      return 0;
    }
    const table = tableName(this.chatbotId);
    if (!tableExists(table)) return 0;
    rows = (statement(`count:${table}`, `SELECT count(*) AS n FROM (SELECT 1 FROM ${table} WHERE ${table} MATCH ? LIMIT ?)`).get(ftsTerm(term), ESTIMATE_CAP) as { n: number }).n;
    if (cache.size > 5000) cache.clear();
    cache.set(term, rows);
    return rows;
  }

  /** Whether any of the bot's chunks has the term: one index probe, where counting would walk its postings. */
  known(term: string): boolean {
    const cache = this.cache();
    const counted = cache.get(term);
    if (counted !== undefined) return counted > 0;
    const key = `?${term}`;
    let found = cache.get(key);
    if (found === undefined) {
      if (dialect === 'postgres') {
        this.wanted.add(key);
        return false;
      }
      const table = tableName(this.chatbotId);
      if (!tableExists(table)) return false;
      found = statement(`exists:${table}`, `SELECT 1 FROM ${table} WHERE ${table} MATCH ? LIMIT 1`).get(ftsTerm(term)) ? 1 : 0;
      cache.set(key, found);
    }
    return found > 0;
  }

  /**
   * How telling a word is in the bot's content (inverse document frequency over its chunks): a
   * word on every page says little about which page answers, a rare one a lot. 0 when unknown.
   */
  weight(term: string): number {
    let rows = this.rows(term);
    // a short form searched as a prefix ("auth") weighs as the words it begins
    if (rows === 0 && /^\p{L}{3,6}$/u.test(term)) rows = this.rows(`${term}*`);
    return wordWeight(rows);
  }

  /** BM25's IDF of a ranked term, as FTS5 computes it over the bot's rows (PostgreSQL). */
  idf(term: string): number {
    const total = this.rows(TOTAL);
    const rows = this.rows(term);
    const idf = Math.log((total - rows + 0.5) / (rows + 0.5));
    return idf > 0 ? idf : 1e-6;
  }

  /** PostgreSQL: the average number of distinct words in the bot's chunks (BM25's average length). */
  averageLength(): number {
    return this.cache().get(AVERAGE_LENGTH) || 1;
  }

  /**
   * PostgreSQL: asks, with the plan's round trip, what ranking and re-ranking will need (the
   * bot's row count, each word's weight and its family's forms), so they need none of their own.
   */
  prepareRanking(words: ReturnType<typeof questionWords>, planned: string[]) {
    if (planned.length) this.rows(TOTAL);
    const known = (term: string) => this.known(term);
    for (const w of words) {
      for (const form of [w.word, ...w.synonyms]) this.weight(form);
      wordFamily(w.word, known);
    }
  }

  private cache(): Map<string, number> {
    let cache = estimates.get(this.chatbotId);
    if (!cache) {
      cache = new Map<string, number>();
      estimates.set(this.chatbotId, cache);
    }
    return cache;
  }

  private async fetch() {
    const cache = this.cache();
    const asked = [...this.wanted];
    this.wanted.clear();
    if (cache.size > 5000) cache.clear();
    const lexicon = await lexiconOf(this.chatbotId);
    const queries = new Map<string, string>();
    for (const key of asked) {
      if (key === TOTAL) continue;
      const query = tsQuery(key.startsWith('?') ? key.slice(1) : key);
      if (query) queries.set(key, query);
      else cache.set(key, 0);
    }
    await normalise([...queries.values()]);
    // What the lexicon cannot count (phrases, words newer than it) is counted through the GIN
    // index, each count its own query: one reading its tsquery from a VALUES list would test
    // every chunk of the bot.
    const counts: SQL[] = [];
    for (const key of asked) {
      if (key === TOTAL) {
        cache.set(key, lexicon.total);
        cache.set(AVERAGE_LENGTH, lexicon.averageLength);
        continue;
      }
      const query = queries.get(key);
      if (!query) continue;
      const cap = key.startsWith('?') ? 1 : ESTIMATE_CAP;
      const n = lexicon.count(normalised.get(query)!, cap);
      if (n !== undefined) cache.set(key, n);
      else
        counts.push(sql`SELECT ${key}::text AS "key", count(*) AS "n" FROM (SELECT 1 FROM chunks
          WHERE chatbot_id = ${this.chatbotId} AND search @@ to_tsquery('parley_search', ${query}) LIMIT ${cap}) x`);
    }
    if (counts.length === 0) return;
    const rows = await selectRows<{ key: string; n: number }>(sql.join(counts.map((c) => sql`(${c})`), sql` UNION ALL `));
    for (const { key, n } of rows) cache.set(key, Number(n));
  }
}

/**
 * PostgreSQL: tsqueries as the index reads them (stemmed: `'tablespaces'` → `'tablespac'`),
 * for the lexicon. Stemming depends on the text alone, so each is asked once per process.
 */
async function normalise(queries: string[]) {
  const missing = [...new Set(queries.filter((q) => !normalised.has(q)))];
  if (missing.length === 0) return;
  const rows = await selectRows<{ query: string; normalised: string }>(
    sql`SELECT v.q AS "query", to_tsquery('parley_search', v.q)::text AS "normalised" FROM (VALUES ${sql.join(
      missing.map((q) => sql`(${q}::text)`),
      sql`, `,
    )}) AS v(q)`,
  );
  if (normalised.size > 50_000) normalised.clear();
  for (const row of rows) normalised.set(row.query, row.normalised);
}
const normalised = new Map<string, string>();

/** A bot's term statistics (see TermStats). */
export function termStats(chatbotId: number): TermStats {
  return new TermStats(chatbotId);
}

/**
 * PostgreSQL: the cached counts and learned abbreviations of a bot hold while `stamp` (a summary
 * of its sources' generations and changes, read with each question) stays the same, so a scan
 * finished by another instance is seen at the next question.
 */
export function checkIndexStamp(chatbotId: number, stamp: string) {
  if (stamps.get(chatbotId) === stamp) return;
  touched(chatbotId);
  if (stamps.size > 5000) stamps.clear();
  stamps.set(chatbotId, stamp);
}

// The cache key of a bot's row count (no search term starts with '#').
const TOTAL = '#rows';
// ... and of the average chunk length, read with it.
const AVERAGE_LENGTH = '#length';
// A plan asks in at most three rounds (words, a compound's parts, their counts); more is a bug's loop.
const MAX_PASSES = 4;

/** A search term as FTS5 reads it: a quoted phrase, or a prefix ("auth*"). */
function ftsTerm(term: string) {
  return term.endsWith('*') ? `${ftsPhrase(term.slice(0, -1))}*` : ftsPhrase(term);
}

const estimates = new Map<number, Map<string, number>>();
const stamps = new Map<number, string>();
const known = new Set<string>();
const statements = new Map<string, Statement>();

function touched(chatbotId: number) {
  estimates.delete(chatbotId);
  if (dialect === 'postgres') lexiconChanged(chatbotId);
  forgetAliases(chatbotId);
  forgetLinkTexts(chatbotId);
}

function statement(key: string, sql: string): Statement {
  let st = statements.get(key);
  if (!st) {
    st = sqlite.prepare(sql);
    if (statements.size > 2000) statements.clear();
    statements.set(key, st);
  }
  return st;
}

function tableName(chatbotId: number) {
  return `fts_bot_${Math.trunc(chatbotId)}`;
}

function tableExists(table: string) {
  if (known.has(table)) return true;
  const exists = sqlite.prepare(`SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?`).get(table) !== undefined;
  if (exists) known.add(table);
  return exists;
}

function ensureTable(chatbotId: number) {
  const table = tableName(chatbotId);
  if (!tableExists(table)) {
    sqlite.exec(
      `CREATE VIRTUAL TABLE IF NOT EXISTS ${table} USING fts5(content, title, heading, content='', contentless_delete=1, tokenize='porter unicode61 remove_diacritics 2')`,
    );
    known.add(table);
  }
  return table;
}
