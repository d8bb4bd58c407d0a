/**
 * Crawl throughput: a full scan (fetch, Readability extraction, chunking, indexing) of a
 * 200-page local site answering every request after 50 ms, with CRAWL_CONCURRENCY pages in
 * flight. Ideal = pages × latency ÷ concurrency. Budget: within 2× of ideal.
 * Prints ONE JSON line (with and without a sitemap). Run: npx tsx bench/crawl.bench.ts
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const dataDir = mkdtempSync(path.join(tmpdir(), 'parley-bench-crawl-'));
process.env.DATA_DIR = dataDir;
process.env.LOG_LEVEL = 'silent';
process.env.CRAWL_ALLOW_PRIVATE_HOSTS = 'true';
delete process.env.OPENAI_EMBEDDING_MODEL;

const PAGES = 200;
const LATENCY_MS = 50;

const { sqlite } = await import('../api/src/db/client');
const { env } = await import('../api/src/env');
const { addWebsiteSource, waitForIdle } = await import('../api/src/features/sources/sources.service');
const { startSyntheticSite } = await import('../api/test/fixtures/site/syntheticSite');

sqlite.exec(`INSERT INTO users (id, email, password_hash) VALUES ('bench', 'bench@example.com', 'x')`);
const botId = (sqlite.prepare(`INSERT INTO chatbots (guid, user_id, name, system_prompt) VALUES ('bench', 'bench', 'Bench', 'p') RETURNING id`).get() as { id: number }).id;

async function crawl(sitemap: boolean) {
  const site = await startSyntheticSite({ pages: PAGES, latencyMs: LATENCY_MS, sitemap });
  const started = performance.now();
  const source = await addWebsiteSource(botId, { url: `${site.url}/`, maxPages: PAGES });
  await waitForIdle(source.id);
  const seconds = (performance.now() - started) / 1000;
  const row = sqlite.prepare(`SELECT status, total_pages AS pages FROM content_sources WHERE id = ?`).get(source.id) as { status: string; pages: number };
  const requests = site.requests;
  await site.close();
  return { seconds, pages: row.pages, status: row.status, requests };
}

const ideal = (PAGES * LATENCY_MS) / 1000 / env.CRAWL_CONCURRENCY;
const withSitemap = await crawl(true);
const linksOnly = await crawl(false);
const ratio = withSitemap.seconds / ideal;
console.log(
  JSON.stringify({
    bench: 'crawl',
    pages: withSitemap.pages,
    latencyMs: LATENCY_MS,
    concurrency: env.CRAWL_CONCURRENCY,
    idealSeconds: Number(ideal.toFixed(3)),
    seconds: Number(withSitemap.seconds.toFixed(3)),
    ratio: Number(ratio.toFixed(2)),
    requests: withSitemap.requests,
    linksOnlySeconds: Number(linksOnly.seconds.toFixed(3)),
    linksOnlyRatio: Number((linksOnly.seconds / ideal).toFixed(2)),
    linksOnlyPages: linksOnly.pages,
    budgetRatio: 2,
    withinBudget: ratio <= 2 && withSitemap.pages === PAGES && withSitemap.status === 'completed',
  }),
);
sqlite.close();
rmSync(dataDir, { recursive: true, force: true });
