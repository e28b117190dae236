import { isIPv6 } from 'node:net';
import { tooManyRequests } from '../../errors/app-error.ts';
import type { CounterStore } from '../../lib/counter-store.ts';
import { describeWait } from '../../lib/describe-wait.ts';
import { expandIPv6 } from '../../lib/outbound/blocked-address.ts';
import { SAML_REQUEST_TTL_MS } from './request-store.ts';

/**
 * Login starts one client address may make while their rows live (10 minutes). Each start stores
 * an AuthnRequest id with no session behind it, so this bounds what one address keeps in
 * `saml_requests`. A person retrying makes a handful; an office behind one NAT address signing in
 * on a Monday morning makes more, hence far above a person's (decision 134).
 */
export const LOGIN_STARTS_PER_ADDRESS = 100;

/** Counts this start against the client's address; throws a 429 with Retry-After over the limit. */
export async function limitLoginStarts(counters: CounterStore, ip: string): Promise<void> {
  const key = `saml-login:${addressKey(ip)}`;
  if ((await counters.increment(key, SAML_REQUEST_TTL_MS)) > LOGIN_STARTS_PER_ADDRESS) {
    const wait = await counters.remainingMs(key);
    throw tooManyRequests(
      `Too many single sign-on attempts from this network. Please wait ${describeWait(wait)} and try again.`,
      wait,
    );
  }
}

/**
 * An IPv6 client is counted by its /64: one host is handed a whole /64 and picks any address in
 * it, so counting single addresses would bound nothing. IPv4 (and IPv4-mapped) as they are.
 */
export function addressKey(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped?.[1]) return mapped[1];
  const groups = isIPv6(ip.replace(/%.*$/, '')) ? expandIPv6(ip) : undefined;
  if (!groups) return ip;
  return `${groups
    .slice(0, 4)
    .map((g) => g.toString(16))
    .join(':')}::/64`;
}
