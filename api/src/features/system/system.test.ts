import { describe, expect, it } from 'vitest';

const { client, createUserAndCookie, withCookie } = await import('../../../test/helpers');

describe('GET /api/system/status', () => {
  it('tells a signed-in owner that no model and no mail server are configured', async () => {
    const { cookie } = await createUserAndCookie();
    const res = await client.api.system.status.$get(undefined, withCookie(cookie));
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ modelConfigured: false, emailConfigured: false });
  });

  it('answers 401 without a sign-in', async () => {
    const res = await client.api.system.status.$get();
    expect(res.status).toBe(401);
  });
});
