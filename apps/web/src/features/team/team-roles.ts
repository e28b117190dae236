import { hasRole, MANAGER_ROLES, type Role, type TeamMember } from '@tokenwise/contracts';

/** What each role may do, as the legend states it (spec section 6), most powerful first. */
export const ROLE_PERMISSIONS: ReadonlyArray<[role: Role, permissions: string]> = [
  ['owner', 'Full access to billing, the team and every feature. Only an owner can grant owner.'],
  ['admin', 'Manages team members, API keys and requests.'],
  ['member', 'Makes API requests and manages API keys.'],
  ['read_only', 'Views usage analytics and the dashboard only; cannot change their password.'],
];

/** Only owners and admins invite, change roles and remove members. */
export function canManageTeam(role: Role | undefined): boolean {
  return hasRole(role, MANAGER_ROLES);
}

/**
 * The roles the current user may hand out, least powerful first: nobody grants a role above
 * their own, and only an owner grants owner. Roles without team rights hand out none.
 */
export function assignableRoles(role: Role | undefined): Role[] {
  if (role === 'owner') return ['read_only', 'member', 'admin', 'owner'];
  if (role === 'admin') return ['read_only', 'member', 'admin'];
  return [];
}

/**
 * Whether a member's row offers the role and remove controls. Owners' rows never do (the spec
 * keeps owners off limits); neither does your own row, so nobody demotes or removes themselves by
 * a slip (decision 013). The server checks all of it again.
 */
export function hasMemberControls(
  member: TeamMember,
  me: { userId: string | undefined; role: Role | undefined },
): boolean {
  return canManageTeam(me.role) && member.role !== 'owner' && member.user_id !== me.userId;
}
