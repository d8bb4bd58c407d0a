import { describe, expect, it } from 'vitest';
import { client } from '../../../test/helpers';

const loginPage = (query: { returnTo?: string; mode?: string }) => client.api.login.$get({ query });

describe('GET /api/login', () => {
  it('mode=signup opens the sign-up form', async () => {
    const res = await loginPage({ mode: 'signup' });
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/login?mode=signup');
  });

  it('keeps a safe returnTo next to the mode and drops an unsafe one', async () => {
    expect((await loginPage({ mode: 'signup', returnTo: '/subscription' })).headers.get('location')).toBe('/login?mode=signup&returnTo=%2Fsubscription');
    expect((await loginPage({ mode: 'signup', returnTo: '//evil.example' })).headers.get('location')).toBe('/login?mode=signup');
    expect((await loginPage({ mode: 'signup', returnTo: 'https://evil.example/' })).headers.get('location')).toBe('/login?mode=signup');
  });

  it('ignores any other mode: the sign-in form', async () => {
    expect((await loginPage({ mode: 'admin' })).headers.get('location')).toBe('/login');
    expect((await loginPage({})).headers.get('location')).toBe('/login');
    expect((await loginPage({ returnTo: '/dashboard' })).headers.get('location')).toBe('/login?returnTo=%2Fdashboard');
  });
});
