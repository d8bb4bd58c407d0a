import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';

/**
 * Whether the crawler may connect to an IP address: only globally routable unicast
 * addresses. Every range of the IANA IPv4 and IPv6 Special-Purpose Address Registries
 * (RFC 6890 and successors) is refused, and so is every IPv6 form that embeds an IPv4
 * address (IPv4-compatible, IPv4-mapped, IPv4-translated, NAT64, 6to4, Teredo), because
 * that is how "::ffff:127.0.0.1"-style tricks reach a private IPv4 host.
 *
 * Pure: it knows nothing of CRAWL_ALLOW_PRIVATE_HOSTS; the fetcher applies that flag.
 * Only strict literals count (dotted-quad IPv4, standard IPv6, optional brackets and zone);
 * anything else, such as "0177.0.0.1" or "2130706433", is refused rather than guessed at.
 */
export function isPublicAddress(address: string): boolean {
  const ip = address.trim().replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  const family = isIP(ip);
  if (family === 0) return false;
  let parsed: ipaddr.IPv4 | ipaddr.IPv6;
  try {
    parsed = ipaddr.parse(ip);
  } catch {
    return false;
  }
  // ipaddr.js names every special-purpose range it knows; only plain 'unicast' may pass
  if (parsed.range() !== 'unicast') return false;
  if (parsed.kind() === 'ipv4') return !SPECIAL_V4.some((range) => parsed.match(range));
  // outside 2000::/3 nothing is assigned as global unicast (::/8, 100::/8, 4000::/2 with 5f00::/16, fc00::/7, fe80::/10, ff00::/8, ...)
  if (!parsed.match(GLOBAL_UNICAST_V6)) return false;
  return !SPECIAL_V6.some((range) => parsed.match(range));
}

/**
 * The IANA IPv4 Special-Purpose Address Registry, plus multicast and limited broadcast.
 * Checked on top of ipaddr.js's classification so the policy does not hang on the
 * library's tables.
 */
const SPECIAL_V4 = [
  '0.0.0.0/8', // "this" network (RFC 791)
  '10.0.0.0/8', // private (RFC 1918)
  '100.64.0.0/10', // shared address space, carrier-grade NAT (RFC 6598)
  '127.0.0.0/8', // loopback (RFC 1122)
  '169.254.0.0/16', // link-local, cloud metadata (RFC 3927)
  '172.16.0.0/12', // private (RFC 1918)
  '192.0.0.0/24', // IETF protocol assignments (RFC 6890), incl. 192.0.0.0/29 DS-Lite, 192.0.0.8 dummy, 192.0.0.170/171 NAT64 discovery
  '192.0.2.0/24', // documentation TEST-NET-1 (RFC 5737)
  '192.31.196.0/24', // AS112-v4 (RFC 7535)
  '192.52.193.0/24', // AMT (RFC 7450)
  '192.88.99.0/24', // deprecated 6to4 relay anycast (RFC 7526)
  '192.168.0.0/16', // private (RFC 1918)
  '192.175.48.0/24', // direct delegation AS112 service (RFC 7534)
  '198.18.0.0/15', // benchmarking (RFC 2544)
  '198.51.100.0/24', // documentation TEST-NET-2 (RFC 5737)
  '203.0.113.0/24', // documentation TEST-NET-3 (RFC 5737)
  '224.0.0.0/4', // multicast (RFC 5771)
  '240.0.0.0/4', // reserved (RFC 1112)
  '255.255.255.255/32', // limited broadcast (RFC 919)
].map((cidr) => ipaddr.IPv4.parseCIDR(cidr));

const GLOBAL_UNICAST_V6 = ipaddr.IPv6.parseCIDR('2000::/3');

/**
 * The IANA IPv6 Special-Purpose Address Registry and the IPv4-embedding prefixes. Those
 * outside 2000::/3 are refused by the global-unicast rule already; they are listed so the
 * table reads as the registry does.
 */
const SPECIAL_V6 = [
  '::/128', // unspecified (RFC 4291)
  '::1/128', // loopback (RFC 4291)
  '::/96', // deprecated IPv4-compatible, embeds an IPv4 (RFC 4291)
  '::ffff:0:0/96', // IPv4-mapped (RFC 4291)
  '::ffff:0:0:0/96', // IPv4-translated (RFC 6145)
  '64:ff9b::/96', // IPv4/IPv6 translation, NAT64 well-known prefix (RFC 6052)
  '64:ff9b:1::/48', // local-use IPv4/IPv6 translation (RFC 8215)
  '100::/64', // discard-only (RFC 6666)
  '2001::/23', // IETF protocol assignments (RFC 2928), incl. the entries below
  '2001::/32', // Teredo, embeds an IPv4 (RFC 4380)
  '2001:2::/48', // benchmarking (RFC 5180)
  '2001:db8::/32', // documentation (RFC 3849)
  '2001:10::/28', // deprecated ORCHID (RFC 4843)
  '2001:20::/28', // ORCHIDv2 (RFC 7343)
  '2002::/16', // 6to4, embeds an IPv4 (RFC 3056)
  '2620:4f:8000::/48', // direct delegation AS112 service (RFC 7534)
  '3fff::/20', // documentation (RFC 9637)
  '5f00::/16', // segment routing SIDs (RFC 9602)
  'fc00::/7', // unique local (RFC 4193)
  'fe80::/10', // link-local (RFC 4291)
  'fec0::/10', // deprecated site-local (RFC 3879)
  'ff00::/8', // multicast (RFC 4291)
].map((cidr) => ipaddr.IPv6.parseCIDR(cidr));
