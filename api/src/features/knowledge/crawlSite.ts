import { createHash } from 'node:crypto';
import { logger } from '../../lib/logger';
import { decodeHtml } from './decodeText';
import type { PageReason } from './describeReason';
import { blocksToText, extractPage, type Block } from './extractPage';
import { loadRobots, type Robots } from './loadRobots';
import { cleanUrl, normalizeUrl } from './normalizeUrl';
import { readSitemaps } from './readSitemaps';
import { FetchError, type FetchResult, type SafeFetcher } from './safeFetcher';

export type PageOutcome =
  | ({ status: 'ok'; url: string; title: string | null; blocks: Block[] } & Partial<PageValidators>)
  | { status: 'skipped' | 'error'; url: string; reason: PageReason }
  /** A page of the previous sync that is still current without being downloaded again (304, or sitemap <lastmod>). */
  | { status: 'unchanged'; url: string; previousId: number; etag: string | null; lastModified: string | null; confirmedAt: number | null };

/** What a fetched page carries for the next sync besides its text. */
type PageValidators = {
  etag: string | null;
  lastModified: string | null;
  /** sha1 of the page's text as stored (`pageText`). */
  contentHash: string;
  /** Same-site links found on the page. */
  links: string[];
  /** The texts of its same-site links, [url, text] (see `extractPage`). */
  linkTexts: [string, string][];
};

/** A page of the live generation, as an incremental sync knows it. */
export type PreviousPage = {
  id: number;
  url: string;
  title: string | null;
  etag: string | null;
  lastModified: string | null;
  contentHash: string | null;
  links: string[];
  /** When its content was last known current (ms), null if unknown. */
  fetchedAt: number | null;
};

export type CrawlOptions = {
  startUrl: string;
  maxPages: number;
  concurrency: number;
  fetcher: SafeFetcher;
  userAgent: string;
  signal?: AbortSignal;
  /** Longest pause honoured from a robots.txt Crawl-delay, in seconds. */
  maxCrawlDelay?: number;
  /**
   * The pages of the previous sync by normalised URL: they are asked for conditionally (a 304
   * keeps them), and not asked for at all when the sitemap's <lastmod> is older than our copy.
   */
  previous?: Map<string, PreviousPage>;
};

export type CrawlSummary = {
  pagesTaken: number;
  skipped: number;
  errors: number;
  /** Set when no page could be taken: why (describeReason words it for the owner). */
  failure?: PageReason;
};

/**
 * Incremental: with `opts.previous`, a page the site answers 304 for, or whose sitemap <lastmod>
 * is not after the time our copy was fetched, is reported `unchanged` and its stored links are
 * followed instead of its body's.
 *
 * Breadth-first crawl of one site. robots.txt (per origin) is obeyed and its sitemaps plus
 * /sitemap.xml seed the queue after the start page; links are followed only within the
 * site (same host, "www." ignored), pages under the start URL's folder before the rest of the
 * site, each group breadth-first. URLs are de-duplicated by normalised form, by redirect
 * target, by <link rel="canonical"> and finally by identical text. Only HTML is read.
 * Each page's outcome goes to `onPage` as it finishes; one bad page never stops the crawl.
 */
export async function crawlSite(opts: CrawlOptions, onPage: (outcome: PageOutcome) => void | Promise<void>): Promise<CrawlSummary> {
  return new Crawl(opts, onPage).run();
}

type QueueItem = { url: string; key: string };

// Fetches allowed per page wanted: skipped and failed pages cost a fetch too, but a site of
// nothing but broken links must not keep the crawler busy forever.
const ATTEMPTS_PER_PAGE = 3;
const SITEMAP_URL_CAP = 5000;
// Link text share from which a page counts as an index or a table of contents.
const LINK_PAGE_SHARE = 0.5;
// Rows recorded for skipped/failed URLs, so a site with thousands of PDFs stays readable.
const RECORDED_PER_PAGE = 4;
const NON_HTML_EXTENSION =
  /\.(pdf|png|jpe?g|gif|webp|avif|svg|ico|bmp|tiff?|mp[34]|m4[av]|mov|avi|webm|ogg|wav|flac|zip|gz|tgz|bz2|7z|rar|tar|exe|dmg|msi|apk|iso|docx?|xlsx?|pptx?|odt|ods|woff2?|ttf|otf|eot|css|js|mjs|map)$/i;

