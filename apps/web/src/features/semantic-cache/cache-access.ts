import type { Role } from '@tokenwise/contracts';

/** Deleting and invalidating entries is open to everyone who may send requests, not read-only. */
export function canInvalidateCache(role: Role | undefined): boolean {
  return role !== undefined && role !== 'read_only';
}
