import { sqlite } from '../../db/client';
import type { ContentSource } from '../../db/schema';
import { env } from '../../env';
import { logger } from '../../lib/logger';
import { countTokens as tokens } from 'gpt-tokenizer';
import { chunkDocument, type Chunk } from './chunkDocument';
import { crawlSite, type PageOutcome, type PreviousPage } from './crawlSite';
import { describeReason, type PageReason } from './describeReason';
import { documentPages } from './documentPages';
import { deleteEmbeddings, embeddingsEnabled, embedTexts, storeEmbeddings } from './embeddings';
import { blocksToText, textToBlocks } from './extractPage';
import { indexChunks, unindexChunks } from './ftsIndex';
import { questionVariants } from './matchQa';
import { normalizeUrl } from './normalizeUrl';
import { FetchError, safeFetcher, type SafeFetcherOptions } from './safeFetcher';

export type ScanSettings = {
  concurrency: number;
  fetcher: Omit<SafeFetcherOptions, 'maxSockets'>;
};

/** Crawl settings from the environment (tests build their own to exercise the SSRF policy). */
function scanSettingsFromEnv(): ScanSettings {
  return {
    concurrency: env.CRAWL_CONCURRENCY,
    fetcher: {
      allowPrivateHosts: env.CRAWL_ALLOW_PRIVATE_HOSTS,
      timeoutMs: env.CRAWL_TIMEOUT_MS,
      maxBytes: env.CRAWL_MAX_BYTES,
      userAgent: env.CRAWL_USER_AGENT,
    },
  };
}

/**
 * (Re)builds a source's knowledge as generation N+1 beside the live generation N, then swaps
 * in one transaction: the live generation number moves and the old rows go. Until then
 * retrieval keeps answering from N, and a failed or interrupted scan leaves N untouched.
 * Leftovers of an interrupted attempt at N+1 are cleared first, so restarting is safe.
 *
 * Websites sync incrementally: pages of N that are still current (304, sitemap <lastmod>, or
 * the same text and title) are not written again; their rows (page, chunks, index entries,
 * vectors, ids) move to N+1 in the swap transaction itself, so they too stay live throughout.
 */
export async function scanSource(sourceId: number, signal: AbortSignal, settings: ScanSettings = scanSettingsFromEnv()) {
  const source = sqlite.prepare(`SELECT * FROM content_sources WHERE id = ?`).get(sourceId) as SourceRow | undefined;
  if (!source || signal.aborted) return;
  const generation = source.generation + 1;
  const writer = new GenerationWriter(source, generation);
  writer.clear();
  sqlite
    .prepare(`UPDATE content_sources SET status = 'scanning', error_message = NULL, total_pages = 0, updated_at = ? WHERE id = ?`)
    .run(Date.now(), sourceId);

  let failure: PageReason | undefined;
  try {
    if (source.source_type === 'website') {
      const fetcher = safeFetcher({ ...settings.fetcher, maxSockets: settings.concurrency });
      try {
        const summary = await crawlSite(
          {
            startUrl: source.url ?? '',
            maxPages: source.max_pages,
            concurrency: settings.concurrency,
            fetcher,
            userAgent: settings.fetcher.userAgent,
            signal,
            previous: writer.previous,
          },
          (outcome) => writer.write(outcome, signal),
        );
        failure = summary.failure;
      } finally {
        fetcher.close();
      }
    } else if (source.source_type === 'qa') {
      await writer.writeQa(qaOf(source), signal);
    } else if (source.file_format) {
      const pages = documentPages(source.file_format, source.title ?? source.file_name ?? '', source.text_content ?? '');
      if (pages.length === 0) failure = { kind: 'noTextContent' };
      for (const page of pages) await writer.write({ status: 'ok', url: '', title: page.title, blocks: page.blocks }, signal, null);
    } else {
      const blocks = textToBlocks(source.text_content ?? '');
      if (blocks.length === 0) failure = { kind: 'noTextContent' };
      else await writer.write({ status: 'ok', url: source.url ?? '', title: source.title, blocks }, signal, null);
    }
  } catch (err) {
    if (signal.aborted || (err instanceof FetchError && err.code === 'aborted')) return;
    logger.error('scan failed', { sourceId, error: String((err as Error)?.stack ?? err) });
    failure = { kind: 'scanCrashed' };
  }
  if (signal.aborted) return;
  if (failure) writer.fail(failure);
  else writer.commit();
}

/** Deletes a source's pages, chunks and vectors (vectors do not cascade). */
export function removeSourceIndex(sourceId: number) {
  const source = sqlite.prepare(`SELECT chatbot_id AS chatbotId FROM content_sources WHERE id = ?`).get(sourceId) as { chatbotId: number } | undefined;
  if (!source) return;
  sqlite.transaction(() => {
    deleteEmbeddings(`SELECT id FROM chunks WHERE source_id = ?`, [sourceId]);
    unindexChunks(source.chatbotId, `SELECT id FROM chunks WHERE source_id = ?`, [sourceId]);
    sqlite.prepare(`DELETE FROM pages WHERE source_id = ?`).run(sourceId);
  })();
}

