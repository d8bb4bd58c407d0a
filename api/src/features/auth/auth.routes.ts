import { setTimeout as sleep } from 'node:timers/promises';
import { Hono, type Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import type { User } from '../../db/schema';
import { env } from '../../env';
import { clientKey, isHttpsRequest } from '../../lib/clientIp';
import { tooManyRequests, unauthorized } from '../../lib/errors';
import { createRateLimiter } from '../../lib/rateLimit';
import { validate } from '../../lib/validate';
import { requireUser } from '../../middleware/auth';
import { loginPageQuerySchema, loginSchema, registerSchema } from './auth.schemas';
import { SESSION_COOKIE, authenticate, createLoginSession, endLoginSession, publicUser, register } from './auth.service';
import { LOGOUT_CONFIRM_PAGE } from './logoutPage';
import { signInGuard, waitText, type SignInOutcome } from './signinGuard';

/** Every sign-in attempt from one client address (LOGIN_RATE_LIMIT_PER_MINUTE). */
const loginLimiter = createRateLimiter({ bucket: 'login', limit: env.LOGIN_RATE_LIMIT_PER_MINUTE, windowMs: 60_000 });
/** Registrations that pass validation, per client address (REGISTER_RATE_LIMIT_PER_HOUR). */
const registerLimiter = createRateLimiter({ bucket: 'register', limit: env.REGISTER_RATE_LIMIT_PER_HOUR, windowMs: 3_600_000 });

const AUTH_MESSAGES = {
  invalidCredentials: 'Invalid email or password',
  tooManyFromAddress: 'Too many sign-in attempts from your network. Please wait a minute and try again.',
  tooManyFailures: (wait: string) => `Too many failed sign-in attempts for this account. Please wait ${wait} and try again.`,
  tooManyRegistrations: (wait: string) => `Too many accounts created from your network. Please wait ${wait} and try again.`,
};

/** `/api/auth/*`: register, sign in and who-am-I. */
export const authRoutes = new Hono()
  .post('/register', validate('json', registerSchema), async (c) => {
    await limitRegistration(c);
    const user = await register(c.req.valid('json'));
    await startSession(c, user.id);
    return c.json(publicUser(user), 201);
  })
  .post('/login', validate('json', loginSchema), async (c) => {
    const user = await signIn(c, c.req.valid('json'));
    await startSession(c, user.id);
    return c.json(publicUser(user), 200);
  })
  .post('/logout', async (c) => {
    await endSession(c);
    return c.json({ success: true }, 200);
  })
  .get('/user', requireUser, (c) => c.json(publicUser(c.get('user')), 200))
  .get('/admin-status', requireUser, (c) => c.json({ isAdmin: c.get('user').isAdmin }, 200));

/** `/api/login` and `/api/logout`: the browser-navigation entry points of the spec. */
export const loginRedirectRoutes = new Hono()
  .get('/login', validate('query', loginPageQuerySchema), (c) => {
    const query = c.req.valid('query');
    const params = new URLSearchParams();
    if (query.mode === 'signup') params.set('mode', 'signup');
    const returnTo = safeReturnTo(query.returnTo);
    if (returnTo) params.set('returnTo', returnTo);
    const search = params.toString();
    return c.redirect(search ? `/login?${search}` : '/login', 302);
  })
  .get('/logout', async (c) => {
    // A link or image on another site must not sign the owner out (the Lax cookie rides along
    // on top-level cross-site navigations): ask instead. Browsers without Fetch Metadata, and
    // curl, send no Sec-Fetch-Site and keep the plain redirect.
    const site = c.req.header('sec-fetch-site');
    if (site && site !== 'same-origin' && site !== 'none') {
      c.header('Cache-Control', 'no-store');
      c.header('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'");
      c.header('X-Frame-Options', 'DENY');
      return c.html(LOGOUT_CONFIRM_PAGE, 200);
    }
    await endSession(c);
    return c.redirect('/', 302);
  })
  // The confirm page's form; the app-wide origin check refuses cross-origin POSTs.
  .post('/logout', async (c) => {
    await endSession(c);
    return c.redirect('/', 303);
  });

async function startSession(c: Context, userId: string) {
  const { token, expiresAt } = await createLoginSession(userId);
  setCookie(c, SESSION_COOKIE, token, {
    httpOnly: true,
    sameSite: 'Lax',
    path: '/',
    secure: isHttpsRequest(c),
    expires: expiresAt,
  });
}

async function endSession(c: Context) {
  await endLoginSession(getCookie(c, SESSION_COOKIE));
  deleteCookie(c, SESSION_COOKIE, { path: '/', secure: isHttpsRequest(c), httpOnly: true, sameSite: 'Lax' });
}

/**
 * Checks a password under the sign-in limits: a per-address budget of attempts, a lockout for
 * an address that keeps failing on one email, and a growing delay for an email failing from
 * anywhere. Nobody can lock the owner out from elsewhere; at worst they slow the answer.
 */
async function signIn(c: Context, input: { email: string; password: string }): Promise<User> {
  const address = clientKey(c);
  const byAddress = await loginLimiter.hit(`ip:${address}`);
  if (!byAddress.allowed) throw limited(c, byAddress.retryAfterSeconds, AUTH_MESSAGES.tooManyFromAddress);

  const verdict = await signInGuard.check(address, input.email);
  if (!verdict.allowed) throw limited(c, verdict.retryAfterSeconds, AUTH_MESSAGES.tooManyFailures(waitText(verdict.retryAfterSeconds)));

  let outcome: SignInOutcome = 'error';
  try {
    if (verdict.delayMs > 0) await sleep(verdict.delayMs);
    const user = await authenticate(input);
    outcome = user ? 'success' : 'failure';
    if (!user) throw unauthorized(AUTH_MESSAGES.invalidCredentials);
    return user;
  } finally {
    await signInGuard.settle(address, input.email, outcome);
  }
}

async function limitRegistration(c: Context) {
  const { allowed, retryAfterSeconds } = await registerLimiter.hit(clientKey(c));
  if (!allowed) throw limited(c, retryAfterSeconds, AUTH_MESSAGES.tooManyRegistrations(waitText(retryAfterSeconds)));
}

function limited(c: Context, retryAfterSeconds: number, message: string) {
  c.header('Retry-After', String(retryAfterSeconds));
  return tooManyRequests(message, { retryAfterSeconds });
}

/** Only same-site paths, so the sign-in page cannot be used as an open redirect. */
function safeReturnTo(value: string | undefined) {
  return value?.startsWith('/') && !value.startsWith('//') ? value : undefined;
}

export { loginLimiter, registerLimiter };
