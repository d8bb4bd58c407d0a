import { and, eq, isNull, ne } from 'drizzle-orm';
import { transaction } from '../../db/transaction';
import { db } from '../../db/client';
import { authSessions, passwordResetTokens, users, type User } from '../../db/schema';
import { badRequest } from '../../lib/errors';
import { hashSecretToken } from '../../lib/secretToken';
import { ACCOUNT_MESSAGES, type PasswordChange, type ProfileUpdate } from '@parley/contracts';
import { publicUser } from '../auth/auth.service';
import { hashPassword, verifyPassword } from '../auth/password';
import { signInGuard } from '../auth/signinGuard';
import { uploadFileName } from '../uploads/uploadFileName';
import { isOwnProfileUpload } from '../uploads/uploads.service';

/**
 * Changes the owner's names and picture; fields left out stay as they are. A picture on this
 * server must be one of the owner's own profile uploads: pointing at another account's file
 * would keep it alive (and on their quota) after they delete it.
 */
export async function updateProfile(user: User, input: ProfileUpdate) {
  const { firstName, lastName, profileImageUrl } = input;
  if (profileImageUrl?.startsWith('/') && !await isOwnProfileUpload(user.id, uploadFileName(profileImageUrl))) {
    throw badRequest(ACCOUNT_MESSAGES.profileImageNotYours, { fieldErrors: { profileImageUrl: [ACCOUNT_MESSAGES.profileImageNotYours] }, formErrors: [] });
  }
  const row = (await db
    .update(users)
    .set({
      ...(firstName !== undefined && { firstName }),
      ...(lastName !== undefined && { lastName }),
      ...(profileImageUrl !== undefined && { profileImageUrl }),
      updatedAt: new Date(),
    })
    .where(eq(users.id, user.id))
    .returning())[0];
  return publicUser(row);
}

/** Makes a just-uploaded picture the profile picture. */
export async function setProfilePicture(userId: string, url: string) {
  const row = (await db.update(users).set({ profileImageUrl: url, updatedAt: new Date() }).where(eq(users.id, userId)).returning())[0];
  return publicUser(row);
}

/**
 * Changes the password after checking the current one, then ends every other sign-in of the
 * account (whoever learnt the old password is signed out everywhere but here), revokes its
 * unused reset links and lifts any sign-in lockout on its email.
 */
export async function changePassword(user: User, input: PasswordChange, currentSessionToken: string | undefined) {
  if (!(await verifyPassword(input.currentPassword, user.passwordHash))) {
    throw badRequest(ACCOUNT_MESSAGES.currentPasswordWrong, { fieldErrors: { currentPassword: [ACCOUNT_MESSAGES.currentPasswordWrong] }, formErrors: [] });
  }
  const passwordHash = await hashPassword(input.newPassword);
  const keep = currentSessionToken ? hashSecretToken(currentSessionToken) : '';
  await transaction(async (tx) => {
    await tx.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, user.id));
    await tx.delete(authSessions)
      .where(and(eq(authSessions.userId, user.id), ne(authSessions.id, keep)));
    // A reset link mailed earlier would otherwise still undo the change.
    await tx.delete(passwordResetTokens)
      .where(and(eq(passwordResetTokens.userId, user.id), isNull(passwordResetTokens.usedAt)));
  });
  await signInGuard.forget(user.email);
}
