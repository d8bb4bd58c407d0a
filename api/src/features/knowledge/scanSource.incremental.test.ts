import { createHash } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { and, asc, count, eq, ne } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { db } from '../../db/client';
import { chunks, contentSources, pages } from '../../db/schema';
import { client, createUserAndCookie, newBot, withCookie } from '../../../test/helpers';
import { closeServer } from '../../../test/closeServer';
import { waitForIdle } from './scanQueue';
import { retrieve } from './retrieve';
import { syncDueSources } from './syncDueSources';

/**
 * A small site that answers conditional requests like a real one: ETag and Last-Modified on its
 * pages (one page with Last-Modified only, one with neither), a sitemap whose <lastmod> moves
 * when a page changes, and a log of every request with the validators it carried and the status
 * it got.
 */
type Page = { title: string; text: string; links: string[]; modified: number; etag: boolean; lastModified: boolean };
type Hit = { path: string; status: number; ifNoneMatch?: string; ifModifiedSince?: string };

function startSite() {
  const started = Date.now() - 60_000;
  const page = (title: string, text: string, opts: Partial<Page> = {}): Page => ({ title, text, links: [], modified: started, etag: true, lastModified: true, ...opts });
  const pages = new Map<string, Page>([
    ['/', page('Harbor Tours', 'Welcome to Harbor Tours, boat trips around the old harbour.', { links: ['/a', '/b', '/c', '/d', '/changed', '/gone', '/orphan'] })],
    ['/a', page('Tickets', 'Tickets for the lighthouse cruise cost twelve euros for adults.')],
    ['/b', page('Parking', 'Free bicycle parking is available next to the ticket kiosk.')],
    ['/c', page('Dogs', 'Well behaved dogs travel for free on every sailboat tour.', { etag: false })],
    ['/d', page('Accessibility', 'The ferry deck is reachable by wheelchair through the ramp.', { etag: false, lastModified: false })],
    ['/changed', page('Storage', 'Our luggage warehouse is in Rotterdam near the central station.')],
    ['/gone', page('Winter', 'In winter the penguin excursion runs on Sundays only.')],
    ['/orphan', page('Old offer', 'The midsummer fireworks voyage sells out in March.')],
  ]);
  // in the sitemap with <lastmod>; /c is listed without one; /b, /d, /orphan and /new only by links
  const withLastmod = new Set(['/', '/a', '/changed', '/gone']);
  const hits: Hit[] = [];
  const site = { url: '', hits, pages, latencyMs: 0, close: async () => {} };

  const html = (p: Page) =>
    `<!doctype html><html><head><title>${p.title}</title></head><body><main><h1>${p.title}</h1><p>${p.text}</p>` +
    `<ul>${p.links.map((l) => `<li><a href="${l}">${l.slice(1)} page</a></li>`).join('')}</ul></main></body></html>`;

  const server = http.createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    const hit: Hit = { path, status: 0 };
    if (req.headers['if-none-match']) hit.ifNoneMatch = String(req.headers['if-none-match']);
    if (req.headers['if-modified-since']) hit.ifModifiedSince = String(req.headers['if-modified-since']);
    hits.push(hit);
    const send = (status: number, headers: Record<string, string> = {}, body = '') => {
      hit.status = status;
      setTimeout(() => res.writeHead(status, headers).end(body), site.latencyMs);
    };
    if (path === '/robots.txt') return send(404);
    if (path === '/sitemap.xml') {
      const entries = [...pages.keys()]
        .filter((p) => withLastmod.has(p) || p === '/c')
        .map((p) => `<url><loc>${site.url}${p}</loc>${withLastmod.has(p) ? `<lastmod>${new Date(pages.get(p)!.modified).toISOString()}</lastmod>` : ''}</url>`);
      return send(200, { 'content-type': 'application/xml' }, `<?xml version="1.0"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${entries.join('')}</urlset>`);
    }
    const p = pages.get(path);
    if (!p) return send(404, { 'content-type': 'text/html' }, '<p>Not found</p>');
    const body = html(p);
    const etag = `"${createHash('sha1').update(body).digest('hex').slice(0, 16)}"`;
    const headers: Record<string, string> = { 'content-type': 'text/html; charset=utf-8' };
    if (p.etag) headers.etag = etag;
    if (p.lastModified) headers['last-modified'] = new Date(p.modified).toUTCString();
    const since = Date.parse(hit.ifModifiedSince ?? '');
    const notModified = hit.ifNoneMatch
      ? p.etag && hit.ifNoneMatch === etag
      : p.lastModified && !Number.isNaN(since) && Math.floor(p.modified / 1000) * 1000 <= since;
    if (notModified) return send(304, headers);
    return send(200, headers, body);
  });
  return new Promise<typeof site>((resolve) =>
    server.listen(0, '127.0.0.1', () => {
      site.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      site.close = () => closeServer(server);
      resolve(site);
    }),
  );
}

