import { count, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { app } from '../../app';
import { client, createUserAndCookie, ensureStarted, errorOf, untyped, validationErrorOf, withCookie } from '../../../test/helpers';
import { db } from '../../db/client';
import { adminActions, passwordResetTokens, uploads, users } from '../../db/schema';
import { UPLOADS_DIR } from '../../lib/paths';
import { sweepUnreferencedUploads } from '../uploads/sweepUploads';

const { account, auth, admin, upload } = client.api;
const currentUser = async (cookie: string) => (await auth.user.$get(undefined, withCookie(cookie))).status;
const sessionOf = (res: { headers: Headers }) => res.headers.get('set-cookie')!.split(';')[0]!;
const setAdmin = (userId: string, isAdmin: boolean) => db.update(users).set({ isAdmin }).where(eq(users.id, userId));

/** A real image of `width`×`height`: left half red, right half blue. */
function twoColourPng(width: number, height: number) {
  const half = Buffer.alloc(Math.ceil(width / 2) * height * 3);
  return sharp({ create: { width, height, channels: 3, background: '#ff0000' } })
    .composite([
      {
        input: half.fill(Buffer.from([0, 0, 255])),
        raw: { width: Math.ceil(width / 2), height, channels: 3 },
        left: Math.floor(width / 2),
        top: 0,
      },
    ])
    .withExif({ IFD0: { Copyright: 'secret-camera-owner' } })
    .png()
    .toBuffer();
}

const uploadPicture = (cookie: string, bytes: Uint8Array | string, name: string, type: string) =>
  upload['profile-image'].$post({ form: { picture: new File([typeof bytes === 'string' ? bytes : new Uint8Array(bytes)], name, { type }) } }, withCookie(cookie));

describe('PATCH /api/account/profile', () => {
  it('changes the names, trimmed, and leaves the fields it was not sent alone', async () => {
    const { cookie } = await createUserAndCookie({ firstName: 'Ada' });
    const res = await account.profile.$patch({ json: { firstName: '  Grace ', lastName: ' Hopper' } }, withCookie(cookie));
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ firstName: 'Grace', lastName: 'Hopper', profileImageUrl: null });

    const picture = await account.profile.$patch({ json: { profileImageUrl: 'https://cdn.example.com/me.png' } }, withCookie(cookie));
    expect(await picture.json()).toMatchObject({ firstName: 'Grace', lastName: 'Hopper', profileImageUrl: 'https://cdn.example.com/me.png' });
    const me = await (await auth.user.$get(undefined, withCookie(cookie))).json();
    expect(me).toMatchObject({ firstName: 'Grace', lastName: 'Hopper', profileImageUrl: 'https://cdn.example.com/me.png' });

    const cleared = await account.profile.$patch({ json: { lastName: '', profileImageUrl: null } }, withCookie(cookie));
    expect(await cleared.json()).toMatchObject({ firstName: 'Grace', lastName: null, profileImageUrl: null });
  });

  it('answers 400 with field details for long names and unsafe picture addresses', async () => {
    const { cookie } = await createUserAndCookie();
    const long = await account.profile.$patch({ json: { firstName: 'x'.repeat(101) } }, withCookie(cookie));
    expect(long.status).toBe(400);
    expect(await validationErrorOf(long)).toEqual({
      message: 'First name must be at most 100 characters',
      details: { fieldErrors: { firstName: ['First name must be at most 100 characters'] }, formErrors: [] },
    });
    const script = await account.profile.$patch({ json: { profileImageUrl: 'javascript:alert(1)' } }, withCookie(cookie));
    expect(script.status).toBe(400);
    expect((await validationErrorOf(script)).details.fieldErrors).toEqual({ profileImageUrl: ['Picture URL must be an http(s) URL'] });
    const wrongType = await account.profile.$patch({ json: untyped({ firstName: 42 }) }, withCookie(cookie));
    expect(wrongType.status).toBe(400);
    expect(Object.keys((await validationErrorOf(wrongType)).details.fieldErrors)).toEqual(['firstName']);
  });

  it("accepts the owner's own uploaded picture and refuses another account's file or a made-up path", async () => {
    const a = await createUserAndCookie();
    const b = await createUserAndCookie();
    const uploadedByB = await uploadPicture(b.cookie, await twoColourPng(300, 300), 'b.png', 'image/png');
    const { url: bUrl } = await uploadedByB.json();
    const uploadedByA = await uploadPicture(a.cookie, await twoColourPng(300, 300), 'a.png', 'image/png');
    const { url: aUrl } = await uploadedByA.json();

    for (const url of [bUrl, '/uploads/profile-made-up.webp', '/uploads/%E0%A4%A']) {
      const res = await account.profile.$patch({ json: { profileImageUrl: url } }, withCookie(a.cookie));
      expect(res.status, url).toBe(400);
      expect(await errorOf(res)).toEqual({
        message: 'Use an http(s) URL or a picture you uploaded to your profile.',
        details: { fieldErrors: { profileImageUrl: ['Use an http(s) URL or a picture you uploaded to your profile.'] }, formErrors: [] },
      });
    }
    await account.profile.$patch({ json: { profileImageUrl: null } }, withCookie(a.cookie));
    const back = await account.profile.$patch({ json: { profileImageUrl: aUrl } }, withCookie(a.cookie));
    expect(back.status).toBe(200);
    expect((await back.json()).profileImageUrl).toBe(aUrl);
  });

  it('needs a signed-in owner', async () => {
    await ensureStarted();
    expect((await account.profile.$patch({ json: { firstName: 'X' } })).status).toBe(401);
  });
});

