import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { db } from '../../db/client';
import { contentSources, pages } from '../../db/schema';
import { client, createUserAndCookie, newBot, withCookie } from '../../../test/helpers';
import { startFixtureSite, type FixtureSite } from '../../../test/fixtures/site/server';
import { retrieve } from './retrieve';
import { stopScanWorker } from './scanQueue';
import { scanSource, type ScanSettings } from './scanSource';
import { closeServer } from '../../../test/closeServer';

// Scans with the production address policy (tests otherwise run with CRAWL_ALLOW_PRIVATE_HOSTS=true).
// 127.0.0.2 stands for a public web site and is the only exempted address.
const strict: ScanSettings = {
  concurrency: 2,
  fetcher: { allowPrivateHosts: false, allowedAddresses: ['127.0.0.2'], timeoutMs: 2000, maxBytes: 1024 * 1024, userAgent: 'ParleyBot/test' },
};

let site: FixtureSite; // 127.0.0.1: an internal service that must never be reached
let outside: { url: string; hits: string[]; close: () => Promise<void> };
let botId: number;
let botGuid: string;
let cookie: string;

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
    close: () => closeServer(server),
  };
  ({ cookie } = await createUserAndCookie());
  // The tests scan their sources themselves, with the strict policy: the worker (started with the
  // app) would claim the same pending sources and scan them again with the test defaults.
  await stopScanWorker();
  const bot = await newBot(cookie);
  botId = bot.id;
  botGuid = bot.guid;
});
afterAll(async () => {
  await site.close();
  await outside.close();
});

async function insertWebsite(url: string): Promise<number> {
  const [source] = await db
    .insert(contentSources)
    .values({ chatbotId: botId, sourceType: 'website', url, maxPages: 20, status: 'pending' })
    .returning({ id: contentSources.id });
  return source.id;
}

async function sourceRow(id: number) {
  const [row] = await db
    .select({ status: contentSources.status, errorMessage: contentSources.errorMessage, totalPages: contentSources.totalPages })
    .from(contentSources)
    .where(eq(contentSources.id, id));
  return row;
}

describe('website scans refuse non-public addresses (CRAWL_ALLOW_PRIVATE_HOSTS off)', () => {
  it.each([
    ['loopback 127.0.0.1', () => `${site.url}/`],
    ['private 10.x', () => 'http://10.0.0.1/'],
    ['cloud metadata 169.254.169.254', () => 'http://169.254.169.254/latest/meta-data/'],
    ['IPv6 loopback [::1]', () => `http://[::1]:${new URL(site.url).port}/`],
    ['IPv4-mapped IPv6 [::ffff:127.0.0.1]', () => `http://[::ffff:127.0.0.1]:${new URL(site.url).port}/`],
    ['IPv4-translated IPv6 [::ffff:0:7f00:1]', () => `http://[::ffff:0:7f00:1]:${new URL(site.url).port}/`],
  ])('%s: the source ends in error with the refusal in plain words, and nothing is requested', async (_name, url) => {
    site.requests.length = 0;
    const id = await insertWebsite(url());
    await scanSource(id, new AbortController().signal, strict);
    expect(await sourceRow(id)).toEqual({ status: 'error', errorMessage: 'Not allowed: private address', totalPages: 0 });
    expect(site.requests).toEqual([]);
  });

  it('refuses a redirect from a public page to a private address, and records why', async () => {
    site.requests.length = 0;
    const id = await insertWebsite(`${outside.url}/`);
    await scanSource(id, new AbortController().signal, strict);
    const row = await sourceRow(id);
    expect(row.status).toBe('error');
    expect(row.errorMessage).toBe('Not allowed: private address');
    const scanned = await db.select({ url: pages.url, status: pages.status, reason: pages.reason }).from(pages).where(eq(pages.sourceId, id));
    expect(scanned).toContainEqual({ url: `${outside.url}/`, status: 'error', reason: 'Not allowed: private address' });
    expect(outside.hits).toContain('/');
    expect(site.requests).toEqual([]);
    expect(await retrieve(botId, 'coffee')).toEqual([]);
  });
});

