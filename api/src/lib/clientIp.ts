import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context } from 'hono';
import ipaddr from 'ipaddr.js';
import { env } from '../env';

/**
 * The caller's address. Behind `TRUST_PROXY` = N proxies, the address chain is the socket's peer
 * followed by `X-Forwarded-For` read from the right: each trusted proxy appended the address it
 * saw, so the client is the entry N hops from the socket. Entries further left were written by
 * the client itself and are never believed.
 */
function clientIp(c: Context): string {
  const peer = socketAddress(c);
  if (env.TRUST_PROXY === 0) return peer;
  const forwarded = (c.req.header('x-forwarded-for') ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const chain = [peer, ...forwarded.reverse()];
  return normalizeAddress(chain[Math.min(env.TRUST_PROXY, chain.length - 1)]!);
}

/** What every per-address limit counts by: the client's address key (see `addressKey`). */
export function clientKey(c: Context): string {
  return addressKey(clientIp(c));
}

/**
 * The unit a client address is counted by: the address itself for IPv4, its /64 network for
 * IPv6, since one subscriber usually holds a whole /64 and could otherwise rotate through it.
 */
export function addressKey(address: string): string {
  if (!ipaddr.IPv6.isValid(address)) return address;
  const parsed = ipaddr.IPv6.parse(address);
  if (parsed.isIPv4MappedAddress()) return parsed.toIPv4Address().toString();
  return `${parsed.parts.slice(0, 4).map((p) => p.toString(16)).join(':')}::/64`;
}

/**
 * Whether the browser reached Parley over https: `PUBLIC_URL` decides when set; otherwise the
 * request URL, or `X-Forwarded-Proto` when it was written by a trusted proxy.
 */
export function isHttpsRequest(c: Context): boolean {
  if (env.PUBLIC_URL) return new URL(env.PUBLIC_URL).protocol === 'https:';
  if (env.TRUST_PROXY > 0) {
    const proto = c.req.header('x-forwarded-proto')?.split(',').pop()?.trim().toLowerCase();
    if (proto) return proto === 'https';
  }
  return new URL(c.req.url).protocol === 'https:';
}

function socketAddress(c: Context): string {
  try {
    return normalizeAddress(getConnInfo(c).remote.address ?? 'unknown');
  } catch {
    // app.request() in tests has no socket.
    return 'local';
  }
}

/** `::ffff:1.2.3.4` and `1.2.3.4` are one client; so are an address and its bracketed form. */
function normalizeAddress(address: string): string {
  const bare = address.replace(/^\[(.*)\](:\d+)?$/, '$1').toLowerCase();
  return bare.startsWith('::ffff:') && bare.includes('.') ? bare.slice(7) : bare;
}
