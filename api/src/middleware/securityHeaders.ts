import { createHash } from 'node:crypto';
import { createMiddleware } from 'hono/factory';

/**
 * Headers every response carries: no MIME sniffing, a referrer policy, and no framing except
 * for the pages made to be framed (the iframe widget page sets its own per-bot
 * `frame-ancestors`; the dashboard's `/widget` and `/chat-widget` routes have an embedded
 * mode). HTML pages of the dashboard also get a Content-Security-Policy.
 */
export const securityHeaders = createMiddleware(async (c, next) => {
  await next();
  const path = c.req.path;
  const html = c.res.headers.get('Content-Type')?.startsWith('text/html') && !path.startsWith('/api/');
  // Pages are small; reading a copy lets the policy allow exactly the inline scripts they carry.
  // (Read before touching headers: the node server's response is rebuilt by the copy.)
  const body = html && c.req.method !== 'HEAD' ? await c.res.clone().text() : '';
  const headers = c.res.headers;
  headers.set('X-Content-Type-Options', 'nosniff');
  if (!headers.has('Referrer-Policy')) headers.set('Referrer-Policy', 'strict-origin-when-cross-origin');
  if (path.startsWith('/widget/')) return;
  const frameable = FRAMEABLE_APP_ROUTES.has(path.replace(/\/+$/, ''));
  if (!frameable) headers.set('X-Frame-Options', 'DENY');
  if (headers.has('Content-Security-Policy')) return;
  headers.set(
    'Content-Security-Policy',
    html ? dashboardCsp(inlineScriptHashes(body), frameable ? '*' : "'none'") : "default-src 'none'; frame-ancestors 'none'",
  );
});

const FRAMEABLE_APP_ROUTES = new Set(['/widget', '/chat-widget']);

/** CSP sources for the inline scripts of a page (the dashboard's theme script), by SHA-256. */
function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const match of html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/gi)) {
    hashes.add(`'sha256-${createHash('sha256').update(match[1]!).digest('base64')}'`);
  }
  return [...hashes];
}

/**
 * The dashboard's policy: its own scripts (and its hashed inline theme script) only; styles
 * inline too (the widget's shadow roots and React's style props); images from anywhere over
 * https (bot avatars may live on the owner's site); API calls to this origin only.
 */
function dashboardCsp(scriptHashes: string[], frameAncestors: string) {
  return [
    "default-src 'self'",
    ["script-src 'self'", ...scriptHashes].join(' '),
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob: https:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "frame-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    `frame-ancestors ${frameAncestors}`,
  ].join('; ');
}
