import { hasRole, MANAGER_ROLES, type Role, WRITE_ROLES } from '@tokenwise/contracts';

/**
 * Provider keys, PII redaction and SAML change what the whole account spends and sends, so the
 * server lets only owners and admins save them; the screen disables the controls for others.
 */
export function canManageAccountSettings(role: Role | undefined): boolean {
  return hasRole(role, MANAGER_ROLES);
}

/** The provider-key list is refused to read-only members (403); members may look. */
export function canSeeProviderKeys(role: Role | undefined): boolean {
  return role === undefined || hasRole(role, WRITE_ROLES);
}
