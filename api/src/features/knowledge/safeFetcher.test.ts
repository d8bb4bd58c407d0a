import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FetchError, safeFetcher, toFetchError, type SafeFetcherOptions } from './safeFetcher';
import { closeServer } from '../../../test/closeServer';

/** A server on a given loopback address that logs requests and answers by path. */
async function serve(host: string, handler: (req: http.IncomingMessage, res: http.ServerResponse) => void) {
  const hits: string[] = [];
  const server = http.createServer((req, res) => {
    hits.push(req.url ?? '');
    handler(req, res);
  });
  await new Promise<void>((r) => server.listen(0, host, r));
  const port = (server.address() as AddressInfo).port;
  return { hits, port, url: `http://${host}:${port}`, close: () => closeServer(server),
  };
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
    expect(err.message).toMatch(/^Not allowed: private address$/);
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
    expect(a).toMatchObject({ code: 'blocked', message: 'Not allowed: private address' });
    const b = await refusal(fetcher.fetch('http://mixed.example/'));
    expect(b).toMatchObject({ code: 'blocked', message: 'Not allowed: private address' });
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
    expect(viaDns.message).toBe('Not allowed: private address');
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

// Owners read these messages (page reasons, a source's error): they name the host or URL the
// owner gave and nothing the resolver or the socket knew.
const IPV4_LITERAL = /\b\d{1,3}(?:\.\d{1,3}){3}\b/;
const IPV6_LITERAL = /[0-9a-f]*:[0-9a-f]*:[0-9a-f.]*/i;
const RESOLVER_TEXT = /ENOTFOUND|EAI_AGAIN|EAI_|getaddrinfo|ECONNREFUSED|ESERVFAIL/i;

function expectNoInternals(message: string) {
  expect(message).not.toMatch(IPV4_LITERAL);
  expect(message).not.toMatch(IPV6_LITERAL);
  expect(message).not.toMatch(RESOLVER_TEXT);
}

function dnsError(code: string, host: string) {
  return Object.assign(new Error(`getaddrinfo ${code} ${host} (resolver 10.0.0.53)`), { code, syscall: 'getaddrinfo', hostname: host });
}

describe('safeFetcher error messages reveal no addresses or resolver details', () => {
  it.each([
    ['a private IPv4', [{ address: '10.0.0.5', family: 4 }]],
    ['a public and a private address', [{ address: '127.0.0.2', family: 4 }, { address: '192.168.1.5', family: 4 }]],
    ['cloud metadata', [{ address: '169.254.169.254', family: 4 }]],
    ['IPv6 unique local', [{ address: 'fd00::5', family: 6 }]],
    ['IPv4-translated IPv6', [{ address: '::ffff:0:a00:5', family: 6 }]],
  ])('a host resolving to %s is refused by name only', async (_name, addresses) => {
    const fetcher = strictFetcher({ resolve: async () => addresses });
    const err = await refusal(fetcher.fetch('http://example.internal/'));
    expect(err).toMatchObject({ code: 'blocked', message: 'Not allowed: private address' });
    expectNoInternals(err.message);
    fetcher.close();
  });

  it.each(['ENOTFOUND', 'EAI_AGAIN', 'EAI_FAIL'])('a DNS failure (%s) is a plain sentence', async (code) => {
    const fetcher = strictFetcher({
      resolve: async (host) => {
        throw dnsError(code, host);
      },
    });
    const err = await refusal(fetcher.fetch('http://example.com/'));
    expect(err).toMatchObject({ code: 'network', message: 'The site could not be found (DNS)' });
    expectNoInternals(err.message);
    fetcher.close();
  });

  it('a host without addresses is a DNS failure too', async () => {
    const fetcher = strictFetcher({ resolve: async () => [] });
    const err = await refusal(fetcher.fetch('http://example.com/'));
    expect(err.message).toBe('The site could not be found (DNS)');
    fetcher.close();
  });

  it('a refused connection names the host, not the address it resolved to', async () => {
    const closed = await serve('127.0.0.2', (_req, res) => res.end());
    await closed.close();
    const fetcher = strictFetcher({ resolve: async () => [{ address: '127.0.0.2', family: 4 }] });
    const err = await refusal(fetcher.fetch(`http://shop.example:${closed.port}/`));
    expect(err).toMatchObject({ code: 'network', message: 'Connection refused' });
    expectNoInternals(err.message);
    fetcher.close();
  });

  it('a timeout names the host and the deadline in seconds', async () => {
    const fetcher = strictFetcher({ timeoutMs: 200, resolve: async () => [{ address: '127.0.0.2', family: 4 }] });
    const err = await refusal(fetcher.fetch(`http://slow.example:${outside.port}/slow`));
    expect(err).toMatchObject({ code: 'timeout', message: 'Timed out after 0.2 s' });
    expectNoInternals(err.message);
    fetcher.close();
  });

  it('a refused redirect to a private host names that host only', async () => {
    const fetcher = strictFetcher({ resolve: async () => [{ address: '10.1.2.3', family: 4 }] });
    const err = await refusal(fetcher.fetch(`${outside.url}/redirect?to=${encodeURIComponent('http://db.internal/')}`));
    expect(err.message).toBe('Not allowed: private address');
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

describe('socket and TLS errors become plain reasons', () => {
  const socketError = (code: string, message = `${code}: something 10.0.0.5:443`) => Object.assign(new Error(message), { code });

  it.each([
    ['CERT_HAS_EXPIRED', "The site's security certificate could not be verified"],
    ['UNABLE_TO_VERIFY_LEAF_SIGNATURE', "The site's security certificate could not be verified"],
    ['DEPTH_ZERO_SELF_SIGNED_CERT', "The site's security certificate could not be verified"],
    ['SELF_SIGNED_CERT_IN_CHAIN', "The site's security certificate could not be verified"],
    ['UNABLE_TO_GET_ISSUER_CERT_LOCALLY', "The site's security certificate could not be verified"],
    ['ERR_TLS_CERT_ALTNAME_INVALID', "The site's security certificate could not be verified"],
    ['ERR_SSL_WRONG_VERSION_NUMBER', 'The secure (HTTPS) connection to the site failed'],
    ['ENOTFOUND', 'The site could not be found (DNS)'],
    ['EAI_AGAIN', 'The site could not be found (DNS)'],
    ['ECONNREFUSED', 'Connection refused'],
    ['ETIMEDOUT', 'The connection to the site timed out'],
    ['EHOSTUNREACH', 'The site could not be reached'],
    ['ECONNRESET', 'The site closed the connection unexpectedly'],
    ['HPE_INVALID_CONSTANT', 'The site sent an answer that is not valid HTTP'],
    ['Z_DATA_ERROR', 'The site sent a compressed answer that could not be read'],
    ['EWHATEVER', 'The connection to the site failed'],
  ])('%s → %s', (code, words) => {
    const err = toFetchError(socketError(code));
    expect(err).toBeInstanceOf(FetchError);
    expect(err.message).toBe(words);
  });
});
