import { Hono, type Context } from 'hono';
import { deleteCookie, getCookie } from 'hono/cookie';
import { env } from '../../env';
import { isHttpsRequest } from '../../lib/clientIp';
import { validate } from '../../lib/validate';
import type { OwnerEnv } from '../../middleware/auth';
import { ACCOUNT_MESSAGES } from '@parley/contracts';
import { accountDeletionSchema, profileUpdateSchema } from '@parley/contracts/schemas';
import { SESSION_COOKIE } from '../auth/auth.service';
import { changePassword, updateProfile } from './account.service';
import { adminResetLinkSchema, forgotPasswordSchema, passwordChangeRequestSchema, passwordResetRequestSchema } from './account.schemas';
import { deleteAccount } from './accountDeletion';
import { createAdminResetLink, passwordResetByEmail, requestPasswordReset, resetPassword } from './passwordReset.service';

/** `/api/account/*`: the signed-in owner's profile, password and the account itself. */
export const accountRoutes = new Hono<OwnerEnv>()
  .patch('/profile', validate('json', profileUpdateSchema), (c) => c.json(updateProfile(c.get('user'), c.req.valid('json')), 200))
  .post('/password', validate('json', passwordChangeRequestSchema), async (c) => {
    await changePassword(c.get('user'), c.req.valid('json'), getCookie(c, SESSION_COOKIE));
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
  .post('/forgot-password', validate('json', forgotPasswordSchema), (c) => {
    requestPasswordReset(c.req.valid('json').email, siteOrigin(c));
    return c.json({ message: ACCOUNT_MESSAGES.resetRequested }, 200);
  })
  .post('/reset-password', validate('json', passwordResetRequestSchema), async (c) => {
    const { token, newPassword } = c.req.valid('json');
    await resetPassword(token, newPassword);
    return c.json({ success: true }, 200);
  });

/** `/api/admin/*`: administrators only (checked in the service, 403 for anyone else). */
export const adminAccountRoutes = new Hono<OwnerEnv>().post('/users/reset-link', validate('json', adminResetLinkSchema), (c) =>
  c.json(createAdminResetLink(c.get('user'), c.req.valid('json').email, siteOrigin(c)), 200),
);

/**
 * Where links in mail point. PUBLIC_URL when set; otherwise the address the request came to,
 * which a client can choose (the Host header): servers that mail reset links should set it.
 */
function siteOrigin(c: Context): string {
  return env.PUBLIC_URL ? new URL(env.PUBLIC_URL).origin : new URL(c.req.url).origin;
}
