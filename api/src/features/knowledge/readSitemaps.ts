import { gunzipSync } from 'node:zlib';
import { FetchError, type SafeFetcher } from './safeFetcher';

/** A page a sitemap lists, with its <lastmod> (as written) when it has one. */
export type SitemapEntry = { url: string; lastmod: string | null };

/**
 * Pages listed in a site's sitemaps (urlset and sitemap-index files, gzipped or not),
 * in the order listed. Missing or broken sitemaps are simply empty: they only seed the
 * crawl, links still lead everywhere else.
 */
export async function readSitemaps(
  sitemapUrls: string[],
  fetcher: SafeFetcher,
  opts: { maxUrls: number; maxFiles?: number; signal?: AbortSignal },
): Promise<SitemapEntry[]> {
  const maxFiles = opts.maxFiles ?? 10;
  const queue = [...new Set(sitemapUrls)];
  const seenFiles = new Set<string>();
  const pages: SitemapEntry[] = [];
  while (queue.length > 0 && seenFiles.size < maxFiles && pages.length < opts.maxUrls) {
    const url = queue.shift()!;
    if (seenFiles.has(url)) continue;
    seenFiles.add(url);
    const xml = await fetchXml(url, fetcher, opts.signal);
    if (!xml) continue;
    const { entries, isIndex } = parseSitemap(xml);
    if (isIndex) queue.push(...entries.map((e) => e.url));
    else pages.push(...entries.slice(0, opts.maxUrls - pages.length));
  }
  return pages;
}

/** The entries (<loc> and <lastmod>) of a sitemap and whether it is a sitemap index. */
function parseSitemap(xml: string): { entries: SitemapEntry[]; isIndex: boolean } {
  const isIndex = /<(?:[\w-]+:)?sitemapindex[\s>]/i.test(xml);
  const entries: SitemapEntry[] = [];
  // each <loc> with the rest of its <url>/<sitemap> element, where a <lastmod> may follow it
  const parts = xml.split(/<(?:[\w-]+:)?(?:url|sitemap)[\s>]/i);
  for (const part of parts) {
    const loc = part.match(/<(?:[\w-]+:)?loc>\s*(?:<!\[CDATA\[)?([\s\S]*?)(?:\]\]>)?\s*<\/(?:[\w-]+:)?loc>/i);
    if (!loc) continue;
    const lastmod = part.match(/<(?:[\w-]+:)?lastmod>\s*([^<]*?)\s*<\/(?:[\w-]+:)?lastmod>/i);
    entries.push({ url: decodeXmlEntities(loc[1].trim()), lastmod: lastmod?.[1] || null });
  }
  return { entries, isIndex };
}

async function fetchXml(url: string, fetcher: SafeFetcher, signal?: AbortSignal): Promise<string | null> {
  try {
    const res = await fetcher.fetch(url, { signal });
    if (res.status < 200 || res.status >= 300 || !res.body) return null;
    // cap the inflated size too: a tiny .xml.gz can expand without bound
    const body = res.body[0] === 0x1f && res.body[1] === 0x8b ? gunzipSync(res.body, { maxOutputLength: 20 * 1024 * 1024 }) : res.body;
    return body.toString('utf8');
  } catch (err) {
    if (err instanceof FetchError && err.code === 'aborted') throw err;
    return null;
  }
}

function decodeXmlEntities(s: string) {
  return s
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&#(\d+);/g, (_, n) => String.fromCodePoint(Number(n)))
    .replace(/&#x([0-9a-f]+);/gi, (_, n) => String.fromCodePoint(parseInt(n, 16)))
    .replace(/&amp;/g, '&');
}
