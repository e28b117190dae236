import type { Role } from '@tokenwise/contracts';

/** The switch, threshold and TTL change the whole account's answers: owners and admins only. */
export function canConfigureCache(role: Role | undefined): boolean {
  return role === 'owner' || role === 'admin';
}

/** Deleting and invalidating entries is open to everyone who may send requests, not read-only. */
export function canInvalidateCache(role: Role | undefined): boolean {
  return role !== undefined && role !== 'read_only';
}