let site: Awaited<ReturnType<typeof startSite>>;
let cookie: string;
let bot: { id: number; guid: string };

beforeAll(async () => {
  site = await startSite();
  ({ cookie } = await createUserAndCookie());
  bot = await newBot(cookie);
});
afterAll(async () => {
  await waitForIdle();
  await site.close();
});

const okPages = async (sourceId: number) =>
  (
    await db
      .select({ id: pages.id, url: pages.url, generation: pages.generation })
      .from(pages)
      .where(and(eq(pages.sourceId, sourceId), eq(pages.status, 'ok')))
      .orderBy(asc(pages.url))
  ).map((p) => ({ ...p, path: new URL(p.url ?? '').pathname }));
const chunkIdsOf = async (sourceId: number, path: string) =>
  (
    await db
      .select({ id: chunks.id })
      .from(chunks)
      .where(and(eq(chunks.sourceId, sourceId), eq(chunks.url, `${site.url}${path}`)))
      .orderBy(asc(chunks.id))
  ).map((c) => c.id);
const found = async (question: string) => (await retrieve(bot.id, question, { limit: 10 })).map((p) => `${new URL(p.url ?? '/', site.url).pathname}: ${p.content}`);

describe('scheduled incremental re-sync of a website', () => {
  it('fetches only what changed: 304s and sitemap dates keep pages and their chunks, changes replace, removals go, additions come', async () => {
    const added = await client.api.chatbots[':chatbotId']['website-sources'].$post(
      { param: { chatbotId: bot.guid }, json: { url: `${site.url}/`, maxPages: 50, syncSchedule: 'daily' } },
      withCookie(cookie),
    );
    expect(added.status).toBe(201);
    const source = (await added.json()) as { id: number; syncSchedule: string };
    expect(source.syncSchedule).toBe('daily');
    await waitForIdle(source.id);

    // first sync: every page downloaded in full
    expect((await okPages(source.id)).map((p) => p.path)).toEqual(['/', '/a', '/b', '/c', '/changed', '/d', '/gone', '/orphan']);
    expect((await found('luggage warehouse')).join('\n')).toContain('Rotterdam');
    const kept = ['/a', '/b', '/c', '/d'];
    const chunksBefore = Object.fromEntries(await Promise.all(kept.map(async (p) => [p, await chunkIdsOf(source.id, p)])));
    for (const p of kept) expect(chunksBefore[p].length).toBeGreaterThan(0);
    const [{ lastScanned }] = await db.select({ lastScanned: contentSources.lastScanned }).from(contentSources).where(eq(contentSources.id, source.id));
    const firstSync = lastScanned!.getTime();

    // not due yet: a day has not passed
    expect(await syncDueSources(firstSync + 23 * 3600_000)).toEqual([]);

    // the site changes: one page edited, one added, one deleted (404 but still linked), one unlinked
    await new Promise((r) => setTimeout(r, 5));
    const now = Date.now();
    site.pages.set('/changed', { ...site.pages.get('/changed')!, text: 'Our luggage warehouse moved to Antwerp beside the cathedral.', modified: now });
    site.pages.set('/new', { title: 'Night cruise', text: 'The new glow-worm night cruise leaves at ten from pier four.', links: [], modified: now, etag: true, lastModified: true });
    site.pages.delete('/gone');
    site.pages.set('/', { ...site.pages.get('/')!, links: ['/a', '/b', '/c', '/d', '/changed', '/gone', '/new'], modified: now });
    site.hits.length = 0;
    // a slow site keeps the sync running while visitors ask several times, even where each answer takes longer (PostgreSQL)
    site.latencyMs = 100;

    // a day later the scheduler queues it
    expect(await syncDueSources(firstSync + 24 * 3600_000 + 1000)).toEqual([source.id]);
    // visitors asking during the sync get the old or the new page, never neither
    const answers: string[] = [];
    const running = waitForIdle(source.id);
    let done = false;
    void running.then(() => (done = true));
    while (!done) {
      answers.push((await found('luggage warehouse')).join('\n'));
      expect((await found('lighthouse cruise tickets')).join('\n')).toContain('twelve euros');
      await new Promise((r) => setTimeout(r, 5));
    }
    await running;
    site.latencyMs = 0;
    expect(answers.length).toBeGreaterThan(3);
    for (const a of answers) expect(a.includes('Rotterdam') || a.includes('Antwerp'), a).toBe(true);

    // requests: unchanged pages asked conditionally and answered 304, or (sitemap date) not asked at all
    const byPath = (path: string) => site.hits.filter((h) => h.path === path);
    expect(byPath('/a')).toEqual([]);
    expect(byPath('/orphan')).toEqual([]);
    expect(byPath('/b')).toEqual([{ path: '/b', status: 304, ifNoneMatch: expect.stringMatching(/^"[0-9a-f]{16}"$/), ifModifiedSince: expect.any(String) }]);
    expect(byPath('/c')).toEqual([{ path: '/c', status: 304, ifModifiedSince: new Date(site.pages.get('/c')!.modified).toUTCString() }]);
    expect(byPath('/d').map((h) => h.status)).toEqual([200]);
    expect(byPath('/changed').map((h) => h.status)).toEqual([200]);
    expect(byPath('/new').map((h) => h.status)).toEqual([200]);
    expect(byPath('/gone').map((h) => h.status)).toEqual([404]);

    // pages: the removed and unlinked ones are gone, the new one is there, all in the live generation
    const after = await okPages(source.id);
    expect(after.map((p) => p.path)).toEqual(['/', '/a', '/b', '/c', '/changed', '/d', '/new']);
    const [row] = await db
      .select({ generation: contentSources.generation, status: contentSources.status, totalPages: contentSources.totalPages })
      .from(contentSources)
      .where(eq(contentSources.id, source.id));
    expect(row).toEqual({ generation: 2, status: 'completed', totalPages: 7 });
    expect(new Set(after.map((p) => p.generation))).toEqual(new Set([2]));
    // unchanged pages (304, sitemap date, or same text downloaded again) kept their chunks
    for (const p of kept) expect(await chunkIdsOf(source.id, p), p).toEqual(chunksBefore[p]);
    expect(await db.select({ n: count() }).from(chunks).where(and(eq(chunks.sourceId, source.id), ne(chunks.generation, 2)))).toEqual([{ n: 0 }]);

    // retrieval: the new fact and not the old, the added page found, the removed ones not
    const warehouse = (await found('luggage warehouse')).join('\n');
    expect(warehouse).toContain('Antwerp');
    expect(warehouse).not.toContain('Rotterdam');
    expect((await found('glow-worm night cruise')).join('\n')).toContain('/new: The new glow-worm night cruise');
    expect((await found('penguin excursion winter')).join('\n')).not.toContain('penguin');
    expect((await found('midsummer fireworks voyage')).join('\n')).not.toContain('fireworks');
    // kept pages still answer, through the index entries they had
    expect((await found('bicycle parking kiosk')).join('\n')).toContain('/b: Free bicycle parking');
    expect((await found('wheelchair ramp ferry')).join('\n')).toContain('/d: The ferry deck');

    // just synced: not due again
    expect(await syncDueSources(Date.now())).toEqual([]);
  });
});