describe('POST /api/upload/profile-image', () => {
  it('stores a 200×200 WebP cropped around the centre, without metadata, and makes it the profile picture', async () => {
    const { cookie, user } = await createUserAndCookie();
    // 600×200: a centred square crop keeps the middle third, half red and half blue.
    const res = await uploadPicture(cookie, await twoColourPng(600, 200), 'wide.png', 'image/png');
    expect(res.status).toBe(201);
    const body = await res.json();
    expect(body.url).toMatch(/^\/uploads\/profile-[0-9a-f-]+\.webp$/);
    expect(body.user).toMatchObject({ id: user.id, profileImageUrl: body.url });

    const stored = readFileSync(path.join(UPLOADS_DIR, body.url.split('/').pop()!));
    const meta = await sharp(stored).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 200, 200]);
    expect(meta.exif).toBeUndefined();
    const { data } = await sharp(stored).removeAlpha().raw().toBuffer({ resolveWithObject: true });
    const pixel = (x: number) => [...data.subarray((100 * 200 + x) * 3, (100 * 200 + x) * 3 + 3)];
    expect(pixel(20)[0]).toBeGreaterThan(200); // red on the left
    expect(pixel(180)[2]).toBeGreaterThan(200); // blue on the right

    // Served as an image, counted against the owner with kind 'profile'.
    const served = await app.request(body.url);
    expect([served.status, served.headers.get('content-type')]).toEqual([200, 'image/webp']);
    expect(await db.select({ kind: uploads.kind, size: uploads.sizeBytes }).from(uploads).where(eq(uploads.userId, user.id))).toEqual([{ kind: 'profile', size: stored.length }]);
    expect((await (await auth.user.$get(undefined, withCookie(cookie))).json()).profileImageUrl).toBe(body.url);
  });

  it('takes JPEG, GIF and WebP too, and upsizes a small picture to 200×200', async () => {
    const { cookie } = await createUserAndCookie();
    const base = sharp({ create: { width: 40, height: 60, channels: 3, background: '#336699' } });
    for (const [format, type] of [['jpeg', 'image/jpeg'], ['gif', 'image/gif'], ['webp', 'image/webp']] as const) {
      const bytes = await base.clone().toFormat(format).toBuffer();
      const res = await uploadPicture(cookie, bytes, `p.${format}`, type);
      expect(res.status, format).toBe(201);
      const { url } = await res.json();
      const meta = await sharp(readFileSync(path.join(UPLOADS_DIR, url.split('/').pop()!))).metadata();
      expect([meta.width, meta.height], format).toEqual([200, 200]);
    }
  });

  it('refuses what is not an image by its bytes, whatever its name or type, with a 400', async () => {
    const { cookie, user } = await createUserAndCookie();
    const pngHeaderThenJunk = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from('this is not image data at all '.repeat(20))]);
    const truncated = (await twoColourPng(300, 300)).subarray(0, 120);
    for (const [bytes, name] of [
      [pngHeaderThenJunk, 'junk.png'],
      [truncated, 'cut.png'],
      ['just some text', 'notes.png'],
      ['<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>', 'x.svg'],
    ] as const) {
      const res = await uploadPicture(cookie, bytes, name, 'image/png');
      expect(res.status, name).toBe(400);
      expect(await errorOf(res), name).toEqual({ message: 'Please select an image file (JPG, PNG, GIF, WebP).', details: { title: 'Invalid file type' } });
    }
    const missing = await upload['profile-image'].$post({ form: {} }, withCookie(cookie));
    expect(missing.status).toBe(400);
    expect((await errorOf(missing)).message).toBe('Please select an image file (JPG, PNG, GIF, WebP).');
    expect(await db.select({ n: count() }).from(uploads).where(eq(uploads.userId, user.id))).toEqual([{ n: 0 }]);
    expect((await (await auth.user.$get(undefined, withCookie(cookie))).json()).profileImageUrl).toBeNull();
  });

  it('refuses an image over 100 megapixels with its own message, storing nothing', async () => {
    const { cookie, user } = await createUserAndCookie();
    // 108 megapixels of one colour: a small file that would take gigabytes to decode.
    const huge = await sharp({ create: { width: 12000, height: 9000, channels: 3, background: '#ffffff' } }).jpeg({ quality: 10 }).toBuffer();
    expect(huge.length).toBeLessThan(10 * 1024 * 1024);
    for (const send of [() => uploadPicture(cookie, huge, 'huge.jpg', 'image/jpeg'), () => upload.avatar.$post({ form: { avatar: new File([new Uint8Array(huge)], 'huge.jpg', { type: 'image/jpeg' }) } }, withCookie(cookie))]) {
      const res = await send();
      expect(res.status).toBe(400);
      expect(await errorOf(res)).toEqual({
        message: 'This image is too large (over 100 megapixels). Please choose a smaller image.',
        details: { title: 'Image too large' },
      });
    }
    expect(await db.select({ n: count() }).from(uploads).where(eq(uploads.userId, user.id))).toEqual([{ n: 0 }]);
  });

  it('refuses a picture over 10MB', async () => {
    const { cookie } = await createUserAndCookie();
    const big = Buffer.alloc(10 * 1024 * 1024 + 1);
    Buffer.from([0x89, 0x50, 0x4e, 0x47]).copy(big);
    const res = await uploadPicture(cookie, big, 'big.png', 'image/png');
    expect(res.status).toBe(413);
    expect((await errorOf(res)).message).toBe('Please select an image smaller than 10MB.');
  });

  it('keeps the profile picture through the sweep of unreferenced uploads, and lets it go once removed', async () => {
    const { cookie, user } = await createUserAndCookie();
    const { url } = await (await uploadPicture(cookie, await twoColourPng(240, 240), 'me.png', 'image/png')).json();
    const name = url.split('/').pop()!;
    await db.update(uploads).set({ createdAt: new Date(Date.now() - 2 * 60 * 60 * 1000) }).where(eq(uploads.fileName, name));
    expect((await sweepUnreferencedUploads({ userId: user.id })).removed).toEqual([]);
    await account.profile.$patch({ json: { profileImageUrl: null } }, withCookie(cookie));
    expect((await sweepUnreferencedUploads({ userId: user.id })).removed).toEqual([name]);
    expect((await app.request(url)).status).toBe(404);
  });

  it("sweeps a replaced picture even when another account points its own profile at it", async () => {
    const b = await createUserAndCookie();
    const { url } = await (await uploadPicture(b.cookie, await twoColourPng(240, 240), 'b.png', 'image/png')).json();
    const name = url.split('/').pop()!;
    // B replaces the picture; A points at B's old file by an absolute URL on any host.
    await uploadPicture(b.cookie, await twoColourPng(240, 240), 'b2.png', 'image/png');
    const a = await createUserAndCookie();
    const pointed = await account.profile.$patch({ json: { profileImageUrl: `https://cdn.elsewhere.example/uploads/${name}` } }, withCookie(a.cookie));
    expect(pointed.status).toBe(200);
    await db.update(uploads).set({ createdAt: new Date(Date.now() - 2 * 60 * 60 * 1000) }).where(eq(uploads.fileName, name));
    expect((await sweepUnreferencedUploads()).removed).toContain(name);
    expect(await db.select({ n: count() }).from(uploads).where(eq(uploads.fileName, name))).toEqual([{ n: 0 }]);
    expect((await app.request(url)).status).toBe(404);
  });

  it('resizes chatbot avatars to 200×200 as well', async () => {
    const { cookie } = await createUserAndCookie();
    const res = await upload.avatar.$post({ form: { avatar: new File([await twoColourPng(500, 320)], 'bot.png', { type: 'image/png' }) } }, withCookie(cookie));
    expect(res.status).toBe(201);
    const { url } = await res.json();
    expect(url).toMatch(/^\/uploads\/avatar-[0-9a-f-]+\.webp$/);
    const meta = await sharp(readFileSync(path.join(UPLOADS_DIR, url.split('/').pop()!))).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 200, 200]);
  });
});

