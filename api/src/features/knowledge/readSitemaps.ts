import { gunzipSync } from 'node:zlib';
import { FetchError, type SafeFetcher } from './safeFetcher';

/**
 * Page URLs listed in a site's sitemaps (urlset and sitemap-index files, gzipped or not),
 * in the order listed. Missing or broken sitemaps are simply empty: they only seed the
 * crawl, links still lead everywhere else.
 */
export async function readSitemaps(
  sitemapUrls: string[],
  fetcher: SafeFetcher,
  opts: { maxUrls: number; maxFiles?: number; signal?: AbortSignal },
): Promise<string[]> {
  const maxFiles = opts.maxFiles ?? 10;
  const queue = [...new Set(sitemapUrls)];
  const seenFiles = new Set<string>();
  const pages: string[] = [];
  while (queue.length > 0 && seenFiles.size < maxFiles && pages.length < opts.maxUrls) {
    const url = queue.shift()!;
    if (seenFiles.has(url)) continue;
    seenFiles.add(url);
    const xml = await fetchXml(url, fetcher, opts.signal);
    if (!xml) continue;
    const { locs, isIndex } = parseSitemap(xml);
    if (isIndex) queue.push(...locs);
    else pages.push(...locs.slice(0, opts.maxUrls - pages.length));
  }
  return pages;
}

/** The <loc> values of a sitemap and whether it is a sitemap index. */
function parseSitemap(xml: string): { locs: string[]; isIndex: boolean } {
  const isIndex = /<(?:[\w-]+:)?sitemapindex[\s>]/i.test(xml);
  const locs: string[] = [];
  for (const m of xml.matchAll(/<(?:[\w-]+:)?loc>\s*(?:<!\[CDATA\[)?([\s\S]*?)(?:\]\]>)?\s*<\/(?:[\w-]+:)?loc>/gi)) {
    locs.push(decodeXmlEntities(m[1].trim()));
  }
  return { locs, isIndex };
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
