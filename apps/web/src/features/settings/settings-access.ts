import { hasRole, type Role, WRITE_ROLES } from '@tokenwise/contracts';

/** The provider-key list is refused to read-only members (403); members may look. */
export function canSeeProviderKeys(role: Role | undefined): boolean {
  return role === undefined || hasRole(role, WRITE_ROLES);
}

/**
 * Single sign-on is the owner's to change: the identity provider vouches for every member, owners
 * included. Admins see the settings (the server lets them read, not save).
 */
export function canChangeSso(role: Role | undefined): boolean {
  return role === 'owner';
}
