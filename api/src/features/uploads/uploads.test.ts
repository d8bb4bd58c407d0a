import { existsSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// A 1 KB quota per account, read by env.ts when the app is imported below.
process.env.UPLOAD_QUOTA_BYTES = '1024';
const { app } = await import('../../app');
const { client, createUserAndCookie, errorOf, newBot, withCookie } = await import('../../../test/helpers');
const { db } = await import('../../db/client');
const { uploads, users } = await import('../../db/schema');
const { count, eq, sum } = await import('drizzle-orm');
const { UPLOADS_DIR } = await import('../../lib/paths');
const { sweepUnreferencedUploads } = await import('./sweepUploads');

const PNG = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);
const HOUR = 60 * 60 * 1000;

function upload(cookie: string | undefined, kind: 'avatar' | 'background', file: Blob, name: string) {
  const image = new File([file], name, { type: file.type });
  const options = cookie ? withCookie(cookie) : {};
  return kind === 'avatar'
    ? client.api.upload.avatar.$post({ form: { avatar: image } }, options)
    : client.api.upload.background.$post({ form: { background: image } }, options);
}

/** A PNG of exactly `size` bytes. */
function png(size: number) {
  const bytes = new Uint8Array(size);
  bytes.set(PNG);
  return new Blob([bytes], { type: 'image/png' });
}

/**
 * Uploads a PNG of `size` bytes and returns its URL (the upload must succeed). Backgrounds are
 * stored byte for byte, so their sizes are exact (avatars are re-encoded at 200×200).
 */
async function uploaded(cookie: string, size: number, kind: 'avatar' | 'background' = 'background') {
  const res = await upload(cookie, kind, png(size), `${kind}.png`);
  expect(res.status).toBe(201);
  return (await res.json()).url;
}

const fileName = (url: string) => url.split('/').pop()!;
const onDisk = (url: string) => existsSync(path.join(UPLOADS_DIR, fileName(url)));
const recorded = async (url: string) => (await db.select({ fileName: uploads.fileName }).from(uploads).where(eq(uploads.fileName, fileName(url)))).length > 0;
/** Whether the URL still answers with the image; a removed one is a plain 404. */
async function servesImage(url: string) {
  // Raw request: uploads are served as static files, outside the typed API.
  const res = await app.request(url);
  if (res.status === 200 && (res.headers.get('content-type') ?? '').startsWith('image/')) return true;
  expect(res.status, url).toBe(404);
  return false;
}

/** Makes an upload look `ms` old, in the table and on disk. */
async function backdate(url: string, ms = 2 * HOUR) {
  const at = Date.now() - ms;
  await db.update(uploads).set({ createdAt: new Date(at) }).where(eq(uploads.fileName, fileName(url)));
  utimesSync(path.join(UPLOADS_DIR, fileName(url)), at / 1000, at / 1000);
}

describe('image uploads', () => {
  it('stores a PNG background as sent and serves it back', async () => {
    const { cookie } = await createUserAndCookie();
    const res = await upload(cookie, 'background', new Blob([PNG], { type: 'image/png' }), 'me.png');
    expect(res.status).toBe(201);
    const { url } = await res.json();
    expect(url).toMatch(/^\/uploads\/background-[0-9a-f-]+\.png$/);
    // Raw request: uploads are served as static files, outside the typed API.
    const served = await app.request(url);
    expect(served.status).toBe(200);
    expect(new Uint8Array(await served.arrayBuffer())).toEqual(PNG);
  });

  it('refuses an avatar whose bytes start like a PNG but do not decode', async () => {
    const { cookie } = await createUserAndCookie();
    const res = await upload(cookie, 'avatar', png(400), 'a.png');
    expect(res.status).toBe(400);
    expect(await errorOf(res)).toEqual({ message: 'Please select an image file (JPG, PNG, GIF, WebP).', details: { title: 'Invalid file type' } });
  });

  it('refuses a non-image even when it claims to be one', async () => {
    const { cookie } = await createUserAndCookie();
    const res = await upload(cookie, 'background', new Blob(['<svg onload=alert(1)>'], { type: 'image/png' }), 'x.png');
    expect(res.status).toBe(400);
    expect(await errorOf(res)).toMatchObject({ message: 'Please select an image file (JPG, PNG, GIF, WebP).', details: { title: 'Invalid file type' } });
  });

  it('refuses images over 10MB and signed-out callers', async () => {
    const { cookie } = await createUserAndCookie();
    const big = new Uint8Array(10 * 1024 * 1024 + 10);
    big.set(PNG);
    const res = await upload(cookie, 'avatar', new Blob([big], { type: 'image/png' }), 'big.png');
    expect(res.status).toBe(413);
    expect((await errorOf(res)).message).toBe('Please select an image smaller than 10MB.');
    expect((await upload(undefined, 'avatar', new Blob([PNG]), 'a.png')).status).toBe(401);
  });
});

