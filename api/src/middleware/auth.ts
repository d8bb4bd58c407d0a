import { getCookie } from 'hono/cookie';
import { createMiddleware } from 'hono/factory';
import type { User } from '../db/schema';
import { SESSION_COOKIE, userForToken } from '../features/auth/auth.service';
import { unauthorized } from '../lib/errors';

export type AuthVariables = { user: User };

/** Loads the signed-in user or answers 401; handlers then read `c.get('user')`. */
export const requireUser = createMiddleware<{ Variables: AuthVariables }>(async (c, next) => {
  const user = userForToken(getCookie(c, SESSION_COOKIE));
  if (!user) throw unauthorized('Unauthorized');
  c.set('user', user);
  await next();
});

/** Like requireUser but lets anonymous callers through (user is then undefined). */
export const optionalUser = createMiddleware<{ Variables: Partial<AuthVariables> }>(async (c, next) => {
  const user = userForToken(getCookie(c, SESSION_COOKIE));
  if (user) c.set('user', user);
  await next();
});
