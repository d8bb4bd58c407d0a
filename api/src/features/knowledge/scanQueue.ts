import { sqlite } from '../../db/client';
import { logger } from '../../lib/logger';
import { dropOrphanEmbeddings } from './embeddings';
import { dropOrphanIndexes } from './ftsIndex';
import { scanSource, type ScanSettings } from './scanSource';

/**
 * The in-process scan runner. Each source has at most one job; a few sources scan at once
 * (each crawl already fetches CRAWL_CONCURRENCY pages in parallel). State that matters lives
 * in the database (status pending/scanning), so after a restart resumeInterruptedScans()
 * finds unfinished work and runs it again from the start of its generation.
 */
export function enqueueScan(sourceId: number, settings?: ScanSettings): void {
  if (jobs.has(sourceId)) return;
  let release!: () => void;
  const job: Job = { controller: new AbortController(), done: new Promise<void>((r) => (release = r)), started: false, settings };
  job.release = release;
  jobs.set(sourceId, job);
  waiting.push(sourceId);
  pump();
}

/**
 * Scans a source at once and resolves when it is live, outside the limit of parallel scans: a
 * Q&A source is one small chunk, and the owner who saves it expects the bot to use it from the
 * next message on, not after someone's crawl. It counts as the source's job meanwhile, so
 * `isScanQueued`, `cancelScan` and `waitForIdle` see it. Throws when a job already holds it.
 */
export async function scanNow(sourceId: number): Promise<void> {
  if (jobs.has(sourceId)) throw new Error(`source ${sourceId} is already being scanned`);
  let release!: () => void;
  const job: Job = { controller: new AbortController(), done: new Promise<void>((r) => (release = r)), started: true, release };
  jobs.set(sourceId, job);
  try {
    await scanSource(sourceId, job.controller.signal);
  } catch (err) {
    logger.error('scan crashed', { sourceId, error: String((err as Error)?.stack ?? err) });
    if (!job.controller.signal.aborted) markCrashed(sourceId);
  } finally {
    finish(sourceId, job);
  }
}

/** Stops a source's scan (queued or running) and resolves once it no longer writes. */
export async function cancelScan(sourceId: number): Promise<void> {
  const job = jobs.get(sourceId);
  if (!job) return;
  job.controller.abort();
  const i = waiting.indexOf(sourceId);
  if (i >= 0) {
    waiting.splice(i, 1);
    finish(sourceId, job);
  }
  await job.done;
}

export function isScanQueued(sourceId: number): boolean {
  return jobs.has(sourceId);
}

/** Resolves when the given source's scan, or every scan, has finished. */
export async function waitForIdle(sourceId?: number): Promise<void> {
  for (;;) {
    const pending = sourceId === undefined ? [...jobs.values()] : [jobs.get(sourceId)].filter((j): j is Job => !!j);
    if (pending.length === 0) return;
    await Promise.all(pending.map((j) => j.done));
  }
}

/**
 * Queues every source a previous process left pending or scanning, and drops index data of
 * bots deleted since (their chunks cascade away, their per-bot indexes do not). Call once at start.
 */
export function resumeInterruptedScans(): void {
  try {
    dropOrphanIndexes();
    dropOrphanEmbeddings();
  } catch (err) {
    logger.warn('could not clean up orphaned knowledge indexes', { error: String(err) });
  }
  const rows = sqlite.prepare(`SELECT id FROM content_sources WHERE status IN ('pending', 'scanning') ORDER BY id`).all() as { id: number }[];
  for (const { id } of rows) enqueueScan(id);
  if (rows.length) logger.info('resuming interrupted scans', { sources: rows.map((r) => r.id) });
}

type Job = { controller: AbortController; done: Promise<void>; release?: () => void; started: boolean; settings?: ScanSettings };

// Two crawls at once keeps one large site from starving everyone else's scans.
const MAX_PARALLEL_SCANS = 2;
const jobs = new Map<number, Job>();
const waiting: number[] = [];
let running = 0;

function pump() {
  while (running < MAX_PARALLEL_SCANS && waiting.length > 0) {
    const sourceId = waiting.shift()!;
    const job = jobs.get(sourceId)!;
    job.started = true;
    running++;
    // Started on a later turn of the event loop: a text source is chunked and indexed
    // synchronously, and the request that queued it should be answered first.
    new Promise<void>((resolve) => setImmediate(resolve))
      .then(() => scanSource(sourceId, job.controller.signal, job.settings))
      .catch((err) => {
        logger.error('scan crashed', { sourceId, error: String((err as Error)?.stack ?? err) });
        if (!job.controller.signal.aborted) markCrashed(sourceId);
      })
      .finally(() => {
        running--;
        finish(sourceId, job);
        pump();
      });
  }
}

function finish(sourceId: number, job: Job) {
  if (jobs.get(sourceId) === job) jobs.delete(sourceId);
  job.release?.();
}

function markCrashed(sourceId: number) {
  try {
    sqlite
      .prepare(`UPDATE content_sources SET status = 'error', error_message = 'Unexpected error while scanning' WHERE id = ? AND status IN ('pending', 'scanning')`)
      .run(sourceId);
  } catch {
    // the database itself is failing; the next start will resume the scan
  }
}
