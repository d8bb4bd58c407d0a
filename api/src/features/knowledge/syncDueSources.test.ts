import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { db } from '../../db/client';
import { contentSources } from '../../db/schema';
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
type Source = typeof contentSources.$inferInsert;
async function insertSource(values: { schedule: Source['syncSchedule']; lastScanned: number | null; status?: Source['status']; type?: Source['sourceType'] }): Promise<number> {
  const [source] = await db
    .insert(contentSources)
    .values({
      chatbotId: botId,
      sourceType: values.type ?? 'website',
      url: 'http://127.0.0.1:1/',
      textContent: 'Some text to index.',
      status: values.status ?? 'completed',
      syncSchedule: values.schedule,
      lastScanned: values.lastScanned === null ? null : new Date(values.lastScanned),
    })
    .returning({ id: contentSources.id });
  return source.id;
}

const statusOf = async (id: number) => (await db.select({ status: contentSources.status }).from(contentSources).where(eq(contentSources.id, id)))[0].status;

describe('the sync scheduler', () => {
  it('queues due sources only: one period after the last sync, not off, not already scanning', async () => {
    await db.update(contentSources).set({ syncSchedule: 'off' });
    const dueDaily = await insertSource({ schedule: 'daily', lastScanned: NOW - 25 * HOUR });
    const freshDaily = await insertSource({ schedule: 'daily', lastScanned: NOW - 1 * HOUR });
    const exactlyDue = await insertSource({ schedule: 'daily', lastScanned: NOW - 24 * HOUR });
    const freshWeekly = await insertSource({ schedule: 'weekly', lastScanned: NOW - 6 * 24 * HOUR });
    const dueWeekly = await insertSource({ schedule: 'weekly', lastScanned: NOW - 8 * 24 * HOUR });
    const failedLastTime = await insertSource({ schedule: 'daily', lastScanned: NOW - 30 * HOUR, status: 'error' });
    const off = await insertSource({ schedule: 'off', lastScanned: NOW - 400 * 24 * HOUR });
    const scanning = await insertSource({ schedule: 'daily', lastScanned: NOW - 30 * HOUR, status: 'scanning' });
    const text = await insertSource({ schedule: 'daily', lastScanned: NOW - 30 * HOUR, type: 'text' });

    const queued = await syncDueSources(NOW);
    expect(queued.sort((a, b) => a - b)).toEqual([dueDaily, exactlyDue, dueWeekly, failedLastTime]);
    for (const id of queued) {
      expect(await isScanQueued(id)).toBe(true);
      expect(['pending', 'scanning']).toContain(await statusOf(id));
    }
    for (const id of [freshDaily, freshWeekly, off, text]) expect(await isScanQueued(id), String(id)).toBe(false);
    // one left scanning is a job already (the worker resumes it): the scheduler leaves it alone
    expect(queued).not.toContain(scanning);
    expect(await statusOf(freshDaily)).toBe('completed');

    // asked again while they run: nothing is queued twice
    expect(await syncDueSources(NOW)).toEqual([]);
    await waitForIdle();
    // the failed attempts count as syncs: due again a day later, not at once
    expect(await statusOf(dueDaily)).toBe('error');
    expect(await syncDueSources(NOW + HOUR)).toEqual([]);
  });

  it('checks at start and then on every tick of its interval, with the clock it is given', async () => {
    await db.update(contentSources).set({ syncSchedule: 'off' });
    let clock = NOW;
    const id = await insertSource({ schedule: 'daily', lastScanned: NOW - 20 * HOUR });
    startSyncScheduler({ now: () => clock, intervalMs: 20 });
    await new Promise((r) => setTimeout(r, 60));
    expect(await isScanQueued(id)).toBe(false);
    clock = NOW + 5 * HOUR;
    for (let i = 0; i < 50 && (await statusOf(id)) === 'completed'; i++) await new Promise((r) => setTimeout(r, 10));
    expect(await statusOf(id)).not.toBe('completed');
    stopSyncScheduler();
    await waitForIdle();
  });
});
