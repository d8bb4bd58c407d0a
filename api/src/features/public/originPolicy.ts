import type { Chatbot } from '../../db/schema';
import { env } from '../../env';
import { forbidden } from '../../lib/errors';

/**
 * Whether a browser at `origin` may use the bot. No Origin header (server-to-server, or a
 * same-origin GET) and Parley's own origin (dashboard, test page, the iframe widget page) are
 * always allowed; other sites only when the bot's allowed-domains list is empty or names
 * their host ("example.com", "*.example.com" for subdomains, "localhost:5173" for one port).
 */
function isOriginAllowed(bot: Pick<Chatbot, 'allowedDomains'>, origin: string | undefined, ownHost: string | undefined): boolean {
  const domains = bot.allowedDomains ?? [];
  if (!origin) return true;
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return domains.length === 0;
  }
  if (isOwnUrl(url, ownHost)) return true;
  if (domains.length === 0) return true;
  const host = url.hostname.toLowerCase();
  const hostWithPort = url.host.toLowerCase();
  return domains.some((entry) => {
    const d = entry.toLowerCase();
    if (d.startsWith('*.')) {
      const base = d.slice(2);
      return base.includes(':') ? hostWithPort.endsWith(`.${base}`) : host.endsWith(`.${base}`);
    }
    return d.includes(':') ? hostWithPort === d : host === d;
  });
}

/**
 * Whether `origin` is Parley's own: the host the request was sent to (`ownHost`, its Host
 * header) or the host of PUBLIC_URL. A missing or unreadable Origin is not.
 */
export function isOwnOrigin(origin: string | undefined, ownHost: string | undefined): boolean {
  if (!origin) return false;
  try {
    return isOwnUrl(new URL(origin), ownHost);
  } catch {
    return false;
  }
}

function isOwnUrl(url: URL, ownHost: string | undefined): boolean {
  if (ownHost && url.host === ownHost.toLowerCase()) return true;
  return env.PUBLIC_URL !== undefined && url.host === new URL(env.PUBLIC_URL).host;
}

/** Throws 403 when the bot's allowed-domains list refuses the calling site. */
export function assertOriginAllowed(bot: Pick<Chatbot, 'allowedDomains'>, origin: string | undefined, ownHost: string | undefined) {
  if (!isOriginAllowed(bot, origin, ownHost)) {
    throw forbidden('This chatbot is not available on this website', { origin });
  }
}

/** The CSP frame-ancestors value for the iframe page: anywhere, or Parley plus the allowed hosts. */
export function frameAncestors(bot: Pick<Chatbot, 'allowedDomains'>): string {
  const domains = bot.allowedDomains ?? [];
  if (domains.length === 0) return '*';
  const sources = ["'self'"];
  if (env.PUBLIC_URL) sources.push(new URL(env.PUBLIC_URL).origin);
  for (const d of domains) sources.push(`https://${d}`, `http://${d}`);
  return sources.join(' ');
}
