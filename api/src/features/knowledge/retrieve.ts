import type { Statement } from 'better-sqlite3';
import { sql } from 'drizzle-orm';
import { dialect, sqlite } from '../../db/client';
import { selectRow, selectRows } from '../../db/raw';
import { logger } from '../../lib/logger';
import { embeddingsEnabled, embedTexts, nearestChunks } from './embeddings';
import { checkIndexStamp, searchChunks, termStats } from './ftsIndex';
import { learnAliases } from './learnAliases';
import { askedWords, learnLinkTexts, namesOf, pagesNamedBy } from './learnLinkTexts';
import { matchQa, questionVariants, type QaPassageInfo } from './matchQa';
import { rerankPassages } from './rerankPassages';

export type Passage = {
  chunkId: number;
  content: string;
  title: string | null;
  url: string | null;
  heading: string | null;
  sourceId: number;
  score: number;
  /** What the site's own links call the passage's page, in the question's words ("Refund policy"): read as part of its title. */
  named?: string[];
  /** The passage is an owner's saved answer (a Q&A source): its content is the answer, its title the question. */
  savedAnswer?: true;
  /** Set on a saved answer that matches the question well enough (`matchQa`) to answer with it. */
  qa?: QaPassageInfo;
};

/**
 * The top passages of a bot's knowledge for a question, best first; [] when nothing
 * relevant. Ranking is BM25 over the bot's FTS5 index (title and heading weigh more than
 * body text); when an embeddings model is configured, nearest-neighbour hits from sqlite-vec
 * are fused in by reciprocal rank. Only each source's live generation is seen, so a rescan
 * in progress never hides or duplicates content.
 */
export async function retrieve(chatbotId: number, question: string, opts: { limit?: number } = {}): Promise<Passage[]> {
  const limit = Math.max(1, Math.min(Math.trunc(opts.limit ?? 5), 50));
  const withQa = await hasQaSources(chatbotId);
  // A matching Q&A ranked just below the top few by BM25 is still wanted: look a little deeper.
  const pool = withQa ? limit + QA_LOOKAHEAD : limit;
  const aliases = await learnAliases(chatbotId);
  const stats = termStats(chatbotId);
  const linkTexts = await learnLinkTexts(chatbotId);
  const found = await searchChunks(chatbotId, question, Math.max(RERANK_POOL, embeddingsEnabled() ? pool * 4 : pool), { aliases, stats });
  const asked = askedWords(question);
  const candidates = distinct([...found, ...(await namedPages(chatbotId, pagesNamedBy(asked, linkTexts, NAMED_PAGES), found))]).map((p) => {
    const named = namesOf(linkTexts, p.url, asked);
    return named ? { ...p, named } : p;
  });
  const lexical = await stats.settle(() =>
    rerankPassages(
      question,
      candidates,
      embeddingsEnabled() ? pool * 4 : pool,
      (word) => stats.weight(word),
      aliases,
      (word) => stats.known(word),
    ),
  );
  let ranked = lexical;
  if (embeddingsEnabled()) {
    let semantic: Passage[] = [];
    try {
      semantic = await vectorSearch(chatbotId, await embedQuery(question), pool);
    } catch (err) {
      logger.warn('query embedding failed; using full-text ranking only', { error: String(err) });
    }
    ranked = fuse(lexical, semantic, pool);
  }
  return withQa ? preferMatchingQa(question, ranked, limit) : ranked;
}

/**
 * The first of passages with the same page and text: two sources of one bot often reach the same page
 * (two start pages of one site), and its copies would push other pages out of the answer.
 */
function distinct(passages: Passage[]): Passage[] {
  const seen = new Map<string, string[]>();
  return passages.filter((p) => {
    const key = `${p.url ?? p.title ?? ''}\n${p.heading ?? ''}`;
    const texts = seen.get(key);
    if (texts?.includes(p.content)) return false;
    if (texts) texts.push(p.content);
    else seen.set(key, [p.content]);
    return true;
  });
}

// BM25 candidates the re-ranking chooses from. (Until 2026-12-07 SQLite handed it the 160 rows of
// its over-fetch window and PostgreSQL 40, so the two databases answered differently; on the
// manual, 120 found as many answers as 160, and 40 five fewer.)
const RERANK_POOL = 120;
// Pages a link text names in the question's words, whose opening passage joins the candidates.
const NAMED_PAGES = 3;

/**
 * The opening passage of each page (`named`) not among the candidates yet, scored as the last
 * candidate: what the site's links call a page ("Refund policy") may be words the page itself
 * never uses, so BM25 cannot find it, and the re-ranking decides (`rerankPassages`).
 */
async function namedPages(chatbotId: number, named: { url: string; pageId: number }[], found: Passage[]): Promise<Passage[]> {
  const missing = named.filter((n) => !found.some((p) => p.url === n.url));
  if (missing.length === 0) return [];
  const rows = await livePassages(chatbotId, 'page_id', missing.map((n) => n.pageId));
  const floor = found.length ? Math.min(...found.map((p) => p.score)) : 0;
  return missing.flatMap((n) => {
    const first = rows.find((r) => r.pageId === n.pageId);
    if (!first) return [];
    const { pageId: _, ...passage } = first;
    return [{ ...passage, score: floor }];
  });
}