describe('POST /api/account/password', () => {
  it('needs the current password, applies the password rules, and ends every other sign-in but this one', async () => {
    const { cookie, email } = await createUserAndCookie({ password: 'first secret pass' });
    const otherLogin = await auth.login.$post({ json: { email, password: 'first secret pass' } });
    const otherCookie = sessionOf(otherLogin);
    const otherUser = await createUserAndCookie();

    const wrong = await account.password.$post({ json: { currentPassword: 'not it at all', newPassword: 'second secret pass' } }, withCookie(cookie));
    expect(wrong.status).toBe(400);
    expect(await errorOf(wrong)).toEqual({
      message: 'Current password is incorrect',
      details: { fieldErrors: { currentPassword: ['Current password is incorrect'] }, formErrors: [] },
    });
    const weak = await account.password.$post({ json: { currentPassword: 'first secret pass', newPassword: 'password' } }, withCookie(cookie));
    expect(weak.status).toBe(400);
    expect((await validationErrorOf(weak)).details.fieldErrors).toEqual({ newPassword: ['This password is too common. Choose one that is harder to guess.'] });
    const short = await account.password.$post({ json: { currentPassword: 'first secret pass', newPassword: 'short' } }, withCookie(cookie));
    expect((await validationErrorOf(short)).details.fieldErrors).toEqual({ newPassword: ['Password must be at least 8 characters'] });
    const empty = await account.password.$post({ json: { currentPassword: '', newPassword: 'second secret pass' } }, withCookie(cookie));
    expect((await validationErrorOf(empty)).details.fieldErrors).toEqual({ currentPassword: ['Current password is required'] });
    // Refused attempts changed nothing.
    expect(await currentUser(otherCookie)).toBe(200);

    const ok = await account.password.$post({ json: { currentPassword: 'first secret pass', newPassword: 'second secret pass' } }, withCookie(cookie));
    expect(ok.status).toBe(200);
    expect(await ok.json()).toEqual({ success: true });
    expect(await currentUser(cookie)).toBe(200);
    expect(await currentUser(otherCookie)).toBe(401);
    expect(await currentUser(otherUser.cookie)).toBe(200);
    expect((await auth.login.$post({ json: { email, password: 'first secret pass' } })).status).toBe(401);
    expect((await auth.login.$post({ json: { email, password: 'second secret pass' } })).status).toBe(200);
  });
});