// What the owner reads (the source's error in the DB and in the sources API, each page's reason)
// is a plain sentence: never an address a host resolved to or the resolver's own words.
const IPV4_LITERAL = /\b\d{1,3}(?:\.\d{1,3}){3}\b/;
const IPV6_LITERAL = /[0-9a-f]*:[0-9a-f]*:[0-9a-f.]*/i;
const RESOLVER_TEXT = /ENOTFOUND|EAI_AGAIN|getaddrinfo/i;

async function ownerVisibleErrors(id: number): Promise<string[]> {
  const res = await client.api.chatbots[':chatbotId']['website-sources'].$get({ param: { chatbotId: botGuid } }, withCookie(cookie));
  expect(res.status).toBe(200);
  const listed = (await res.json()).find((s) => s.id === id);
  const reasons = (await db.select({ reason: pages.reason }).from(pages).where(eq(pages.sourceId, id))).map((p) => p.reason);
  return [(await sourceRow(id)).errorMessage, listed?.errorMessage ?? null, ...reasons].filter((m): m is string => m !== null);
}

function expectNoInternals(messages: string[]) {
  expect(messages.length).toBeGreaterThan(0);
  for (const message of messages) {
    expect(message).not.toMatch(IPV4_LITERAL);
    expect(message).not.toMatch(IPV6_LITERAL);
    expect(message).not.toMatch(RESOLVER_TEXT);
  }
}

describe('scan errors shown to owners reveal no internal addresses or DNS results', () => {
  function withResolver(resolve: NonNullable<ScanSettings['fetcher']['resolve']>): ScanSettings {
    return { ...strict, fetcher: { ...strict.fetcher, resolve } };
  }

  it.each([
    ['a private IPv4', [{ address: '10.0.0.5', family: 4 }]],
    ['a public and a private address', [{ address: '127.0.0.2', family: 4 }, { address: '10.0.0.5', family: 4 }]],
    ['an IPv4-translated IPv6', [{ address: '::ffff:0:a00:5', family: 6 }]],
    ['a unique-local IPv6', [{ address: 'fd00::5', family: 6 }]],
  ])('a host name resolving to %s: refused by name only', async (_name, addresses) => {
    site.requests.length = 0;
    const id = await insertWebsite('http://wiki.corp.example/');
    await scanSource(id, new AbortController().signal, withResolver(async () => addresses));
    const row = await sourceRow(id);
    expect(row.status).toBe('error');
    expect(row.errorMessage).toBe('Not allowed: private address');
    expectNoInternals(await ownerVisibleErrors(id));
    expect(site.requests).toEqual([]);
  });

  it.each(['ENOTFOUND', 'EAI_AGAIN'])('a DNS failure (%s): a plain sentence without the resolver error', async (code) => {
    const id = await insertWebsite('http://nowhere.example/');
    const settings = withResolver(async (host) => {
      throw Object.assign(new Error(`getaddrinfo ${code} ${host} via 10.0.0.53`), { code, syscall: 'getaddrinfo', hostname: host });
    });
    await scanSource(id, new AbortController().signal, settings);
    const row = await sourceRow(id);
    expect(row.status).toBe('error');
    expect(row.errorMessage).toBe('The site could not be found (DNS)');
    expectNoInternals(await ownerVisibleErrors(id));
  });

  it('a public page redirecting to a host that resolves privately: refused without naming the address', async () => {
    site.requests.length = 0;
    // robots.txt answers 404 and the start page redirects to the internal site, which resolves privately
    const redirecting = http.createServer((req, res) => {
      if (req.url === '/robots.txt') return res.writeHead(404).end();
      res.writeHead(302, { location: `http://intranet.shop.example:${new URL(site.url).port}/` }).end();
    });
    await new Promise<void>((r) => redirecting.listen(0, '127.0.0.2', r));
    const startUrl = `http://www.shop.example:${(redirecting.address() as AddressInfo).port}/`;
    const id = await insertWebsite(startUrl);
    const settings = withResolver(async (host) =>
      host === 'www.shop.example' ? [{ address: '127.0.0.2', family: 4 }] : [{ address: '127.0.0.1', family: 4 }],
    );
    try {
      await scanSource(id, new AbortController().signal, settings);
    } finally {
      await closeServer(redirecting);
    }
    const row = await sourceRow(id);
    expect(row.status).toBe('error');
    expect(row.errorMessage).toBe('Not allowed: private address');
    expectNoInternals(await ownerVisibleErrors(id));
    expect(site.requests).toEqual([]);
  });
});
