import dns from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import type { Readable } from 'node:stream';
import zlib from 'node:zlib';
import { logger } from '../../lib/logger';
import { describeReason, type PageReason } from './describeReason';
import { isPublicAddress } from './isPublicAddress';

export type SafeFetcherOptions = {
  /** Allow private, loopback and other non-public addresses (tests, intranet deployments). */
  allowPrivateHosts: boolean;
  /** Exact IPs exempt from the address policy even when private hosts are refused. */
  allowedAddresses?: string[];
  timeoutMs: number;
  maxBytes: number;
  userAgent: string;
  maxRedirects?: number;
  /** Sockets kept per host; match the crawl concurrency. */
  maxSockets?: number;
  /** DNS resolution; defaults to the system resolver (dns.lookup, all addresses). */
  resolve?: (hostname: string) => Promise<{ address: string; family: number }[]>;
};

export type FetchResult = {
  /** The URL finally answered, after redirects. */
  url: string;
  status: number;
  contentType: string;
  /** Null when the content type was not accepted (the body is then never read). */
  body: Buffer | null;
  /** Every URL redirected to, in order. */
  redirects: string[];
  /** True when `follow` declined the last redirect: `url` is where it pointed, nothing was fetched there. */
  stopped?: boolean;
  /** The answer's ETag and Last-Modified headers, for a conditional request next time. */
  etag?: string;
  lastModified?: string;
};

type FetchOptions = {
  /** Reads the body only for content types this accepts. */
  accept?: (contentType: string) => boolean;
  /** Asked before following each redirect (after the safety checks, which always apply). */
  follow?: (nextUrl: string) => boolean;
  /**
   * Validators of a copy already held: sent as If-None-Match / If-Modified-Since to the first
   * URL only (a redirect target is another resource), so an unchanged page answers 304.
   */
  conditional?: { etag?: string | null; lastModified?: string | null };
  signal?: AbortSignal;
};

export type FetchErrorCode = 'blocked' | 'timeout' | 'too_large' | 'network' | 'redirects' | 'protocol' | 'aborted';

/**
 * A failed fetch. `reason` is what owners read (through describeReason, also the `message`):
 * never an address a host resolved to, a resolver's error or a socket's text. Those details
 * go to the server log only.
 */
export class FetchError extends Error {
  constructor(
    readonly code: FetchErrorCode,
    readonly reason: PageReason,
  ) {
    super(describeReason(reason));
    this.name = 'FetchError';
  }
}

export type SafeFetcher = {
  fetch(url: string, opts?: FetchOptions): Promise<FetchResult>;
  close(): void;
};

/**
 * An HTTP client for fetching pages chosen by strangers. Every hop of a redirect chain is
 * checked: the host is resolved here, each address must be public, and the connection is
 * made to exactly the address that was checked (the lookup hook feeds the socket), so a
 * DNS answer that changes between check and connect (rebinding) cannot slip through.
 * Bodies are capped after decompression and the whole fetch has one deadline.
 */
