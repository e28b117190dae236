import { hasRole, MANAGER_ROLES, type Role, WRITE_ROLES } from '@tokenwise/contracts';

/** The switch, threshold and TTL change the whole account's answers: owners and admins only. */
export function canConfigureCache(role: Role | undefined): boolean {
  return hasRole(role, MANAGER_ROLES);
}

/** Deleting and invalidating entries is open to everyone who may send requests, not read-only. */
export function canInvalidateCache(role: Role | undefined): boolean {
  return hasRole(role, WRITE_ROLES);
}
