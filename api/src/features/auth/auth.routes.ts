import { Hono, type Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { env } from '../../env';
import { clientIp } from '../../lib/client-ip';
import { tooManyRequests } from '../../lib/errors';
import { createRateLimiter } from '../../lib/rate-limit';
import { validate } from '../../lib/validate';
import { requireUser } from '../../middleware/auth';
import { loginPageQuerySchema, loginSchema, registerSchema } from './auth.schemas';
import {
  SESSION_COOKIE,
  createLoginSession,
  endLoginSession,
  login,
  publicUser,
  register,
} from './auth.service';

const loginLimiter = createRateLimiter({ limit: env.LOGIN_RATE_LIMIT_PER_MINUTE, windowMs: 60_000 });

/** `/api/auth/*`: register, sign in and who-am-I. */
export const authRoutes = new Hono()
  .post('/register', validate('json', registerSchema), async (c) => {
    const user = await register(c.req.valid('json'));
    startSession(c, user.id);
    return c.json(publicUser(user), 201);
  })
  .post('/login', validate('json', loginSchema), async (c) => {
    limitSignIn(c, c.req.valid('json').email);
    const user = await login(c.req.valid('json'));
    startSession(c, user.id);
    return c.json(publicUser(user), 200);
  })
  .post('/logout', (c) => {
    endLoginSession(getCookie(c, SESSION_COOKIE));
    deleteCookie(c, SESSION_COOKIE, { path: '/' });
    return c.json({ success: true }, 200);
  })
  .get('/user', requireUser, (c) => c.json(publicUser(c.get('user')), 200))
  .get('/admin-status', requireUser, (c) => c.json({ isAdmin: c.get('user').isAdmin }, 200));

/** `/api/login` and `/api/logout`: the browser-navigation entry points of the spec. */
export const loginRedirectRoutes = new Hono()
  .get('/login', validate('query', loginPageQuerySchema), (c) => {
    const returnTo = safeReturnTo(c.req.valid('query').returnTo);
    return c.redirect(returnTo ? `/login?returnTo=${encodeURIComponent(returnTo)}` : '/login', 302);
  })
  .get('/logout', (c) => {
    endLoginSession(getCookie(c, SESSION_COOKIE));
    deleteCookie(c, SESSION_COOKIE, { path: '/' });
    return c.redirect('/', 302);
  });

function startSession(c: Context, userId: string) {
  const { token, expiresAt } = createLoginSession(userId);
  setCookie(c, SESSION_COOKIE, token, {
    httpOnly: true,
    sameSite: 'Lax',
    path: '/',
    secure: new URL(c.req.url).protocol === 'https:',
    expires: expiresAt,
  });
}

function limitSignIn(c: Context, email: string) {
  const byAddress = loginLimiter.hit(`ip:${clientIp(c)}`);
  const byEmail = loginLimiter.hit(`email:${email}`);
  if (!byAddress.allowed || !byEmail.allowed) {
    const retryAfterSeconds = Math.max(byAddress.retryAfterSeconds, byEmail.retryAfterSeconds);
    c.header('Retry-After', String(retryAfterSeconds));
    throw tooManyRequests('Too many sign-in attempts. Please wait a minute and try again.', { retryAfterSeconds });
  }
}

/** Only same-site paths, so the sign-in page cannot be used as an open redirect. */
function safeReturnTo(value: string | undefined) {
  return value && value.startsWith('/') && !value.startsWith('//') ? value : undefined;
}

export { loginLimiter };