describe('POST /api/account/password under the sign-in guard', () => {
  it('refuses a sixth wrong current password with a 429 and Retry-After, even when the next one is right', async () => {
    const { cookie } = await createUserAndCookie({ password: 'the real pass 1' });
    const change = (currentPassword: string) => account.password.$post({ json: { currentPassword, newPassword: 'a new pass word 2' } }, withCookie(cookie));
    for (let i = 0; i < 5; i++) expect((await change(`wrong guess ${i}`)).status).toBe(400);
    const locked = await change('the real pass 1');
    expect(locked.status).toBe(429);
    expect(locked.headers.get('retry-after')).toBe('300');
    expect(await errorOf(locked)).toEqual({ message: 'Too many wrong passwords. Please wait 5 minutes and try again.', details: { retryAfterSeconds: 300 } });
    // Another account is not affected.
    const other = await createUserAndCookie({ password: 'other real pass 3' });
    const ok = await account.password.$post({ json: { currentPassword: 'other real pass 3', newPassword: 'a new pass word 2' } }, withCookie(other.cookie));
    expect(ok.status).toBe(200);
  });
});

describe('password reset without mail', () => {
  it('says so on GET /api/auth/options and answers forgot-password with 503', async () => {
    await ensureStarted();
    expect(await (await auth.options.$get()).json()).toEqual({ passwordResetByEmail: false });
    const res = await auth['forgot-password'].$post({ json: { email: 'someone@example.com' } });
    expect(res.status).toBe(503);
    expect(await errorOf(res)).toEqual({
      message: 'Password reset by email is not available on this server. Ask your administrator to reset your password.',
    });
    const bad = await auth['forgot-password'].$post({ json: { email: 'not an email' } });
    expect(bad.status).toBe(400);
    expect((await validationErrorOf(bad)).details.fieldErrors).toEqual({ email: ['Please enter a valid email address'] });
  });
});

