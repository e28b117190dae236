import { hasRole, MANAGER_ROLES, type Role } from '@tokenwise/contracts';

/** The server lets only owners and admins save the routing config (PUT answers others 403). */
export function canChangeRouting(role: Role | undefined): boolean {
  return hasRole(role, MANAGER_ROLES);
}
