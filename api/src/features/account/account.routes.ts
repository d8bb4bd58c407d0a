import { setTimeout as sleep } from 'node:timers/promises';
import { Hono, type Context } from 'hono';
import { deleteCookie, getCookie } from 'hono/cookie';
import { env } from '../../env';
import { clientKey, isHttpsRequest } from '../../lib/clientIp';
import { HttpError, tooManyRequests } from '../../lib/errors';
import { createRateLimiter } from '../../lib/rateLimit';
import { siteOrigin } from '../../lib/siteOrigin';
import { validate } from '../../lib/validate';
import type { OwnerEnv } from '../../middleware/auth';
import { ACCOUNT_MESSAGES } from '@parley/contracts';
import { accountDeletionSchema, profileUpdateSchema } from '@parley/contracts/schemas';
import { SESSION_COOKIE } from '../auth/auth.service';
import { signInGuard, waitText, type SignInOutcome } from '../auth/signinGuard';
import { changePassword, updateProfile } from './account.service';
import { adminResetLinkSchema, forgotPasswordSchema, passwordChangeRequestSchema, passwordResetRequestSchema } from './account.schemas';
import { deleteAccount } from './accountDeletion';
import { createAdminResetLink, passwordResetByEmail, requestPasswordReset, resetPassword } from './passwordReset.service';

/** Every "Forgot password?" request from one client address, whatever the email. */
const resetRequestLimiter = createRateLimiter({ bucket: 'reset-request', limit: env.LOGIN_RATE_LIMIT_PER_MINUTE, windowMs: 60_000 });

/** `/api/account/*`: the signed-in owner's profile, password and the account itself. */
export const accountRoutes = new Hono<OwnerEnv>()
  .patch('/profile', validate('json', profileUpdateSchema), async (c) => c.json(await updateProfile(c.get('user'), c.req.valid('json')), 200))
  .post('/password', validate('json', passwordChangeRequestSchema), async (c) => {
    await underSignInGuard(c, () => changePassword(c.get('user'), c.req.valid('json'), getCookie(c, SESSION_COOKIE)));
    return c.json({ success: true }, 200);
  })
  .delete('/', validate('json', accountDeletionSchema), async (c) => {
    await deleteAccount(c.get('user'), c.req.valid('json').confirmEmail);
    deleteCookie(c, SESSION_COOKIE, { path: '/', secure: isHttpsRequest(c), httpOnly: true, sameSite: 'Lax' });
    return c.json({ success: true }, 200);
  });

/** `/api/auth/*` without a sign-in: what "Forgot password?" can do, and the reset itself. */
export const accountAuthRoutes = new Hono()
  .get('/options', (c) => c.json({ passwordResetByEmail: passwordResetByEmail() }, 200))
  .post('/forgot-password', validate('json', forgotPasswordSchema), async (c) => {
    await limitResetRequests(c);
    await requestPasswordReset(c.req.valid('json').email);
    return c.json({ message: ACCOUNT_MESSAGES.resetRequested }, 200);
  })
  .post('/reset-password', validate('json', passwordResetRequestSchema), async (c) => {
    const { token, newPassword } = c.req.valid('json');
    await resetPassword(token, newPassword);
    return c.json({ success: true }, 200);
  });

/** `/api/admin/*`: administrators only (checked in the service, 403 for anyone else). */
export const adminAccountRoutes = new Hono<OwnerEnv>().post('/users/reset-link', validate('json', adminResetLinkSchema), async (c) =>
  c.json(await createAdminResetLink(c.get('user'), c.req.valid('json').email, siteOrigin(c)), 200),
);

/**
 * Wrong current passwords count like wrong sign-ins of the account (one guard pair per account,
 * plus the email's slow-down), so a stolen session cannot be used to guess the password.
 */
async function underSignInGuard(c: Context<OwnerEnv>, change: () => Promise<void>) {
  const { id, email } = c.get('user');
  const key = `password-change:${id}`;
  const verdict = await signInGuard.check(key, email);
  if (!verdict.allowed) {
    c.header('Retry-After', String(verdict.retryAfterSeconds));
    throw tooManyRequests(`Too many wrong passwords. Please wait ${waitText(verdict.retryAfterSeconds)} and try again.`, {
      retryAfterSeconds: verdict.retryAfterSeconds,
    });
  }
  let outcome: SignInOutcome = 'error';
  try {
    if (verdict.delayMs > 0) await sleep(verdict.delayMs);
    await change();
    outcome = 'success';
  } catch (error) {
    if (error instanceof HttpError && error.message === ACCOUNT_MESSAGES.currentPasswordWrong) outcome = 'failure';
    throw error;
  } finally {
    await signInGuard.settle(key, email, outcome);
  }
}

/** Reset requests per client address share the sign-in budget (LOGIN_RATE_LIMIT_PER_MINUTE). */
async function limitResetRequests(c: Context) {
  const { allowed, retryAfterSeconds } = await resetRequestLimiter.hit(clientKey(c));
  if (allowed) return;
  c.header('Retry-After', String(retryAfterSeconds));
  throw tooManyRequests('Too many password reset requests from your network. Please wait a minute and try again.', { retryAfterSeconds });
}

export { resetRequestLimiter };
