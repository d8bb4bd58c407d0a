import { randomUUID } from 'node:crypto';
import { transaction } from '../../db/transaction';
import { count, eq, lt, ne } from 'drizzle-orm';
import { db } from '../../db/client';
import { serializeOn } from '../../db/locks';
import { authSessions, users, type User } from '../../db/schema';
import { env } from '../../env';
import { conflict } from '../../lib/errors';
import { hashSecretToken, newSecretToken } from '../../lib/secretToken';
import { startFreeSubscription } from '../subscription/subscription.service';
import type { LoginInput, RegisterInput } from './auth.schemas';
import { hashPassword, verifyPassword } from './password';

export const SESSION_COOKIE = 'parley_session';
/** Owner of the seeded public bot; it cannot sign in and does not count as the first account. */
export const SYSTEM_USER_ID = 'system';

/** Creates an account; the first account on an install, and any in ADMIN_EMAILS, is admin. */
export async function register(input: RegisterInput): Promise<User> {
  const existing = (await db.select({ id: users.id }).from(users).where(eq(users.email, input.email)).limit(1))[0];
  if (existing) throw conflict('An account with this email already exists', { field: 'email' });
  const passwordHash = await hashPassword(input.password);
  const user = await transaction(async (tx) => {
    // One registration at a time (on PostgreSQL, across instances too): two first accounts
    // signing up at once must not both become admin, nor one address get two accounts.
    await serializeOn('register');
    if ((await tx.select({ id: users.id }).from(users).where(eq(users.email, input.email)).limit(1))[0]) {
      throw conflict('An account with this email already exists', { field: 'email' });
    }
    const total = (await tx.select({ n: count() }).from(users).where(ne(users.id, SYSTEM_USER_ID)).limit(1))[0]?.n ?? 0;
    const row = (await tx
      .insert(users)
      .values({
        id: randomUUID(),
        email: input.email,
        passwordHash,
        firstName: input.firstName || null,
        lastName: input.lastName || null,
        isAdmin: total === 0 || env.ADMIN_EMAILS.includes(input.email),
      })
      .returning())[0];
    await startFreeSubscription(row.id, tx);
    return row;
  });
  return user;
}

/** The account these credentials open, or null. Sign-in limits live in the route (they need the caller's address). */
export async function authenticate(input: LoginInput): Promise<User | null> {
  const user = (await db.select().from(users).where(eq(users.email, input.email)).limit(1))[0];
  // Verify against a dummy hash when the user is unknown so timing does not reveal accounts.
  const ok = await verifyPassword(input.password, user?.passwordHash ?? DUMMY_HASH);
  return user && ok ? user : null;
}

/** Issues a session; the cookie carries the token, the database only its hash. */
export async function createLoginSession(userId: string): Promise<{ token: string; expiresAt: Date }> {
  const { token, hash } = newSecretToken();
  const expiresAt = new Date(Date.now() + env.SESSION_TTL_DAYS * 86_400_000);
  await db.insert(authSessions).values({ id: hash, userId, expiresAt });
  return { token, expiresAt };
}

export async function userForToken(token: string | undefined): Promise<User | null> {
  if (!token) return null;
  const row = (await db
    .select({ user: users, expiresAt: authSessions.expiresAt })
    .from(authSessions)
    .innerJoin(users, eq(users.id, authSessions.userId))
    .where(eq(authSessions.id, hashSecretToken(token))).limit(1))[0];
  if (!row) return null;
  if (row.expiresAt.getTime() < Date.now()) {
    await endLoginSession(token);
    return null;
  }
  return row.user;
}

export async function endLoginSession(token: string | undefined) {
  if (token) await db.delete(authSessions).where(eq(authSessions.id, hashSecretToken(token)));
}

export async function pruneExpiredSessions() {
  await db.delete(authSessions).where(lt(authSessions.expiresAt, new Date()));
}

/** The user as the API shows it: never the password hash. */
export function publicUser(user: User) {
  return {
    id: user.id,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    profileImageUrl: user.profileImageUrl,
    createdAt: user.createdAt,
  };
}

const DUMMY_HASH = `scrypt$16384$8$1$AAAAAAAAAAAAAAAAAAAAAA==$${Buffer.alloc(64).toString('base64')}`;
