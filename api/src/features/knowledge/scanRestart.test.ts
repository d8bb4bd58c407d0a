import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { count, countDistinct, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { db } from '../../db/client';
import { chunks, contentSources } from '../../db/schema';
import { createUserAndCookie, newBot } from '../../../test/helpers';
import { expectedPagePaths, startFixtureSite, type FixtureSite } from '../../../test/fixtures/site/server';
import { resumeInterruptedScans, waitForIdle } from '../sources/sources.service';
import { retrieve } from './retrieve';
import { okPages, sourceRow } from './testing/sourceState';

const child = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../test/fixtures/site/scanInChild.ts');
let site: FixtureSite;

beforeAll(async () => {
  site = await startFixtureSite({ latencyMs: 150 });
});
afterAll(() => site.close());

describe('scan survives a server restart', () => {
  it('a scan killed mid-way is restarted by resumeInterruptedScans and completes without duplicates', async () => {
    const { cookie } = await createUserAndCookie();
    const bot = await newBot(cookie);
    // a source as the API leaves it, but scanned by another process (the "old server")
    const [{ id }] = await db
      .insert(contentSources)
      .values({ chatbotId: bot.id, sourceType: 'website', url: `${site.url}/`, maxPages: 200, status: 'pending' })
      .returning({ id: contentSources.id });

    const proc = spawn(process.execPath, ['--import', 'tsx', child, String(id)], {
      env: { ...process.env, CRAWL_CONCURRENCY: '2' },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const exited = new Promise<number | null>((resolve) => proc.on('exit', (code) => resolve(code)));
    try {
      for (let i = 0; i < 1500 && (await okPages(id)).length < 3; i++) await new Promise((r) => setTimeout(r, 20));
    } finally {
      proc.kill('SIGKILL');
    }
    await exited;

    const partial = await okPages(id);
    expect(partial.length).toBeGreaterThanOrEqual(3);
    expect(partial.length).toBeLessThan(expectedPagePaths().length);
    expect(await sourceRow(id)).toMatchObject({ status: 'scanning', generation: 0 });
    // mid-scan, nothing of the unfinished generation is visible
    expect(await retrieve(bot.id, 'coffee')).toEqual([]);

    site.latencyMs = 0;
    await resumeInterruptedScans();
    await waitForIdle(id);

    expect(await sourceRow(id)).toMatchObject({ status: 'completed', generation: 1, totalPages: expectedPagePaths().length, errorMessage: null });
    const crawled = await okPages(id);
    expect(crawled.map((p) => p.url?.slice(site.url.length) || '/').sort()).toEqual(expectedPagePaths().sort());
    expect(new Set(crawled.map((p) => p.generation))).toEqual(new Set([1]));
    const [counted] = await db.select({ n: count(), d: countDistinct(chunks.content) }).from(chunks).where(eq(chunks.sourceId, id));
    expect(counted.n).toBe(counted.d);
    expect((await retrieve(bot.id, 'Can I get my money back?'))[0].url).toBe(`${site.url}/returns`);
  });
});
