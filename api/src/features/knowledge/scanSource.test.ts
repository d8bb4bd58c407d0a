import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sqlite } from '../../db/client';
import { createBot, createUserAndCookie } from '../../../test/helpers';
import { startFixtureSite, type FixtureSite } from '../../../test/fixtures/site/server';
import { retrieve } from './retrieve';
import { scanSource, type ScanSettings } from './scanSource';

// Scans with the production address policy (tests otherwise run with CRAWL_ALLOW_PRIVATE_HOSTS=true).
// 127.0.0.2 stands for a public web site and is the only exempted address.
const strict: ScanSettings = {
  concurrency: 2,
  fetcher: { allowPrivateHosts: false, allowedAddresses: ['127.0.0.2'], timeoutMs: 2000, maxBytes: 1024 * 1024, userAgent: 'ParleyBot/test' },
};

let site: FixtureSite; // 127.0.0.1: an internal service that must never be reached
let outside: { url: string; hits: string[]; close: () => Promise<void> };
let botId: number;

beforeAll(async () => {
  site = await startFixtureSite();
  const hits: string[] = [];
  const server = http.createServer((req, res) => {
    hits.push(req.url ?? '');
    if (req.url === '/robots.txt') return res.writeHead(404).end();
    // the "public" page sends the crawler on to the internal site
    res.writeHead(302, { location: `${site.url}/` }).end();
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.2', r));
  outside = {
    url: `http://127.0.0.2:${(server.address() as AddressInfo).port}`,
    hits,
    close: () => new Promise<void>((r) => (server.closeAllConnections(), server.close(() => r()))),
  };
  const { cookie } = await createUserAndCookie();
  botId = (await createBot(cookie)).id;
});
afterAll(async () => {
  await site.close();
  await outside.close();
});

function insertWebsite(url: string): number {
  return (
    sqlite
      .prepare(`INSERT INTO content_sources (chatbot_id, source_type, url, max_pages, status) VALUES (?, 'website', ?, 20, 'pending') RETURNING id`)
      .get(botId, url) as { id: number }
  ).id;
}

function sourceRow(id: number) {
  return sqlite.prepare(`SELECT status, error_message AS errorMessage, total_pages AS totalPages FROM content_sources WHERE id = ?`).get(id) as {
    status: string;
    errorMessage: string | null;
    totalPages: number;
  };
}

describe('website scans refuse non-public addresses (CRAWL_ALLOW_PRIVATE_HOSTS off)', () => {
  it.each([
    ['loopback 127.0.0.1', () => `${site.url}/`, '127.0.0.1'],
    ['private 10.x', () => 'http://10.0.0.1/', '10.0.0.1'],
    ['cloud metadata 169.254.169.254', () => 'http://169.254.169.254/latest/meta-data/', '169.254.169.254'],
    ['IPv6 loopback [::1]', () => `http://[::1]:${new URL(site.url).port}/`, '::1'],
    ['IPv4-mapped IPv6 [::ffff:127.0.0.1]', () => `http://[::ffff:127.0.0.1]:${new URL(site.url).port}/`, '::ffff:7f00:1'],
  ])('%s: the source ends in error with the refusal, and nothing is requested', async (_name, url, address) => {
    site.requests.length = 0;
    const id = insertWebsite(url());
    await scanSource(id, new AbortController().signal, strict);
    expect(sourceRow(id)).toEqual({ status: 'error', errorMessage: `Refused: ${address} is not a public address`, totalPages: 0 });
    expect(site.requests).toEqual([]);
  });

  it('refuses a redirect from a public page to a private address, and records why', async () => {
    site.requests.length = 0;
    const id = insertWebsite(`${outside.url}/`);
    await scanSource(id, new AbortController().signal, strict);
    const row = sourceRow(id);
    expect(row.status).toBe('error');
    expect(row.errorMessage).toBe(`Could not fetch ${outside.url}/: Refused: 127.0.0.1 is not a public address`);
    const pages = sqlite.prepare(`SELECT url, status, reason FROM pages WHERE source_id = ?`).all(id);
    expect(pages).toContainEqual({ url: `${outside.url}/`, status: 'error', reason: 'Refused: 127.0.0.1 is not a public address' });
    expect(outside.hits).toContain('/');
    expect(site.requests).toEqual([]);
    expect(await retrieve(botId, 'coffee')).toEqual([]);
  });
});
