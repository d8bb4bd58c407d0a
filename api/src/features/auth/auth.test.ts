import { describe, expect, it } from 'vitest';
import { app } from '../../app';
import { api, createUserAndCookie, ensureStarted } from '../../../test/helpers';
import { loginLimiter } from './auth.routes';

describe('accounts', () => {
  it('registers, answers the user without secrets, and makes the first account admin', async () => {
    await ensureStarted();
    const res = await api('/api/auth/register', {
      body: { email: 'First@Example.com', password: 'longenough1', firstName: 'Ada', lastName: 'Lovelace' },
    });
    expect(res.status).toBe(201);
    const cookie = res.headers.get('set-cookie')!;
    expect(cookie).toMatch(/parley_session=/);
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    const user = await res.json();
    expect(user).toMatchObject({ email: 'first@example.com', firstName: 'Ada', lastName: 'Lovelace', profileImageUrl: null });
    expect(JSON.stringify(user)).not.toMatch(/scrypt|password/i);

    const session = cookie.split(';')[0]!;
    const me = await api('/api/auth/user', { cookie: session });
    expect(me.status).toBe(200);
    expect(Object.keys(await me.json()).sort()).toEqual(['createdAt', 'email', 'firstName', 'id', 'lastName', 'profileImageUrl']);
    expect(await (await api('/api/auth/admin-status', { cookie: session })).json()).toEqual({ isAdmin: true });

    const second = await createUserAndCookie();
    expect(await (await api('/api/auth/admin-status', { cookie: second.cookie })).json()).toEqual({ isAdmin: false });
  });

  it('rejects bad registrations with clear messages', async () => {
    const short = await api('/api/auth/register', { body: { email: 'a@b.co', password: 'short' } });
    expect(short.status).toBe(400);
    expect(await short.json()).toMatchObject({
      message: 'Password must be at least 8 characters',
      details: { fieldErrors: { password: ['Password must be at least 8 characters'] } },
    });
    const badEmail = await api('/api/auth/register', { body: { email: 'nope', password: 'longenough1' } });
    expect(badEmail.status).toBe(400);
    expect((await badEmail.json()).message).toBe('Please enter a valid email address');

    const { email } = await createUserAndCookie();
    const dup = await api('/api/auth/register', { body: { email, password: 'longenough1' } });
    expect(dup.status).toBe(409);
    expect((await dup.json()).message).toBe('An account with this email already exists');

    const malformed = await app.request('/api/auth/login', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"email":' });
    expect(malformed.status).toBe(400);
    expect((await malformed.json()).message).toMatch(/JSON/);
  });

  it('signs in with the right password only, and signs out', async () => {
    const { email } = await createUserAndCookie({ password: 'the right one' });
    const wrong = await api('/api/auth/login', { body: { email, password: 'the wrong one' } });
    expect(wrong.status).toBe(401);
    expect(await wrong.json()).toEqual({ message: 'Invalid email or password' });

    const ok = await api('/api/auth/login', { body: { email: email.toUpperCase(), password: 'the right one' } });
    expect(ok.status).toBe(200);
    const cookie = ok.headers.get('set-cookie')!.split(';')[0]!;
    expect((await api('/api/auth/user', { cookie })).status).toBe(200);

    const out = await api('/api/logout', { cookie });
    expect(out.status).toBe(302);
    expect(out.headers.get('location')).toBe('/');
    const after = await api('/api/auth/user', { cookie });
    expect(after.status).toBe(401);
    expect(await after.json()).toEqual({ message: 'Unauthorized' });
  });

  it('answers 401 when signed out and sends /api/login to the sign-in page', async () => {
    expect((await api('/api/auth/user')).status).toBe(401);
    expect((await api('/api/auth/admin-status')).status).toBe(401);
    const login = await api('/api/login?returnTo=/dashboard');
    expect(login.status).toBe(302);
    expect(login.headers.get('location')).toBe('/login?returnTo=%2Fdashboard');
    const evil = await api('/api/login?returnTo=//evil.example');
    expect(evil.headers.get('location')).toBe('/login');
  });

  it('rate-limits sign-in attempts per email', async () => {
    loginLimiter.reset();
    const { email } = await createUserAndCookie();
    loginLimiter.reset();
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) statuses.push((await api('/api/auth/login', { body: { email, password: 'wrong password' } })).status);
    expect(statuses.slice(0, 10).every((s) => s === 401)).toBe(true);
    expect(statuses.slice(10)).toEqual([429, 429]);
    const limited = await api('/api/auth/login', { body: { email, password: 'wrong password' } });
    expect(limited.headers.get('retry-after')).toMatch(/^\d+$/);
    expect((await limited.json()).message).toMatch(/Too many sign-in attempts/);
    loginLimiter.reset();
  });

  it('refuses state-changing owner requests from another origin', async () => {
    const { cookie } = await createUserAndCookie();
    const res = await api('/api/chatbots', {
      cookie,
      headers: { origin: 'https://evil.example' },
      body: { guid: crypto.randomUUID(), name: 'x', systemPrompt: 'y', model: 'gpt-4.1' },
    });
    expect(res.status).toBe(403);
    expect((await res.json()).message).toBe('Cross-origin request refused');
    const sameOrigin = await api('/api/chatbots', {
      cookie,
      headers: { origin: 'http://localhost', host: 'localhost' },
      body: { guid: crypto.randomUUID(), name: 'x', systemPrompt: 'y', model: 'gpt-4.1' },
    });
    expect(sameOrigin.status).toBe(201);
  });
});
