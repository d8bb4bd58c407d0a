import { hostname } from 'node:os';
import { and, asc, count, eq, inArray, isNotNull, isNull, lt, or, type SQL, sql } from 'drizzle-orm';
import { db, dialect } from '../../db/client';
import { contentSources } from '../../db/schema';
import { env } from '../../env';
import { INSTANCE_NAME } from '../../lib/instanceName';
import { logger } from '../../lib/logger';
import { dropOrphanEmbeddings } from './embeddings';
import { dropOrphanIndexes } from './ftsIndex';
import { scanSource, type ScanSettings } from './scanSource';

/**
 * The scan worker. Scan jobs live in the database, not in a process: a source whose status is
 * pending or scanning is a job, and any instance on the database may claim it. A claim is a
 * lease (`lease_owner`, `lease_expires_at`) taken in one conditional UPDATE, so two instances
 * never scan one source at once; the instance renews it while it scans, and a job whose lease
 * ran out (its instance died) is claimed again and rescanned from the start of its generation.
 * Each instance runs a few scans at once (a crawl already fetches CRAWL_CONCURRENCY pages in
 * parallel) and looks for claimable jobs when one is queued here and every few seconds.
 */
export function enqueueScan(sourceId: number, settings?: ScanSettings): void {
  if (settings) localSettings.set(sourceId, settings);
  kick();
}

/**
 * Scans a source at once and resolves when it is live, outside the limit of parallel scans: a
 * Q&A source is one small chunk, and the owner who saves it expects the bot to use it from the
 * next message on, not after someone's crawl. When another scan of it holds the lease (a worker
 * took it first, here or on another instance), waits for that one instead.
 */
export async function scanNow(sourceId: number): Promise<void> {
  if (await claim(eq(contentSources.id, sourceId))) await run(sourceId);
  else await waitForIdle(sourceId);
}

/**
 * Stops a source's scan and resolves once this instance no longer writes for it. A scan held
 * by another instance loses its lease, and that instance stops it at its next heartbeat.
 */
export async function cancelScan(sourceId: number): Promise<void> {
  const job = jobs.get(sourceId);
  if (job) {
    job.controller.abort();
    await job.done;
  }
  await db.update(contentSources).set({ leaseOwner: null, leaseExpiresAt: null }).where(eq(contentSources.id, sourceId));
}

/** True while the source has a scan queued or under way on any instance. */
export async function isScanQueued(sourceId: number): Promise<boolean> {
  if (jobs.has(sourceId)) return true;
  const [row] = await db.select({ status: contentSources.status }).from(contentSources).where(eq(contentSources.id, sourceId));
  return row?.status === 'pending' || row?.status === 'scanning';
}

/**
 * Resolves when the given source's scan, or every scan, has finished: nothing is running here
 * and nothing is left in the database to claim. A job another live instance holds is waited
 * for too (it shows in the status), by looking again every few milliseconds.
 */
export async function waitForIdle(sourceId?: number): Promise<void> {
  for (;;) {
    const local = sourceId === undefined ? [...jobs.values()] : [jobs.get(sourceId)].filter((j): j is Job => !!j);
    if (local.length > 0) {
      await Promise.all(local.map((j) => j.done));
      continue;
    }
    const where = and(unfinished, sourceId === undefined ? undefined : eq(contentSources.id, sourceId));
    const [left] = await db.select({ n: count() }).from(contentSources).where(where);
    if (!left || Number(left.n) === 0) return;
    kick();
    await new Promise((r) => setTimeout(r, 20));
  }
}

/**
 * Starts the worker: drops index data of bots deleted since the last start (their chunks cascade
 * away, their per-bot indexes do not), then claims whatever is waiting, including scans an
 * earlier process left unfinished, and keeps looking every few seconds. Call once at start.
 */
