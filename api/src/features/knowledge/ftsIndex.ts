import type { Statement } from 'better-sqlite3';
import { dialect, sqlite } from '../../db/client';
import { compoundsOf } from './compoundForms';
import { aliasesIn, forgetAliases, learnAliases } from './learnAliases';
import { ftsPhrase, questionWords } from './questionTerms';
import type { Passage } from './retrieve';

/**
 * The full-text index: one FTS5 table per bot (`fts_bot_<id>`, porter + unicode61 without
 * diacritics, contentless with delete support; the text itself lives in `chunks`).
 *
 * Why per bot: BM25 needs, for every query term, the number of rows containing it, and
 * FTS5 computes that by walking the term's whole posting list. In a shared index a small
 * bot would pay for (and be ranked by) a large tenant's vocabulary; per bot, cost and
 * statistics depend on that bot alone.
 */
export function indexChunks(chatbotId: number, rows: { id: number; content: string; title: string | null; heading: string | null }[]) {
  if (rows.length === 0) return;
  const table = ensureTable(chatbotId);
  const insert = sqlite.prepare(`INSERT INTO ${table} (rowid, content, title, heading) VALUES (?, ?, ?, ?)`);
  for (const r of rows) insert.run(r.id, r.content, r.title ?? '', r.heading ?? '');
  touched(chatbotId);
}

/** Removes chunks (chosen by a `SELECT id FROM chunks ...` subquery) from the bot's index. */
export function unindexChunks(chatbotId: number, chunkIdsQuery: string, params: unknown[]) {
  const table = tableName(chatbotId);
  if (!tableExists(table)) return;
  sqlite.prepare(`DELETE FROM ${table} WHERE rowid IN (${chunkIdsQuery})`).run(...params);
  touched(chatbotId);
}

