/**
 * Retrieval latency: top-5 passages for a question over 50,000 chunks of one bot (plus other
 * bots' chunks in the same index), FTS5 + BM25 as shipped. Prints ONE JSON line.
 * Budget: p95 ≤ 5 ms. Run: npx tsx bench/retrieval.bench.ts
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const dataDir = mkdtempSync(path.join(tmpdir(), 'parley-bench-retrieval-'));
process.env.DATA_DIR = dataDir;
process.env.LOG_LEVEL = 'silent';
delete process.env.OPENAI_EMBEDDING_MODEL;

const CHUNKS = 50_000;
const OTHER_BOT_CHUNKS = 10_000;
const QUERIES = 2_000;

const { sqlite } = await import('../api/src/db/client');
const { retrieve } = await import('../api/src/features/knowledge/retrieve');
const { indexChunks } = await import('../api/src/features/knowledge/ftsIndex');
const { pages } = await import('../api/test/fixtures/site/pages');

// Deterministic pseudo-random numbers, so every run measures the same corpus.
let seed = 42;
const rand = () => {
  seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
  return seed / 2 ** 31;
};
const pick = <T>(list: T[]) => list[Math.floor(rand() * list.length)];

// A Zipf-distributed vocabulary (the usual model of natural text): English function words
// at the top ranks, then the fixture company's own words, then a long tail. Common words
// therefore occur in most chunks (the slow case for BM25), topic words in a few percent.
const STOP = 'the of and to a in is you that it for on with as are this your be at or by we from can our an will if not have all more'.split(' ');
const fixtureWords = [
  ...new Set(pages.flatMap((p) => [p.title, ...p.sections.flatMap((s) => [s.heading ?? '', ...s.paragraphs])]).join(' ').toLowerCase().match(/[a-z]{3,}/g)),
].filter((w) => !STOP.includes(w));
fixtureWords.sort(() => rand() - 0.5);
const syllables = ['ka', 'lo', 'mi', 'ne', 'ru', 'sa', 'ti', 'vo', 'ber', 'dan', 'fel', 'gor', 'hin', 'jus', 'mar', 'pol', 'quin', 'ros', 'tev', 'wil'];
const VOCABULARY_SIZE = 30_000;
const vocabulary = [...STOP, ...fixtureWords];
for (let i = 0; vocabulary.length < VOCABULARY_SIZE; i++) vocabulary.push(syllables[i % 20] + syllables[Math.floor(i / 20) % 20] + syllables[Math.floor(i / 400) % 20] + (i >= 8000 ? syllables[Math.floor(i / 8000) % 20] : ''));
const cumulative: number[] = [];
vocabulary.reduce((sum, _w, rank) => {
  cumulative.push(sum + 1 / (rank + 1));
  return sum + 1 / (rank + 1);
}, 0);
const total = cumulative[cumulative.length - 1];
function zipfWord(minRank = 0): string {
  for (;;) {
    const x = rand() * total;
    let lo = 0;
    let hi = cumulative.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (cumulative[mid] < x) lo = mid + 1;
      else hi = mid;
    }
    if (lo >= minRank) return vocabulary[lo];
  }
}
const headings = ['Overview', 'Pricing', 'Shipping', 'Returns', 'Getting started', 'Troubleshooting', 'Billing', 'Security', 'Opening hours', 'Contact'];
const chunkText = () => Array.from({ length: 100 + Math.floor(rand() * 40) }, () => zipfWord()).join(' ');

function seedBot(botId: number, count: number) {
  const source = sqlite
    .prepare(`INSERT INTO content_sources (chatbot_id, source_type, url, status, generation) VALUES (?, 'website', 'https://bench.example/', 'completed', 1) RETURNING id`)
    .get(botId) as { id: number };
  const insertPage = sqlite.prepare(`INSERT INTO pages (source_id, chatbot_id, generation, url, title) VALUES (?, ?, 1, ?, ?) RETURNING id`);
  const insertChunk = sqlite.prepare(
    `INSERT INTO chunks (page_id, source_id, chatbot_id, generation, position, title, url, heading, content, token_count) VALUES (?, ?, ?, 1, ?, ?, ?, ?, ?, 120) RETURNING id`,
  );
  sqlite.transaction(() => {
    for (let p = 0; p < count / 10; p++) {
      const title = `${pick(pages).title} ${zipfWord(200)}`;
      const url = `https://bench.example/page-${p}`;
      const page = insertPage.get(source.id, botId, url, title) as { id: number };
      const rows = Array.from({ length: 10 }, (_, c) => {
        const heading = pick(headings);
        const content = chunkText();
        const { id } = insertChunk.get(page.id, source.id, botId, c, title, url, heading, content) as { id: number };
        return { id, content, title, heading };
      });
      // On SQLite indexChunks writes before its first await, so inside this synchronous transaction.
      void indexChunks(botId, rows);
    }
  })();
}

sqlite.exec(`INSERT INTO users (id, email, password_hash) VALUES ('bench', 'bench@example.com', 'x')`);
const bot = (name: string) =>
  (sqlite.prepare(`INSERT INTO chatbots (guid, user_id, name, system_prompt) VALUES (?, 'bench', ?, 'p') RETURNING id`).get(name, name) as { id: number }).id;
const botId = bot('bench-main');
const otherId = bot('bench-other');
const seedStart = performance.now();
seedBot(botId, CHUNKS);
seedBot(otherId, OTHER_BOT_CHUNKS);
for (const id of [botId, otherId]) sqlite.exec(`INSERT INTO fts_bot_${id}(fts_bot_${id}) VALUES ('optimize')`);
const seedSeconds = (performance.now() - seedStart) / 1000;

const fixedQuestions = [
  'How much does the subscription cost?', 'Can I get my money back?', 'When is the café open on Sunday?', 'Do you deliver to Canada?',
  'Are you hiring?', 'Who founded the company?', 'Is the decaf chemical free?', 'How do I cancel?', 'What is your coffee made of?',
  'Do you have a recipe for cold brew coffee?',
];
const questions = Array.from({ length: QUERIES }, (_, i) =>
  i % 2 === 0 ? pick(fixedQuestions) : `Can you tell me about ${Array.from({ length: 2 + Math.floor(rand() * 4) }, () => zipfWord(30)).join(' ')}?`,
);

for (let i = 0; i < 200; i++) await retrieve(botId, questions[i]);
const times: number[] = [];
let empty = 0;
for (const q of questions) {
  const t = performance.now();
  const found = await retrieve(botId, q);
  times.push(performance.now() - t);
  if (found.length === 0) empty++;
}
times.sort((a, b) => a - b);
const pct = (p: number) => Number(times[Math.min(times.length - 1, Math.floor((p / 100) * times.length))].toFixed(3));

console.log(
  JSON.stringify({
    bench: 'retrieval',
    chunks: CHUNKS,
    otherBotChunks: OTHER_BOT_CHUNKS,
    queries: QUERIES,
    limit: 5,
    p50Ms: pct(50),
    p95Ms: pct(95),
    p99Ms: pct(99),
    maxMs: Number(times[times.length - 1].toFixed(3)),
    emptyResults: empty,
    seedSeconds: Number(seedSeconds.toFixed(1)),
    budgetP95Ms: 5,
    withinBudget: pct(95) <= 5,
  }),
);
sqlite.close();
rmSync(dataDir, { recursive: true, force: true });
