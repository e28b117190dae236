import { hasRole, type Role, WRITE_ROLES } from '@tokenwise/contracts';

/** The provider-key list is refused to read-only members (403); members may look. */
export function canSeeProviderKeys(role: Role | undefined): boolean {
  return role === undefined || hasRole(role, WRITE_ROLES);
}