class Crawl {
  /** Pages under the start URL's folder come first, so the section the owner named fills maxPages before the rest of the site. */
  private queue: QueueItem[] = [];
  private laterQueue: QueueItem[] = [];
  private scopes = new Set<string>();
  private seen = new Set<string>();
  private contentHashes = new Map<string, string>();
  private robots = new Map<string, Promise<Robots>>();
  private siteHosts = new Set<string>();
  private taken = 0;
  private skipped = 0;
  private errors = 0;
  private attempts = 0;
  private recorded = 0;
  private startOutcome: PageOutcome | undefined;
  private nextStartAt = 0;
  private delayMs = 0;
  /** <lastmod> of each sitemap entry by normalised URL. */
  private lastmods = new Map<string, string>();

  constructor(
    private opts: CrawlOptions,
    private onPage: (outcome: PageOutcome) => void | Promise<void>,
  ) {}

  async run(): Promise<CrawlSummary> {
    const start = cleanUrl(this.opts.startUrl);
    const startKey = normalizeUrl(this.opts.startUrl);
    if (!start || !startKey) return { pagesTaken: 0, skipped: 0, errors: 0, failure: { kind: 'invalidUrl' } };
    this.siteHosts.add(hostOf(start));
    this.scopes.add(folderOf(start));

    const robots = await this.robotsFor(start.href);
    const delay = robots.crawlDelay;
    if (delay && delay > 0) this.delayMs = Math.min(delay, this.opts.maxCrawlDelay ?? 10) * 1000;

    this.seen.add(startKey);
    if (!robots.isAllowed(start.href)) {
      await this.report(robotsOutcome(robots, start.href));
      return this.summary(robots);
    }
    this.queue.push({ url: start.href, key: startKey });
    const sitemaps = [...robots.sitemaps, new URL('/sitemap.xml', start).href];
    const seeds = await readSitemaps(sitemaps, this.opts.fetcher, {
      // more than maxPages: the start folder's entries may stand anywhere in a long sitemap
      maxUrls: Math.max(this.opts.maxPages * ATTEMPTS_PER_PAGE, SITEMAP_URL_CAP),
      signal: this.opts.signal,
    });
    for (const { url, lastmod } of seeds) {
      const key = normalizeUrl(url);
      if (key && lastmod) this.lastmods.set(key, lastmod);
      await this.enqueue(url);
    }
    await this.drain();
    await this.reportLeftovers();
    return this.summary(robots);
  }

  /** Runs up to `concurrency` page jobs at once until the queue is empty or limits are hit. */
  private async drain() {
    const concurrency = this.delayMs > 0 ? 1 : this.opts.concurrency;
    const running = new Set<Promise<void>>();
    for (;;) {
      this.throwIfAborted();
      while (
        running.size < concurrency &&
        this.queue.length + this.laterQueue.length > 0 &&
        this.taken + running.size < this.opts.maxPages &&
        this.attempts < this.opts.maxPages * ATTEMPTS_PER_PAGE
      ) {
        const item = (this.queue.length > 0 ? this.queue : this.laterQueue).shift()!;
        const job: Promise<void> = this.visit(item).finally(() => running.delete(job));
        running.add(job);
      }
      if (running.size === 0) return;
      await Promise.race(running);
    }
  }

  private async visit(item: QueueItem) {
    // the start page (processed first) decides which host the site lives on after redirects
    const isStart = this.attempts === 0;
    this.attempts++;
    const outcome = await this.fetchPage(item, isStart);
    if (isStart) this.startOutcome = outcome;
    await this.report(outcome);
  }

