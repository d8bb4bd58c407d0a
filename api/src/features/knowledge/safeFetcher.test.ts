import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FetchError, safeFetcher, type SafeFetcherOptions } from './safeFetcher';

/** A server on a given loopback address that logs requests and answers by path. */
async function serve(host: string, handler: (req: http.IncomingMessage, res: http.ServerResponse) => void) {
  const hits: string[] = [];
  const server = http.createServer((req, res) => {
    hits.push(req.url ?? '');
    handler(req, res);
  });
  await new Promise<void>((r) => server.listen(0, host, r));
  const port = (server.address() as AddressInfo).port;
  return { hits, port, url: `http://${host}:${port}`, close: () => new Promise<void>((r) => (server.closeAllConnections(), server.close(() => r()))) };
}

type Served = Awaited<ReturnType<typeof serve>>;
let secret: Served; // 127.0.0.1: stands for an internal service that must never be reached
let outside: Served; // 127.0.0.2: stands for a public site (exempted by exact address below)

beforeAll(async () => {
  secret = await serve('127.0.0.1', (_req, res) => res.end('internal secrets'));
  outside = await serve('127.0.0.2', (req, res) => {
    const to = new URL(req.url ?? '/', 'http://x').searchParams.get('to');
    if (req.url?.startsWith('/redirect') && to) {
      res.writeHead(302, { location: to });
      return res.end();
    }
    if (req.url === '/big') return res.end('x'.repeat(5000));
    if (req.url === '/bomb') {
      res.writeHead(200, { 'content-encoding': 'gzip', 'content-type': 'text/html' });
      return res.end(gzipSync(Buffer.alloc(200_000, 'a')));
    }
    if (req.url === '/slow') return setTimeout(() => res.end('late'), 1500);
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end('<p>public page</p>');
  });
});
afterAll(async () => {
  await secret.close();
  await outside.close();
});

// The policy under test: private addresses refused (tests otherwise run with the allow flag on).
function strictFetcher(extra: Partial<SafeFetcherOptions> = {}) {
  return safeFetcher({
    allowPrivateHosts: false,
    allowedAddresses: ['127.0.0.2'],
    timeoutMs: 1000,
    maxBytes: 1000,
    userAgent: 'ParleyBot/test',
    ...extra,
  });
}

async function refusal(promise: Promise<unknown>): Promise<FetchError> {
  const err = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(FetchError);
  return err as FetchError;
}

