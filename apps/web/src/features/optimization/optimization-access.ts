import { hasRole, MANAGER_ROLES, type Role } from '@tokenwise/contracts';

/** The server lets only owners and admins change the level (PUT /v1/settings answers others 403). */
export function canChangeOptimizationLevel(role: Role | undefined): boolean {
  return hasRole(role, MANAGER_ROLES);
}
