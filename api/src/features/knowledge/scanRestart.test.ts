import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sqlite } from '../../db/client';
import { createUserAndCookie, newBot } from '../../../test/helpers';
import { expectedPagePaths, startFixtureSite, type FixtureSite } from '../../../test/fixtures/site/server';
import { resumeInterruptedScans, waitForIdle } from '../sources/sources.service';
import { retrieve } from './retrieve';

const child = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../test/fixtures/site/scanInChild.ts');
let site: FixtureSite;

beforeAll(async () => {
  site = await startFixtureSite({ latencyMs: 150 });
});
afterAll(() => site.close());

const sourceRow = (id: number) =>
  sqlite.prepare(`SELECT status, total_pages AS totalPages, generation, error_message AS errorMessage FROM content_sources WHERE id = ?`).get(id) as {
    status: string;
    totalPages: number;
    generation: number;
    errorMessage: string | null;
  };
const okPages = (id: number) =>
  sqlite.prepare(`SELECT url, generation FROM pages WHERE source_id = ? AND status = 'ok' ORDER BY id`).all(id) as { url: string; generation: number }[];

describe('scan survives a server restart', () => {
  it('a scan killed mid-way is restarted by resumeInterruptedScans and completes without duplicates', async () => {
    const { cookie } = await createUserAndCookie();
    const bot = await newBot(cookie);
    // a source as the API leaves it, but scanned by another process (the "old server")
    const { id } = sqlite
      .prepare(`INSERT INTO content_sources (chatbot_id, source_type, url, max_pages, status) VALUES (?, 'website', ?, 200, 'pending') RETURNING id`)
      .get(bot.id, `${site.url}/`) as { id: number };

    const proc = spawn(process.execPath, ['--import', 'tsx', child, String(id)], {
      env: { ...process.env, CRAWL_CONCURRENCY: '2' },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const exited = new Promise<number | null>((resolve) => proc.on('exit', (code) => resolve(code)));
    try {
      for (let i = 0; i < 1500 && okPages(id).length < 3; i++) await new Promise((r) => setTimeout(r, 20));
    } finally {
      proc.kill('SIGKILL');
    }
    await exited;

    const partial = okPages(id);
    expect(partial.length).toBeGreaterThanOrEqual(3);
    expect(partial.length).toBeLessThan(expectedPagePaths().length);
    expect(sourceRow(id)).toMatchObject({ status: 'scanning', generation: 0 });
    // mid-scan, nothing of the unfinished generation is visible
    expect(await retrieve(bot.id, 'coffee')).toEqual([]);

    site.latencyMs = 0;
    await resumeInterruptedScans();
    await waitForIdle(id);

    expect(sourceRow(id)).toMatchObject({ status: 'completed', generation: 1, totalPages: expectedPagePaths().length, errorMessage: null });
    const pages = okPages(id);
    expect(pages.map((p) => p.url.slice(site.url.length) || '/').sort()).toEqual(expectedPagePaths().sort());
    expect(new Set(pages.map((p) => p.generation))).toEqual(new Set([1]));
    const chunks = sqlite.prepare(`SELECT count(*) AS n, count(DISTINCT content) AS d FROM chunks WHERE source_id = ?`).get(id) as { n: number; d: number };
    expect(chunks.n).toBe(chunks.d);
    expect((await retrieve(bot.id, 'Can I get my money back?'))[0].url).toBe(`${site.url}/returns`);
  });
});
