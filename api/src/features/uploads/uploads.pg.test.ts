import { eq, sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';

// setupPostgres.ts has pointed DATABASE_URL at a fresh database. A 1 KB quota per account, read
// by env.ts when the app is imported below. Uploads, the quota and sweeps are in uploads.test.ts,
// which runs on PostgreSQL too; here the quota under a race over the connection pool.
process.env.UPLOAD_QUOTA_BYTES = '1024';
const { client, createUserAndCookie, errorOf, withCookie } = await import('../../../test/helpers');
const { db, postgres } = await import('../../db/client');
const { uploads } = await import('../../db/schema');

afterAll(() => postgres?.pool.end());

const PNG = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);

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

const usedBytes = async (userId: string) =>
  Number((await db.select({ n: sql<number>`coalesce(sum(${uploads.sizeBytes}), 0)` }).from(uploads).where(eq(uploads.userId, userId)))[0]?.n);

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
});
