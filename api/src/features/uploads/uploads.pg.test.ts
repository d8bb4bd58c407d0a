import { existsSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';

// setupPostgres.ts has pointed DATABASE_URL at a fresh database. A 1 KB quota per account, read
// by env.ts when the app is imported below.
process.env.UPLOAD_QUOTA_BYTES = '1024';
const { app } = await import('../../app');
const { client, createUserAndCookie, errorOf, newBot, withCookie } = await import('../../../test/helpers');
const { db, postgres } = await import('../../db/client');
const { uploads, users } = await import('../../db/schema');
const { UPLOADS_DIR } = await import('../../lib/paths');
const { sweepUnreferencedUploads } = await import('./sweepUploads');

afterAll(() => postgres?.pool.end());

const PNG = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);
const HOUR = 60 * 60 * 1000;

/** A PNG background of exactly `size` bytes (backgrounds are stored as sent). */
function uploadBackground(cookie: string, size: number) {
  const bytes = new Uint8Array(size);
  bytes.set(PNG);
  return client.api.upload.background.$post({ form: { background: new File([bytes], 'bg.png', { type: 'image/png' }) } }, withCookie(cookie));
}

async function uploaded(cookie: string, size: number): Promise<string> {
  const res = await uploadBackground(cookie, size);
  expect(res.status).toBe(201);
  return (await res.json()).url;
}

const fileName = (url: string) => url.split('/').pop()!;
const onDisk = (url: string) => existsSync(path.join(UPLOADS_DIR, fileName(url)));
const recorded = async (url: string) => (await db.select().from(uploads).where(eq(uploads.fileName, fileName(url)))).length === 1;
const usedBytes = async (userId: string) =>
  Number((await db.select({ n: sql<number>`coalesce(sum(${uploads.sizeBytes}), 0)` }).from(uploads).where(eq(uploads.userId, userId)))[0]?.n);

/** Makes an upload look `ms` old, in the table and on disk. */
async function backdate(url: string, ms = 2 * HOUR) {
  const at = Date.now() - ms;
  await db.update(uploads).set({ createdAt: new Date(at) }).where(eq(uploads.fileName, fileName(url)));
  utimesSync(path.join(UPLOADS_DIR, fileName(url)), at / 1000, at / 1000);
}

async function servesImage(url: string) {
  const res = await app.request(url);
  if (res.status === 200) return true;
  expect(res.status, url).toBe(404);
  return false;
}

describe('uploads on PostgreSQL', () => {
  it('holds the quota when parallel uploads race for the last room', async () => {
    const { cookie, user } = await createUserAndCookie();
    await uploaded(cookie, 424);
    // 600 bytes left: of eight 200-byte uploads at once, exactly three fit.
    const results = await Promise.all(Array.from({ length: 8 }, () => uploadBackground(cookie, 200)));
    expect(results.map((r) => r.status).sort()).toEqual([201, 201, 201, 413, 413, 413, 413, 413]);
    expect(await usedBytes(user.id)).toBe(1024);
    const refused = results.find((r) => (r.status as number) === 413)!;
    expect((await errorOf(refused)).message).toMatch(/^Your uploads use .+ of your 1 KB storage\./);
  });

  it('sweeps old unreferenced files and keeps what avatars, home screens and profiles point at', async () => {
    const { cookie, user } = await createUserAndCookie();
    const avatar = await uploaded(cookie, 100);
    const themeBackground = await uploaded(cookie, 100);
    const stale = await uploaded(cookie, 100);
    const fresh = await uploaded(cookie, 100);
    await newBot(cookie, {
      avatarUrl: avatar,
      // In a JSON column: an absolute URL anywhere in it counts as a reference too.
      homeScreenConfig: { theme: { backgroundImageUrl: `https://chat.example.com${themeBackground}` } },
    });
    // Another account pointing at this one's file does not keep it.
    const other = await createUserAndCookie();
    await db.update(users).set({ profileImageUrl: stale }).where(eq(users.id, other.user.id));
    // A file saved before the uploads table existed has no row: judged by its mtime and any reference.
    const legacyOld = '/uploads/avatar-legacy-old-pg.png';
    const legacyProfile = '/uploads/avatar-legacy-profile-pg.png';
    for (const url of [legacyOld, legacyProfile]) {
      writeFileSync(path.join(UPLOADS_DIR, fileName(url)), PNG);
      utimesSync(path.join(UPLOADS_DIR, fileName(url)), (Date.now() - 2 * HOUR) / 1000, (Date.now() - 2 * HOUR) / 1000);
    }
    await db.update(users).set({ profileImageUrl: legacyProfile }).where(eq(users.id, user.id));
    for (const url of [avatar, themeBackground, stale]) await backdate(url);

    const { removed, freedBytes } = await sweepUnreferencedUploads();
    expect(removed.sort()).toEqual([fileName(legacyOld), fileName(stale)].sort());
    expect(freedBytes).toBe(100 + PNG.length);
    for (const url of [stale, legacyOld]) {
      expect(onDisk(url)).toBe(false);
      expect(await recorded(url)).toBe(false);
      expect(await servesImage(url)).toBe(false);
    }
    for (const url of [avatar, themeBackground, fresh]) {
      expect(await recorded(url)).toBe(true);
      expect(await servesImage(url)).toBe(true);
    }
    expect(await servesImage(legacyProfile)).toBe(true);

    // One account's sweep (what an upload over the quota runs) touches only its own rows.
    const mine = await uploaded(other.cookie, 100);
    await backdate(mine);
    await backdate(fresh);
    const own = await sweepUnreferencedUploads({ userId: other.user.id });
    expect(own.removed).toEqual([fileName(mine)]);
    expect(await recorded(fresh)).toBe(true);
  });

  it('frees an owner at the quota once the replaced image is past the grace period', async () => {
    const { cookie } = await createUserAndCookie();
    const kept = await uploaded(cookie, 400);
    const bot = await newBot(cookie, { avatarUrl: kept });
    const replaced = await uploaded(cookie, 400);
    expect((await client.api.chatbots[':guid'].$put({ param: { guid: bot.guid }, json: { avatarUrl: replaced } }, withCookie(cookie))).status).toBe(200);
    expect((await client.api.chatbots[':guid'].$put({ param: { guid: bot.guid }, json: { avatarUrl: kept } }, withCookie(cookie))).status).toBe(200);
    expect((await uploadBackground(cookie, 400)).status).toBe(413);
    await backdate(kept);
    await backdate(replaced);
    const next = await uploaded(cookie, 400);
    expect(onDisk(replaced)).toBe(false);
    expect(await servesImage(kept)).toBe(true);
    expect(await servesImage(next)).toBe(true);
  });
});
