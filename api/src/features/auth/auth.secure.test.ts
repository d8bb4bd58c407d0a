import { describe, expect, it } from 'vitest';

// api/test/setup.ts clears PUBLIC_URL before each file; this file's own top level runs after it.
process.env.PUBLIC_URL = 'https://chat.example.com';
const { client, createUserAndCookie, withCookie } = await import('../../../test/helpers');

describe('session cookie behind an https PUBLIC_URL', () => {
  it('is Secure on registration, sign-in and sign-out, even when the hop to Parley is plain http', async () => {
    const { email } = await createUserAndCookie({ password: 'served over https' });
    const register = await client.api.auth.register.$post({ json: { email: `s-${crypto.randomUUID()}@example.com`, password: 'served over https' } });
    expect(register.headers.get('set-cookie')).toMatch(/;\s*Secure/i);

    const login = await client.api.auth.login.$post({ json: { email, password: 'served over https' } });
    expect(login.status).toBe(200);
    const cookie = login.headers.get('set-cookie')!;
    expect(cookie).toMatch(/^parley_session=[^;]+;/);
    expect(cookie).toMatch(/;\s*Secure/i);
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);

    const out = await client.api.logout.$get(undefined, withCookie(cookie.split(';')[0]!));
    expect(out.status).toBe(302);
    expect(out.headers.get('set-cookie')).toMatch(/parley_session=;.*Secure/i);
  });
});
