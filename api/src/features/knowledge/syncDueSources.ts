import { nextSyncAt, type SyncSchedule } from '@parley/contracts';
import { sqlite } from '../../db/client';
import { logger } from '../../lib/logger';
import { enqueueScan } from './scanQueue';

/**
 * Queues every website source whose sync schedule says it is due at `now` (one period after its
 * last sync, completed or failed) and that is not pending or scanning already. Marking it pending
 * is conditional, so of several instances checking at once one queues it; the scan worker then
 * holds at most one lease per source, so a sync never runs beside a manual rescan of the same
 * source. Answers the ids queued.
 */
export function syncDueSources(now: number = Date.now()): number[] {
  const rows = sqlite
    .prepare(
      `SELECT id, sync_schedule AS schedule, last_scanned AS lastScanned FROM content_sources
       WHERE source_type = 'website' AND sync_schedule != 'off' AND status NOT IN ('pending', 'scanning')`,
    )
    .all() as { id: number; schedule: SyncSchedule; lastScanned: number | null }[];
  const markPending = sqlite.prepare(
    `UPDATE content_sources SET status = 'pending', error_message = NULL, updated_at = ? WHERE id = ? AND status NOT IN ('pending', 'scanning')`,
  );
  const queued: number[] = [];
  for (const { id, schedule, lastScanned } of rows) {
    const due = nextSyncAt(schedule, lastScanned, now);
    if (!due || due.getTime() > now) continue;
    if (markPending.run(now, id).changes === 0) continue;
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
  const tick = () => {
    try {
      syncDueSources(now());
    } catch (err) {
      // a locked or failing database: the next tick tries again
      logger.warn('could not check for scheduled syncs', { error: String(err) });
    }
  };
  tick();
  timer = setInterval(tick, intervalMs);
  timer.unref();
}

export function stopSyncScheduler(): void {
  if (timer) clearInterval(timer);
  timer = undefined;
}
