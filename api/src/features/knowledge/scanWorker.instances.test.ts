import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectedPagePaths, startFixtureSite, type FixtureSite } from '../../../test/fixtures/site/server';

// A short lease, so a killed instance's scan is taken over within the test (the default is 30 s).
process.env.SCAN_LEASE_MS = '1500';
const { sqlite } = await import('../../db/client');
const { createUserAndCookie, newBot } = await import('../../../test/helpers');
const { enqueueScan, startScanWorker, stopScanWorker, waitForIdle } = await import('./scanQueue');

const child = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../test/fixtures/site/scanInChild.ts');
let site: FixtureSite;

beforeAll(async () => {
  site = await startFixtureSite({ latencyMs: 150 });
});
afterAll(() => site.close());

type Row = { status: string; generation: number; totalPages: number; leaseOwner: string | null };
const sourceRow = (id: number) =>
  sqlite
    .prepare(`SELECT status, generation, total_pages AS totalPages, lease_owner AS leaseOwner FROM content_sources WHERE id = ?`)
    .get(id) as Row;
const okPages = (id: number) => sqlite.prepare(`SELECT url, generation FROM pages WHERE source_id = ? AND status = 'ok'`).all(id) as { url: string; generation: number }[];

/** A website source as the API leaves it (pending), in a fresh bot. */
async function pendingSource() {
  const { cookie } = await createUserAndCookie();
  const bot = await newBot(cookie);
  return (
    sqlite
      .prepare(`INSERT INTO content_sources (chatbot_id, source_type, url, max_pages, status) VALUES (?, 'website', ?, 200, 'pending') RETURNING id`)
      .get(bot.id, `${site.url}/`) as { id: number }
  ).id;
}

/** Another Parley instance on the same database, scanning through its own worker. */
function otherInstance(sourceId: number): { proc: ChildProcess; exited: Promise<number | null> } {
  const proc = spawn(process.execPath, ['--import', 'tsx', child, String(sourceId)], {
    env: { ...process.env, CRAWL_CONCURRENCY: '2' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return { proc, exited: new Promise((resolve) => proc.on('exit', (code) => resolve(code))) };
}

async function until(check: () => boolean, what: string) {
  for (let i = 0; i < 1500; i++) {
    if (check()) return;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error(`timed out waiting for ${what}`);
}

describe('scan jobs across instances', () => {
  it('two instances asked to scan one source claim it once: one scan, one generation', async () => {
    const id = await pendingSource();
    const other = otherInstance(id);
    enqueueScan(id);
    await until(() => sourceRow(id).leaseOwner !== null, 'a claim');
    const owner = sourceRow(id).leaseOwner;
    await Promise.all([waitForIdle(id), other.exited]);
    expect(await other.exited).toBe(0);

    // Had both scanned, the second scan would have made generation 2.
    expect(sourceRow(id)).toEqual({ status: 'completed', generation: 1, totalPages: expectedPagePaths().length, leaseOwner: null });
    expect(owner).toMatch(/^[^/]+\/\d+\/[0-9a-f]{8}$/);
    const pages = okPages(id);
    expect(new Set(pages.map((p) => p.url)).size).toBe(pages.length);
    expect(pages).toHaveLength(expectedPagePaths().length);
  });

  it('takes over the scan of an instance killed mid-way once its lease runs out, and finishes it', async () => {
    // This instance claims nothing until the other one holds the scan.
    await stopScanWorker();
    const id = await pendingSource();
    const other = otherInstance(id);
    try {
      await until(() => okPages(id).length >= 3, 'the other instance to store pages');
    } finally {
      other.proc.kill('SIGKILL');
    }
    await other.exited;
    const killed = sourceRow(id);
    expect(killed.status).toBe('scanning');
    expect(killed.leaseOwner).toContain(`/${other.proc.pid}/`);

    const { expiresAt } = sqlite.prepare(`SELECT lease_expires_at AS expiresAt FROM content_sources WHERE id = ?`).get(id) as { expiresAt: number };
    site.latencyMs = 0;
    startScanWorker();
    await until(() => sourceRow(id).leaseOwner?.includes(`/${process.pid}/`) ?? false, 'the take-over');
    // taken over once the dead instance's lease ran out, not before
    expect(Date.now()).toBeGreaterThanOrEqual(expiresAt);
    await waitForIdle(id);
    expect(sourceRow(id)).toEqual({ status: 'completed', generation: 1, totalPages: expectedPagePaths().length, leaseOwner: null });
    const pages = okPages(id);
    expect(pages.map((p) => p.url.slice(site.url.length) || '/').sort()).toEqual(expectedPagePaths().sort());
    expect(new Set(pages.map((p) => p.generation))).toEqual(new Set([1]));
  });
});
