import { eq, inArray } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';

// setupPostgres.ts has pointed DATABASE_URL at a fresh database. Nothing here starts the scan
// worker: the claimers below stand for the workers of several instances.
const { db, postgres } = await import('../../db/client');
const { chatbots, contentSources, users } = await import('../../db/schema');
const { claimScanJob } = await import('./scanQueue');

afterAll(() => postgres?.pool.end());

let bot = 0;
async function pendingSources(n: number): Promise<number[]> {
  if (!bot) {
    await db.insert(users).values({ id: 'u-scan', email: 'scan@example.com', passwordHash: 'x' });
    bot = (await db.insert(chatbots).values({ guid: 'g-scan', userId: 'u-scan', name: 'B', systemPrompt: 'p', model: 'm' }).returning())[0]!.id;
  }
  const rows = await db
    .insert(contentSources)
    .values(Array.from({ length: n }, (_, i) => ({ chatbotId: bot, sourceType: 'website' as const, url: `https://example.com/${i}`, status: 'pending' as const })))
    .returning({ id: contentSources.id });
  return rows.map((r) => r.id);
}

/** Claims until nothing is left for this owner; answers the jobs it got. */
async function drain(owner: string): Promise<number[]> {
  const got: number[] = [];
  for (let id = await claimScanJob(owner); id !== undefined; id = await claimScanJob(owner)) got.push(id);
  return got;
}

describe('scan job claims on PostgreSQL', () => {
  it('never gives one job to two claimers: 30 jobs, three instances with four workers each', async () => {
    const ids = await pendingSources(30);
    const owners = ['host-a/1/aaaaaaaa', 'host-b/2/bbbbbbbb', 'host-c/3/cccccccc'];
    const byWorker = await Promise.all(owners.flatMap((owner) => Array.from({ length: 4 }, async () => ({ owner, got: await drain(owner) }))));
    const claimed = byWorker.flatMap((w) => w.got);
    expect(claimed.sort((a, b) => a - b)).toEqual(ids);
    // Each job's lease names the instance that claimed it, and no other.
    const rows = await db.select({ id: contentSources.id, owner: contentSources.leaseOwner }).from(contentSources).where(inArray(contentSources.id, ids));
    for (const { owner, got } of byWorker) for (const id of got) expect(rows.find((r) => r.id === id)?.owner).toBe(owner);
  });

  it('takes over a job whose lease ran out, and leaves one still held', async () => {
    const [expired, held] = await pendingSources(2);
    await db.update(contentSources).set({ status: 'scanning', leaseOwner: 'dead/9/00000000', leaseExpiresAt: Date.now() - 1 }).where(eq(contentSources.id, expired!));
    await db.update(contentSources).set({ status: 'scanning', leaseOwner: 'alive/8/11111111', leaseExpiresAt: Date.now() + 60_000 }).where(eq(contentSources.id, held!));
    // Racing claimers of two instances: the expired job goes to exactly one of them.
    const results = await Promise.all(Array.from({ length: 6 }, (_, i) => claimScanJob(i % 2 ? 'host-a/1/aaaaaaaa' : 'host-b/2/bbbbbbbb')));
    expect(results.filter((r) => r !== undefined)).toEqual([expired]);
    const [row] = await db.select().from(contentSources).where(eq(contentSources.id, expired!));
    expect(row!.leaseOwner).toMatch(/^host-[ab]\//);
    expect(row!.leaseExpiresAt).toBeGreaterThan(Date.now());
    const [still] = await db.select().from(contentSources).where(eq(contentSources.id, held!));
    expect(still!.leaseOwner).toBe('alive/8/11111111');
  });

  it('claims nothing that is finished', async () => {
    const [done] = await pendingSources(1);
    await db.update(contentSources).set({ status: 'completed' }).where(eq(contentSources.id, done!));
    expect(await claimScanJob('host-a/1/aaaaaaaa')).toBeUndefined();
  });
});