type SourceRow = {
  id: number;
  chatbot_id: number;
  source_type: ContentSource['sourceType'];
  title: string | null;
  url: string | null;
  file_name: string | null;
  file_format: ContentSource['fileFormat'];
  text_content: string | null;
  question_variants: string;
  max_pages: number;
  generation: number;
};

type Qa = { question: string; variants: string[]; answer: string };

function qaOf(source: SourceRow): Qa {
  return { question: source.title ?? '', variants: questionVariants(source.question_variants), answer: source.text_content ?? '' };
}

type KeptPage = { id: number; etag: string | null; lastModified: string | null; links: string[] | null; confirmedAt: number | null };

/** Writes one generation's pages and chunks, and swaps it live or gives it up. */
class GenerationWriter {
  private pagesTaken = 0;
  /** The live generation's pages by normalised URL (websites only). */
  readonly previous = new Map<string, PreviousPage>();
  /** Pages of the live generation that join the new one unchanged at the swap. */
  private kept = new Map<number, KeptPage>();

  constructor(
    private source: SourceRow,
    private generation: number,
  ) {
    if (source.source_type !== 'website') return;
    const rows = sqlite
      .prepare(
        `SELECT id, url, title, etag, last_modified AS lastModified, content_hash AS contentHash, links, fetched_at AS fetchedAt
         FROM pages WHERE source_id = ? AND generation = ? AND status = 'ok' AND url IS NOT NULL`,
      )
      .all(source.id, source.generation) as (Omit<PreviousPage, 'links'> & { links: string | null })[];
    for (const row of rows) {
      const key = normalizeUrl(row.url);
      if (key) this.previous.set(key, { ...row, links: row.links ? (JSON.parse(row.links) as string[]) : [] });
    }
  }

  clear() {
    this.drop(`generation >= ?`);
  }

  /** Deletes this source's pages, chunks, index entries and vectors of some generations. */
  private drop(generationCondition: string, chunksOnly = false) {
    const params = [this.source.id, this.generation];
    const ids = `SELECT id FROM chunks WHERE source_id = ? AND ${generationCondition}`;
    sqlite.transaction(() => {
      deleteEmbeddings(ids, params);
      unindexChunks(this.source.chatbot_id, ids, params);
      if (chunksOnly) sqlite.prepare(`DELETE FROM chunks WHERE source_id = ? AND ${generationCondition}`).run(...params);
      else sqlite.prepare(`DELETE FROM pages WHERE source_id = ? AND ${generationCondition}`).run(...params);
    })();
  }

  async write(outcome: PageOutcome, signal: AbortSignal, url: string | null = outcome.url) {
    if (signal.aborted) return;
    if (outcome.status === 'unchanged') {
      const { previousId: id, etag, lastModified, confirmedAt } = outcome;
      return this.keep({ id, etag, lastModified, links: null, confirmedAt });
    }
    if (outcome.status !== 'ok') {
      sqlite
        .prepare(`INSERT INTO pages (source_id, chatbot_id, generation, url, status, reason) VALUES (?, ?, ?, ?, ?, ?)`)
        .run(this.source.id, this.source.chatbot_id, this.generation, outcome.url, outcome.status, describeReason(outcome.reason));
      return;
    }
    // downloaded again but the same text and title: the stored chunks (and vectors) still fit
    const previous = url === null ? undefined : this.previous.get(normalizeUrl(url) ?? url);
    if (previous && outcome.contentHash && previous.contentHash === outcome.contentHash && previous.title === outcome.title && !this.kept.has(previous.id)) {
      const { etag = null, lastModified = null, links = [] } = outcome;
      return this.keep({ id: previous.id, etag, lastModified, links, confirmedAt: Date.now() });
    }
    const chunks = chunkDocument({ title: outcome.title, blocks: outcome.blocks });
    const validators = { etag: outcome.etag ?? null, lastModified: outcome.lastModified ?? null, contentHash: outcome.contentHash ?? null, links: outcome.links ?? null };
    await this.store({ url, title: outcome.title, pageText: blocksToText(outcome.blocks), chunks, validators }, signal);
  }

  private keep(page: KeptPage) {
    if (this.kept.has(page.id)) return;
    this.kept.set(page.id, page);
    this.pagesTaken++;
    sqlite.prepare(`UPDATE content_sources SET total_pages = ?, updated_at = ? WHERE id = ?`).run(this.pagesTaken, Date.now(), this.source.id);
  }

  /**
   * A Q&A is one chunk, however long its answer, so the answer is always quoted whole. Its
   * chunk is the answer under the question as title; the index's title field also carries the
   * other wordings, so a visitor's words match the question in any of them at title weight.
   */
  async writeQa(qa: Qa, signal: AbortSignal) {
    if (signal.aborted) return;
    const chunk = { heading: null, content: qa.answer, tokenCount: tokens(qa.answer) };
    const indexedTitle = [qa.question, ...qa.variants].join('\n');
    await this.store({ url: null, title: qa.question, pageText: `${indexedTitle}\n\n${qa.answer}`, chunks: [chunk], indexedTitle }, signal);
  }