/** Drops the indexes of bots that no longer exist (a deleted bot's chunks cascade away). */
export function dropOrphanIndexes() {
  if (dialect === 'postgres') return; // PostgreSQL's full-text index is not ported yet
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
 * side by side (for the re-ranking to weigh).
 */
export function searchChunks(chatbotId: number, question: string, limit: number): Passage[] {
  const table = tableName(chatbotId);
  if (!tableExists(table)) return [];
  const words = questionWords(question);
  if (words.length === 0) return [];

  // A short word the content never uses may be a short form of one it does ("auth" for
  // "authentication", "config" for "configuration"): it is searched as a prefix instead. Longer
  // words are not: the stemmer cuts them first ("capital" → "capit*" would find "Capitol").
  const originals = words.map((w) => (/^\p{L}{3,6}$/u.test(w.word) && rowEstimate(chatbotId, table, w.word) === 0 ? `${w.word}*` : w.word));
  // the other form of an abbreviation the bot's content spells out, searched as a phrase
  // and the other spellings of a compound ("backup" → "back up"). (Words of the same family,
  // "uses" → "usage", count in the re-ranking only: searched too, they slowed every query for
  // about one answer in 66.)
  const known = (term: string) => termKnown(chatbotId, term);
  const synonyms = [
    ...words.flatMap((w) => [
      ...w.synonyms,
      ...compoundsOf(w, known),
    ]),
    ...aliasesIn(question, learnAliases(chatbotId)),
  ].filter((s) => !originals.includes(s));
  const planned: string[] = [];
  const common: string[] = [];
  let spent = 0;
  // originals first (they are what the visitor said), then synonyms; each group rarest first
  for (const group of [originals, synonyms]) {
    const counted = [...new Set(group)].map((term) => ({ term, rows: rowEstimate(chatbotId, table, term) })).filter((t) => t.rows > 0);
    for (const { term, rows } of counted.sort((a, b) => a.rows - b.rows)) {
      if (rows < ESTIMATE_CAP && spent + rows <= ROW_BUDGET) {
        planned.push(term);
        spent += rows;
      } else if (group === originals) common.push(term);
    }
  }

  const hits: Passage[] = planned.length ? ranked(table, planned.map(ftsTerm).join(' OR '), limit) : [];
  const seen = new Set(hits.map((h) => h.chunkId));
  // Two neighbouring words of the question side by side ("execution plan", "disk space") are the
  // surest sign of a passage about the same thing, however common each word is: passages with
  // such a phrase join the candidates (after BM25's own, for the re-ranking to weigh), without
  // changing how BM25 ranks the rest.
  // (only of words short of very common: a phrase of two very common words walks both their
  // whole postings, the cost the query planning above keeps out)
  const uncommon = (word: string) => rowEstimate(chatbotId, table, word) < ESTIMATE_CAP;
  const phrases = words
    .slice(1)
    .map((w, i) => [words[i]!.word, w.word])
    .filter(([a, b]) => uncommon(a!) && uncommon(b!))
    .map((pair) => pair.join(' '))
    .filter((p) => termKnown(chatbotId, p));
  if (phrases.length) {
    const floor = hits.length ? hits[hits.length - 1]!.score : 0;
    for (const hit of ranked(table, phrases.map(ftsTerm).join(' OR '), PHRASE_CANDIDATES)) {
      if (!seen.has(hit.chunkId)) {
        seen.add(hit.chunkId);
        hits.push({ ...hit, score: floor });
      }
    }
  }
  if (hits.length < limit && common.length) {
    for (const match of unrankedQueries(common)) {
      for (const hit of unranked(table, match, limit * 2)) {
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

// Passages with one of the question's word pairs added to BM25's candidates.
const PHRASE_CANDIDATES = 10;
// The posting-list rows BM25 may walk per query: ~0.7 µs each, so about 2 ms of work.
const ROW_BUDGET = 3000;
// Counting stops here: a term this common is never ranked, whatever its exact count.
const ESTIMATE_CAP = 2001;
const BM25 = (table: string) => `bm25(${table}, 1.0, 4.0, 2.0)`;

function ranked(table: string, match: string, limit: number): Passage[] {
  // Chunks of a rescan in progress match too and are dropped by the live-generation join:
  // over-fetch, and widen the window if they crowded out live ones.
  for (let window = limit * 4; ; window *= 8) {
    const rows = statement(
      `ranked:${table}`,
      `SELECT c.id AS chunkId, c.content, c.title, c.url, c.heading, c.source_id AS sourceId, -f.rank AS score
         FROM (SELECT rowid, ${BM25(table)} AS rank FROM ${table} WHERE ${table} MATCH ? ORDER BY rank LIMIT ?) f
         JOIN chunks c ON c.id = f.rowid
         JOIN content_sources s ON s.id = c.source_id AND s.generation = c.generation
        ORDER BY f.rank`,
    ).all(match, window) as Passage[];
    if (rows.length >= limit || window > 20_000) return rows;
    const matched = statement(`count:${table}`, `SELECT count(*) AS n FROM (SELECT 1 FROM ${table} WHERE ${table} MATCH ? LIMIT ?)`).get(match, window) as {
      n: number;
    };
    if (matched.n < window) return rows;
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

/** Cheapest-first fallbacks for very common terms: in titles/headings, all together, any. */
function unrankedQueries(terms: string[]): string[] {
  const any = terms.map(ftsTerm).join(' OR ');
  const all = terms.map(ftsTerm).join(' AND ');
  return [`{title heading}: (${all})`, `{title heading}: (${any})`, all, any].filter((q, i, list) => list.indexOf(q) === i);
}

/**
 * How telling a word is in the bot's content (inverse document frequency over its chunks): a
 * word on every page says little about which page answers, a rare one a lot. 0 when unknown.
 */
export function termWeight(chatbotId: number, term: string): number {
  const table = tableName(chatbotId);
  if (!tableExists(table)) return 0;
  let rows = rowEstimate(chatbotId, table, term);
  // a short form searched as a prefix ("auth") weighs as the words it begins
  if (rows === 0 && /^\p{L}{3,6}$/u.test(term)) rows = rowEstimate(chatbotId, table, `${term}*`);
  if (rows === 0) return 0;
  return Math.log(1 + ESTIMATE_CAP / rows);
}

/** Whether any of the bot's chunks has the term: one index probe, where counting would walk its postings. */
export function termKnown(chatbotId: number, term: string): boolean {
  const table = tableName(chatbotId);
  if (!tableExists(table)) return false;
  const cache = estimates.get(chatbotId) ?? new Map<string, number>();
  estimates.set(chatbotId, cache);
  const counted = cache.get(term);
  if (counted !== undefined) return counted > 0;
  const key = `?${term}`;
  let found = cache.get(key);
  if (found === undefined) {
    found = statement(`exists:${table}`, `SELECT 1 FROM ${table} WHERE ${table} MATCH ? LIMIT 1`).get(ftsTerm(term)) ? 1 : 0;
    cache.set(key, found);
  }
  return found > 0;
}

/** min(rows containing the term, ESTIMATE_CAP), cached until the bot's index changes. */
function rowEstimate(chatbotId: number, table: string, term: string): number {
  const cache = estimates.get(chatbotId) ?? new Map<string, number>();
  estimates.set(chatbotId, cache);
  let rows = cache.get(term);
  if (rows === undefined) {
    rows = (statement(`count:${table}`, `SELECT count(*) AS n FROM (SELECT 1 FROM ${table} WHERE ${table} MATCH ? LIMIT ?)`).get(ftsTerm(term), ESTIMATE_CAP) as { n: number }).n;
    if (cache.size > 5000) cache.clear();
    cache.set(term, rows);
  }
  return rows;
}

/** A search term as FTS5 reads it: a quoted phrase, or a prefix ("auth*"). */
function ftsTerm(term: string) {
  return term.endsWith('*') ? `${ftsPhrase(term.slice(0, -1))}*` : ftsPhrase(term);
}

const estimates = new Map<number, Map<string, number>>();
const known = new Set<string>();
const statements = new Map<string, Statement>();

function touched(chatbotId: number) {
  estimates.delete(chatbotId);
  forgetAliases(chatbotId);
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
