import type { Role } from '@tokenwise/contracts';
import { forbidden } from '../../errors/app-error.ts';

/** Higher grants more; nobody may hand out a role above their own. */
const RANK: Record<Role, number> = { read_only: 0, member: 1, admin: 2, owner: 3 };

export const NOT_A_MANAGER = 'Only owners and admins can manage team members';
export const OWNER_GRANTS_OWNER = 'Only an owner can grant the owner role';
export const ABOVE_OWN_ROLE = 'You cannot grant a role above your own';
export const OWNERS_FIXED = 'Owners cannot be changed or removed';

/** Spec section 6: only owner and admin invite, change roles or remove. */
export function assertManager(actor: Role): void {
  if (actor !== 'owner' && actor !== 'admin') throw forbidden(NOT_A_MANAGER);
}

/** Only an owner grants owner; nobody grants a role above their own. */
export function assertMayGrant(actor: Role, role: Role): void {
  assertManager(actor);
  if (role === 'owner' && actor !== 'owner') throw forbidden(OWNER_GRANTS_OWNER);
  if (RANK[role] > RANK[actor]) throw forbidden(ABOVE_OWN_ROLE);
}

/** Owners stay as they are (spec section 4), which also means an account keeps its last owner. */
export function assertChangeable(target: Role): void {
  if (target === 'owner') throw forbidden(OWNERS_FIXED);
}