  /** One page and its chunks, indexed for full-text search at once and embedded after. */
  private async store(
    page: { url: string | null; title: string | null; pageText: string; chunks: Chunk[]; indexedTitle?: string; validators?: StoredValidators },
    signal: AbortSignal,
  ) {
    const { url, title, chunks } = page;
    const v = page.validators;
    const chunkIds = sqlite.transaction(() => {
      const row = sqlite
        .prepare(
          `INSERT INTO pages (source_id, chatbot_id, generation, url, title, content, status, etag, last_modified, content_hash, links, fetched_at)
           VALUES (?, ?, ?, ?, ?, ?, 'ok', ?, ?, ?, ?, ?) RETURNING id`,
        )
        .get(
          this.source.id,
          this.source.chatbot_id,
          this.generation,
          url,
          title,
          page.pageText,
          v?.etag ?? null,
          v?.lastModified ?? null,
          v?.contentHash ?? null,
          v?.links ? JSON.stringify(v.links) : null,
          v ? Date.now() : null,
        ) as { id: number };
      const insert = sqlite.prepare(
        `INSERT INTO chunks (page_id, source_id, chatbot_id, generation, position, title, url, heading, content, token_count)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`,
      );
      const ids = chunks.map(
        (c, i) =>
          (insert.get(row.id, this.source.id, this.source.chatbot_id, this.generation, i, title, url, c.heading, c.content, c.tokenCount) as {
            id: number;
          }).id,
      );
      const indexedTitle = page.indexedTitle ?? title;
      indexChunks(this.source.chatbot_id, chunks.map((c, i) => ({ id: ids[i], content: c.content, title: indexedTitle, heading: c.heading })));
      this.pagesTaken++;
      sqlite.prepare(`UPDATE content_sources SET total_pages = ?, updated_at = ? WHERE id = ?`).run(this.pagesTaken, Date.now(), this.source.id);
      return ids;
    })();
    if (embeddingsEnabled() && chunks.length > 0) {
      try {
        const vectors = await embedTexts(chunks.map((c) => [page.indexedTitle ?? title, c.heading, c.content].filter(Boolean).join('\n')));
        if (!signal.aborted) storeEmbeddings(this.source.chatbot_id, chunkIds.map((chunkId, i) => ({ chunkId, vector: vectors[i] })));
      } catch (err) {
        // vectors only refine ranking; the page stays searchable through FTS without them
        logger.warn('embedding failed; page indexed for full-text search only', { sourceId: this.source.id, error: String(err) });
      }
    }
  }

  commit() {
    const { id } = this.source;
    sqlite.transaction(() => {
      const movePage = sqlite.prepare(
        `UPDATE pages SET generation = ?, etag = ?, last_modified = ?, links = coalesce(?, links), fetched_at = coalesce(?, fetched_at)
         WHERE id = ? AND source_id = ? AND generation = ?`,
      );
      const moveChunks = sqlite.prepare(`UPDATE chunks SET generation = ? WHERE page_id = ? AND source_id = ? AND generation = ?`);
      for (const p of this.kept.values()) {
        const links = p.links ? JSON.stringify(p.links) : null;
        movePage.run(this.generation, p.etag, p.lastModified, links, p.confirmedAt, p.id, id, this.source.generation);
        moveChunks.run(this.generation, p.id, id, this.source.generation);
      }
      const { n } = sqlite.prepare(`SELECT count(*) AS n FROM chunks WHERE source_id = ? AND generation = ?`).get(id, this.generation) as { n: number };
      sqlite
        .prepare(
          `UPDATE content_sources SET generation = ?, status = 'completed', total_pages = ?, total_chunks = ?, last_scanned = ?,
           error_message = NULL, updated_at = ? WHERE id = ?`,
        )
        .run(this.generation, this.pagesTaken, n, Date.now(), Date.now(), id);
      this.drop(`generation < ?`);
    })();
  }

  /** Keeps the live generation (and its counts); the failed attempt's page rows stay for diagnosis. */
  fail(reason: PageReason) {
    const live = sqlite
      .prepare(`SELECT count(*) AS n FROM pages WHERE source_id = ? AND generation = ? AND status = 'ok'`)
      .get(this.source.id, this.source.generation) as { n: number };
    sqlite
      .prepare(`UPDATE content_sources SET status = 'error', error_message = ?, total_pages = ?, last_scanned = ?, updated_at = ? WHERE id = ?`)
      .run(describeReason(reason), live.n, Date.now(), Date.now(), this.source.id);
    this.drop(`generation = ?`, true);
  }
}

type StoredValidators = { etag: string | null; lastModified: string | null; contentHash: string | null; links: string[] | null };
