import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';

// setupPostgres.ts has pointed DATABASE_URL at a fresh database. The turns below stand for chat
// turns of one session arriving at several instances.
const { db, postgres } = await import('../../db/client');
const { chatbots, chatSessions, users } = await import('../../db/schema');
const { holdSessionTurn } = await import('./sessionTurnLease');

afterAll(() => postgres?.pool.end());

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function session(): Promise<string> {
  const id = randomUUID();
  await db.insert(users).values({ id, email: `${id}@example.com`, passwordHash: 'x' });
  const [bot] = await db.insert(chatbots).values({ guid: id, userId: id, name: 'B', systemPrompt: 'p', model: 'm' }).returning();
  await db.insert(chatSessions).values({ sessionId: id, chatbotId: bot!.id });
  return id;
}
const claimOf = async (sessionId: string) =>
  (await db.select({ owner: chatSessions.turnOwner, expiresAt: chatSessions.turnExpiresAt }).from(chatSessions).where(eq(chatSessions.sessionId, sessionId)))[0];

describe("a session's turns on PostgreSQL", () => {
  it('runs six parallel turns one after another, and gives the claim back after the last', async () => {
    const sessionId = await session();
    let running = 0;
    let most = 0;
    const order: number[] = [];
    await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        holdSessionTurn(sessionId, async () => {
          running++;
          most = Math.max(most, running);
          expect((await claimOf(sessionId))?.owner).not.toBeNull();
          await sleep(40);
          order.push(i);
          running--;
        }),
      ),
    );
    expect(most).toBe(1);
    expect(order.sort()).toEqual([0, 1, 2, 3, 4, 5]);
    expect(await claimOf(sessionId)).toEqual({ owner: null, expiresAt: null });
  });

  it("waits for another instance's turn, and takes over a claim that ran out", async () => {
    const sessionId = await session();
    await db.update(chatSessions).set({ turnOwner: 'other-host/1/aaaa/bbbb', turnExpiresAt: Date.now() + 400 }).where(eq(chatSessions.sessionId, sessionId));
    const started = Date.now();
    const waited = await holdSessionTurn(sessionId, async () => Date.now() - started);
    expect(waited).toBeGreaterThanOrEqual(350);
    expect(await claimOf(sessionId)).toEqual({ owner: null, expiresAt: null });
  });
});