describe('safeFetcher address policy (CRAWL_ALLOW_PRIVATE_HOSTS off)', () => {
  it.each([
    ['loopback 127.0.0.1', () => `http://127.0.0.1:${secret.port}/`],
    ['private 10.x', () => 'http://10.0.0.1/'],
    ['cloud metadata 169.254.169.254', () => 'http://169.254.169.254/latest/meta-data/'],
    ['IPv6 loopback [::1]', () => `http://[::1]:${secret.port}/`],
    ['IPv4-mapped IPv6 [::ffff:127.0.0.1]', () => `http://[::ffff:127.0.0.1]:${secret.port}/`],
    ['decimal-encoded loopback', () => `http://2130706433:${secret.port}/`],
    ['unspecified 0.0.0.0', () => `http://0.0.0.0:${secret.port}/`],
  ])('refuses %s without connecting', async (_name, url) => {
    const fetcher = strictFetcher();
    const err = await refusal(fetcher.fetch(url()));
    expect(err.code).toBe('blocked');
    expect(err.message).toMatch(/^Refused: .* is not a public address$/);
    expect(secret.hits).toEqual([]);
    fetcher.close();
  });

  it('refuses host names that resolve to private addresses, checking every address', async () => {
    const fetcher = strictFetcher({
      resolve: async (host) =>
        host === 'intranet.example'
          ? [{ address: '10.20.30.40', family: 4 }]
          : host === 'mixed.example'
            ? [{ address: '127.0.0.2', family: 4 }, { address: '192.168.1.5', family: 4 }]
            : [],
    });
    const a = await refusal(fetcher.fetch('http://intranet.example/'));
    expect(a).toMatchObject({ code: 'blocked', message: 'Refused: intranet.example resolves to a non-public address (10.20.30.40)' });
    const b = await refusal(fetcher.fetch('http://mixed.example/'));
    expect(b.message).toContain('(192.168.1.5)');
    fetcher.close();
  });

  it('refuses "localhost" through the real system resolver', async () => {
    const fetcher = strictFetcher();
    const err = await refusal(fetcher.fetch(`http://localhost:${secret.port}/`));
    expect(err.code).toBe('blocked');
    expect(secret.hits).toEqual([]);
    fetcher.close();
  });

  it('checks every redirect hop: a public page redirecting to a private address is refused', async () => {
    const fetcher = strictFetcher({ resolve: async () => [{ address: '169.254.169.254', family: 4 }] });
    const direct = await refusal(fetcher.fetch(`${outside.url}/redirect?to=${encodeURIComponent(`http://127.0.0.1:${secret.port}/admin`)}`));
    expect(direct.code).toBe('blocked');
    const viaDns = await refusal(fetcher.fetch(`${outside.url}/redirect?to=${encodeURIComponent('http://metadata.internal/latest/')}`));
    expect(viaDns.message).toBe('Refused: metadata.internal resolves to a non-public address (169.254.169.254)');
    const mapped = await refusal(fetcher.fetch(`${outside.url}/redirect?to=${encodeURIComponent(`http://[::ffff:7f00:1]:${secret.port}/`)}`));
    expect(mapped.code).toBe('blocked');
    expect(outside.hits.filter((h) => h.startsWith('/redirect'))).toHaveLength(3);
    expect(secret.hits).toEqual([]);
    fetcher.close();
  });

  it('refuses non-http protocols, also as redirect targets', async () => {
    const fetcher = strictFetcher();
    expect((await refusal(fetcher.fetch('file:///etc/passwd'))).code).toBe('protocol');
    const err = await refusal(fetcher.fetch(`${outside.url}/redirect?to=${encodeURIComponent('file:///etc/passwd')}`));
    expect(err.code).toBe('protocol');
    fetcher.close();
  });

  it('connects to the address it checked (one resolution per connection, no second lookup to rebind)', async () => {
    let calls = 0;
    const fetcher = strictFetcher({
      resolve: async () => (calls++ === 0 ? [{ address: '127.0.0.2', family: 4 }] : [{ address: '127.0.0.1', family: 4 }]),
    });
    const res = await fetcher.fetch(`http://rebind.example:${outside.port}/`);
    expect(res.status).toBe(200);
    expect(res.body?.toString()).toBe('<p>public page</p>');
    expect(calls).toBe(1);
    expect(secret.hits).toEqual([]);
    fetcher.close();
  });

  it('allows everything when private hosts are allowed (the test and intranet setting)', async () => {
    const fetcher = strictFetcher({ allowPrivateHosts: true });
    const res = await fetcher.fetch(`http://127.0.0.1:${secret.port}/`);
    expect(res.body?.toString()).toBe('internal secrets');
    fetcher.close();
  });
});

describe('safeFetcher limits', () => {
  it('caps the body size, also after decompression', async () => {
    const fetcher = strictFetcher();
    expect((await refusal(fetcher.fetch(`${outside.url}/big`))).code).toBe('too_large');
    expect((await refusal(fetcher.fetch(`${outside.url}/bomb`))).code).toBe('too_large');
    fetcher.close();
  });

  it('times out slow answers', async () => {
    const fetcher = strictFetcher({ timeoutMs: 200 });
    const err = await refusal(fetcher.fetch(`${outside.url}/slow`));
    expect(err.code).toBe('timeout');
    fetcher.close();
  });

  it('does not read bodies of unaccepted content types', async () => {
    const fetcher = strictFetcher();
    const res = await fetcher.fetch(`${outside.url}/big`, { accept: (type) => type.startsWith('application/pdf') });
    expect(res.body).toBeNull();
    fetcher.close();
  });
});
