import { and, eq, gt, isNull } from 'drizzle-orm';
import { transaction } from '../../db/transaction';
import { db } from '../../db/client';
import { serializeOn } from '../../db/locks';
import { env } from '../../env';
import { authSessions, emailOutbox, passwordResetTokens, users, type User } from '../../db/schema';
import { badRequest, forbidden, HttpError, notFound } from '../../lib/errors';
import { logger } from '../../lib/logger';
import { createRateLimiter } from '../../lib/rateLimit';
import { hashSecretToken, newSecretToken } from '../../lib/secretToken';
import { ACCOUNT_MESSAGES } from '@parley/contracts';
import { logAdminAction } from '../admin/admin.service';
import { SYSTEM_USER_ID } from '../auth/auth.service';
import { hashPassword } from '../auth/password';
import { signInGuard } from '../auth/signinGuard';
import { appLink } from '../email/appLink';
import { isEmailConfigured, sendViaOutbox } from '../email/outbox.service';

/** How long a reset link works. */
const RESET_TTL_MS = 60 * 60 * 1000;
/**
 * Reset mails per email address per hour. Past it the request is answered like any other and
 * nothing is sent, so the limit tells nobody whether the account exists, and nobody can fill
 * an owner's inbox with reset mail.
 */
const resetMailLimiter = createRateLimiter({ bucket: 'reset-mail', limit: 3, windowMs: 60 * 60 * 1000 });

/**
 * Whether "Forgot password?" can mail a link: only when this server can send mail and knows its
 * public address. A link built from the request would take its host from the Host header, which
 * whoever asks for the reset chooses: the victim's mail would carry a link to their server.
 */
export function passwordResetByEmail(): boolean {
  return isEmailConfigured() && Boolean(env.PUBLIC_URL);
}

/**
 * Mails a reset link to the account of `email`, if there is one. The caller always answers the
 * same way, and the answer does not wait for the mail (only for the token's database write).
 */
export async function requestPasswordReset(email: string): Promise<void> {
  if (!passwordResetByEmail()) throw new HttpError(503, ACCOUNT_MESSAGES.resetByEmailUnavailable);
  if (!(await resetMailLimiter.hit(email)).allowed) return;
  const user = (await db.select().from(users).where(eq(users.email, email)).limit(1))[0];
  if (!user || user.id === SYSTEM_USER_ID) return;
  const resetUrl = appLink(resetPath((await issueResetToken(user.id)).token));
  sendViaOutbox({
    to: user.email,
    userId: user.id,
    subject: 'Reset your Parley password',
    text: [
      'Someone (hopefully you) asked to reset the password of your Parley account.',
      '',
      `Choose a new password here: ${resetUrl}`,
      '',
      'The link works once, for one hour. If you did not ask for it, ignore this mail: your password stays as it is.',
    ].join('\n'),
  })
    .then(async ({ id, sent }) => {
      // The mail holds a working link: once delivered, the outbox need not keep a copy.
      if (await sent) await db.delete(emailOutbox).where(eq(emailOutbox.id, id));
    })
    .catch((error) => logger.error('queueing a password reset mail failed', { error: String(error) }));
}

/**
 * A reset link an administrator hands to a user when this server cannot mail one. Same tokens
 * as the mailed links: single use, one hour.
 */
export async function createAdminResetLink(admin: User, email: string, origin: string): Promise<{ resetUrl: string; expiresAt: Date }> {
  if (!admin.isAdmin) throw forbidden('Only administrators can reset the password of another account.');
  const user = (await db.select().from(users).where(eq(users.email, email)).limit(1))[0];
  if (!user || user.id === SYSTEM_USER_ID) throw notFound('No account uses this email address.');
  const { token, expiresAt } = await issueResetToken(user.id);
  await logAdminAction(db, admin, 'create_reset_link', { targetUserId: user.id, details: { email: user.email } });
  return { resetUrl: `${origin}${resetPath(token)}`, expiresAt };
}

/** Sets a new password from a reset link, uses the link up and signs the account out everywhere. */
export async function resetPassword(token: string, newPassword: string): Promise<void> {
  const tokenHash = hashSecretToken(token);
  if (!await usableToken(tokenHash)) throw invalidLink();
  const passwordHash = await hashPassword(newPassword);
  const email = await transaction(async (tx) => {
    // Used up by one conditional UPDATE: of two submissions of one link (on any instance) only
    // one gets the row back.
    const now = new Date();
    const [row] = await tx
      .update(passwordResetTokens)
      .set({ usedAt: now })
      .where(and(eq(passwordResetTokens.tokenHash, tokenHash), isNull(passwordResetTokens.usedAt), gt(passwordResetTokens.expiresAt, now)))
      .returning({ userId: passwordResetTokens.userId });
    if (!row) throw invalidLink();
    const user = (await tx.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, row.userId)).returning({ email: users.email }))[0];
    await tx.delete(authSessions).where(eq(authSessions.userId, row.userId));
    return user?.email;
  });
  // The link proved the mailbox is the owner's: guesses made before do not keep them out.
  if (email) await signInGuard.forget(email);
}

/** A new link for the account; any earlier unused link of it stops working. */
async function issueResetToken(userId: string): Promise<{ token: string; expiresAt: Date }> {
  const { token, hash } = newSecretToken();
  const expiresAt = new Date(Date.now() + RESET_TTL_MS);
  await transaction(async (tx) => {
    // Two requests at once (on PostgreSQL) must not leave two working links.
    await serializeOn(`reset-link:${userId}`);
    await tx.delete(passwordResetTokens)
      .where(and(eq(passwordResetTokens.userId, userId), isNull(passwordResetTokens.usedAt)));
    await tx.insert(passwordResetTokens).values({ tokenHash: hash, userId, expiresAt });
  });
  return { token, expiresAt };
}

const resetPath = (token: string) => `/reset-password?token=${token}`;

async function usableToken(tokenHash: string) {
  const row = (await db.select().from(passwordResetTokens).where(eq(passwordResetTokens.tokenHash, tokenHash)).limit(1))[0];
  return row && !row.usedAt && row.expiresAt.getTime() > Date.now() ? row : undefined;
}

const invalidLink = () => badRequest(ACCOUNT_MESSAGES.resetLinkInvalid);

export { resetMailLimiter };
