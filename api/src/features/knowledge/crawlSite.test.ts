import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectedPagePaths, startFixtureSite, type FixtureSite } from '../../../test/fixtures/site/server';
import { crawlSite, type PageOutcome, type PreviousPage } from './crawlSite';
import { describeReason } from './describeReason';
import { normalizeUrl } from './normalizeUrl';
import { safeFetcher } from './safeFetcher';

const UA = 'ParleyBot/0.1 (+https://github.com/parley)';
let site: FixtureSite;

beforeAll(async () => {
  site = await startFixtureSite();
});
afterAll(() => site.close());

async function crawl(maxPages: number, startPath = '/', previous?: Map<string, PreviousPage>) {
  const fetcher = safeFetcher({ allowPrivateHosts: true, timeoutMs: 5000, maxBytes: 1024 * 1024, userAgent: UA });
  const outcomes: PageOutcome[] = [];
  site.requests.length = 0;
  const summary = await crawlSite(
    { startUrl: site.url + startPath, maxPages, concurrency: 4, fetcher, userAgent: UA, previous },
    (o) => void outcomes.push(o),
  );
  fetcher.close();
  const path = (u: string) => u.slice(site.url.length) || '/';
  return {
    summary,
    taken: outcomes.filter((o) => o.status === 'ok').map((o) => path(o.url)),
    other: Object.fromEntries(outcomes.filter((o) => o.status !== 'ok').map((o) => [path(o.url), `${o.status}: ${'reason' in o ? describeReason(o.reason) : ''}`])),
    outcomes,
  };
}

describe('crawlSite with the previous crawl (incremental)', () => {
  // the fixture's sitemaps date every page 2024-05-01, without a time
  const known = (path: string, fetchedAt: string, links: string[] = []): [string, PreviousPage] => [
    normalizeUrl(site.url + path)!,
    { id: path.length, url: site.url + path, title: 'x', etag: null, lastModified: null, contentHash: `hash of ${path}`, links, fetchedAt: Date.parse(fetchedAt) },
  ];

  it('skips a page whose sitemap date is not after our copy (a bare date counts as the whole day) and follows its stored links', async () => {
    const previous = new Map([
      // its stored links lead on, here to a page no other page links to
      known('/about', '2024-05-02T00:00:00Z', [`${site.url}/only-linked-from-about`]),
      // fetched during the day the sitemap names: it may have changed after, so it is asked for
      known('/shipping', '2024-05-01T12:00:00Z'),
    ]);
    const { outcomes } = await crawl(200, '/', previous);
    expect(site.requests).not.toContain('/about');
    expect(site.requests).toContain('/shipping');
    expect(outcomes.find((o) => o.url === `${site.url}/about`)).toEqual({
      status: 'unchanged',
      url: `${site.url}/about`,
      previousId: '/about'.length,
      etag: null,
      lastModified: null,
      confirmedAt: null,
    });
    expect(outcomes.find((o) => o.url === `${site.url}/shipping`)?.status).toBe('ok');
    expect(site.requests).toContain('/only-linked-from-about');
    expect(outcomes.find((o) => o.url === `${site.url}/only-linked-from-about`)).toMatchObject({ status: 'error', reason: { kind: 'http', status: 404 } });
  });
});

