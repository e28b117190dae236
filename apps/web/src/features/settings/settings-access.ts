import type { Role } from '@tokenwise/contracts';

/**
 * Provider keys, PII redaction and SAML change what the whole account spends and sends, so the
 * server lets only owners and admins save them; the screen disables the controls for others.
 */
export function canManageAccountSettings(role: Role | undefined): boolean {
  return role === 'owner' || role === 'admin';
}

/** The provider-key list is refused to read-only members (403); members may look. */
export function canSeeProviderKeys(role: Role | undefined): boolean {
  return role !== 'read_only';
}
