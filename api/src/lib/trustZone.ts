import { Hono, type MiddlewareHandler } from 'hono';

/**
 * Puts `router` behind `guards` that run on exactly its own routes. Hono's `.use()` on a
 * mounted router would cover every path under its prefix, and `/api/chat/*` holds both visitor
 * and owner routes; guarding route by route keeps each trust level's middleware (CORS for
 * visitors, origin check and sign-in for owners) on its own routes, and applies it to every
 * route the router has or will have, so a new route cannot forget it.
 *
 * `preflight` also guards the `OPTIONS` request of each path (CORS preflights).
 */
// biome-ignore lint/suspicious/noExplicitAny: any router; the zone is typed by the router's own schema
export function trustZone<T extends Hono<any, any, any>>(router: T, guards: MiddlewareHandler[], options: { preflight?: boolean } = {}): T {
  const zone = new Hono();
  const preflighted = new Set<string>();
  for (const route of router.routes) {
    // `ALL` entries are the routers' own middleware; the guard runs before them anyway.
    if (route.method === 'ALL') continue;
    zone.on([route.method], [route.path], ...(guards as [MiddlewareHandler]));
    if (options.preflight && !preflighted.has(route.path)) {
      preflighted.add(route.path);
      zone.on(['OPTIONS'], [route.path], ...(guards as [MiddlewareHandler]));
    }
  }
  // Mounted at '/', the routes keep their paths: the router's own schema types the zone.
  return zone.route('/', router) as unknown as T;
}