  private async fetchPage(item: QueueItem, isStart: boolean): Promise<PageOutcome> {
    const previous = this.opts.previous?.get(item.key);
    if (previous && notModifiedSince(this.lastmods.get(item.key), previous.fetchedAt)) return this.keep(previous, null);
    await this.politeness();
    let res: FetchResult;
    try {
      res = await this.opts.fetcher.fetch(item.url, {
        accept: isHtmlType,
        signal: this.opts.signal,
        conditional: previous ? { etag: previous.etag, lastModified: previous.lastModified } : undefined,
        // no request for a redirect target that is off-site or already known
        follow: (next) => {
          const key = normalizeUrl(next);
          return (isStart || this.isSameSite(new URL(next))) && (key === item.key || !this.seen.has(key ?? next));
        },
      });
    } catch (err) {
      if (err instanceof FetchError && err.code === 'aborted') throw err;
      return { status: 'error', url: item.url, reason: fetchFailure(err, item.url) };
    }

    const finalUrl = new URL(res.url);
    if (res.redirects.length > 0) {
      if (isStart) {
        this.siteHosts.add(hostOf(finalUrl));
        this.scopes.add(folderOf(finalUrl));
      }
      if (!this.isSameSite(finalUrl)) return { status: 'skipped', url: item.url, reason: { kind: 'offsite', url: res.url } };
      if (res.stopped) return { status: 'skipped', url: item.url, reason: { kind: 'duplicate', of: res.url } };
      if (!(await this.robotsFor(res.url)).isAllowed(res.url)) {
        return { status: 'skipped', url: item.url, reason: { kind: 'robotsRedirect', url: res.url } };
      }
      const finalKey = normalizeUrl(res.url)!;
      if (finalKey !== item.key) {
        if (this.seen.has(finalKey)) return { status: 'skipped', url: item.url, reason: { kind: 'duplicate', of: res.url } };
        this.seen.add(finalKey);
      }
    }
    if (res.status === 304 && previous && res.redirects.length === 0) return this.keep(previous, res);
    if (res.status < 200 || res.status >= 300) return { status: 'error', url: res.url, reason: { kind: 'http', status: res.status } };
    if (!res.body) return { status: 'skipped', url: res.url, reason: { kind: 'notHtml', type: res.contentType.split(';')[0].trim() } };
    if (!res.contentType && !looksLikeHtml(res.body)) return { status: 'skipped', url: res.url, reason: { kind: 'notHtml', type: '' } };

    const page = extractPage(decodeHtml(res.body, res.contentType), res.url);
    if (!page.nofollow) for (const link of page.links) await this.enqueue(link);

    let url = res.url;
    const canonical = page.canonical ? cleanUrl(page.canonical) : null;
    if (canonical && this.isSameSite(canonical)) {
      const canonicalKey = normalizeUrl(canonical.href)!;
      if (canonicalKey !== normalizeUrl(res.url) && (await this.robotsFor(canonical.href)).isAllowed(canonical.href)) {
        if (this.seen.has(canonicalKey) && canonicalKey !== item.key) {
          return { status: 'skipped', url: res.url, reason: { kind: 'duplicate', of: canonical.href } };
        }
        this.seen.add(canonicalKey);
        url = canonical.href;
      }
    }
    if (page.noindex) return { status: 'skipped', url, reason: { kind: 'noindex' } };
    const text = blocksToText(page.blocks);
    if (text.trim().length === 0) return { status: 'skipped', url, reason: { kind: 'noText' } };
    // An index or a table of contents answers nothing itself and, naming every topic, would
    // outrank the pages it lists: its links are followed, its text is not learned.
    if (page.linkShare >= LINK_PAGE_SHARE && text.length > 200) return { status: 'skipped', url, reason: { kind: 'linksOnly' } };
    const hash = createHash('sha1').update(text).digest('hex');
    const twin = this.contentHashes.get(hash);
    if (twin) return { status: 'skipped', url, reason: { kind: 'duplicate', of: twin } };
    this.contentHashes.set(hash, url);
    if (this.taken >= this.opts.maxPages) return { status: 'skipped', url, reason: this.pageLimit() };
    const links = page.nofollow ? [] : page.links.filter((link) => sameSiteUrl(link, this.siteHosts));
    const linkTexts = page.linkTexts.filter(([link]) => sameSiteUrl(link, this.siteHosts));
    return { status: 'ok', url, title: page.title, blocks: page.blocks, etag: res.etag ?? null, lastModified: res.lastModified ?? null, contentHash: hash, links, linkTexts };
  }

