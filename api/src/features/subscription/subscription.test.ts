import { describe, expect, it } from 'vitest';

const { client, createUserAndCookie, withCookie } = await import('../../../test/helpers');

const { subscription } = client.api;

describe('plan changes without online billing', () => {
  it('answers 503 with what to do on checkout, modify, resume and cancel, and leaves the plan alone', async () => {
    const { cookie } = await createUserAndCookie();
    const calls = [
      () => subscription['create-checkout-session'].$post(undefined, withCookie(cookie)),
      () => subscription.modify.$post(undefined, withCookie(cookie)),
      () => subscription.resume.$post(undefined, withCookie(cookie)),
      () => subscription.cancel.$post(undefined, withCookie(cookie)),
    ];
    for (const call of calls) {
      const res = await call();
      expect(res.status).toBe(503);
      expect(await res.json()).toEqual({
        message: 'Online billing is not set up on this server yet. To change your plan, contact us.',
        details: { reason: 'billing_unavailable' },
      });
    }
    const current = await (await subscription.current.$get(undefined, withCookie(cookie))).json();
    expect(current.plan.name).toBe('Free');
    expect(current.status).toBe('active');
  });

  it('needs a sign-in like every owner call', async () => {
    const res = await subscription['create-checkout-session'].$post();
    expect(res.status).toBe(401);
  });
});