describe('POST /api/admin/users/reset-link', () => {
  it('gives an admin a single-use one-hour link that sets the password and signs the user out everywhere', async () => {
    await ensureStarted();
    // Admin rights are set directly: which account registered first depends on test order.
    const adminUser = await createUserAndCookie();
    await setAdmin(adminUser.user.id, true);
    const owner = await createUserAndCookie({ password: 'forgotten pass 1' });
    await setAdmin(owner.user.id, false);

    const before = Date.now();
    const res = await admin.users['reset-link'].$post({ json: { email: owner.email.toUpperCase() } }, withCookie(adminUser.cookie));
    expect(res.status).toBe(200);
    const { resetUrl, expiresAt } = await res.json();
    expect(resetUrl).toMatch(/^http:\/\/localhost\/reset-password\?token=[\w-]{43}$/);
    const expiry = new Date(expiresAt).getTime();
    expect(expiry - before).toBeGreaterThanOrEqual(60 * 60 * 1000 - 1000);
    expect(expiry - before).toBeLessThanOrEqual(60 * 60 * 1000 + 5000);
    const token = new URL(resetUrl).searchParams.get('token')!;
    // Only the hash is stored.
    expect(JSON.stringify(await db.select().from(passwordResetTokens))).not.toContain(token);
    // Like every admin action, it is in the admin log (without the link itself).
    const logged = await db
      .select({ adminEmail: adminActions.adminEmail, action: adminActions.action, targetUserId: adminActions.targetUserId, details: adminActions.details })
      .from(adminActions)
      .where(eq(adminActions.action, 'create_reset_link'));
    expect(logged).toEqual([{ adminEmail: adminUser.email, action: 'create_reset_link', targetUserId: owner.user.id, details: { email: owner.email } }]);
    expect(JSON.stringify(logged)).not.toContain(token);

    const weak = await auth['reset-password'].$post({ json: { token, newPassword: 'aaaaaaaa' } });
    expect((await validationErrorOf(weak)).details.fieldErrors).toEqual({ newPassword: ['A password cannot be one character repeated.'] });

    const reset = await auth['reset-password'].$post({ json: { token, newPassword: 'brand new pass 2' } });
    expect(reset.status).toBe(200);
    expect(await currentUser(owner.cookie)).toBe(401);
    expect((await auth.login.$post({ json: { email: owner.email, password: 'brand new pass 2' } })).status).toBe(200);

    const again = await auth['reset-password'].$post({ json: { token, newPassword: 'another new pass 3' } });
    expect(again.status).toBe(400);
    expect(await errorOf(again)).toEqual({ message: 'This reset link is invalid or has expired.' });
  });

  it('refuses expired and made-up tokens, and replaces an unused earlier link', async () => {
    const adminUser = await createUserAndCookie();
    await setAdmin(adminUser.user.id, true);
    const owner = await createUserAndCookie();
    const link = async () => {
      const res = await admin.users['reset-link'].$post({ json: { email: owner.email } }, withCookie(adminUser.cookie));
      return new URL((await res.json()).resetUrl).searchParams.get('token')!;
    };
    const first = await link();
    const second = await link();
    const expired = await link();
    await db.update(passwordResetTokens).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(passwordResetTokens.userId, owner.user.id));
    for (const token of [first, second, expired, 'made-up-token']) {
      const res = await auth['reset-password'].$post({ json: { token, newPassword: 'brand new pass 2' } });
      expect(res.status, token).toBe(400);
      expect((await errorOf(res)).message).toBe('This reset link is invalid or has expired.');
    }
    const missing = await auth['reset-password'].$post({ json: untyped({ newPassword: 'brand new pass 2' }) });
    expect((await errorOf(missing)).message).toBe('This reset link is invalid or has expired.');
  });

  it('is for admins only and answers 404 for an unknown address', async () => {
    const plain = await createUserAndCookie();
    await setAdmin(plain.user.id, false);
    const refused = await admin.users['reset-link'].$post({ json: { email: plain.email } }, withCookie(plain.cookie));
    expect(refused.status).toBe(403);
    expect(await errorOf(refused)).toEqual({ message: 'Only administrators can reset the password of another account.' });
    expect(await db.select({ n: count() }).from(passwordResetTokens).where(eq(passwordResetTokens.userId, plain.user.id))).toEqual([{ n: 0 }]);

    const adminUser = await createUserAndCookie();
    await setAdmin(adminUser.user.id, true);
    const unknown = await admin.users['reset-link'].$post({ json: { email: 'nobody@example.com' } }, withCookie(adminUser.cookie));
    expect(unknown.status).toBe(404);
    expect(await errorOf(unknown)).toEqual({ message: 'No account uses this email address.' });
    expect((await admin.users['reset-link'].$post({ json: { email: 'nobody@example.com' } })).status).toBe(401);
  });
});