  /** A previous page taken as it is: its links lead on as if it had been read again. */
  private async keep(previous: PreviousPage, res: FetchResult | null): Promise<PageOutcome> {
    this.seen.add(normalizeUrl(previous.url) ?? previous.url);
    if (previous.contentHash) {
      const twin = this.contentHashes.get(previous.contentHash);
      if (twin) return { status: 'skipped', url: previous.url, reason: { kind: 'duplicate', of: twin } };
      this.contentHashes.set(previous.contentHash, previous.url);
    }
    for (const link of previous.links) await this.enqueue(link);
    if (this.taken >= this.opts.maxPages) return { status: 'skipped', url: previous.url, reason: this.pageLimit() };
    return {
      status: 'unchanged',
      url: previous.url,
      previousId: previous.id,
      // a 304 may carry fresh validators; without them the old ones still hold
      etag: res?.etag ?? previous.etag,
      lastModified: res?.lastModified ?? previous.lastModified,
      confirmedAt: res ? Date.now() : null,
    };
  }

  private async report(outcome: PageOutcome) {
    if (outcome.status === 'ok' || outcome.status === 'unchanged') this.taken++;
    else if (outcome.status === 'skipped') this.skipped++;
    else this.errors++;
    const failed = outcome.status === 'skipped' || outcome.status === 'error';
    if (failed && this.recorded++ >= this.opts.maxPages * RECORDED_PER_PAGE) return;
    await this.onPage(outcome);
  }

  /**
   * Records the pages found but never fetched because maxPages was reached, so the owner sees
   * what a higher limit would add. Pages left by the attempt cap (a site of mostly broken
   * links) are not listed: nothing sensible can be said about them.
   */
  private async reportLeftovers() {
    if (this.taken < this.opts.maxPages) return;
    for (const item of [...this.queue, ...this.laterQueue]) {
      await this.report({ status: 'skipped', url: item.url, reason: this.pageLimit() });
    }
    this.queue = [];
    this.laterQueue = [];
  }

  private pageLimit(): PageReason {
    return { kind: 'pageLimit', maxPages: this.opts.maxPages };
  }

  /** Queues a discovered URL once; off-site links are ignored, robots-disallowed ones recorded. */
  private async enqueue(link: string) {
    const url = cleanUrl(link);
    if (!url || !this.isSameSite(url)) return;
    const key = normalizeUrl(url.href)!;
    if (this.seen.has(key)) return;
    this.seen.add(key);
    const robots = await this.robotsFor(url.href);
    if (!robots.isAllowed(url.href)) {
      await this.report(robotsOutcome(robots, url.href));
      return;
    }
    const ext = url.pathname.match(NON_HTML_EXTENSION)?.[0];
    if (ext) {
      await this.report({ status: 'skipped', url: url.href, reason: { kind: 'notHtml', type: `${ext.toLowerCase()} file` } });
      return;
    }
    (this.isInScope(url) ? this.queue : this.laterQueue).push({ url: url.href, key });
  }

  private isInScope(url: URL) {
    for (const scope of this.scopes) if (url.pathname.startsWith(scope)) return true;
    return false;
  }

