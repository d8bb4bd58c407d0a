import { getCookie } from 'hono/cookie';
import { createMiddleware } from 'hono/factory';
import type { User } from '../db/schema';
import { SESSION_COOKIE, userForToken } from '../features/auth/auth.service';
import { unauthorized } from '../lib/errors';

type AuthVariables = { user: User };
/** What owner routers see: the owner API in app.ts runs `requireUser` before every route. */
export type OwnerEnv = { Variables: AuthVariables };

/** Loads the signed-in user or answers 401; handlers then read `c.get('user')`. */
export const requireUser = createMiddleware<OwnerEnv>(async (c, next) => {
  const user = await userForToken(getCookie(c, SESSION_COOKIE));
  if (!user) throw unauthorized('Unauthorized');
  c.set('user', user);
  await next();
});
