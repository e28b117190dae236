import type { Role } from '@tokenwise/contracts';

/** The provider-key list is refused to read-only members (403); members may look. */
export function canSeeProviderKeys(role: Role | undefined): boolean {
  return role !== 'read_only';
}
