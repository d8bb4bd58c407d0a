/**
 * Resolves `url` against `base` and answers it only when it is http(s); anything else
 * (javascript:, data:, malformed) answers null so it never reaches an href or src.
 */
export function safeUrl(url: unknown, base?: string): string | null {
  if (typeof url !== 'string' || !url.trim()) return null;
  try {
    const fallback = typeof location !== 'undefined' ? location.href : 'http://localhost/';
    const resolved = new URL(url.trim(), base ? new URL(base, fallback) : fallback);
    return resolved.protocol === 'http:' || resolved.protocol === 'https:' ? resolved.href : null;
  } catch {
    return null;
  }
}
