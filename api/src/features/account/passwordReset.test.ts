import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { startLocalSmtp, type ReceivedMail } from '../../../test/localSmtp';

const smtp = await startLocalSmtp();
process.env.SMTP_URL = smtp.url;
// Mailed links are built from PUBLIC_URL only; api/test/setup.ts cleared it before this line.
process.env.PUBLIC_URL = 'https://parley.example.com';
const { client, createUserAndCookie, ensureStarted, errorOf, withCookie } = await import('../../../test/helpers');
const { db } = await import('../../db/client');
const { emailOutbox, passwordResetTokens } = await import('../../db/schema');
const { count, eq, like } = await import('drizzle-orm');
const { resetMailLimiter } = await import('./passwordReset.service');
const { resetRequestLimiter } = await import('./account.routes');
const { loginLimiter } = await import('../auth/auth.routes');
const { signInGuard } = await import('../auth/signinGuard');
const { app } = await import('../../app');

const { auth } = client.api;
const GENERIC = 'If an account exists for this email address, we have sent it a link to reset the password. The link works for one hour.';

afterAll(() => smtp.close());
beforeEach(async () => {
  await resetMailLimiter.reset();
  await resetRequestLimiter.reset();
  await loginLimiter.reset();
  await signInGuard.reset();
});

const forgot = (email: string) => auth['forgot-password'].$post({ json: { email } });

/** The mail's text with quoted-printable soft breaks and escapes undone. */
function bodyOf(mail: ReceivedMail): string {
  return mail.raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
}

async function mailTo(address: string, count = 1): Promise<ReceivedMail[]> {
  await expect.poll(() => smtp.received.filter((m) => m.to.includes(address)).length, { timeout: 5000 }).toBe(count);
  return smtp.received.filter((m) => m.to.includes(address));
}

