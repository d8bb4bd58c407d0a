/**
 * The de-duplication key of a URL: what two links must share to be the same page.
 * Lower-cases scheme and host, drops default ports, fragments, tracking parameters and
 * the trailing slash (except the root), and sorts the remaining query parameters.
 * Returns null for anything that is not an http(s) URL.
 */
export function normalizeUrl(input: string, base?: string | URL): string | null {
  const url = cleanUrl(input, base);
  if (!url) return null;
  if (url.pathname.length > 1 && url.pathname.endsWith('/')) url.pathname = url.pathname.replace(/\/+$/, '');
  url.searchParams.sort();
  return url.href;
}

/**
 * The URL to request: like the key but keeping the path exactly as linked (some servers
 * answer "/docs/" and "/docs" differently) and without fragments and tracking parameters.
 */
export function cleanUrl(input: string, base?: string | URL): URL | null {
  let url: URL;
  try {
    url = new URL(input.trim(), base);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  url.hash = '';
  url.username = '';
  url.password = '';
  // the WHATWG parser already lower-cases the host and drops default ports
  for (const key of [...url.searchParams.keys()]) {
    if (isTrackingParam(key)) url.searchParams.delete(key);
  }
  if ([...url.searchParams.keys()].length === 0) url.search = '';
  url.pathname = url.pathname.replace(/\/{2,}/g, '/');
  return url;
}

/** Same site: same host, ignoring scheme and a leading "www.". */
export function isSameSite(a: string | URL, b: string | URL): boolean {
  return siteHost(a) === siteHost(b);
}

function siteHost(u: string | URL): string {
  return new URL(u).hostname.toLowerCase().replace(/^www\./, '');
}

const TRACKING = new Set([
  'gclid', 'gclsrc', 'dclid', 'gbraid', 'wbraid', 'fbclid', 'msclkid', 'yclid', 'twclid', 'ttclid', 'igshid',
  'mc_cid', 'mc_eid', '_ga', '_gl', '_hsenc', '_hsmi', 'mkt_tok', 'ref_src', 'vero_id', 'oly_anon_id', 'oly_enc_id',
  'rb_clickid', 's_cid',
]);

function isTrackingParam(key: string) {
  const k = key.toLowerCase();
  return k.startsWith('utm_') || k.startsWith('pk_') || k.startsWith('mtm_') || TRACKING.has(k);
}
