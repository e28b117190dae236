import { hasRole, type Role, WRITE_ROLES } from '@tokenwise/contracts';

/** Deleting and invalidating entries is open to everyone who may send requests, not read-only. */
export function canInvalidateCache(role: Role | undefined): boolean {
  return hasRole(role, WRITE_ROLES);
}
