import robotsParser from 'robots-parser';
import type { PageReason } from './describeReason';
import { FetchError, type SafeFetcher } from './safeFetcher';

export type Robots = {
  isAllowed(url: string): boolean;
  sitemaps: string[];
  /** Seconds between requests asked for by the site, if any. */
  crawlDelay: number | undefined;
  /** Set when robots.txt could not be read and the site is treated as closed (RFC 9309 §2.3.1.4): why. */
  unavailable?: PageReason;
  /** Set when the site itself may not be fetched (private address, other protocol): the refusal. */
  refused?: PageReason;
};

/**
 * Reads a site's robots.txt for our user agent, following RFC 9309: a 4xx answer (no file)
 * allows everything; a 5xx answer or an unreachable server disallows everything, because
 * "could not ask" is not "allowed".
 */
export async function loadRobots(origin: string, fetcher: SafeFetcher, userAgent: string, signal?: AbortSignal): Promise<Robots> {
  const robotsUrl = new URL('/robots.txt', origin).href;
  try {
    const res = await fetcher.fetch(robotsUrl, { signal });
    if (res.status >= 200 && res.status < 300 && res.body) {
      const parser = robotsParser(res.url, res.body.toString('utf8'));
      return {
        isAllowed: (url) => parser.isAllowed(url, userAgent) !== false,
        sitemaps: parser.getSitemaps(),
        crawlDelay: parser.getCrawlDelay(userAgent),
      };
    }
    if (res.status >= 400 && res.status < 500) return openSite();
    return closedSite({ kind: 'http', status: res.status });
  } catch (err) {
    if (err instanceof FetchError && err.code === 'aborted') throw err;
    const closed = closedSite(err instanceof FetchError ? err.reason : { kind: 'unexpected' });
    // the owner needs to read "Not allowed: private address", not a robots.txt story
    if (err instanceof FetchError && (err.code === 'blocked' || err.code === 'protocol')) closed.refused = err.reason;
    return closed;
  }
}

function openSite(): Robots {
  return { isAllowed: () => true, sitemaps: [], crawlDelay: undefined };
}

function closedSite(reason: PageReason): Robots {
  return { isAllowed: () => false, sitemaps: [], crawlDelay: undefined, unavailable: reason };
}