export function safeFetcher(options: SafeFetcherOptions): SafeFetcher {
  const maxRedirects = options.maxRedirects ?? 5;
  const resolve = options.resolve ?? systemResolve;
  const exempt = new Set((options.allowedAddresses ?? []).map((a) => a.toLowerCase()));
  const allowed = (address: string) =>
    options.allowPrivateHosts || exempt.has(address.toLowerCase()) || isPublicAddress(address);

  const lookup: LookupFunction = (hostname, lookupOptions, callback) => {
    resolve(hostname).then(
      (addresses) => {
        if (addresses.length === 0) {
          logger.info('crawler: host has no addresses', { host: hostname });
          return callback(new FetchError('network', { kind: 'dns' }), '', 4);
        }
        const refused = addresses.filter((a) => !allowed(a.address));
        if (refused.length > 0) {
          // which addresses, only here: the owner must not learn what internal names resolve to
          logger.warn('crawler: refused a host that resolves to a non-public address', {
            host: hostname,
            refused: refused.map((a) => a.address),
            addresses: addresses.map((a) => a.address),
          });
          return callback(new FetchError('blocked', { kind: 'private' }), '', 4);
        }
        if (lookupOptions.all) (callback as unknown as (e: null, a: typeof addresses) => void)(null, addresses);
        else callback(null, addresses[0].address, addresses[0].family);
      },
      (err: NodeJS.ErrnoException) => {
        logger.info('crawler: DNS lookup failed', { host: hostname, code: err?.code, error: String(err?.message ?? err) });
        callback(new FetchError('network', { kind: 'dns' }), '', 4);
      },
    );
  };

  const agentOptions = { keepAlive: true, maxSockets: options.maxSockets ?? 8 };
  const agents = { 'http:': new http.Agent(agentOptions), 'https:': new https.Agent(agentOptions) };

  async function fetchUrl(input: string, opts: FetchOptions = {}): Promise<FetchResult> {
    const deadline = Date.now() + options.timeoutMs;
    const redirects: string[] = [];
    let url = parseHttpUrl(input);
    for (let hop = 0; ; hop++) {
      const answer = await requestOnce(url, deadline, opts, hop === 0 ? opts.conditional : undefined);
      if (answer.location === undefined) {
        const { status, contentType, body, etag, lastModified } = answer;
        return { url: url.href, status, contentType, body, redirects, etag, lastModified };
      }
      if (hop >= maxRedirects) throw new FetchError('redirects', { kind: 'tooManyRedirects', max: maxRedirects });
      url = parseHttpUrl(answer.location, url);
      redirects.push(url.href);
      if (opts.follow && !opts.follow(url.href)) {
        return { url: url.href, status: answer.status, contentType: '', body: null, redirects, stopped: true };
      }
    }
  }

  function requestOnce(url: URL, deadline: number, opts: FetchOptions, conditional: FetchOptions['conditional']): Promise<Answer> {
    const host = url.hostname.replace(/^\[|\]$/g, '');
    if (isIP(host) && !allowed(host)) {
      logger.warn('crawler: refused a non-public address', { url: url.href });
      return Promise.reject(new FetchError('blocked', { kind: 'private' }));
    }
    return new Promise((resolvePromise, reject) => {
      let settled = false;
      const fail = (err: unknown) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        opts.signal?.removeEventListener('abort', onAbort);
        req.destroy();
        const error = toFetchError(err);
        if (error !== err) logger.info('crawler: fetch failed', { url: url.href, code: error.code, error: rawError(err) });
        reject(error);
      };
      const succeed = (value: Answer) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        opts.signal?.removeEventListener('abort', onAbort);
        resolvePromise(value);
      };
      const onAbort = () => fail(new FetchError('aborted', { kind: 'aborted' }));
      const remaining = deadline - Date.now();
      const timer = setTimeout(
        () => fail(new FetchError('timeout', { kind: 'timeout', ms: options.timeoutMs })),
        Math.max(0, remaining),
      );
      const client = url.protocol === 'https:' ? https : http;
      const req = client.request(
        {
          protocol: url.protocol,
          hostname: host,
          port: url.port || undefined,
          path: url.pathname + url.search,
          method: 'GET',
          agent: agents[url.protocol as 'http:' | 'https:'],
          lookup,
          headers: {
            'user-agent': options.userAgent,
            accept: 'text/html,application/xhtml+xml;q=0.9,text/plain;q=0.8,application/xml;q=0.7,*/*;q=0.5',
            'accept-encoding': 'gzip, deflate, br',
            ...(conditional?.etag ? { 'if-none-match': conditional.etag } : {}),
            ...(conditional?.lastModified ? { 'if-modified-since': conditional.lastModified } : {}),
          },
        },
        (res) => {
          const status = res.statusCode ?? 0;
          const contentType = String(res.headers['content-type'] ?? '').toLowerCase();
          const validators = { etag: headerText(res.headers.etag), lastModified: headerText(res.headers['last-modified']) };
          if (status >= 300 && status < 400 && res.headers.location) {
            res.resume();
            return succeed({ status, contentType, body: null, location: res.headers.location });
          }
          if (opts.accept && !opts.accept(contentType)) {
            res.destroy();
            return succeed({ status, contentType, body: null, ...validators });
          }
          if (status === 304) {
            res.resume();
            return succeed({ status, contentType, body: null, ...validators });
          }
          const declared = Number(res.headers['content-length']);
          if (Number.isFinite(declared) && declared > options.maxBytes && !res.headers['content-encoding']) {
            res.destroy();
            return fail(new FetchError('too_large', { kind: 'tooLarge', maxBytes: options.maxBytes }));
          }
          readCapped(decode(res), options.maxBytes).then((body) => succeed({ status, contentType, body, ...validators }), fail);
        },
      );
      req.on('error', fail);
      if (opts.signal?.aborted) return onAbort();
      opts.signal?.addEventListener('abort', onAbort, { once: true });
      req.end();
    });
  }

  return {
    fetch: fetchUrl,
    close() {
      agents['http:'].destroy();
      agents['https:'].destroy();
    },
  };
}