/** The bot's live passages whose chunk id or page id (`by`) is one of `ids`, in chunk order, with their page id. */
function livePassages(chatbotId: number, by: 'id' | 'page_id', ids: number[]) {
  return selectRows<Omit<Passage, 'score'> & { pageId: number }>(
    sql`SELECT c.id AS "chunkId", c.content, c.title, c.url, c.heading, c.source_id AS "sourceId", c.page_id AS "pageId"
          FROM chunks c JOIN content_sources s ON s.id = c.source_id AND s.generation = c.generation
         WHERE c.chatbot_id = ${chatbotId} AND ${sql.identifier('c')}.${sql.identifier(by)} IN (${sql.join(
           ids.map((id) => sql`${id}`),
           sql`, `,
         )}) ORDER BY c.id`,
  );
}
// How many passages past `limit` are searched for a matching Q&A.
const QA_LOOKAHEAD = 10;

let hasQaQuery: Statement | undefined;
/**
 * Whether the bot has Q&A sources. On PostgreSQL the same read also tells whether the bot's
 * sources changed (another instance may have scanned one), which drops its cached term counts.
 */
async function hasQaSources(chatbotId: number): Promise<boolean> {
  if (dialect === 'postgres') {
    const row = await selectRow<{ qa: boolean; stamp: string }>(
      sql`SELECT coalesce(bool_or(source_type = 'qa'), false) AS "qa",
                 count(*) || ':' || coalesce(sum(generation), 0) || ':' || coalesce(max(updated_at), 0) AS "stamp"
            FROM content_sources WHERE chatbot_id = ${chatbotId}`,
    );
    checkIndexStamp(chatbotId, row?.stamp ?? '');
    return row?.qa ?? false;
  }
  hasQaQuery ??= sqlite.prepare(`SELECT 1 FROM content_sources WHERE chatbot_id = ? AND source_type = 'qa' LIMIT 1`);
  return hasQaQuery.get(chatbotId) !== undefined;
}

/**
 * Marks the owner's Q&A passages, and puts those that match the question well (`matchQa`) first,
 * best match first: an answer the owner wrote for this very question beats any page that
 * happens to share more of its words. Saved answers that do not match go last: as one short
 * chunk titled with its question, a Q&A outranks a long page on any word it shares, and would
 * answer "Where is your store?" with how to pick up an order there. Pages keep their order.
 */
async function preferMatchingQa(question: string, passages: Passage[], limit: number): Promise<Passage[]> {
  const sourceIds = [...new Set(passages.map((p) => p.sourceId))];
  if (sourceIds.length === 0) return passages;
  const qaSources = await selectRows<{ id: number; variants: unknown }>(
    sql`SELECT id, question_variants AS "variants" FROM content_sources WHERE source_type = 'qa' AND id IN (${sql.join(
      sourceIds.map((id) => sql`${id}`),
      sql`, `,
    )})`,
  );
  if (qaSources.length === 0) return passages.slice(0, limit);
  const variantsOf = new Map(qaSources.map((s) => [s.id, questionVariants(s.variants)]));

  const matching: { passage: Passage; match: number }[] = [];
  const pages: Passage[] = [];
  const otherAnswers: Passage[] = [];
  for (const p of passages) {
    const variants = variantsOf.get(p.sourceId);
    if (!variants) {
      pages.push(p);
      continue;
    }
    const qa = { question: p.title ?? '', variants };
    const match = matchQa(question, { ...qa, answer: p.content });
    if (match !== null) matching.push({ passage: { ...p, savedAnswer: true, qa }, match });
    else otherAnswers.push({ ...p, savedAnswer: true });
  }
  matching.sort((a, b) => b.match - a.match);
  return [...matching.map((m) => m.passage), ...pages, ...otherAnswers].slice(0, limit);
}

// Vectors of unrelated text still have a nearest neighbour; below this cosine similarity a
// neighbour is noise, and "nothing relevant" must stay [] so the bot can say it does not know.
const MIN_SIMILARITY = 0.3;
// Reciprocal-rank-fusion constant from Cormack et al. (2009); damps the weight of rank 1.
const RRF_K = 60;

async function vectorSearch(chatbotId: number, vector: number[], limit: number): Promise<Passage[]> {
  const near = (await nearestChunks(chatbotId, vector, limit * 4)).filter((n) => 1 - n.distance >= MIN_SIMILARITY);
  if (near.length === 0) return [];
  const rows = await livePassages(chatbotId, 'id', near.map((n) => n.chunkId));
  const byId = new Map(rows.map(({ pageId: _, ...r }) => [r.chunkId, r]));
  return near.flatMap((n) => {
    const row = byId.get(n.chunkId);
    return row ? [{ ...row, score: 1 - n.distance }] : [];
  });
}

/** Reciprocal rank fusion: a passage ranked well by both lists beats one ranked first by one. */
function fuse(lexical: Passage[], semantic: Passage[], limit: number): Passage[] {
  const fused = new Map<number, Passage>();
  const add = (list: Passage[]) =>
    list.forEach((p, rank) => {
      const prev = fused.get(p.chunkId);
      const score = (prev?.score ?? 0) + 1 / (RRF_K + rank + 1);
      fused.set(p.chunkId, { ...(prev ?? p), score });
    });
  add(lexical);
  add(semantic);
  return [...fused.values()].sort((a, b) => b.score - a.score).slice(0, limit);
}

// Visitors repeat questions (suggested topics, retries); their vectors are worth keeping.
const queryCache = new Map<string, number[]>();
async function embedQuery(question: string): Promise<number[]> {
  const key = question.trim().toLowerCase();
  const cached = queryCache.get(key);
  if (cached) return cached;
  const [vector] = await embedTexts([question]);
  if (queryCache.size >= 500) queryCache.delete(queryCache.keys().next().value!);
  queryCache.set(key, vector);
  return vector;
}