describe('upload storage quota', () => {
  it('accepts uploads up to the quota and answers 413 with the numbers beyond it', async () => {
    const { cookie, user } = await createUserAndCookie();
    const avatar = await uploaded(cookie, 400);
    // Referenced as the bot's avatar: it still takes up the owner's storage.
    await newBot(cookie, { avatarUrl: avatar });
    await uploaded(cookie, 400, 'background');

    const refused = await upload(cookie, 'background', png(400), 'bg.png');
    expect(refused.status).toBe(413);
    expect(await errorOf(refused)).toEqual({
      message: 'Your uploads use 800 bytes of your 1 KB storage. Delete unused images or choose a smaller file.',
      details: { usedBytes: 800, quotaBytes: 1024 },
    });
    expect(await db.select({ n: count() }).from(uploads).where(eq(uploads.userId, user.id))).toEqual([{ n: 2 }]);

    // Exactly filling the quota is allowed; one byte more is not.
    await uploaded(cookie, 224);
    const full = await upload(cookie, 'background', png(16), 'a.png');
    expect(full.status).toBe(413);
    expect((await errorOf(full)).details).toEqual({ usedBytes: 1024, quotaBytes: 1024 });

    // The quota is per account.
    const other = await createUserAndCookie();
    await uploaded(other.cookie, 400);
  });
});

