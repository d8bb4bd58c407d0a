import { randomUUID } from 'node:crypto';
import { and, eq, isNull, lt, or } from 'drizzle-orm';
import { db } from '../../db/client';
import { chatSessions } from '../../db/schema';
import type { SessionRow } from './chat.service';
import { INSTANCE_NAME } from '../../lib/instanceName';
import { logger } from '../../lib/logger';

/**
 * Runs `turn` while holding the session's turn, on whichever instance it runs: a lease on the
 * session row (`turn_owner`, `turn_expires_at`) taken in one conditional UPDATE, renewed while
 * the turn runs and given back when it ends. A turn sent to another instance while one is being
 * answered waits for it, so a visitor whose requests a load balancer spreads over several
 * instances still gets their turns answered in order, each on the state the last one left. If
 * the holder dies, its claim runs out after TURN_LEASE_MS and the waiting turn goes ahead.
 * `turn` is given the session row as the claim left it (undefined for an unknown session), so
 * it starts from what the turns before it stored without reading the row again.
 */
export async function holdSessionTurn<T>(sessionId: string, turn: (session: SessionRow | undefined) => Promise<T>): Promise<T> {
  const owner = `${INSTANCE_NAME}/${randomUUID().slice(0, 8)}`;
  const session = await claimTurn(sessionId, owner);
  const heartbeat = setInterval(() => {
    renewTurn(sessionId, owner).catch((error) => logger.warn('renewing a chat turn failed', { error: String(error) }));
  }, TURN_LEASE_MS / 3);
  heartbeat.unref();
  try {
    return await turn(session);
  } finally {
    clearInterval(heartbeat);
    await db.update(chatSessions).set({ turnOwner: null, turnExpiresAt: null }).where(and(eq(chatSessions.sessionId, sessionId), eq(chatSessions.turnOwner, owner)));
  }
}

/** How long a turn's claim holds without a heartbeat (renewed every third of it). */
export const TURN_LEASE_MS = 15_000;

/** Waits until the session's turn is free (or its holder's claim has run out), then takes it. */
async function claimTurn(sessionId: string, owner: string): Promise<SessionRow | undefined> {
  for (let waitMs = 5; ; waitMs = Math.min(waitMs * 2, 100)) {
    const now = Date.now();
    const claimed = await db
      .update(chatSessions)
      .set({ turnOwner: owner, turnExpiresAt: now + TURN_LEASE_MS })
      .where(and(eq(chatSessions.sessionId, sessionId), or(isNull(chatSessions.turnOwner), lt(chatSessions.turnExpiresAt, now))))
      .returning();
    if (claimed.length > 0) return claimed[0];
    // No such session: nothing to keep in order (the turn itself says what is wrong).
    const [exists] = await db.select({ id: chatSessions.id }).from(chatSessions).where(eq(chatSessions.sessionId, sessionId));
    if (!exists) return;
    await new Promise((resolve) => setTimeout(resolve, waitMs));
  }
}

async function renewTurn(sessionId: string, owner: string) {
  await db
    .update(chatSessions)
    .set({ turnExpiresAt: Date.now() + TURN_LEASE_MS })
    .where(and(eq(chatSessions.sessionId, sessionId), eq(chatSessions.turnOwner, owner)));
}
