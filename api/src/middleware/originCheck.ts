import { createMiddleware } from 'hono/factory';
import { env } from '../env';
import { forbidden } from '../lib/errors';

const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Refuses state-changing owner requests sent from another site. SameSite=Lax already keeps
 * the cookie off most cross-site requests; this closes the rest (e.g. sibling subdomains).
 * Requests without an Origin header (curl, server-to-server) carry no ambient browser
 * credentials worth protecting, so they pass. Public chat routes are mounted outside it.
 */
export const originCheck = createMiddleware(async (c, next) => {
  if (!SAFE.has(c.req.method)) {
    const origin = c.req.header('origin');
    if (origin && origin !== 'null' && !isSameOrigin(origin, c.req.url, c.req.header('host'))) {
      throw forbidden('Cross-origin request refused', { origin });
    }
    if (origin === 'null') throw forbidden('Cross-origin request refused', { origin });
  }
  await next();
});

function isSameOrigin(origin: string, requestUrl: string, hostHeader: string | undefined) {
  let o: URL;
  try {
    o = new URL(origin);
  } catch {
    return false;
  }
  if (env.PUBLIC_URL && o.origin === new URL(env.PUBLIC_URL).origin) return true;
  const host = hostHeader ?? new URL(requestUrl).host;
  return o.host === host;
}
