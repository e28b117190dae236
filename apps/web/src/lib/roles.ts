import type { Role } from '@tokenwise/contracts';

/** The roles the server lets change what the whole account uses: settings, routing, the cache. */
const MANAGER_ROLES: readonly Role[] = ['owner', 'admin'];

/**
 * Whether the screen offers account-wide changes; others see the controls disabled, since the
 * server answers them 403. Without a known role, nothing is offered.
 */
export function canManage(role: Role | undefined): boolean {
  return role !== undefined && MANAGER_ROLES.includes(role);
}