export async function resumeInterruptedScans(): Promise<void> {
  try {
    await dropOrphanIndexes();
    await dropOrphanEmbeddings();
  } catch (err) {
    logger.warn('could not clean up orphaned knowledge indexes', { error: String(err) });
  }
  await releaseLeasesOfDeadProcesses().catch((err) => logger.warn('could not check scan leases', { error: String(err) }));
  startScanWorker();
}

/** Claims waiting jobs now and keeps looking every few seconds (again after `stopScanWorker`). */
export function startScanWorker(): void {
  stopping = false;
  if (!poller) {
    poller = setInterval(kick, POLL_MS);
    poller.unref();
  }
  kick();
}

/**
 * Graceful shutdown: claims nothing more, stops this instance's scans and hands their leases
 * back, so another instance (or this one restarted) picks them up at once and rescans them.
 */
export async function stopScanWorker(): Promise<void> {
  stopping = true;
  if (poller) clearInterval(poller);
  poller = undefined;
  const running = [...jobs.entries()];
  for (const [, job] of running) job.controller.abort();
  await Promise.all(running.map(([, job]) => job.done));
}

/** What the health check reports: scans running here, and jobs waiting or running anywhere. */
export async function scanQueueState(): Promise<{ runningHere: number; pending: number; scanning: number }> {
  const rows = await db.select({ status: contentSources.status, n: count() }).from(contentSources).where(unfinished).groupBy(contentSources.status);
  const of = (status: string) => Number(rows.find((r) => r.status === status)?.n ?? 0);
  return { runningHere: jobs.size, pending: of('pending'), scanning: of('scanning') };
}

type Job = { controller: AbortController; done: Promise<void> };

// Two crawls at once keeps one large site from starving everyone else's scans.
const MAX_PARALLEL_SCANS = 2;
const POLL_MS = 3_000;
const jobs = new Map<number, Job>();
const localSettings = new Map<number, ScanSettings>();
let poller: NodeJS.Timeout | undefined;
let stopping = false;
let pumping = false;
let pumpAgain = false;

const unfinished = inArray(contentSources.status, ['pending', 'scanning']);

function kick() {
  if (stopping) return;
  // On a later turn of the event loop: a text source is chunked and indexed synchronously,
  // and the request that queued it should be answered first.
  setImmediate(() => void pump());
}

async function pump() {
  if (pumping) {
    pumpAgain = true;
    return;
  }
  pumping = true;
  try {
    while (!stopping && jobs.size < MAX_PARALLEL_SCANS) {
      const sourceId = await claim();
      if (sourceId === undefined) break;
      void run(sourceId);
    }
  } catch (err) {
    logger.warn('could not claim a scan', { error: String(err) });
  } finally {
    pumping = false;
    if (pumpAgain) {
      pumpAgain = false;
      kick();
    }
  }
}

/**
 * Takes the lease of the oldest claimable job (or of the one `only` picks): unfinished, and held
 * by nobody or by an instance whose lease ran out. Of several instances racing for one job
 * exactly one gets a row back:
 * - PostgreSQL: one UPDATE whose subquery picks the job `FOR UPDATE SKIP LOCKED`, so a job
 *   another instance is claiming this instant is passed over for the next one instead of
 *   waited for, and the lock is held until the lease is written.
 * - SQLite (one writer at a time): the condition is checked again by the UPDATE itself, and a
 *   claimer that lost the race looks for another job.
 */
async function claim(only?: SQL, owner = INSTANCE_NAME): Promise<number | undefined> {
  const now = Date.now();
  const claimable = and(unfinished, or(isNull(contentSources.leaseExpiresAt), lt(contentSources.leaseExpiresAt, now)), only);
  const lease = { leaseOwner: owner, leaseExpiresAt: now + env.SCAN_LEASE_MS };
  if (dialect === 'postgres') {
    const next = sql`(select ${contentSources.id} from ${contentSources} where ${claimable} order by ${contentSources.id} limit 1 for update skip locked)`;
    const [claimed] = await db.update(contentSources).set(lease).where(and(eq(contentSources.id, next), claimable)).returning({ id: contentSources.id });
    return claimed?.id;
  }
  const [next] = await db.select({ id: contentSources.id }).from(contentSources).where(claimable).orderBy(asc(contentSources.id)).limit(1);
  if (!next) return undefined;
  const [claimed] = await db
    .update(contentSources)
    .set(lease)
    .where(and(eq(contentSources.id, next.id), claimable))
    .returning({ id: contentSources.id });
  // Lost the race for that one: look for another.
  if (!claimed) return only ? undefined : await claim(undefined, owner);
  return claimed.id;
}

