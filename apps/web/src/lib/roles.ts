import { hasRole, MANAGER_ROLES, type Role, WRITE_ROLES } from '@tokenwise/contracts';

/**
 * Whether the screen offers account-wide changes (settings, routing, the cache); others see the
 * controls disabled, since the server answers them 403. Without a known role, nothing is offered.
 */
export function canManage(role: Role | undefined): boolean {
  return hasRole(role, MANAGER_ROLES);
}

/**
 * Whether the screen offers what everyone who may send requests may do (invalidate cache entries,
 * vote on answers): every role but read-only, as the server's `WRITE_ROLES`.
 */
export function canWrite(role: Role | undefined): boolean {
  return hasRole(role, WRITE_ROLES);
}

/** How a role is written on screen. */
export const ROLE_LABELS: Record<Role, string> = {
  owner: 'Owner',
  admin: 'Admin',
  member: 'Member',
  read_only: 'Read Only',
};
