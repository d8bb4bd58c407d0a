import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveFakeOpenAI } from './testing/fakeOpenAI';

// A local model whose "[slow]" answer takes about 750 ms, long enough to look at the claim.
const fake = await serveFakeOpenAI();
const kit = await import('./testing/chatKit');
const { db } = await import('../../db/client');
const { chatSessions } = await import('../../db/schema');
const { INSTANCE_NAME } = await import('../../lib/instanceName');
const { TURN_LEASE_MS } = await import('./sessionTurnLease');

let guid: string;
beforeAll(async () => {
  const o = await kit.owner();
  guid = (await kit.newBot(o.cookie, { name: 'Turn keeper' })).guid;
});
afterAll(() => fake.close());

type Claim = { owner: string | null; expiresAt: number | null };
const claimOf = async (sessionId: string): Promise<Claim> =>
  (await db.select({ owner: chatSessions.turnOwner, expiresAt: chatSessions.turnExpiresAt }).from(chatSessions).where(eq(chatSessions.sessionId, sessionId)))[0]!;
/** What another instance answering this session's turn leaves in the row. */
const claimElsewhere = (sessionId: string, expiresAt: number) =>
  db.update(chatSessions).set({ turnOwner: 'other-host/4242/abcd1234/ef567890', turnExpiresAt: expiresAt }).where(eq(chatSessions.sessionId, sessionId));
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('a session answers one turn at a time across instances', () => {
  it('holds the claim while it answers and gives it back after', async () => {
    const sessionId = await kit.openSession(guid);
    expect(await claimOf(sessionId)).toEqual({ owner: null, expiresAt: null });
    const turn = kit.streamMessage(sessionId, { content: 'Tell me everything [slow]' });
    let claim: Claim = { owner: null, expiresAt: null };
    for (let i = 0; i < 200 && !claim.owner; i++) {
      await sleep(5);
      claim = await claimOf(sessionId);
    }
    expect(claim.owner?.startsWith(`${INSTANCE_NAME}/`)).toBe(true);
    expect(claim.expiresAt! - Date.now()).toBeGreaterThan(TURN_LEASE_MS - 2_000);
    expect(kit.completeMessages((await turn).events)).toHaveLength(2);
    expect(await claimOf(sessionId)).toEqual({ owner: null, expiresAt: null });
  });

  it('waits while another instance answers the session, and goes ahead once that turn is handed back', async () => {
    const sessionId = await kit.openSession(guid);
    await claimElsewhere(sessionId, Date.now() + 60_000);
    let finished = false;
    const turn = kit.streamMessage(sessionId, { content: 'Hello there' }).finally(() => {
      finished = true;
    });
    await sleep(400);
    expect(finished).toBe(false);
    expect(await kit.getMessages(sessionId)).toEqual([]);

    await db.update(chatSessions).set({ turnOwner: null, turnExpiresAt: null }).where(eq(chatSessions.sessionId, sessionId));
    const messages = kit.completeMessages((await turn).events);
    expect(messages.map((m) => m.sender)).toEqual(['user', 'bot']);
    expect((await claimOf(sessionId)).owner).toBeNull();
  });

  it('takes the turn over once a silent holder’s claim has run out (its instance died)', async () => {
    const sessionId = await kit.openSession(guid);
    const expiresAt = Date.now() + 500;
    await claimElsewhere(sessionId, expiresAt);
    const { events } = await kit.streamMessage(sessionId, { content: 'Anyone there?' });
    const [user] = kit.completeMessages(events);
    expect(new Date(user!.createdAt).getTime()).toBeGreaterThanOrEqual(expiresAt);
    expect((await claimOf(sessionId)).owner).toBeNull();
  });

  it('gives the claim back when the model fails', async () => {
    const sessionId = await kit.openSession(guid);
    const { events } = await kit.streamMessage(sessionId, { content: 'Break please [error]' });
    expect(events.map((e) => e.type)).toContain('error');
    expect(await claimOf(sessionId)).toEqual({ owner: null, expiresAt: null });
  });
});
