import { BlockList, isIP } from 'node:net';

/**
 * Whether the crawler may connect to an IP address: only globally routable unicast
 * addresses. Ranges follow the IANA special-purpose registries (RFC 6890 and successors).
 * IPv4-mapped and IPv4-embedding IPv6 forms are refused outright, because they are how
 * "::ffff:127.0.0.1"-style tricks reach a private IPv4 host.
 */
export function isPublicAddress(address: string): boolean {
  const ip = address.replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  const family = isIP(ip);
  if (family === 4) return !blocked.check(ip, 'ipv4');
  if (family === 6) {
    if (embedsIPv4(ip)) return false;
    return !blocked.check(ip, 'ipv6');
  }
  return false;
}

const blocked = new BlockList();
for (const [net, bits] of [
  ['0.0.0.0', 8], // "this" network
  ['10.0.0.0', 8], // private
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local, cloud metadata
  ['172.16.0.0', 12], // private
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.0.2.0', 24], // documentation
  ['192.88.99.0', 24], // 6to4 relay anycast
  ['192.168.0.0', 16], // private
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // documentation
  ['203.0.113.0', 24], // documentation
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved and broadcast
] as const) {
  blocked.addSubnet(net, bits, 'ipv4');
}
for (const [net, bits] of [
  ['::', 128], // unspecified
  ['::1', 128], // loopback
  ['100::', 64], // discard-only
  ['2001::', 23], // IETF protocol assignments (Teredo, ORCHID, ...)
  ['2001:db8::', 32], // documentation
  ['3fff::', 20], // documentation
  ['5f00::', 16], // SRv6 SIDs
  ['fc00::', 7], // unique local
  ['fe80::', 10], // link-local
  ['fec0::', 10], // deprecated site-local
  ['ff00::', 8], // multicast
] as const) {
  blocked.addSubnet(net, bits, 'ipv6');
}

/** True for ::/96 (IPv4-compatible), ::ffff:0:0/96 (mapped), 64:ff9b::/96 and 64:ff9b:1::/48 (NAT64) and 2002::/16 (6to4). */
function embedsIPv4(ip: string): boolean {
  const h = expandIPv6(ip);
  if (!h) return true;
  const zeros = (from: number, to: number) => h.slice(from, to).every((x) => x === 0);
  if (zeros(0, 5) && (h[5] === 0xffff || h[5] === 0)) return true;
  if (h[0] === 0x64 && h[1] === 0xff9b && (zeros(2, 6) || h[2] === 1)) return true;
  if (h[0] === 0x2002) return true;
  return false;
}

/** The eight 16-bit groups of an IPv6 address (dotted-quad tails included), or null. */
function expandIPv6(ip: string): number[] | null {
  let text = ip.toLowerCase();
  const dotted = text.match(/(\d+)\.(\d+)\.(\d+)\.(\d+)$/);
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number);
    text = text.slice(0, dotted.index) + `${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.split('::');
  const parse = (s: string | undefined) => (s ? s.split(':').map((g) => parseInt(g, 16)) : []);
  const left = parse(head);
  const right = text.includes('::') ? parse(tail) : [];
  const fill = 8 - left.length - right.length;
  if (fill < 0 || (!text.includes('::') && fill !== 0)) return null;
  const groups = [...left, ...new Array(fill).fill(0), ...right];
  return groups.some((g) => Number.isNaN(g)) ? null : groups;
}
