import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { db } from '../../db/client';
import { contentSources, pages } from '../../db/schema';
import { createUserAndCookie, newBot } from '../../../test/helpers';
import { closeServer } from '../../../test/closeServer';
import { crawlSite, type PageOutcome } from './crawlSite';
import { describeReason } from './describeReason';
import { safeFetcher } from './safeFetcher';
import { stopScanWorker } from './scanQueue';
import { scanSource, type ScanSettings } from './scanSource';

// What the owner reads for each kind of page a real site can throw at the crawler.
const UA = 'ParleyBot/test';
const MAX_BYTES = 1024 * 1024;
const TIMEOUT_MS = 800;
const html = (body: string) => `<!doctype html><html><head><title>Page</title></head><body><main>${body}</main></body></html>`;
const links = ['/private/plans', '/brochure', '/files/menu.pdf', '/gone', '/broken', '/huge', '/slow', '/away', '/about'];

let site: { url: string; close: () => Promise<void> };
let secure: { url: string; close: () => Promise<void> };
let certDir: string;

beforeAll(async () => {
  const server = http.createServer((req, res) => {
    const path = req.url ?? '/';
    if (path === '/robots.txt') return res.writeHead(200, { 'content-type': 'text/plain' }).end('User-agent: *\nDisallow: /private\n');
    if (path === '/') return res.writeHead(200, { 'content-type': 'text/html' }).end(html(`<p>Welcome to the harbour shop.</p>${links.map((l) => `<a href="${l}">${l}</a>`).join(' ')}`));
    if (path === '/about') return res.writeHead(200, { 'content-type': 'text/html' }).end(html('<p>We sell rope and sails since 1921.</p>'));
    if (path === '/brochure') return res.writeHead(200, { 'content-type': 'application/pdf' }).end('%PDF-1.4');
    if (path === '/broken') return res.writeHead(500, { 'content-type': 'text/html' }).end(html('<p>Oops</p>'));
    if (path === '/huge') return res.writeHead(200, { 'content-type': 'text/html' }).end(html(`<p>${'x'.repeat(MAX_BYTES + 10)}</p>`));
    if (path === '/slow') return; // never answers
    if (path === '/away') return res.writeHead(302, { location: `http://localhost:${port()}/elsewhere` }).end();
    res.writeHead(404, { 'content-type': 'text/html' }).end(html('<p>Not found</p>'));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = () => (server.address() as AddressInfo).port;
  site = { url: `http://127.0.0.1:${port()}`, close: () => closeServer(server) };

  // a self-signed certificate made for this test: a site whose certificate no CA vouches for
  certDir = mkdtempSync(join(tmpdir(), 'parley-cert-'));
  execFileSync(
    'openssl',
    ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', join(certDir, 'key.pem'), '-out', join(certDir, 'cert.pem'), '-days', '1', '-subj', '/CN=127.0.0.1'],
    { stdio: 'ignore' },
  );
  const tls = https.createServer({ key: readFileSync(join(certDir, 'key.pem')), cert: readFileSync(join(certDir, 'cert.pem')) }, (_req, res) =>
    res.writeHead(200, { 'content-type': 'text/html' }).end(html('<p>Secret harbour.</p>')),
  );
  await new Promise<void>((r) => tls.listen(0, '127.0.0.1', r));
  secure = { url: `https://127.0.0.1:${(tls.address() as AddressInfo).port}`, close: () => closeServer(tls as unknown as http.Server) };
});

afterAll(async () => {
  await site.close();
  await secure.close();
  rmSync(certDir, { recursive: true, force: true });
});

async function crawl(startUrl: string, maxPages = 20) {
  const fetcher = safeFetcher({ allowPrivateHosts: true, timeoutMs: TIMEOUT_MS, maxBytes: MAX_BYTES, userAgent: UA });
  const outcomes: PageOutcome[] = [];
  try {
    const summary = await crawlSite({ startUrl, maxPages, concurrency: 4, fetcher, userAgent: UA }, (o) => void outcomes.push(o));
    return { summary, outcomes };
  } finally {
    fetcher.close();
  }
}

describe('page reasons on a real local site', () => {
  it('gives every skipped or failed page its reason in plain words', async () => {
    const { summary, outcomes } = await crawl(`${site.url}/`);
    const words = Object.fromEntries(
      outcomes.map((o) => [o.url.slice(site.url.length), o.status === 'ok' || o.status === 'unchanged' ? 'learned' : `${o.status}: ${describeReason(o.reason)}`]),
    );
    expect(words).toEqual({
      '/': 'learned',
      '/about': 'learned',
      '/private/plans': "skipped: Blocked by the site's robots.txt",
      '/brochure': 'skipped: Not a web page (application/pdf)',
      '/files/menu.pdf': 'skipped: Not a web page (.pdf file)',
      '/gone': 'error: Page not found (HTTP 404)',
      '/broken': 'error: The server answered with an error (HTTP 500)',
      '/huge': 'error: Too large (over 1 MB)',
      '/slow': 'error: Timed out after 0.8 s',
      '/away': `skipped: Redirected to another site (http://localhost:${new URL(site.url).port}/elsewhere)`,
    });
    expect(summary).toEqual({ pagesTaken: 2, skipped: 4, errors: 4 });
  });

  it('lists the pages left out by maxPages as over the page limit, in link order, within the 4-rows-a-page cap', async () => {
    const { summary, outcomes } = await crawl(`${site.url}/`, 1);
    const words = outcomes.map((o) => [o.url.slice(site.url.length), o.status === 'ok' || o.status === 'unchanged' ? 'learned' : describeReason(o.reason)]);
    // robots and the .pdf link are known without a fetch; the queue left over follows, up to the cap
    expect(words).toEqual([
      ['/private/plans', "Blocked by the site's robots.txt"],
      ['/files/menu.pdf', 'Not a web page (.pdf file)'],
      ['/', 'learned'],
      ['/brochure', 'Over the page limit (1 page)'],
      ['/gone', 'Over the page limit (1 page)'],
    ]);
    expect(summary.pagesTaken).toBe(1);
  });

  it('a self-signed HTTPS site: the certificate, in words, for the page and the source', async () => {
    const { summary, outcomes } = await crawl(`${secure.url}/`);
    expect(summary.pagesTaken).toBe(0);
    expect(describeReason(summary.failure!)).toBe("The site's security certificate could not be verified");
    // robots.txt could not be asked, so the start page failed for that reason (not "blocked by robots.txt")
    expect(outcomes).toEqual([{ status: 'error', url: `${secure.url}/`, reason: { kind: 'certificate' } }]);

    const { cookie } = await createUserAndCookie();
    // this test scans the source itself: the worker (started with the app) would claim it too
    await stopScanWorker();
    const bot = await newBot(cookie);
    const [{ id }] = await db
      .insert(contentSources)
      .values({ chatbotId: bot.id, sourceType: 'website', url: `${secure.url}/`, maxPages: 5, status: 'pending' })
      .returning({ id: contentSources.id });
    const settings: ScanSettings = { concurrency: 2, fetcher: { allowPrivateHosts: true, timeoutMs: TIMEOUT_MS, maxBytes: MAX_BYTES, userAgent: UA } };
    await scanSource(id, new AbortController().signal, settings);
    expect(await db.select({ status: contentSources.status, errorMessage: contentSources.errorMessage }).from(contentSources).where(eq(contentSources.id, id))).toEqual([
      { status: 'error', errorMessage: "The site's security certificate could not be verified" },
    ]);
    expect(await db.select({ url: pages.url, status: pages.status, reason: pages.reason }).from(pages).where(eq(pages.sourceId, id))).toEqual([
      { url: `${secure.url}/`, status: 'error', reason: "The site's security certificate could not be verified" },
    ]);
  });
});
