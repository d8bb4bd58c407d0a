import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sqlite } from '../../db/client';
import { createUserAndCookie, newBot } from '../../../test/helpers';
import { isScanQueued, waitForIdle } from './scanQueue';
import { startSyncScheduler, stopSyncScheduler, syncDueSources } from './syncDueSources';

const HOUR = 3600_000;
// the real time: a failed sync records when it ran by the process clock
const NOW = Date.now();
let botId: number;

beforeAll(async () => {
  const { cookie } = await createUserAndCookie();
  botId = (await newBot(cookie)).id;
});
afterAll(async () => {
  stopSyncScheduler();
  await waitForIdle();
});

/** A website source as a past sync left it; its address refuses connections, so a queued sync fails fast. */
function insertSource(values: { schedule: string; lastScanned: number | null; status?: string; type?: string }): number {
  return (
    sqlite
      .prepare(
        `INSERT INTO content_sources (chatbot_id, source_type, url, text_content, status, sync_schedule, last_scanned)
         VALUES (?, ?, 'http://127.0.0.1:1/', 'Some text to index.', ?, ?, ?) RETURNING id`,
      )
      .get(botId, values.type ?? 'website', values.status ?? 'completed', values.schedule, values.lastScanned) as { id: number }
  ).id;
}

const statusOf = (id: number) => (sqlite.prepare(`SELECT status FROM content_sources WHERE id = ?`).get(id) as { status: string }).status;

describe('the sync scheduler', () => {
  it('queues due sources only: one period after the last sync, not off, not already scanning', async () => {
    sqlite.prepare(`UPDATE content_sources SET sync_schedule = 'off'`).run();
    const dueDaily = insertSource({ schedule: 'daily', lastScanned: NOW - 25 * HOUR });
    const freshDaily = insertSource({ schedule: 'daily', lastScanned: NOW - 1 * HOUR });
    const exactlyDue = insertSource({ schedule: 'daily', lastScanned: NOW - 24 * HOUR });
    const freshWeekly = insertSource({ schedule: 'weekly', lastScanned: NOW - 6 * 24 * HOUR });
    const dueWeekly = insertSource({ schedule: 'weekly', lastScanned: NOW - 8 * 24 * HOUR });
    const failedLastTime = insertSource({ schedule: 'daily', lastScanned: NOW - 30 * HOUR, status: 'error' });
    const off = insertSource({ schedule: 'off', lastScanned: NOW - 400 * 24 * HOUR });
    const scanning = insertSource({ schedule: 'daily', lastScanned: NOW - 30 * HOUR, status: 'scanning' });
    const text = insertSource({ schedule: 'daily', lastScanned: NOW - 30 * HOUR, type: 'text' });

    const queued = await syncDueSources(NOW);
    expect(queued.sort((a, b) => a - b)).toEqual([dueDaily, exactlyDue, dueWeekly, failedLastTime]);
    for (const id of queued) {
      expect(await isScanQueued(id)).toBe(true);
      expect(['pending', 'scanning']).toContain(statusOf(id));
    }
    for (const id of [freshDaily, freshWeekly, off, text]) expect(await isScanQueued(id), String(id)).toBe(false);
    // one left scanning is a job already (the worker resumes it): the scheduler leaves it alone
    expect(queued).not.toContain(scanning);
    expect(statusOf(freshDaily)).toBe('completed');

    // asked again while they run: nothing is queued twice
    expect(await syncDueSources(NOW)).toEqual([]);
    await waitForIdle();
    // the failed attempts count as syncs: due again a day later, not at once
    expect(statusOf(dueDaily)).toBe('error');
    expect(await syncDueSources(NOW + HOUR)).toEqual([]);
  });

  it('checks at start and then on every tick of its interval, with the clock it is given', async () => {
    sqlite.prepare(`UPDATE content_sources SET sync_schedule = 'off'`).run();
    let clock = NOW;
    const id = insertSource({ schedule: 'daily', lastScanned: NOW - 20 * HOUR });
    startSyncScheduler({ now: () => clock, intervalMs: 20 });
    await new Promise((r) => setTimeout(r, 60));
    expect(await isScanQueued(id)).toBe(false);
    clock = NOW + 5 * HOUR;
    for (let i = 0; i < 50 && statusOf(id) === 'completed'; i++) await new Promise((r) => setTimeout(r, 10));
    expect(statusOf(id)).not.toBe('completed');
    stopSyncScheduler();
    await waitForIdle();
  });
});
