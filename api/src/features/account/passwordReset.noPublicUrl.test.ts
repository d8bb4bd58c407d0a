import { afterAll, describe, expect, it } from 'vitest';
import { startLocalSmtp } from '../../../test/localSmtp';

// Mail works, but PUBLIC_URL is unset (api/test/setup.ts cleared it): the server cannot know
// its own address, and a link built from the request would trust the Host header.
const smtp = await startLocalSmtp();
process.env.SMTP_URL = smtp.url;
const { client, createUserAndCookie, ensureStarted, errorOf, withCookie } = await import('../../../test/helpers');
const { db } = await import('../../db/client');
const { passwordResetTokens, users } = await import('../../db/schema');
const { count, eq } = await import('drizzle-orm');

const { admin, auth } = client.api;

afterAll(() => smtp.close());

describe('password reset with mail but without PUBLIC_URL', () => {
  it('offers no reset by email, answers forgot-password with 503 and mails nothing', async () => {
    await ensureStarted();
    expect(await (await auth.options.$get()).json()).toEqual({ passwordResetByEmail: false });
    const { email, user } = await createUserAndCookie();
    const res = await auth['forgot-password'].$post({ json: { email } });
    expect(res.status).toBe(503);
    expect(await errorOf(res)).toEqual({
      message: 'Password reset by email is not available on this server. Ask your administrator to reset your password.',
    });
    await new Promise((r) => setTimeout(r, 300));
    expect(smtp.received).toEqual([]);
    expect(await db.select({ n: count() }).from(passwordResetTokens).where(eq(passwordResetTokens.userId, user.id))).toEqual([{ n: 0 }]);
  });

  it("still gives an admin a link, on the admin's own request origin", async () => {
    const adminUser = await createUserAndCookie();
    await db.update(users).set({ isAdmin: true }).where(eq(users.id, adminUser.user.id));
    const owner = await createUserAndCookie();
    const res = await admin.users['reset-link'].$post({ json: { email: owner.email } }, withCookie(adminUser.cookie));
    expect(res.status).toBe(200);
    expect((await res.json()).resetUrl).toMatch(/^http:\/\/localhost\/reset-password\?token=[\w-]{43}$/);
  });
});
