/**
 * Answer evaluation (`npm run eval:answers`): crawls a real documentation site nobody here wrote
 * (the PostgreSQL 15 manual from Debian's `postgresql-doc-15`, served on loopback), then asks
 * the offline answerer a question set phrased the way visitors ask, and prints one JSON line:
 * hit rate on the tuning and the held-out set (the expected page among the cited sources, or
 * the key fact in the answer), fallback rate on unrelated questions, and answer latency
 * (retrieval plus the answer, in process) over a bot of at least 10,000 chunks.
 * `EVAL_VERBOSE=1` prints each question's outcome on stderr. `EVAL_EMBEDDINGS=1` evaluates the
 * hybrid path (full text fused with vectors) with a real embeddings model served on loopback
 * (`localEmbeddings`): about 15 minutes more, to embed every chunk on the CPU.
 * `EVAL_DATABASE=postgres` runs the same evaluation on PostgreSQL (its own text search, in a fresh
 * database on the server TEST_DATABASE_URL names, dropped afterwards unless `EVAL_KEEP_DATABASE=1`,
 * which prints its address for a closer look), to compare the two.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createTestDatabase } from '../../api/test/postgresTestDatabase';
import { ensureDocs, POSTGRES_DOCS, PYTHON_DOCS, serveDocs } from './docsSite';
import { LOCAL_EMBEDDING_MODEL, localEmbeddings } from './localEmbeddings';
import { HELD_OUT, TUNING, UNRELATED, type EvalQuestion } from './questions';

// The API reads its settings once, at import: set them first.
process.env.DATA_DIR = mkdtempSync(path.join(tmpdir(), 'parley-eval-'));
process.env.LOG_LEVEL = 'silent';
process.env.CRAWL_ALLOW_PRIVATE_HOSTS = 'true';
process.env.SEED_DEFAULT_CHATBOT = 'false';
for (const key of ['OPENAI_API_KEY', 'OPENAI_BASE_URL', 'OPENAI_EMBEDDING_MODEL']) delete process.env[key];
const ON_POSTGRES = process.env.EVAL_DATABASE === 'postgres';
const database = ON_POSTGRES ? await createTestDatabase('parley_eval') : null;
if (database) process.env.DATABASE_URL = database.url;
else delete process.env.DATABASE_URL;
const HYBRID = process.env.EVAL_EMBEDDINGS === '1';
const embeddings = HYBRID ? await localEmbeddings() : null;
if (embeddings) {
  process.env.OPENAI_BASE_URL = embeddings.baseUrl;
  process.env.OPENAI_API_KEY = 'local';
  process.env.OPENAI_EMBEDDING_MODEL = LOCAL_EMBEDDING_MODEL;
}

/**
 * What the bot learns, each a website source of up to 200 pages: the parts of the PostgreSQL
 * manual the questions are about, and, as more content to choose among, parts of the Python one.
 */
const POSTGRES_PARTS = ['admin.html', 'tutorial.html', 'sql.html', 'client-interfaces.html', 'server-programming.html', 'reference.html', 'reference-client.html', 'reference-server.html'];
const PYTHON_PARTS = ['library/index.html'];
const PYTHON_PAGES = Number(process.env.EVAL_PYTHON_PAGES ?? 200);
const MIN_CHUNKS = 10_000;
const VERBOSE = process.env.EVAL_VERBOSE === '1';

ensureDocs(POSTGRES_DOCS, PYTHON_DOCS);
const site = await serveDocs(POSTGRES_DOCS);
const extra = await serveDocs(PYTHON_DOCS);
const START_PAGES = [...POSTGRES_PARTS.map((p) => ({ url: `${site.url}/${p}`, maxPages: 200 })), ...PYTHON_PARTS.map((p) => ({ url: `${extra.url}/${p}`, maxPages: PYTHON_PAGES }))];
const { ensureStarted, client, createUserAndCookie, newBot, withCookie } = await import('../../api/test/helpers');
const { waitForIdle } = await import('../../api/src/features/knowledge/scanQueue');
const { retrieve } = await import('../../api/src/features/knowledge/retrieve');
const { offlineReply } = await import('../../api/src/features/ai/offlineModel');
const { topicWeights } = await import('../../api/src/features/knowledge/topicWeights');
const { sql } = await import('drizzle-orm');
const { selectRow } = await import('../../api/src/db/raw');