/**
 * Claims the next claimable scan job for `owner` without scanning it: what an instance's worker
 * does first, for the tests that race claimers of several instances on one database.
 */
export const claimScanJob = (owner: string): Promise<number | undefined> => claim(undefined, owner);

/** Scans a claimed source, renewing its lease until done, then lets the lease go. */
async function run(sourceId: number): Promise<void> {
  let release!: () => void;
  const job: Job = { controller: new AbortController(), done: new Promise<void>((r) => (release = r)) };
  jobs.set(sourceId, job);
  const heartbeat = setInterval(() => void renew(sourceId, job), Math.max(250, Math.floor(env.SCAN_LEASE_MS / 3)));
  try {
    await scanSource(sourceId, job.controller.signal, localSettings.get(sourceId));
  } catch (err) {
    logger.error('scan crashed', { sourceId, error: String((err as Error)?.stack ?? err) });
    if (!job.controller.signal.aborted) await markCrashed(sourceId);
  } finally {
    clearInterval(heartbeat);
    localSettings.delete(sourceId);
    await db
      .update(contentSources)
      .set({ leaseOwner: null, leaseExpiresAt: null })
      .where(and(eq(contentSources.id, sourceId), eq(contentSources.leaseOwner, INSTANCE_NAME)))
      .catch(() => undefined); // a lease left behind runs out by itself
    jobs.delete(sourceId);
    release();
    kick();
  }
}

/** Extends the lease; a lease that is no longer ours (cancelled, taken over, source deleted) stops the scan. */
async function renew(sourceId: number, job: Job) {
  try {
    const kept = await db
      .update(contentSources)
      .set({ leaseExpiresAt: Date.now() + env.SCAN_LEASE_MS })
      .where(and(eq(contentSources.id, sourceId), eq(contentSources.leaseOwner, INSTANCE_NAME)))
      .returning({ id: contentSources.id });
    if (kept.length === 0) {
      logger.info('scan lease lost, stopping the scan', { sourceId });
      job.controller.abort();
    }
  } catch (err) {
    // the database is busy or down: keep scanning, the next heartbeat tries again
    logger.warn('could not renew a scan lease', { sourceId, error: String(err) });
  }
}

/**
 * A restarted single instance should not wait out the leases of the process it replaces: leases
 * held on this host by a process that no longer runs (or whose id this process now has, as in a
 * restarted container) are released. Other hosts' leases run out by themselves.
 */
async function releaseLeasesOfDeadProcesses() {
  const held = await db
    .selectDistinct({ owner: contentSources.leaseOwner })
    .from(contentSources)
    .where(and(unfinished, isNotNull(contentSources.leaseOwner)));
  for (const { owner } of held) {
    const [host, pid] = (owner ?? '').split('/');
    if (host !== hostname() || owner === INSTANCE_NAME || isRunning(Number(pid))) continue;
    await db.update(contentSources).set({ leaseOwner: null, leaseExpiresAt: null }).where(eq(contentSources.leaseOwner, owner!));
    logger.info('took back the scans of a stopped process', { owner });
  }
}

function isRunning(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0 || pid === process.pid) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it runs, as another user
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

async function markCrashed(sourceId: number) {
  try {
    await db
      .update(contentSources)
      .set({ status: 'error', errorMessage: 'Unexpected error while scanning' })
      .where(and(eq(contentSources.id, sourceId), unfinished));
  } catch {
    // the database itself is failing; the job stays unfinished and is claimed again
  }
}
