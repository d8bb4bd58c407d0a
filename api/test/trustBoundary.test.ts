import { describe, expect, it } from 'vitest';
import { Hono } from 'hono';
import { testClient } from 'hono/testing';

const { app, ownerApi, publicApi, siteApi } = await import('../src/app');
const { securityHeaders } = await import('../src/middleware/securityHeaders');
const { createSessionId } = await import('@parley/contracts');
const { client, createUserAndCookie, errorOf, newBot, withCookie } = await import('./helpers');

type Route = { method: string; path: string };
/** Every real route of a trust zone (not the middleware entries). */
const routesOf = (zone: { routes: Route[] }) => {
  const seen = new Set<string>();
  return zone.routes.filter((r) => r.method !== 'ALL' && r.method !== 'OPTIONS' && !seen.has(`${r.method} ${r.path}`) && seen.add(`${r.method} ${r.path}`));
};
/** A concrete URL for a route pattern: sample values for its parameters. */
const sample = (path: string, values: Record<string, string> = {}) =>
  `/api${path.replace(/:(\w+)(\{[^}]*\})?/g, (_, name: string) => values[name] ?? (name === 'sessionId' ? createSessionId() : '00000000-0000-4000-8000-000000000000'))}`;

// The route sweeps below send raw requests: they walk each zone's route list at run time, which
// a typed call (one route fixed at compile time) cannot do.

describe('the API is split by trust level (app.ts)', () => {
  it('puts every owner route behind sign-in: without the cookie each answers 401', async () => {
    const routes = routesOf(ownerApi);
    expect(routes.length).toBeGreaterThan(15);
    for (const r of routes) {
      const res = await app.request(sample(r.path), { method: r.method, headers: { 'content-type': 'application/json' }, body: r.method === 'GET' ? undefined : '{}' });
      expect(res.status, `${r.method} ${r.path}`).toBe(401);
    }
  });

  it('puts every owner and account route behind the origin check: a cross-site write is refused', async () => {
    const { cookie } = await createUserAndCookie();
    for (const r of [...routesOf(ownerApi), ...routesOf(siteApi)].filter((x) => x.method !== 'GET')) {
      const res = await app.request(sample(r.path), {
        method: r.method,
        headers: { cookie, origin: 'https://evil.example', 'content-type': 'application/json' },
        body: '{}',
      });
      expect(res.status, `${r.method} ${r.path}`).toBe(403);
      expect((await errorOf(res)).message).toBe('Cross-origin request refused');
    }
  });

  it('keeps cookies out of the visitor API: no credentialed CORS, no cookie set, no owner route reached', async () => {
    const owner = await createUserAndCookie();
    const bot = await newBot(owner.cookie);
    const sessionId = createSessionId();
    const routes = routesOf(publicApi);
    expect(routes.map((r) => `${r.method} ${r.path}`)).toEqual(
      expect.arrayContaining(['POST /chat/session', 'GET /chat/:sessionId/messages', 'POST /chat/:sessionId/messages/stream', 'GET /public/chatbots/:ref']),
    );
    for (const r of routes) {
      const url = sample(r.path, { sessionId, ref: bot.guid });
      const body = r.method === 'GET' ? undefined : JSON.stringify({ sessionId, chatbotConfigId: bot.guid, content: 'hi' });
      const res = await app.request(url, { method: r.method, headers: { origin: 'https://shop.example', cookie: owner.cookie, 'content-type': 'application/json' }, body });
      await res.text();
      expect(res.status, `${r.method} ${r.path}`).not.toBe(401);
      expect(res.headers.get('access-control-allow-origin'), `${r.method} ${r.path}`).toBe('*');
      expect(res.headers.get('access-control-allow-credentials'), `${r.method} ${r.path}`).toBeNull();
      expect(res.headers.get('set-cookie'), `${r.method} ${r.path}`).toBeNull();
      const preflight = await app.request(url, { method: 'OPTIONS', headers: { origin: 'https://shop.example', 'access-control-request-method': r.method } });
      expect(preflight.status, `OPTIONS ${r.path}`).toBe(204);
      expect(preflight.headers.get('access-control-allow-credentials')).toBeNull();
    }
    // Owner routes never answer with the visitor CORS headers.
    const owned = await client.api.chat.conversations.count.$get(undefined, withCookie(owner.cookie, { origin: 'https://shop.example' }));
    expect(owned.status).toBe(200);
    expect(owned.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('still answers JSON 404 for unknown API paths', async () => {
    // Raw: these paths belong to no route, so the typed client has no call for them.
    for (const path of ['/api/nope', '/api/chat/x/y/z/w', '/api/chatbots/a/b/c/d/e']) {
      const res = await app.request(path);
      expect(res.status, path).toBe(404);
      expect((await errorOf(res)).message).toMatch(/^No API route for GET/);
    }
  });
});

describe('security headers', () => {
  it('forbids framing and sniffing on the API and owner pages, but not on the iframe widget page', async () => {
    const { cookie, user } = await createUserAndCookie();
    const res = await client.api.auth.user.$get(undefined, withCookie(cookie));
    expect(res.headers.get('x-frame-options')).toBe('DENY');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(res.headers.get('content-security-policy')).toBe("default-src 'none'; frame-ancestors 'none'");
    const bot = await newBot(cookie);
    const widget = await client.widget[':userId'][':guid'].$get({ param: { userId: user.id, guid: bot.guid } });
    expect(widget.headers.get('x-frame-options')).toBeNull();
    expect(widget.headers.get('content-security-policy')).toBe('frame-ancestors *');
    expect(widget.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it("gives HTML pages a CSP that allows exactly their own inline scripts", async () => {
    const inline = "document.documentElement.classList.add('dark');";
    const page = new Hono()
      .use(securityHeaders)
      .get('/dashboard', (c) => c.html(`<!doctype html><script>${inline}</script><script type="module" src="/assets/a.js"></script>`))
      .get('/widget', (c) => c.html('<!doctype html><div id="root"></div>'));
    const pages = testClient(page);
    const res = await pages.dashboard.$get();
    const csp = res.headers.get('content-security-policy')!;
    const { createHash } = await import('node:crypto');
    const hash = createHash('sha256').update(inline).digest('base64');
    expect(csp).toContain(`script-src 'self' 'sha256-${hash}'`);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(res.headers.get('x-frame-options')).toBe('DENY');
    // The app's /widget route has an embedded (iframe) mode.
    const frame = await pages.widget.$get();
    expect(frame.headers.get('x-frame-options')).toBeNull();
    expect(frame.headers.get('content-security-policy')).toContain('frame-ancestors *');
  });
});
