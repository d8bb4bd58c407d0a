import { describe, expect, it } from 'vitest';
import { isPublicAddress } from './isPublicAddress';

// The pure policy: tests run with CRAWL_ALLOW_PRIVATE_HOSTS=true, which must make no difference here.

/** [registry range, an address inside it] for every IANA IPv4 special-purpose entry, multicast and broadcast. */
const specialV4: [string, string][] = [
  ['0.0.0.0/8 "this" network', '0.0.0.0'],
  ['0.0.0.0/8 "this" network (not the first address)', '0.1.2.3'],
  ['10.0.0.0/8 private', '10.0.0.5'],
  ['100.64.0.0/10 carrier-grade NAT', '100.64.0.1'],
  ['100.64.0.0/10 carrier-grade NAT (last address)', '100.127.255.255'],
  ['127.0.0.0/8 loopback', '127.0.0.1'],
  ['127.0.0.0/8 loopback (not .1)', '127.255.0.9'],
  ['169.254.0.0/16 link-local (cloud metadata)', '169.254.169.254'],
  ['172.16.0.0/12 private', '172.16.0.1'],
  ['172.16.0.0/12 private (last block)', '172.31.255.254'],
  ['192.0.0.0/24 IETF protocol assignments', '192.0.0.8'],
  ['192.0.0.0/24 IETF protocol assignments (NAT64 discovery)', '192.0.0.170'],
  ['192.0.2.0/24 TEST-NET-1', '192.0.2.1'],
  ['192.31.196.0/24 AS112-v4', '192.31.196.1'],
  ['192.52.193.0/24 AMT', '192.52.193.1'],
  ['192.88.99.0/24 6to4 relay anycast', '192.88.99.1'],
  ['192.168.0.0/16 private', '192.168.1.1'],
  ['192.175.48.0/24 AS112 direct delegation', '192.175.48.1'],
  ['198.18.0.0/15 benchmarking', '198.18.0.1'],
  ['198.18.0.0/15 benchmarking (second /16)', '198.19.255.1'],
  ['198.51.100.0/24 TEST-NET-2', '198.51.100.1'],
  ['203.0.113.0/24 TEST-NET-3', '203.0.113.1'],
  ['224.0.0.0/4 multicast', '224.0.0.1'],
  ['224.0.0.0/4 multicast (last block)', '239.255.255.250'],
  ['240.0.0.0/4 reserved', '240.0.0.1'],
  ['240.0.0.0/4 reserved (high)', '254.1.2.3'],
  ['255.255.255.255/32 limited broadcast', '255.255.255.255'],
];