type Answer = { status: number; contentType: string; body: Buffer | null; location?: string; etag?: string; lastModified?: string };

/** A validator header as sent, or undefined when absent or too long to be worth sending back. */
function headerText(value: string | string[] | undefined): string | undefined {
  const text = Array.isArray(value) ? value[0] : value;
  return text && text.length <= 200 ? text : undefined;
}

function parseHttpUrl(input: string, base?: URL): URL {
  let url: URL;
  try {
    url = new URL(input, base);
  } catch {
    throw new FetchError('protocol', { kind: 'invalidUrl' });
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new FetchError('protocol', { kind: 'unsupportedUrl' });
  }
  if (url.username || url.password) throw new FetchError('protocol', { kind: 'unsupportedUrl' });
  return url;
}

function systemResolve(hostname: string) {
  return dns.promises.lookup(hostname, { all: true, verbatim: true });
}

function decode(res: http.IncomingMessage): Readable {
  const encoding = String(res.headers['content-encoding'] ?? '').trim().toLowerCase();
  if (encoding === 'gzip' || encoding === 'x-gzip') return res.pipe(zlib.createGunzip());
  if (encoding === 'deflate') return res.pipe(zlib.createInflate());
  if (encoding === 'br') return res.pipe(zlib.createBrotliDecompress());
  return res;
}

/** Reads a stream into memory, giving up (and destroying it) past `max` bytes. Stream errors are passed on as they are. */
function readCapped(stream: Readable, max: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const parts: Buffer[] = [];
    let size = 0;
    stream.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > max) {
        stream.destroy();
        reject(new FetchError('too_large', { kind: 'tooLarge', maxBytes: max }));
        return;
      }
      parts.push(chunk);
    });
    stream.on('end', () => resolve(Buffer.concat(parts)));
    stream.on('error', reject);
  });
}

const DNS_ERROR_CODES = new Set(['ENOTFOUND', 'EAI_AGAIN', 'EAI_FAIL', 'EAI_NODATA', 'EAI_NONAME', 'EAI_ADDRFAMILY', 'ENODATA', 'ESERVFAIL', 'ENONAME']);

/** Turns anything a request throws into a FetchError with an owner-safe reason. Exported for its tests. */
export function toFetchError(err: unknown): FetchError {
  if (err instanceof FetchError) return err;
  // net wraps some lookup failures; keep the policy refusal recognisable
  const cause = (err as { cause?: unknown })?.cause;
  if (cause instanceof FetchError) return cause;
  const e = (err ?? {}) as NodeJS.ErrnoException;
  const code = String(e.code ?? '');
  const text = String(e.message ?? '');
  if (DNS_ERROR_CODES.has(code) || e.syscall === 'getaddrinfo' || /getaddrinfo/i.test(text)) {
    return new FetchError('network', { kind: 'dns' });
  }
  if (code === 'ECONNREFUSED') return new FetchError('network', { kind: 'refused' });
  if (code === 'ETIMEDOUT') return new FetchError('timeout', { kind: 'connectTimeout' });
  if (code === 'EHOSTUNREACH' || code === 'ENETUNREACH' || code === 'EHOSTDOWN' || code === 'ENETDOWN') {
    return new FetchError('network', { kind: 'unreachable' });
  }
  if (code === 'ECONNRESET' || code === 'EPIPE' || code === 'ECONNABORTED' || /socket hang up/i.test(text)) {
    return new FetchError('network', { kind: 'closed' });
  }
  if (/CERT|UNABLE_TO_|SIGNATURE/.test(code)) return new FetchError('network', { kind: 'certificate' });
  if (/SSL|TLS/.test(code)) return new FetchError('network', { kind: 'tls' });
  if (code.startsWith('HPE_')) return new FetchError('protocol', { kind: 'badHttp' });
  if (code.startsWith('Z_') || code.startsWith('ERR_BROTLI')) {
    return new FetchError('network', { kind: 'badEncoding' });
  }
  return new FetchError('network', { kind: 'connectionFailed' });
}

/** The full story, for the server log only. */
function rawError(err: unknown) {
  const e = err as NodeJS.ErrnoException | undefined;
  return e?.code ? `${e.code}: ${e.message}` : String(e?.message ?? err);
}
