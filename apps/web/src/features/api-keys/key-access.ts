import { hasRole, type Role, WRITE_ROLES } from '@tokenwise/contracts';

/**
 * The key list carries full keys, so the server keeps it from read-only members (403); the
 * screen explains that instead of asking. Without a known role the server decides.
 */
export function canUseApiKeys(role: Role | undefined): boolean {
  return role === undefined || hasRole(role, WRITE_ROLES);
}
