import { and, count, eq, type SQL, sql } from 'drizzle-orm';
import { db } from '../../db/client';
import { execute, selectRow, selectRows } from '../../db/raw';
import { chunks as chunksTable, contentSources, type ContentSource, pages } from '../../db/schema';
import { transaction } from '../../db/transaction';
import { env } from '../../env';
import { logger } from '../../lib/logger';
import { countTokens as tokens } from 'gpt-tokenizer';
import { chunkDocument, type Chunk } from './chunkDocument';
import { crawlSite, type PageOutcome, type PreviousPage } from './crawlSite';
import { describeReason, type PageReason } from './describeReason';
import { documentPages } from './documentPages';
import { deleteEmbeddings, embeddingsEnabled, embedTexts, storeEmbeddings } from './embeddings';
import { blocksToText, textToBlocks } from './extractPage';
import { analyzeSearchIndex, indexChunks, unindexChunks } from './ftsIndex';
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
  const [source] = await db.select().from(contentSources).where(eq(contentSources.id, sourceId));
  if (!source || signal.aborted) return;
  const generation = source.generation + 1;
  const writer = new GenerationWriter(source, generation);
  await writer.load();
  await writer.clear();
  await db
    .update(contentSources)
    .set({ status: 'scanning', errorMessage: null, totalPages: 0, updatedAt: new Date() })
    .where(eq(contentSources.id, sourceId));

  let failure: PageReason | undefined;
  try {
    if (source.sourceType === 'website') {
      const fetcher = safeFetcher({ ...settings.fetcher, maxSockets: settings.concurrency });
      try {
        const summary = await crawlSite(
          {
            startUrl: source.url ?? '',
            maxPages: source.maxPages,
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
    } else if (source.sourceType === 'qa') {
      await writer.writeQa(qaOf(source), signal);
    } else if (source.fileFormat) {
      const parts = documentPages(source.fileFormat, source.title ?? source.fileName ?? '', source.textContent ?? '');
      if (parts.length === 0) failure = { kind: 'noTextContent' };
      for (const page of parts) await writer.write({ status: 'ok', url: '', title: page.title, blocks: page.blocks }, signal, null);
    } else {
      const blocks = textToBlocks(source.textContent ?? '');
      if (blocks.length === 0) failure = { kind: 'noTextContent' };
      else await writer.write({ status: 'ok', url: source.url ?? '', title: source.title, blocks }, signal, null);
    }
  } catch (err) {
    if (signal.aborted || (err instanceof FetchError && err.code === 'aborted')) return;
    logger.error('scan failed', { sourceId, error: String((err as Error)?.stack ?? err) });
    failure = { kind: 'scanCrashed' };
  }
  if (signal.aborted) return;
  if (failure) await writer.fail(failure);
  else await writer.commit();
}

/** Deletes a source's pages, chunks, index entries and vectors (vectors and FTS5 entries do not cascade). */
export async function removeSourceIndex(sourceId: number): Promise<void> {
  const [source] = await db.select({ chatbotId: contentSources.chatbotId }).from(contentSources).where(eq(contentSources.id, sourceId));
  if (!source) return;
  const ids = sql`SELECT id FROM chunks WHERE source_id = ${sourceId}`;
  await transaction(async () => {
    await deleteEmbeddings(ids);
    await unindexChunks(source.chatbotId, ids);
    await db.delete(pages).where(eq(pages.sourceId, sourceId));
  });
}

type Qa = { question: string; variants: string[]; answer: string };

function qaOf(source: ContentSource): Qa {
  return { question: source.title ?? '', variants: questionVariants(source.questionVariants), answer: source.textContent ?? '' };
}

type KeptPage = {
  id: number;
  etag: string | null;
  lastModified: string | null;
  links: string[] | null;
  linkTexts?: [string, string][] | null;
  confirmedAt: number | null;
};

/** Writes one generation's pages and chunks, and swaps it live or gives it up. */
class GenerationWriter {
  private pagesTaken = 0;
  /** The live generation's pages by normalised URL (websites only). */
  readonly previous = new Map<string, PreviousPage>();
  /** Pages of the live generation that join the new one unchanged at the swap. */
  private kept = new Map<number, KeptPage>();

  constructor(
    private source: ContentSource,
    private generation: number,
  ) {}

  /** Reads the live generation's pages of a website, for the incremental sync. */
  async load() {
    if (this.source.sourceType !== 'website') return;
    const rows = await selectRows<Omit<PreviousPage, 'links' | 'fetchedAt'> & { links: unknown; fetchedAt: number | null }>(
      sql`SELECT id, url, title, etag, last_modified AS "lastModified", content_hash AS "contentHash", links, fetched_at AS "fetchedAt"
            FROM pages WHERE source_id = ${this.source.id} AND generation = ${this.source.generation} AND status = 'ok' AND url IS NOT NULL`,
    );
    for (const row of rows) {
      const key = normalizeUrl(row.url);
      // SQLite reads the JSON column as text, PostgreSQL's jsonb as the array
      const links = typeof row.links === 'string' ? (JSON.parse(row.links) as string[]) : ((row.links as string[] | null) ?? []);
      if (key) this.previous.set(key, { ...row, fetchedAt: row.fetchedAt === null ? null : Number(row.fetchedAt), links });
    }
  }

  async clear() {
    await this.drop(sql`generation >= ${this.generation}`);
  }

  /** Deletes this source's pages, chunks, index entries and vectors of some generations. */
  private async drop(generationCondition: SQL, chunksOnly = false) {
    const ids = sql`SELECT id FROM chunks WHERE source_id = ${this.source.id} AND ${generationCondition}`;
    await transaction(async () => {
      await deleteEmbeddings(ids);
      await unindexChunks(this.source.chatbotId, ids);
      if (chunksOnly) await execute(sql`DELETE FROM chunks WHERE source_id = ${this.source.id} AND ${generationCondition}`);
      else await execute(sql`DELETE FROM pages WHERE source_id = ${this.source.id} AND ${generationCondition}`);
    });
  }

  async write(outcome: PageOutcome, signal: AbortSignal, url: string | null = outcome.url) {
    if (signal.aborted) return;
    if (outcome.status === 'unchanged') {
      const { previousId: id, etag, lastModified, confirmedAt } = outcome;
      return this.keep({ id, etag, lastModified, links: null, confirmedAt });
    }
    if (outcome.status !== 'ok') {
      await db.insert(pages).values({
        sourceId: this.source.id,
        chatbotId: this.source.chatbotId,
        generation: this.generation,
        url: outcome.url,
        status: outcome.status,
        reason: describeReason(outcome.reason),
      });
      return;
    }
    // downloaded again but the same text and title: the stored chunks (and vectors) still fit
    const previous = url === null ? undefined : this.previous.get(normalizeUrl(url) ?? url);
    if (previous && outcome.contentHash && previous.contentHash === outcome.contentHash && previous.title === outcome.title && !this.kept.has(previous.id)) {
      const { etag = null, lastModified = null, links = [], linkTexts = [] } = outcome;
      return this.keep({ id: previous.id, etag, lastModified, links, linkTexts, confirmedAt: Date.now() });
    }
    const chunks = chunkDocument({ title: outcome.title, blocks: outcome.blocks });
    const validators = {
      etag: outcome.etag ?? null,
      lastModified: outcome.lastModified ?? null,
      contentHash: outcome.contentHash ?? null,
      links: outcome.links ?? null,
      linkTexts: outcome.linkTexts ?? null,
    };
    await this.store({ url, title: outcome.title, pageText: blocksToText(outcome.blocks), chunks, validators }, signal);
  }

  private async keep(page: KeptPage) {
    if (this.kept.has(page.id)) return;
    this.kept.set(page.id, page);
    this.pagesTaken++;
    await db.update(contentSources).set({ totalPages: this.pagesTaken, updatedAt: new Date() }).where(eq(contentSources.id, this.source.id));
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
    const chatbotId = this.source.chatbotId;
    const chunkIds = await transaction(async () => {
      const [row] = await db
        .insert(pages)
        .values({
          sourceId: this.source.id,
          chatbotId,
          generation: this.generation,
          url,
          title,
          content: page.pageText,
          status: 'ok',
          etag: v?.etag ?? null,
          lastModified: v?.lastModified ?? null,
          contentHash: v?.contentHash ?? null,
          links: v?.links ?? null,
          linkTexts: v?.linkTexts ?? null,
          fetchedAt: v ? new Date() : null,
        })
        .returning({ id: pages.id });
      const values = chunks.map((c, i) => ({
        pageId: row!.id,
        sourceId: this.source.id,
        chatbotId,
        generation: this.generation,
        position: i,
        title,
        url,
        heading: c.heading,
        content: c.content,
        tokenCount: c.tokenCount,
      }));
      const inserted: { id: number; position: number }[] = [];
      // in batches: a large file gives thousands of chunks, past either database's limit of parameters per statement
      for (let i = 0; i < values.length; i += INSERT_BATCH) {
        inserted.push(...(await db.insert(chunksTable).values(values.slice(i, i + INSERT_BATCH)).returning({ id: chunksTable.id, position: chunksTable.position })));
      }
      // by position: the order of RETURNING rows is not promised
      const ids = inserted.sort((a, b) => a.position - b.position).map((r) => r.id);
      const indexedTitle = page.indexedTitle ?? title;
      await indexChunks(chatbotId, chunks.map((c, i) => ({ id: ids[i]!, content: c.content, title: indexedTitle, heading: c.heading })));
      this.pagesTaken++;
      await db.update(contentSources).set({ totalPages: this.pagesTaken, updatedAt: new Date() }).where(eq(contentSources.id, this.source.id));
      return ids;
    });
    if (embeddingsEnabled() && chunks.length > 0) {
      try {
        const vectors = await embedTexts(chunks.map((c) => [page.indexedTitle ?? title, c.heading, c.content].filter(Boolean).join('\n')));
        if (!signal.aborted) await storeEmbeddings(chatbotId, chunkIds.map((chunkId, i) => ({ chunkId, vector: vectors[i] })));
      } catch (err) {
        // vectors only refine ranking; the page stays searchable through FTS without them
        logger.warn('embedding failed; page indexed for full-text search only', { sourceId: this.source.id, error: String(err) });
      }
    }
  }

  async commit() {
    const { id } = this.source;
    const previous = this.source.generation;
    await transaction(async () => {
      for (const p of this.kept.values()) {
        await db
          .update(pages)
          .set({
            generation: this.generation,
            etag: p.etag,
            lastModified: p.lastModified,
            ...(p.links ? { links: p.links } : {}),
            ...(p.linkTexts ? { linkTexts: p.linkTexts } : {}),
            ...(p.confirmedAt !== null ? { fetchedAt: new Date(p.confirmedAt) } : {}),
          })
          .where(and(eq(pages.id, p.id), eq(pages.sourceId, id), eq(pages.generation, previous)));
        await db
          .update(chunksTable)
          .set({ generation: this.generation })
          .where(and(eq(chunksTable.pageId, p.id), eq(chunksTable.sourceId, id), eq(chunksTable.generation, previous)));
      }
      const [counted] = await db
        .select({ n: count() })
        .from(chunksTable)
        .where(and(eq(chunksTable.sourceId, id), eq(chunksTable.generation, this.generation)));
      await db
        .update(contentSources)
        .set({
          generation: this.generation,
          status: 'completed',
          totalPages: this.pagesTaken,
          totalChunks: Number(counted?.n ?? 0),
          lastScanned: new Date(),
          errorMessage: null,
          updatedAt: new Date(),
        })
        .where(eq(contentSources.id, id));
      await this.drop(sql`generation < ${this.generation}`);
    });
    await analyzeSearchIndex();
  }

  /** Keeps the live generation (and its counts); the failed attempt's page rows stay for diagnosis. */
  async fail(reason: PageReason) {
    const live = await selectRow<{ n: number }>(
      sql`SELECT count(*) AS "n" FROM pages WHERE source_id = ${this.source.id} AND generation = ${this.source.generation} AND status = 'ok'`,
    );
    await db
      .update(contentSources)
      .set({ status: 'error', errorMessage: describeReason(reason), totalPages: Number(live?.n ?? 0), lastScanned: new Date(), updatedAt: new Date() })
      .where(eq(contentSources.id, this.source.id));
    await this.drop(sql`generation = ${this.generation}`, true);
  }
}

// Chunks per INSERT: 10 parameters each stays well under SQLite's 32,766 and PostgreSQL's 65,535.
const INSERT_BATCH = 500;

type StoredValidators = {
  etag: string | null;
  lastModified: string | null;
  contentHash: string | null;
  links: string[] | null;
  linkTexts: [string, string][] | null;
};
