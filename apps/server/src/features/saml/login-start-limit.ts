import { clientAddressKey } from '../../lib/client-address-key.ts';
import { countWithinLimit } from '../../lib/count-within-limit.ts';
import type { CounterStore } from '../../lib/counter-store.ts';
import { SAML_REQUEST_TTL_MS } from './request-store.ts';

/**
 * Login starts one client address may make while their rows live (10 minutes). Each start stores
 * an AuthnRequest id with no session behind it, so this bounds what one address keeps in
 * `saml_requests`. A person retrying makes a handful; an office behind one NAT address signing in
 * on a Monday morning makes more, hence far above a person's (decision 134). While Redis is lost,
 * each instance spends its DEGRADED_LIMIT_SHARE of it, as the other dashboard limits do (136).
 */
export const LOGIN_STARTS_PER_ADDRESS = 100;

/** Counts this start against the client's address; throws a 429 with Retry-After over the limit. */
export async function limitLoginStarts(counters: CounterStore, ip: string): Promise<void> {
  await countWithinLimit(
    counters,
    `saml-login:${clientAddressKey(ip)}`,
    SAML_REQUEST_TTL_MS,
    LOGIN_STARTS_PER_ADDRESS,
    (_limit, wait) =>
      `Too many single sign-on attempts from this network. Please wait ${wait} and try again.`,
  );
}
