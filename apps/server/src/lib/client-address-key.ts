import { isIPv6 } from 'node:net';
import { expandIPv6 } from './outbound/blocked-address.ts';

/**
 * What a per-address limit counts a client by. An IPv6 client is counted by its /64: one host is
 * handed a whole /64 and picks any address in it, so counting single addresses would bound
 * nothing. IPv4 (and IPv4-mapped) addresses count as they are.
 */
export function clientAddressKey(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped?.[1]) return mapped[1];
  const groups = isIPv6(ip.replace(/%.*$/, '')) ? expandIPv6(ip) : undefined;
  if (!groups) return ip;
  return `${groups
    .slice(0, 4)
    .map((g) => g.toString(16))
    .join(':')}::/64`;
}