/** The same for the IANA IPv6 registry and every IPv6 form that embeds an IPv4 address. */
const specialV6: [string, string][] = [
  ['::/128 unspecified', '::'],
  ['::1/128 loopback', '::1'],
  ['::1/128 loopback (bracketed, as in a URL)', '[::1]'],
  ['::/96 IPv4-compatible (embeds 127.0.0.1)', '::127.0.0.1'],
  ['::/96 IPv4-compatible, hex form', '::7f00:1'],
  ['::ffff:0:0/96 IPv4-mapped, dotted', '::ffff:127.0.0.1'],
  ['::ffff:0:0/96 IPv4-mapped, hex', '::ffff:7f00:1'],
  ['::ffff:0:0/96 IPv4-mapped, of a public IPv4', '::ffff:8.8.8.8'],
  ['::ffff:0:0/96 IPv4-mapped, written out in full', '0:0:0:0:0:ffff:a00:1'],
  ['::ffff:0:0:0/96 IPv4-translated (RFC 6145), hex', '::ffff:0:7f00:1'],
  ['::ffff:0:0:0/96 IPv4-translated (RFC 6145), dotted', '::ffff:0:10.0.0.1'],
  ['::ffff:0:0:0/96 IPv4-translated of a public IPv4', '::ffff:0:808:808'],
  ['64:ff9b::/96 NAT64', '64:ff9b::7f00:1'],
  ['64:ff9b::/96 NAT64, dotted', '64:ff9b::169.254.169.254'],
  ['64:ff9b:1::/48 local-use NAT64', '64:ff9b:1::a00:1'],
  ['100::/64 discard-only', '100::1'],
  ['2001::/23 IETF protocol assignments', '2001:1::1'],
  ['2001::/23 IETF protocol assignments (top)', '2001:1ff:ffff::1'],
  ['2001::/32 Teredo', '2001:0:4136:e378:8000:63bf:3fff:fdd2'],
  ['2001:2::/48 benchmarking', '2001:2::1'],
  ['2001:db8::/32 documentation', '2001:db8::1'],
  ['2001:10::/28 ORCHID', '2001:10::1'],
  ['2001:20::/28 ORCHIDv2', '2001:20::1'],
  ['2002::/16 6to4 (embeds 127.0.0.1)', '2002:7f00:1::1'],
  ['2002::/16 6to4 (embeds 10.0.0.1)', '2002:a00:1::'],
  ['2620:4f:8000::/48 AS112 direct delegation', '2620:4f:8000::1'],
  ['3fff::/20 documentation', '3fff::1'],
  ['3fff::/20 documentation (top)', '3fff:fff:ffff::1'],
  ['5f00::/16 segment routing', '5f00::1'],
  ['fc00::/7 unique local', 'fc00::1'],
  ['fc00::/7 unique local (fd)', 'fd12:3456:789a::1'],
  ['fe80::/10 link-local', 'fe80::1'],
  ['fe80::/10 link-local with zone', 'fe80::1%eth0'],
  ['fec0::/10 deprecated site-local', 'fec0::1'],
  ['ff00::/8 multicast', 'ff02::1'],
  ['ff00::/8 multicast (global scope)', 'ff0e::101'],
  ['outside 2000::/3 (IETF reserved)', '4000::1'],
  ['outside 2000::/3 (IETF reserved, ::/8)', '::2:1'],
];

describe('isPublicAddress', () => {
  it.each(specialV4)('refuses IPv4 %s (%s)', (_range, address) => {
    expect(isPublicAddress(address)).toBe(false);
  });

  it.each(specialV6)('refuses IPv6 %s (%s)', (_range, address) => {
    expect(isPublicAddress(address)).toBe(false);
  });

  it.each([
    ['Google DNS', '8.8.8.8'],
    ['Cloudflare DNS', '1.1.1.1'],
    ['example.com (historic)', '93.184.216.34'],
    ['just outside 100.64.0.0/10', '100.128.0.1'],
    ['just outside 172.16.0.0/12', '172.32.0.1'],
    ['just outside 198.18.0.0/15', '198.20.0.1'],
    ['192.0.1.x, beside 192.0.0.0/24', '192.0.1.1'],
    ['Cloudflare DNS over IPv6', '2606:4700:4700::1111'],
    ['Google DNS over IPv6', '2001:4860:4860::8888'],
    ['Cloudflare DNS over IPv6, bracketed', '[2606:4700:4700::1111]'],
    ['just above 2001::/23', '2001:200::1'],
  ])('allows the public address of %s (%s)', (_name, address) => {
    expect(isPublicAddress(address)).toBe(true);
  });

  it.each([
    ['a host name', 'example.com'],
    ['an empty string', ''],
    ['a decimal-encoded IPv4', '2130706433'],
    ['an octal-looking IPv4', '0177.0.0.1'],
    ['a short IPv4', '127.1'],
    ['a hex IPv4', '0x7f000001'],
    ['an IPv4 with a CIDR suffix', '8.8.8.8/32'],
    ['a malformed IPv6', '2606:4700::4700::1111'],
  ])('refuses what is not a strict IP literal: %s', (_name, address) => {
    expect(isPublicAddress(address)).toBe(false);
  });

  it('does not depend on CRAWL_ALLOW_PRIVATE_HOSTS', () => {
    expect(process.env.CRAWL_ALLOW_PRIVATE_HOSTS).toBe('true');
    expect(isPublicAddress('127.0.0.1')).toBe(false);
    expect(isPublicAddress('::ffff:0:7f00:1')).toBe(false);
  });
});