describe('sweeping unreferenced uploads', () => {
  it('deletes old unreferenced files and keeps referenced or fresh ones', async () => {
    const { cookie, user } = await createUserAndCookie();
    const avatar = await uploaded(cookie, 100);
    const themeBackground = await uploaded(cookie, 100, 'background');
    const otherBackground = await uploaded(cookie, 100, 'background');
    const stale = await uploaded(cookie, 100);
    const fresh = await uploaded(cookie, 100);
    await newBot(cookie, {
      avatarUrl: avatar,
      homeScreenConfig: {
        // An absolute URL counts as a reference too.
        theme: { backgroundImageUrl: `https://chat.example.com${themeBackground}` },
        components: [{ id: 'hello', type: 'header', props: { title: 'Hello' } }],
      },
    });
    await newBot(cookie, { isActive: false, homeScreenConfig: { theme: { backgroundImageUrl: otherBackground } } });
    // Another account pointing at this one's file does not keep it.
    const other = await createUserAndCookie();
    await db.update(users).set({ profileImageUrl: stale }).where(eq(users.id, other.user.id));
    // Files saved before the uploads table existed have no row: judged by their mtime.
    const legacyOld = '/uploads/avatar-legacy-old.png';
    const legacyFresh = '/uploads/avatar-legacy-fresh.png';
    const legacyProfile = '/uploads/avatar-legacy-profile.png';
    for (const url of [legacyOld, legacyFresh, legacyProfile]) writeFileSync(path.join(UPLOADS_DIR, fileName(url)), PNG);
    await db.update(users).set({ profileImageUrl: legacyProfile }).where(eq(users.id, user.id));
    for (const url of [avatar, themeBackground, otherBackground, stale]) await backdate(url);
    for (const url of [legacyOld, legacyProfile]) utimesSync(path.join(UPLOADS_DIR, fileName(url)), (Date.now() - 2 * HOUR) / 1000, (Date.now() - 2 * HOUR) / 1000);

    const { removed, freedBytes } = await sweepUnreferencedUploads();

    expect(removed.sort()).toEqual([fileName(legacyOld), fileName(stale)].sort());
    expect(freedBytes).toBe(100 + PNG.length);
    for (const url of [stale, legacyOld]) {
      expect(onDisk(url)).toBe(false);
      expect(await recorded(url)).toBe(false);
      expect(await servesImage(url)).toBe(false);
    }
    for (const url of [avatar, themeBackground, otherBackground, fresh]) {
      expect(await recorded(url)).toBe(true);
      expect(await servesImage(url)).toBe(true);
    }
    for (const url of [legacyFresh, legacyProfile]) expect(await servesImage(url)).toBe(true);

    // One account's sweep (what an upload over the quota runs) touches only its own rows.
    const mine = await uploaded(other.cookie, 100);
    await backdate(mine);
    await backdate(fresh);
    const own = await sweepUnreferencedUploads({ userId: other.user.id });
    expect(own.removed).toEqual([fileName(mine)]);
    expect(await recorded(fresh)).toBe(true);

    // A shorter grace period takes the fresh unreferenced ones as well.
    const second = await sweepUnreferencedUploads({ olderThanMs: -1000 });
    expect(second.removed).toEqual(expect.arrayContaining([fileName(fresh), fileName(legacyFresh)]));
    expect(second.removed).not.toContain(fileName(avatar));
    expect(await servesImage(avatar)).toBe(true);
  });

  it('frees an owner at the quota once their replaced images are past the grace period', async () => {
    const { cookie, user } = await createUserAndCookie();
    const kept = await uploaded(cookie, 400);
    const bot = await newBot(cookie, { avatarUrl: kept });
    const replaced = await uploaded(cookie, 400);
    for (const avatarUrl of [replaced, kept]) {
      expect((await client.api.chatbots[':guid'].$put({ param: { guid: bot.guid }, json: { avatarUrl } }, withCookie(cookie))).status).toBe(200);
    }
    expect((await upload(cookie, 'background', png(400), 'a.png')).status).toBe(413);

    // Within the grace period the replaced avatar is kept (a bot form may be about to save it).
    await backdate(kept);
    await backdate(replaced, 30 * 60 * 1000);
    expect((await upload(cookie, 'background', png(400), 'a.png')).status).toBe(413);
    expect(onDisk(replaced)).toBe(true);

    // Past it, the upload sweeps the account's unreferenced files and goes through.
    await backdate(replaced);
    const next = await uploaded(cookie, 400);
    expect(onDisk(replaced)).toBe(false);
    expect(await recorded(replaced)).toBe(false);
    expect(await servesImage(kept)).toBe(true);
    expect(await servesImage(next)).toBe(true);
    const refused = await upload(cookie, 'background', png(400), 'a.png');
    expect(refused.status).toBe(413);
    expect((await errorOf(refused)).details).toEqual({ usedBytes: 800, quotaBytes: 1024 });
    expect(await db.select({ n: sum(uploads.sizeBytes).mapWith(Number) }).from(uploads).where(eq(uploads.userId, user.id))).toEqual([{ n: 800 }]);
  });

  it('lets the owner upload again after the scheduled sweep frees space', async () => {
    const { cookie } = await createUserAndCookie();
    const old = [await uploaded(cookie, 500), await uploaded(cookie, 500)];
    expect((await upload(cookie, 'background', png(500), 'a.png')).status).toBe(413);
    for (const url of old) await backdate(url);
    const { removed } = await sweepUnreferencedUploads();
    expect(removed).toEqual(expect.arrayContaining(old.map(fileName)));
    await uploaded(cookie, 500);
  });
});
