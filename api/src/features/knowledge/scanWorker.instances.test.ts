import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentSources } from '../../db/schema';
import { expectedPagePaths, startFixtureSite, type FixtureSite } from '../../../test/fixtures/site/server';

// A short lease, so a killed instance's scan is taken over within the test (the default is 30 s).
process.env.SCAN_LEASE_MS = '1500';
const { db } = await import('../../db/client');
const { createUserAndCookie, newBot } = await import('../../../test/helpers');
const { enqueueScan, startScanWorker, stopScanWorker, waitForIdle } = await import('./scanQueue');
const { okPages, sourceRow } = await import('./testing/sourceState');

const child = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../test/fixtures/site/scanInChild.ts');
let site: FixtureSite;

beforeAll(async () => {
  site = await startFixtureSite({ latencyMs: 150 });
});
afterAll(() => site.close());

/** A website source as the API leaves it (pending), in a fresh bot. */
async function pendingSource() {
  const { cookie } = await createUserAndCookie();
  const bot = await newBot(cookie);
  const [source] = await db
    .insert(contentSources)
    .values({ chatbotId: bot.id, sourceType: 'website', url: `${site.url}/`, maxPages: 200, status: 'pending' })
    .returning({ id: contentSources.id });
  return source.id;
}

/** Another Parley instance on the same database, scanning through its own worker. */
function otherInstance(sourceId: number): { proc: ChildProcess; exited: Promise<number | null> } {
  const proc = spawn(process.execPath, ['--import', 'tsx', child, String(sourceId)], {
    env: { ...process.env, CRAWL_CONCURRENCY: '2' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return { proc, exited: new Promise((resolve) => proc.on('exit', (code) => resolve(code))) };
}

async function until(check: () => Promise<boolean>, what: string) {
  for (let i = 0; i < 1500; i++) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error(`timed out waiting for ${what}`);
}

describe('scan jobs across instances', () => {
  it('two instances asked to scan one source claim it once: one scan, one generation', async () => {
    const id = await pendingSource();
    const other = otherInstance(id);
    enqueueScan(id);
    await until(async () => (await sourceRow(id)).leaseOwner !== null, 'a claim');
    const owner = (await sourceRow(id)).leaseOwner;
    await Promise.all([waitForIdle(id), other.exited]);
    expect(await other.exited).toBe(0);

    // Had both scanned, the second scan would have made generation 2.
    expect(await sourceRow(id)).toEqual({ status: 'completed', generation: 1, totalPages: expectedPagePaths().length, leaseOwner: null, errorMessage: null });
    expect(owner).toMatch(/^[^/]+\/\d+\/[0-9a-f]{8}$/);
    const stored = await okPages(id);
    expect(new Set(stored.map((p) => p.url)).size).toBe(stored.length);
    expect(stored).toHaveLength(expectedPagePaths().length);
  });

  it('takes over the scan of an instance killed mid-way once its lease runs out, and finishes it', async () => {
    // This instance claims nothing until the other one holds the scan.
    await stopScanWorker();
    const id = await pendingSource();
    const other = otherInstance(id);
    try {
      await until(async () => (await okPages(id)).length >= 3, 'the other instance to store pages');
    } finally {
      other.proc.kill('SIGKILL');
    }
    await other.exited;
    const killed = await sourceRow(id);
    expect(killed.status).toBe('scanning');
    expect(killed.leaseOwner).toContain(`/${other.proc.pid}/`);

    const [{ expiresAt }] = await db.select({ expiresAt: contentSources.leaseExpiresAt }).from(contentSources).where(eq(contentSources.id, id));
    site.latencyMs = 0;
    startScanWorker();
    await until(async () => (await sourceRow(id)).leaseOwner?.includes(`/${process.pid}/`) ?? false, 'the take-over');
    // taken over once the dead instance's lease ran out, not before
    expect(Date.now()).toBeGreaterThanOrEqual(expiresAt!);
    await waitForIdle(id);
    expect(await sourceRow(id)).toEqual({ status: 'completed', generation: 1, totalPages: expectedPagePaths().length, leaseOwner: null, errorMessage: null });
    const stored = await okPages(id);
    expect(stored.map((p) => p.url?.slice(site.url.length) || '/').sort()).toEqual(expectedPagePaths().sort());
    expect(new Set(stored.map((p) => p.generation))).toEqual(new Set([1]));
  });
});