await ensureStarted();
const { cookie } = await createUserAndCookie();
const bot = await newBot(cookie, { name: 'Postgres Help', fallbackMessage: FALLBACK() });
const crawlStart = performance.now();
for (const start of START_PAGES) {
  const res = await client.api.chatbots[':chatbotId']['website-sources'].$post(
    { param: { chatbotId: bot.guid }, json: { sourceType: 'website', ...start } },
    withCookie(cookie),
  );
  if (res.status !== 201) throw new Error(`adding ${start} failed: ${res.status} ${await res.text()}`);
}
await waitForIdle();
const crawlMs = performance.now() - crawlStart;
const counts = (await selectRow<{ pages: number; chunks: number }>(
  sql`SELECT (SELECT count(*) FROM pages WHERE chatbot_id = ${bot.id} AND status = 'ok') AS pages, (SELECT count(*) FROM chunks WHERE chatbot_id = ${bot.id}) AS chunks`,
))!;
// how many chunks have a vector (hybrid on SQLite only: PostgreSQL stores none, see embeddings.ts)
const vectors =
  HYBRID && !ON_POSTGRES ? (await selectRow<{ n: number }>(sql`SELECT count(*) AS n FROM chunks_vec_512 WHERE chatbot_id = ${bot.id}`))!.n : null;

const botForAnswers = { ...bot, fallbackMessage: FALLBACK() };
const latencies: number[] = [];

async function ask(q: string) {
  const t0 = performance.now();
  const passages = await retrieve(bot.id, q, { limit: 5 });
  const weights = await topicWeights(bot.id, [q]);
  const reply = offlineReply({ bot: botForAnswers, history: [], visibleQuestion: q, passages, topicWeights: weights });
  latencies.push(performance.now() - t0);
  return reply;
}

function isHit(q: EvalQuestion, reply: Awaited<ReturnType<typeof ask>>): boolean {
  const cited = reply.sources.map((s) => (s.url ?? '').split('#')[0]!.split('/').pop()!);
  if (q.pages.some((p) => cited.includes(p))) return true;
  return !!q.fact && q.fact.test(reply.text);
}

async function score(set: EvalQuestion[], label: string) {
  let hits = 0;
  for (const q of set) {
    const reply = await ask(q.q);
    const hit = isHit(q, reply);
    if (hit) hits++;
    if (VERBOSE) console.error(`${hit ? 'HIT ' : 'MISS'} [${label}] ${q.q}\n     want ${q.pages.join(' | ')}${q.fact ? ` or ${q.fact}` : ''}\n     got  ${reply.sources.map((s) => s.url?.split('/').pop()).join(', ')} :: ${reply.text.slice(0, 220).replace(/\n/g, ' ')}`);
  }
  return { questions: set.length, hits, hitRate: round(hits / set.length) };
}

const tuning = await score(TUNING, 'tuning');
const heldOut = await score(HELD_OUT, 'held-out');
let fallbacks = 0;
for (const q of UNRELATED) {
  const reply = await ask(q);
  const fellBack = reply.sources.length === 0 && reply.text === FALLBACK();
  if (fellBack) fallbacks++;
  if (VERBOSE) console.error(`${fellBack ? 'FALLBACK' : 'ANSWERED'} [unrelated] ${q} :: ${reply.text.slice(0, 160)}`);
}
const sorted = [...latencies].sort((a, b) => a - b);
const pct = (p: number) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]!;
console.log(
  JSON.stringify({
    eval: 'answers',
    database: ON_POSTGRES ? 'PostgreSQL (text search)' : 'SQLite (FTS5)',
    site: 'PostgreSQL 15 manual (postgresql-doc-15) on loopback; Python 3.11 manual (python3.11-doc) as more content',
    retrieval: HYBRID && !ON_POSTGRES
      ? `hybrid: full text fused with ${LOCAL_EMBEDDING_MODEL} vectors (512 dimensions, on loopback)`
      : 'full text: BM25 and the re-ranking',
    sources: [...POSTGRES_PARTS, ...PYTHON_PARTS.map((p) => `python/${p} (${PYTHON_PAGES} pages)`)],
    pages: counts.pages,
    chunks: counts.chunks,
    ...(HYBRID ? { vectors } : {}),
    crawlSeconds: round(crawlMs / 1000, 1),
    tuning,
    heldOut,
    unrelated: { questions: UNRELATED.length, fallbacks, fallbackRate: round(fallbacks / UNRELATED.length) },
    answerMs: { p50: round(pct(0.5), 2), p95: round(pct(0.95), 2) },
    targets: { hitRate: 0.9, fallbackRate: 1, answerP50Ms: 20, minChunks: MIN_CHUNKS },
    withinTargets: tuning.hitRate >= 0.9 && heldOut.hitRate >= 0.9 && fallbacks === UNRELATED.length && pct(0.5) <= 20 && counts.chunks >= MIN_CHUNKS,
  }),
);
await site.close();
await extra.close();
await embeddings?.close();
if (database && process.env.EVAL_KEEP_DATABASE === '1') console.error(`kept ${database.url}`);
else await database?.drop();
process.exit(0);

function FALLBACK() {
  return "I couldn't find that in the PostgreSQL documentation I was given.";
}
function round(n: number, digits = 3) {
  return Math.round(n * 10 ** digits) / 10 ** digits;
}
