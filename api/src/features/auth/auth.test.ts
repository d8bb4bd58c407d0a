import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';

// One trusted proxy, so each test can speak from its own client address via X-Forwarded-For.
// Requests without the header come from 'local' (app.request has no socket), like the helpers'.
process.env.TRUST_PROXY = '1';
process.env.REGISTER_RATE_LIMIT_PER_HOUR = '3';
const { app } = await import('../../app');
const { client, createUserAndCookie, ensureStarted, errorOf, validationErrorOf, withCookie } = await import('../../../test/helpers');
const { loginLimiter, registerLimiter } = await import('./auth.routes');
const { signInGuard } = await import('./signinGuard');
const { db } = await import('../../db/client');
const { authSessions, users } = await import('../../db/schema');

const from = (ip: string, extra: Record<string, string> = {}) => ({ 'x-forwarded-for': ip, ...extra });
const sessionOf = (res: { headers: Headers }) => res.headers.get('set-cookie')!.split(';')[0]!;

const register = (json: { email: string; password: string; firstName?: string; lastName?: string }, headers: Record<string, string> = {}) =>
  client.api.auth.register.$post({ json }, { headers });
const login = (json: { email: string; password: string }, headers: Record<string, string> = {}) => client.api.auth.login.$post({ json }, { headers });
const currentUser = (cookie?: string) => client.api.auth.user.$get(undefined, cookie ? withCookie(cookie) : {});
const adminStatus = (cookie?: string) => client.api.auth['admin-status'].$get(undefined, cookie ? withCookie(cookie) : {});

beforeEach(async () => {
  await loginLimiter.reset();
  await registerLimiter.reset();
  await signInGuard.reset();
});

