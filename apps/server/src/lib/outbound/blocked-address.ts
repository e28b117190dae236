import { BlockList, isIPv4, isIPv6 } from 'node:net';

/**
 * Addresses an outbound webhook must never reach: this machine, private networks, carrier NAT,
 * link-local (where cloud metadata services answer) and the other non-public ranges. A public
 * address is the only kind a customer's receiver legitimately has.
 */
const V4_BLOCKED: readonly [string, number][] = [
  ['0.0.0.0', 8], // "this network"; 0.0.0.0 itself reaches the local host on Linux
  ['10.0.0.0', 8],
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8],
  ['169.254.0.0', 16], // link-local, 169.254.169.254 metadata
  ['172.16.0.0', 12],
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved and broadcast
];
const V6_BLOCKED: readonly [string, number][] = [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7], // unique local, including fd00:ec2::254 (EC2 metadata)
  ['fe80::', 10], // link-local
  ['fec0::', 10], // old site-local
  ['ff00::', 8], // multicast
  ['100::', 64], // discard
  ['2001:db8::', 32], // documentation
  ['2001::', 23], // IETF protocol assignments (Teredo, ORCHID...)
  ['64:ff9b:1::', 48], // local-use NAT64 (RFC 8215): translated to the network's own IPv4 hosts
];

const blocked = new BlockList();
for (const [net, prefix] of V4_BLOCKED) blocked.addSubnet(net, prefix, 'ipv4');
for (const [net, prefix] of V6_BLOCKED) blocked.addSubnet(net, prefix, 'ipv6');

/**
 * IPv6 forms that carry an IPv4 address, which the network may deliver to that IPv4 host:
 * IPv4-mapped (::ffff:a.b.c.d), IPv4-compatible (::a.b.c.d), IPv4-translated (::ffff:0:a.b.c.d,
 * SIIT), NAT64 (64:ff9b::/96) and 6to4 (2002:AABB:CCDD::/48). Each is judged by the IPv4 address
 * inside.
 */
function embeddedIPv4(address: string): string | undefined {
  const groups = expandIPv6(address);
  if (!groups) return undefined;
  const v4 = (hi: number, lo: number) => `${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`;
  const zeros = (from: number, to: number) => groups.slice(from, to).every((g) => g === 0);
  if (zeros(0, 5) && (groups[5] === 0xffff || groups[5] === 0)) {
    return v4(groups[6] ?? 0, groups[7] ?? 0);
  }
  if (zeros(0, 4) && groups[4] === 0xffff && groups[5] === 0) {
    return v4(groups[6] ?? 0, groups[7] ?? 0);
  }
  if (groups[0] === 0x64 && groups[1] === 0xff9b && zeros(2, 6)) {
    return v4(groups[6] ?? 0, groups[7] ?? 0);
  }
  if (groups[0] === 0x2002) return v4(groups[1] ?? 0, groups[2] ?? 0);
  return undefined;
}

/** The eight 16-bit groups of an IPv6 address (dotted IPv4 tail and zone allowed), or undefined. */
export function expandIPv6(input: string): number[] | undefined {
  const address = input.replace(/%.*$/, '');
  if (!isIPv6(address)) return undefined;
  let text = address;
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted?.[1]) {
    const [a = 0, b = 0, c = 0, d = 0] = dotted[1].split('.').map(Number);
    text = `${text.slice(0, -dotted[1].length)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const parse = (s: string) => (s ? s.split(':').map((g) => Number.parseInt(g, 16)) : []);
  const left = parse(head);
  const right = tail === undefined ? [] : parse(tail);
  const missing = 8 - left.length - right.length;
  return [...left, ...new Array<number>(Math.max(missing, 0)).fill(0), ...right];
}

/**
 * Whether a resolved address (as a socket would connect to it) is outside the public internet.
 * Anything that is not a plain IP address is refused too: only literal addresses reach here.
 */
export function isBlockedAddress(address: string): boolean {
  const bare = address.replace(/^\[|\]$/g, '');
  if (isIPv4(bare)) return blocked.check(bare, 'ipv4');
  if (!isIPv6(bare.replace(/%.*$/, ''))) return true;
  const v4 = embeddedIPv4(bare);
  if (v4 !== undefined) return blocked.check(v4, 'ipv4');
  return blocked.check(bare.replace(/%.*$/, ''), 'ipv6');
}

/**
 * Whether a URL's host is known to be inside before any lookup: a blocked address literal or a
 * `localhost` name (RFC 6761 keeps those on the loopback). Checked when a webhook URL is saved, so
 * the form says so at once; other names are judged at delivery, by the addresses they resolve to
 * then (the guarded agent), since what a name resolves to at save time proves nothing later.
 */
export function isInsideHost(hostname: string): boolean {
  const bare = hostname.replace(/^\[|\]$/g, '');
  if (isIPv4(bare) || isIPv6(bare.replace(/%.*$/, ''))) return isBlockedAddress(bare);
  const name = bare.toLowerCase().replace(/\.$/, '');
  return name === '' || name === 'localhost' || name.endsWith('.localhost');
}