  private robotsFor(url: string): Promise<Robots> {
    const origin = new URL(url).origin;
    let robots = this.robots.get(origin);
    if (!robots) {
      robots = loadRobots(origin, this.opts.fetcher, this.opts.userAgent, this.opts.signal);
      this.robots.set(origin, robots);
    }
    return robots;
  }

  private isSameSite(url: URL) {
    return this.siteHosts.has(hostOf(url));
  }

  /** Spaces out request starts when robots.txt asks for a Crawl-delay. */
  private async politeness() {
    if (this.delayMs === 0) return;
    const wait = this.nextStartAt - Date.now();
    this.nextStartAt = Math.max(Date.now(), this.nextStartAt) + this.delayMs;
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    this.throwIfAborted();
  }

  private throwIfAborted() {
    if (this.opts.signal?.aborted) throw new FetchError('aborted', { kind: 'aborted' });
  }

  private summary(robots: Robots): CrawlSummary {
    const summary: CrawlSummary = { pagesTaken: this.taken, skipped: this.skipped, errors: this.errors };
    if (this.taken > 0) return summary;
    const start = this.startOutcome;
    const closed = closedReason(robots);
    if (closed) summary.failure = closed;
    else if (!start) summary.failure = { kind: 'startBlocked' };
    else if (start.status === 'ok' || start.status === 'unchanged') summary.failure = { kind: 'noPages' };
    // the start page's own reason, worded as its page row is
    else summary.failure = start.reason;
    return summary;
  }
}

/**
 * Whether a sitemap <lastmod> says the page has not changed since `fetchedAt`. A date without a
 * time may mean any moment of that day (UTC), so it counts as the day's end.
 */
function notModifiedSince(lastmod: string | undefined, fetchedAt: number | null): boolean {
  if (!lastmod || fetchedAt === null) return false;
  const time = Date.parse(lastmod);
  if (Number.isNaN(time)) return false;
  const end = /^\d{4}-\d{2}-\d{2}$/.test(lastmod.trim()) ? time + 24 * 60 * 60 * 1000 : time;
  return end <= fetchedAt;
}

function sameSiteUrl(link: string, hosts: Set<string>) {
  const url = cleanUrl(link);
  return !!url && hosts.has(hostOf(url));
}

/**
 * Why robots.txt kept a page out: its rules, or a site that could not be asked (then the page
 * failed, for the reason the site could not be asked).
 */
function robotsOutcome(robots: Robots, url: string): PageOutcome {
  const closed = closedReason(robots);
  return closed ? { status: 'error', url, reason: closed } : { status: 'skipped', url, reason: { kind: 'robots' } };
}

/** A site refused or unreachable as a whole. robots.txt is named only when the site answered it with an error. */
function closedReason(robots: Robots): PageReason | undefined {
  if (robots.refused) return robots.refused;
  if (!robots.unavailable) return undefined;
  return robots.unavailable.kind === 'http' ? { kind: 'robotsUnreadable', cause: robots.unavailable } : robots.unavailable;
}

function isHtmlType(contentType: string) {
  const type = contentType.split(';')[0].trim();
  return type === '' || type === 'text/html' || type === 'application/xhtml+xml';
}

function looksLikeHtml(body: Buffer) {
  return /^\s*(<!doctype html|<html|<head|<body|<!--)/i.test(body.subarray(0, 512).toString('latin1'));
}

/** "/docs/guide/intro.html" → "/docs/guide/". */
function folderOf(url: URL) {
  return url.pathname.replace(/[^/]*$/, '');
}

function hostOf(url: URL) {
  return url.hostname.toLowerCase().replace(/^www\./, '');
}

/** Why a fetch failed. A FetchError carries an owner-safe reason; anything else stays in the log. */
function fetchFailure(err: unknown, url: string): PageReason {
  if (err instanceof FetchError) return err.reason;
  logger.error('crawler: unexpected fetch error', { url, error: String((err as Error)?.stack ?? err) });
  return { kind: 'unexpected' };
}