describe('accounts', () => {
  it('registers, answers the user without secrets, and makes the first account admin', async () => {
    await ensureStarted();
    const res = await register({ email: 'First@Example.com', password: 'longenough1', firstName: 'Ada', lastName: 'Lovelace' });
    expect(res.status).toBe(201);
    const cookie = res.headers.get('set-cookie')!;
    expect(cookie).toMatch(/parley_session=/);
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    // Plain http and no PUBLIC_URL: a Secure cookie would never come back.
    expect(cookie).not.toMatch(/Secure/i);
    const user = await res.json();
    expect(user).toMatchObject({ email: 'first@example.com', firstName: 'Ada', lastName: 'Lovelace', profileImageUrl: null });
    expect(JSON.stringify(user)).not.toMatch(/scrypt|password/i);

    const session = cookie.split(';')[0]!;
    const me = await currentUser(session);
    expect(me.status).toBe(200);
    expect(Object.keys(await me.json()).sort()).toEqual(['createdAt', 'email', 'firstName', 'id', 'lastName', 'profileImageUrl']);
    expect(await (await adminStatus(session)).json()).toEqual({ isAdmin: true });

    const second = await createUserAndCookie();
    expect(await (await adminStatus(second.cookie)).json()).toEqual({ isAdmin: false });
  });

  it('rejects bad registrations with clear messages', async () => {
    const short = await register({ email: 'a@b.co', password: 'short' });
    expect(short.status).toBe(400);
    expect(await validationErrorOf(short)).toMatchObject({
      message: 'Password must be at least 8 characters',
      details: { fieldErrors: { password: ['Password must be at least 8 characters'] } },
    });
    const badEmail = await register({ email: 'nope', password: 'longenough1' });
    expect(badEmail.status).toBe(400);
    expect((await validationErrorOf(badEmail)).message).toBe('Please enter a valid email address');

    const { email } = await createUserAndCookie();
    const dup = await register({ email, password: 'longenough1' });
    expect(dup.status).toBe(409);
    expect((await errorOf(dup)).message).toBe('An account with this email already exists');

    // Raw request: a truncated JSON text is something the typed client can never send.
    const malformed = await app.request('/api/auth/login', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"email":' });
    expect(malformed.status).toBe(400);
    expect((await errorOf(malformed)).message).toMatch(/JSON/);
  });

  it('refuses common and one-character passwords, and accepts a strong one', async () => {
    const common = 'This password is too common. Choose one that is harder to guess.';
    const repeated = 'A password cannot be one character repeated.';
    const cases: [string, string][] = [
      ['password123', common],
      ['iloveyou1', common],
      ['PassWord123', common], // the list is compared case-insensitively
      ['qwertyuiop', common],
      ['aaaaaaaa', repeated],
      ['11111111', repeated],
      ['ZZZZZZZZZZZZ', repeated],
    ];
    for (const [password, message] of cases) {
      const res = await register({ email: `weak-${crypto.randomUUID()}@example.com`, password });
      expect(res.status, password).toBe(400);
      expect(await validationErrorOf(res), password).toEqual({ message, details: { fieldErrors: { password: [message] }, formErrors: [] } });
    }
    // Too short and repeated: one message, the length rule.
    const aaaa = await register({ email: 'aaaa@example.com', password: 'aaaa' });
    expect((await validationErrorOf(aaaa)).details.fieldErrors.password).toEqual(['Password must be at least 8 characters']);

    const strong = await register({ email: 'strong@example.com', password: 'Tr0ub4dor & a river' });
    expect(strong.status).toBe(201);
  });

  it('signs in with the right password only, and signs out', async () => {
    const { email } = await createUserAndCookie({ password: 'the right one' });
    const wrong = await login({ email, password: 'the wrong one' });
    expect(wrong.status).toBe(401);
    expect(await errorOf(wrong)).toEqual({ message: 'Invalid email or password' });

    const ok = await login({ email: email.toUpperCase(), password: 'the right one' });
    expect(ok.status).toBe(200);
    const cookie = sessionOf(ok);
    expect((await currentUser(cookie)).status).toBe(200);
    const sessionsOf = async () => {
      const [user] = await db.select().from(users).where(eq(users.email, email));
      return db.select().from(authSessions).where(eq(authSessions.userId, user!.id));
    };
    // Registration and this sign-in: two sessions, stored as hashes only.
    const sessions = await sessionsOf();
    expect(sessions).toHaveLength(2);
    expect(sessions.map((s) => s.id)).not.toContain(cookie.split('=')[1]);

    const out = await client.api.logout.$get(undefined, withCookie(cookie));
    expect(out.status).toBe(302);
    expect(out.headers.get('location')).toBe('/');
    const after = await currentUser(cookie);
    expect(after.status).toBe(401);
    expect(await errorOf(after)).toEqual({ message: 'Unauthorized' });
    expect(await sessionsOf()).toHaveLength(1);
  });

  it('answers 401 when signed out and sends /api/login to the sign-in page', async () => {
    expect((await currentUser()).status).toBe(401);
    expect((await adminStatus()).status).toBe(401);
    const signInPage = await client.api.login.$get({ query: { returnTo: '/dashboard' } });
    expect(signInPage.status).toBe(302);
    expect(signInPage.headers.get('location')).toBe('/login?returnTo=%2Fdashboard');
    const evil = await client.api.login.$get({ query: { returnTo: '//evil.example' } });
    expect(evil.headers.get('location')).toBe('/login');
  });

  it('refuses state-changing owner requests from another origin', async () => {
    const { cookie } = await createUserAndCookie();
    const res = await client.api.chatbots.$post(
      { json: { guid: crypto.randomUUID(), name: 'x', systemPrompt: 'y', model: 'gpt-4.1' } },
      withCookie(cookie, { origin: 'https://evil.example' }),
    );
    expect(res.status).toBe(403);
    expect((await errorOf(res)).message).toBe('Cross-origin request refused');
    const sameOrigin = await client.api.chatbots.$post(
      { json: { guid: crypto.randomUUID(), name: 'x', systemPrompt: 'y', model: 'gpt-4.1' } },
      withCookie(cookie, { origin: 'http://localhost', host: 'localhost' }),
    );
    expect(sameOrigin.status).toBe(201);
  });
});

describe('sign-in limits', () => {
  it('locks out the guessing address, not the owner signing in from elsewhere', async () => {
    await createUserAndCookie({ email: 'victim@example.com', password: 'owner knows this one' });
    const attacker = '203.0.113.7';
    const statuses: number[] = [];
    let last: Awaited<ReturnType<typeof login>> | undefined;
    for (let i = 0; i < 30; i++) {
      last = await login({ email: 'victim@example.com', password: `guess ${i}` }, from(attacker));
      statuses.push(last.status);
    }
    // Five wrong passwords from one address, then that address is locked out for this email.
    expect(statuses.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    expect(statuses.slice(5).every((s) => s === 429)).toBe(true);
    expect(Number(last!.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await errorOf(last!)).message).toMatch(/^Too many (failed )?sign-in attempts/);

    // The owner, from another address, still gets in; the failures only slowed the answer.
    const started = Date.now();
    const owner = await login({ email: 'victim@example.com', password: 'owner knows this one' }, from('198.51.100.20'));
    expect(owner.status).toBe(200);
    expect(Date.now() - started).toBeGreaterThanOrEqual(400);
    expect((await currentUser(sessionOf(owner))).status).toBe(200);
  });

  it('answers a locked pair 429 with Retry-After even for the right password', async () => {
    await createUserAndCookie({ email: 'locked@example.com', password: 'owner knows this one' });
    for (let i = 0; i < 5; i++) {
      const res = await login({ email: 'locked@example.com', password: `guess ${i}` }, from('203.0.113.8'));
      expect(res.status).toBe(401);
    }
    const locked = await login({ email: 'locked@example.com', password: 'owner knows this one' }, from('203.0.113.8'));
    expect(locked.status).toBe(429);
    expect(locked.headers.get('retry-after')).toBe('300');
    expect(await errorOf(locked)).toEqual({
      message: 'Too many failed sign-in attempts for this account. Please wait 5 minutes and try again.',
      details: { retryAfterSeconds: 300 },
    });
    // Another account from the same address is not locked.
    const { email } = await createUserAndCookie({ password: 'another good one' });
    expect((await login({ email, password: 'another good one' }, from('203.0.113.8'))).status).toBe(200);
  });

  it('limits every sign-in attempt per client address', async () => {
    const statuses: number[] = [];
    let last: Awaited<ReturnType<typeof login>> | undefined;
    for (let i = 0; i < 11; i++) {
      last = await login({ email: `nobody${i}@example.com`, password: 'whatever it is' }, from('203.0.113.9'));
      statuses.push(last.status);
    }
    expect(statuses.slice(0, 10).every((s) => s === 401)).toBe(true);
    expect(statuses[10]).toBe(429);
    expect(last!.headers.get('retry-after')).toMatch(/^\d+$/);
    expect((await errorOf(last!)).message).toBe('Too many sign-in attempts from your network. Please wait a minute and try again.');
    // Another address is unaffected.
    expect((await login({ email: 'nobody0@example.com', password: 'x' }, from('203.0.113.10'))).status).toBe(401);
  });
});

describe('registration limit', () => {
  it('allows REGISTER_RATE_LIMIT_PER_HOUR registrations per address, then answers 429', async () => {
    await ensureStarted();
    const registerFrom = (ip: string) => register({ email: `reg-${crypto.randomUUID()}@example.com`, password: 'a fine password' }, from(ip));
    for (let i = 0; i < 3; i++) expect((await registerFrom('192.0.2.50')).status).toBe(201);
    const refused = await registerFrom('192.0.2.50');
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(3000);
    expect(await errorOf(refused)).toMatchObject({ message: expect.stringMatching(/^Too many accounts created from your network\. Please wait \d+ minutes? and try again\.$/) });
    expect((await registerFrom('192.0.2.51')).status).toBe(201);
    // An IPv6 client is counted by its /64, so it cannot rotate through its own network.
    for (let i = 1; i <= 3; i++) expect((await registerFrom(`2001:db8:1:2::${i}`)).status).toBe(201);
    expect((await registerFrom('2001:db8:1:2:ffff::9')).status).toBe(429);
  });
});

describe('session cookie', () => {
  it('is Secure when a trusted proxy reports https', async () => {
    const { email } = await createUserAndCookie({ password: 'behind a proxy' });
    const res = await login({ email, password: 'behind a proxy' }, from('192.0.2.60', { 'x-forwarded-proto': 'https' }));
    expect(res.status).toBe(200);
    expect(res.headers.get('set-cookie')).toMatch(/;\s*Secure/i);
    const out = await client.api.logout.$get(undefined, withCookie(sessionOf(res), from('192.0.2.60', { 'x-forwarded-proto': 'https' })));
    expect(out.headers.get('set-cookie')).toMatch(/parley_session=;.*Secure/i);

    const plain = await login({ email, password: 'behind a proxy' }, from('192.0.2.60'));
    expect(plain.headers.get('set-cookie')).not.toMatch(/Secure/i);
  });
});

describe('sign-out', () => {
  async function signedIn() {
    const { cookie } = await createUserAndCookie();
    expect((await currentUser(cookie)).status).toBe(200);
    return cookie;
  }

  it('asks instead of signing out when another site sends the browser to GET /api/logout', async () => {
    for (const site of ['cross-site', 'same-site']) {
      const cookie = await signedIn();
      const res = await client.api.logout.$get(undefined, withCookie(cookie, { 'sec-fetch-site': site, 'sec-fetch-mode': 'navigate' }));
      expect(res.status, site).toBe(200);
      expect(res.headers.get('cache-control')).toBe('no-store');
      expect(res.headers.get('content-type')).toMatch(/^text\/html/);
      expect(res.headers.get('set-cookie')).toBeNull();
      const html = await res.text();
      expect(html).toContain('<title>Sign out of Parley?</title>');
      expect(html).toMatch(/<form method="post" action="\/api\/logout"/);
      expect(html).toContain('<a href="/dashboard">Cancel</a>');
      expect((await currentUser(cookie)).status, site).toBe(200);
    }
  });

  it('signs out on a same-origin or typed-in GET /api/logout', async () => {
    for (const site of ['same-origin', 'none']) {
      const cookie = await signedIn();
      const res = await client.api.logout.$get(undefined, withCookie(cookie, { 'sec-fetch-site': site }));
      expect(res.status, site).toBe(302);
      expect(res.headers.get('location')).toBe('/');
      expect(res.headers.get('set-cookie')).toMatch(/parley_session=;/);
      expect((await currentUser(cookie)).status, site).toBe(401);
    }
  });

  it('signs out on POST /api/logout from the confirm page, and refuses it from another origin', async () => {
    const cookie = await signedIn();
    const foreign = await client.api.logout.$post(undefined, withCookie(cookie, { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' }));
    expect(foreign.status).toBe(403);
    expect((await currentUser(cookie)).status).toBe(200);

    const res = await client.api.logout.$post(undefined, withCookie(cookie, { origin: 'http://localhost', host: 'localhost', 'sec-fetch-site': 'same-origin' }));
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/');
    expect((await currentUser(cookie)).status).toBe(401);
  });
});