describe('forgot password with mail configured', () => {
  it('mails a one-hour link that resets the password once and signs out every session', async () => {
    await ensureStarted();
    expect(await (await auth.options.$get()).json()).toEqual({ passwordResetByEmail: true });
    const { cookie, email, user } = await createUserAndCookie({ password: 'lost my pass 1' });

    const res = await forgot(email.toUpperCase());
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ message: GENERIC });
    const [mail] = await mailTo(email);
    const body = bodyOf(mail!);
    expect(body).toContain('Subject: Reset your Parley password');
    const link = /https:\/\/parley\.example\.com\/reset-password\?token=([\w-]+)/.exec(body);
    expect(link).not.toBeNull();
    const token = link![1]!;

    const [row] = await db
      .select({ hash: passwordResetTokens.tokenHash, expiresAt: passwordResetTokens.expiresAt })
      .from(passwordResetTokens)
      .where(eq(passwordResetTokens.userId, user.id));
    expect(row!.hash).toMatch(/^[0-9a-f]{64}$/);
    expect(row!.hash).not.toContain(token);
    expect(row!.expiresAt.getTime() - Date.now()).toBeGreaterThan(59 * 60 * 1000);
    expect(row!.expiresAt.getTime() - Date.now()).toBeLessThanOrEqual(60 * 60 * 1000);
    // Delivered: the outbox keeps no copy of a working link.
    await expect.poll(() => db.select({ n: count() }).from(emailOutbox).where(like(emailOutbox.text, `%${token}%`))).toEqual([{ n: 0 }]);

    const reset = await auth['reset-password'].$post({ json: { token, newPassword: 'found a new one 2' } });
    expect(reset.status).toBe(200);
    expect((await auth.user.$get(undefined, withCookie(cookie))).status).toBe(401);
    expect((await auth.login.$post({ json: { email, password: 'lost my pass 1' } })).status).toBe(401);
    expect((await auth.login.$post({ json: { email, password: 'found a new one 2' } })).status).toBe(200);
    expect(await db.select({ usedAt: passwordResetTokens.usedAt }).from(passwordResetTokens).where(eq(passwordResetTokens.userId, user.id))).toEqual([
      { usedAt: expect.any(Date) },
    ]);

    const reused = await auth['reset-password'].$post({ json: { token, newPassword: 'yet another one 3' } });
    expect(reused.status).toBe(400);
    expect(await errorOf(reused)).toEqual({ message: 'This reset link is invalid or has expired.' });
  });

  it('answers an unknown address exactly like a known one and mails nobody', async () => {
    const { email } = await createUserAndCookie();
    const known = await forgot(email);
    const unknown = await forgot('nobody-here@example.com');
    expect([unknown.status, await unknown.json()]).toEqual([known.status, await known.json()]);
    await mailTo(email);
    await new Promise((r) => setTimeout(r, 300));
    expect(smtp.received.filter((m) => m.to.includes('nobody-here@example.com'))).toEqual([]);
  });

  it('mails an address at most three times an hour, answering the same way past the limit', async () => {
    const { email } = await createUserAndCookie();
    for (let i = 0; i < 5; i++) {
      const res = await forgot(email);
      expect([res.status, await res.json()]).toEqual([200, { message: GENERIC }]);
    }
    await mailTo(email, 3);
    await new Promise((r) => setTimeout(r, 300));
    expect(smtp.received.filter((m) => m.to.includes(email))).toHaveLength(3);
    // Each new mail replaced the link before it: only the last one works.
    const tokens = (await mailTo(email, 3)).map((m) => /reset-password\?token=([\w-]+)/.exec(bodyOf(m))![1]!);
    expect((await auth['reset-password'].$post({ json: { token: tokens[0]!, newPassword: 'fresh pass word 9' } })).status).toBe(400);
    expect((await auth['reset-password'].$post({ json: { token: tokens[2]!, newPassword: 'fresh pass word 9' } })).status).toBe(200);
  });

  it('builds the link from PUBLIC_URL whatever host the request names', async () => {
    const { email } = await createUserAndCookie();
    const res = await app.request('http://attacker.example/api/auth/forgot-password', {
      method: 'POST',
      headers: { 'content-type': 'application/json', host: 'attacker.example' },
      body: JSON.stringify({ email }),
    });
    expect(res.status).toBe(200);
    const body = bodyOf((await mailTo(email))[0]!);
    expect(body).toMatch(/Choose a new password here: https:\/\/parley\.example\.com\/reset-password\?token=[\w-]{43}\s/);
    expect(body).not.toContain('attacker.example');
  });

  it('limits requests per client address, whatever the email, with a 429 and Retry-After', async () => {
    for (let i = 0; i < 10; i++) expect((await forgot(`someone-${i}@example.com`)).status).toBe(200);
    const res = await forgot('someone-else@example.com');
    expect(res.status).toBe(429);
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await errorOf(res)).message).toBe('Too many password reset requests from your network. Please wait a minute and try again.');
  });

  it('lifts the sign-in lockout of the email once the link is used', async () => {
    const { email } = await createUserAndCookie({ password: 'old pass word 1' });
    for (let i = 0; i < 5; i++) expect((await auth.login.$post({ json: { email, password: `wrong guess ${i}` } })).status).toBe(401);
    expect((await auth.login.$post({ json: { email, password: 'old pass word 1' } })).status).toBe(429);
    expect(await signInGuard.delayFor(email)).toBeGreaterThan(0);

    await forgot(email);
    const token = /reset-password\?token=([\w-]+)/.exec(bodyOf((await mailTo(email))[0]!))![1]!;
    expect((await auth['reset-password'].$post({ json: { token, newPassword: 'new pass word 2' } })).status).toBe(200);
    expect(await signInGuard.delayFor(email)).toBe(0);
    expect((await auth.login.$post({ json: { email, password: 'new pass word 2' } })).status).toBe(200);
  });

  it('revokes unused reset links and lifts the lockout when the password is changed', async () => {
    const { cookie, email } = await createUserAndCookie({ password: 'old pass word 1' });
    await forgot(email);
    const token = /reset-password\?token=([\w-]+)/.exec(bodyOf((await mailTo(email))[0]!))![1]!;
    for (let i = 0; i < 5; i++) expect((await auth.login.$post({ json: { email, password: `wrong guess ${i}` } })).status).toBe(401);
    expect((await auth.login.$post({ json: { email, password: 'old pass word 1' } })).status).toBe(429);

    const changed = await client.api.account.password.$post({ json: { currentPassword: 'old pass word 1', newPassword: 'new pass word 2' } }, withCookie(cookie));
    expect(changed.status).toBe(200);
    expect((await auth.login.$post({ json: { email, password: 'new pass word 2' } })).status).toBe(200);
    const reused = await auth['reset-password'].$post({ json: { token, newPassword: 'third pass word 3' } });
    expect(reused.status).toBe(400);
    expect(await errorOf(reused)).toEqual({ message: 'This reset link is invalid or has expired.' });
  });
});
