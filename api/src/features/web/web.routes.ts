import { serveStatic } from '@hono/node-server/serve-static';
import { Hono, type Context, type MiddlewareHandler } from 'hono';
import { etag } from 'hono/etag';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { env } from '../../env';
import { DASHBOARD_DIST, SDK_DIST, UPLOADS_DIR } from '../../lib/paths';
import { withLandingStructuredData } from './landingStructuredData';

/** Files sites link by a fixed name: cached briefly, then revalidated. */
const SHORT_CACHE = 'public, max-age=300';

/**
 * Everything that is not the API: the widget bundles, uploaded files and the dashboard
 * single-page app (any unknown non-API path gets index.html; the app shows its own 404).
 * The landing page's index.html also carries its structured data (JSON-LD).
 */
export const webRoutes = new Hono()
  // Unknown API paths must stay JSON, never fall through to the app's index.html.
  .all('/api/*', (c) => c.json({ message: `No API route for ${c.req.method} ${c.req.path}` }, 404))
  // The widget: the loader and element.js keep their names (sites link them), so they are cached
  // briefly and revalidated by ETag; the full widget's files carry a content hash and are cached
  // for a year. All are sent precompressed (brotli or gzip, written by the build).
  .use('/embed.js', etag(), withHeaders({ 'Cache-Control': SHORT_CACHE, 'Access-Control-Allow-Origin': '*' }))
  .get('/embed.js', lazyStatic({ root: rel(SDK_DIST), path: 'embed.js', precompressed: true }))
  .use('/widget-assets/chunks/*', withHeaders({ 'Cache-Control': 'public, max-age=31536000, immutable', 'Access-Control-Allow-Origin': '*' }))
  .use('/widget-assets/*', etag(), withHeaders({ 'Cache-Control': SHORT_CACHE, 'Access-Control-Allow-Origin': '*' }))
  .get('/widget-assets/*', lazyStatic({ root: rel(SDK_DIST), precompressed: true, rewriteRequestPath: (p) => p.replace(/^\/widget-assets/, '') }))
  .use('/uploads/*', withHeaders({ 'Cache-Control': 'public, max-age=86400', 'X-Content-Type-Options': 'nosniff' }))
  .get('/uploads/*', lazyStatic({ root: rel(UPLOADS_DIR), rewriteRequestPath: (p) => p.replace(/^\/uploads/, '') }))
  // A removed upload is gone, not a page of the app.
  .get('/uploads/*', (c) => c.text('Not found', 404))
  .use('/assets/*', withHeaders({ 'Cache-Control': 'public, max-age=31536000, immutable' }))
  .get('/assets/*', lazyStatic({ root: rel(DASHBOARD_DIST) }))
  // Before the static files, which would answer `/` with the plain index.html.
  .get('/', async (c) => {
    const html = dashboardIndex();
    return html ? c.html(await withLandingStructuredData(html, c.req.url), 200) : notBuilt(c);
  })
  .get('*', lazyStatic({ root: rel(DASHBOARD_DIST) }))
  .get('*', (c) => {
    const html = dashboardIndex();
    return html ? c.html(html, 200) : notBuilt(c);
  });

const notBuilt = (c: Context) => c.text('The dashboard is not built yet. Run `npm run build` (npm start does it for you).', 503);

let cachedIndex: string | null = null;
/** index.html is read once in production; in development a rebuild should show up. */
function dashboardIndex(): string | null {
  if (cachedIndex && env.NODE_ENV === 'production') return cachedIndex;
  const file = path.join(DASHBOARD_DIST, 'index.html');
  cachedIndex = existsSync(file) ? readFileSync(file, 'utf8') : null;
  return cachedIndex;
}

/** serveStatic checks its folder when created; build output may appear after the server starts. */
function lazyStatic(options: Parameters<typeof serveStatic>[0]): MiddlewareHandler {
  let handler: MiddlewareHandler | null = null;
  return (c, next) => {
    if (!existsSync(path.resolve(options?.root ?? '.'))) return next();
    handler ??= serveStatic(options ?? {});
    return handler(c, next);
  };
}

/** Sets `headers` on the response; of two matching routes, the one registered first has the last word. */
function withHeaders(headers: Record<string, string>): MiddlewareHandler {
  return async (c, next) => {
    await next();
    for (const [k, v] of Object.entries(headers)) c.header(k, v);
  };
}

/** serveStatic wants a path relative to the working directory. */
function rel(dir: string) {
  return path.relative(process.cwd(), dir) || '.';
}
