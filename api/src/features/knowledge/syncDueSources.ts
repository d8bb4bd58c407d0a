import { nextSyncAt } from '@parley/contracts';
import { and, eq, ne, notInArray } from 'drizzle-orm';
import { db } from '../../db/client';
import { changedRows } from '../../db/raw';
import { contentSources } from '../../db/schema';
import { logger } from '../../lib/logger';
import { enqueueScan } from './scanQueue';

/**
 * Queues every website source whose sync schedule says it is due at `now` (one period after its
 * last sync, completed or failed) and that is not pending or scanning already. Marking it pending
 * is conditional, so of several instances checking at once one queues it; the scan worker then
 * holds at most one lease per source, so a sync never runs beside a manual rescan of the same
 * source. Answers the ids queued.
 */
export async function syncDueSources(now: number = Date.now()): Promise<number[]> {
  const idle = notInArray(contentSources.status, ['pending', 'scanning']);
  const rows = await db
    .select({ id: contentSources.id, schedule: contentSources.syncSchedule, lastScanned: contentSources.lastScanned })
    .from(contentSources)
    .where(and(eq(contentSources.sourceType, 'website'), ne(contentSources.syncSchedule, 'off'), idle));
  const queued: number[] = [];
  for (const { id, schedule, lastScanned } of rows) {
    const due = nextSyncAt(schedule, lastScanned?.getTime() ?? null, now);
    if (!due || due.getTime() > now) continue;
    const marked = await db
      .update(contentSources)
      .set({ status: 'pending', errorMessage: null, updatedAt: new Date(now) })
      .where(and(eq(contentSources.id, id), idle));
    if (changedRows(marked) === 0) continue;
    enqueueScan(id);
    queued.push(id);
  }
  if (queued.length) logger.info('scheduled syncs queued', { sources: queued });
  return queued;
}

const CHECK_INTERVAL_MS = 60_000;

let timer: NodeJS.Timeout | undefined;

/**
 * Checks for due syncs now and then every minute, until `stopSyncScheduler()`. The timer does
 * not keep the process alive. `now` is the clock (tests pass their own).
 */
export function startSyncScheduler(options: { now?: () => number; intervalMs?: number } = {}): void {
  const { now = Date.now, intervalMs = CHECK_INTERVAL_MS } = options;
  stopSyncScheduler();
  const tick = () =>
    // a locked or failing database: the next tick tries again
    void syncDueSources(now()).catch((err) => logger.warn('could not check for scheduled syncs', { error: String(err) }));
  tick();
  timer = setInterval(tick, intervalMs);
  timer.unref();
}

export function stopSyncScheduler(): void {
  if (timer) clearInterval(timer);
  timer = undefined;
}
