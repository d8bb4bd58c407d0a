import type { Context } from 'hono';
import { env } from '../env';

/**
 * The origin links for the signed-in owner point to: PUBLIC_URL when set, else the address the
 * owner's own request came to. Only use it for links the owner's browser follows at once (a
 * forged Host header could only mislead the person who sent it); mailed links use PUBLIC_URL.
 */
export function siteOrigin(c: Context): string {
  return env.PUBLIC_URL ? new URL(env.PUBLIC_URL).origin : new URL(c.req.url).origin;
}