describe('crawlSite on the fixture site', () => {
  it('fills maxPages from the folder of the start URL before the rest of the site', async () => {
    const { taken } = await crawl(5, '/brew-guides/pour-over');
    expect(taken.sort()).toEqual(['/brew-guides/aeropress', '/brew-guides/cold-brew', '/brew-guides/espresso', '/brew-guides/french-press', '/brew-guides/pour-over']);
  });

  it('takes every real page once and records why the rest were skipped', async () => {
    const { summary, taken, other } = await crawl(200);

    expect(taken.sort()).toEqual(expectedPagePaths().sort());
    expect(summary).toMatchObject({ pagesTaken: expectedPagePaths().length });

    // robots.txt: the disallowed area is never fetched, and says why
    expect(other['/internal/roast-schedule']).toBe("skipped: Blocked by the site's robots.txt");
    expect(site.requests.some((r) => r.startsWith('/internal/'))).toBe(false);
    // non-HTML: by extension without a request, by Content-Type after one
    expect(other['/downloads/wholesale-price-list.pdf']).toBe('skipped: Not a web page (.pdf file)');
    expect(site.requests).not.toContain('/downloads/wholesale-price-list.pdf');
    expect(other['/downloads/brew-ratios.csv']).toBe('skipped: Not a web page (text/csv)');
    // broken link
    expect(other['/discontinued-blend']).toBe('error: Page not found (HTTP 404)');
    // redirects: /pricing lands on a page already known, so it is a duplicate
    expect(other['/pricing']).toMatch(/^skipped: Duplicate of .*\/subscriptions$/);
    expect(other['/old-blog/why-we-roast-light']).toMatch(/^skipped: Duplicate of .*\/blog\/why-we-roast-light$/);
    // canonical and identical-text duplicates
    expect(other['/coffee?sort=price']).toMatch(/^skipped: Duplicate of .*\/coffee$/);
    expect(other['/index.html']).toMatch(/^skipped: Duplicate of /);
    expect(other['/thank-you']).toBe('skipped: The page asks not to be indexed (noindex)');
  });

  it('never fetches a page twice through fragment, trailing-slash or tracking variants', async () => {
    await crawl(200);
    const counts = new Map<string, number>();
    for (const r of site.requests) {
      const key = normalizeUrl(r, site.url)!;
      counts.set(key, (counts.get(key) ?? 0) + 1);
    }
    const repeated = [...counts].filter(([, n]) => n > 1);
    expect(repeated).toEqual([]);
    expect(site.requests.some((r) => r.includes('utm_'))).toBe(false);
    expect(site.requests.some((r) => r.includes('#'))).toBe(false);
  });

  it('reads robots.txt and sitemaps first and identifies itself with the configured user agent', async () => {
    await crawl(20);
    expect(site.requests.slice(0, 4)).toEqual(['/robots.txt', '/sitemap.xml', '/sitemap-pages.xml', '/sitemap-blog.xml']);
    expect(new Set(site.userAgents)).toEqual(new Set([UA]));
  });

  it('honours maxPages', async () => {
    const { taken, summary } = await crawl(7);
    expect(taken).toHaveLength(7);
    expect(summary.pagesTaken).toBe(7);
    expect(taken[0]).toBe('/');
  });

  it('extracts the readable text and title, without navigation or footer', async () => {
    const { outcomes } = await crawl(200);
    const page = outcomes.find((o) => o.status === 'ok' && o.url.endsWith('/cafes/portland-pearl'));
    if (page?.status !== 'ok') throw new Error('café page not crawled');
    expect(page.title).toBe('Portland Pearl District café');
    const text = page.blocks.map((b) => b.text).join('\n');
    expect(text).toContain('Monday to Friday 6:30 am to 6 pm');
    expect(page.blocks).toContainEqual({ kind: 'heading', level: 2, text: 'Opening hours' });
    expect(text).not.toContain('Get roast notes by email');
    expect(text).not.toContain('Brew guides');
  });

  it('fails with the reason when nothing can be fetched', async () => {
    const closed = await startFixtureSite();
    await closed.close();
    const fetcher = safeFetcher({ allowPrivateHosts: true, timeoutMs: 2000, maxBytes: 1024 * 1024, userAgent: UA });
    const summary = await crawlSite({ startUrl: `${closed.url}/`, maxPages: 10, concurrency: 2, fetcher, userAgent: UA }, () => {});
    fetcher.close();
    expect(summary.pagesTaken).toBe(0);
    // robots.txt is unreachable too, and RFC 9309 says an unreachable robots.txt means "disallow all"
    // in words, naming the host: not the socket's "connect ECONNREFUSED 127.0.0.1:port"
    expect(summary.failure).toEqual({ kind: 'refused' });
    expect(describeReason(summary.failure!)).toBe('Connection refused');
  });

  it('crawls from the sitemap when the start page itself is missing, and records the 404', async () => {
    const { summary, other } = await crawl(5, '/no-such-page');
    expect(other['/no-such-page']).toBe('error: Page not found (HTTP 404)');
    expect(summary.pagesTaken).toBe(5);
  });

  it('follows the links of an index page but does not learn it', async () => {
    const topics = Array.from({ length: 12 }, (_, i) => `<li><a href="/topic-${i}">All about topic number ${i}</a></li>`).join('');
    const server = createServer((req, res) => {
      if (req.url === '/robots.txt') return void res.writeHead(404).end();
      const body =
        req.url === '/'
          ? `<html><head><title>Contents</title></head><body><main><h1>Contents</h1><ul>${topics}</ul></main></body></html>`
          : `<html><head><title>Topic</title></head><body><main><h1>Topic ${req.url}</h1><p>${`This page explains topic ${req.url} in plain words, with an example. `.repeat(5)}</p></main></body></html>`;
      res.writeHead(200, { 'content-type': 'text/html' }).end(body);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const fetcher = safeFetcher({ allowPrivateHosts: true, timeoutMs: 5000, maxBytes: 1024 * 1024, userAgent: UA });
    const outcomes: PageOutcome[] = [];
    await crawlSite({ startUrl: `${url}/`, maxPages: 20, concurrency: 2, fetcher, userAgent: UA }, (o) => void outcomes.push(o));
    fetcher.close();
    server.close();
    const index = outcomes.find((o) => o.url === `${url}/`);
    expect(index?.status).toBe('skipped');
    expect(index && 'reason' in index && describeReason(index.reason)).toBe('Only links to other pages (an index or a table of contents)');
    expect(outcomes.filter((o) => o.status === 'ok')).toHaveLength(12);
  });
});
