import { type AccountWithMembers, hasRole, type Role, WRITE_ROLES } from '@tokenwise/contracts';
import type { AppDeps } from '../../deps.ts';
import { deleteApiKeysCreatedBy } from '../../domain/api-keys/api-keys.repository.ts';
import { forgetDeletedKeys, recordDeletedKeys } from '../../domain/api-keys/forget-deleted-keys.ts';
import { notFound } from '../../errors/app-error.ts';
import type { AuthContext } from '../../plugins/auth.ts';
import * as repo from './team.repository.ts';
import { assertChangeable, assertManager, assertMayGrant } from './team-rules.ts';

export const ACCOUNT_NOT_FOUND = 'Account not found';
export const MEMBER_NOT_FOUND = 'Member not found';

/**
 * Only the caller's active account is reachable: any other id, theirs or not, is the same 404 as
 * an id that does not exist, so the answer says nothing about accounts the caller is not in.
 */
export function assertActiveAccount(auth: AuthContext, accountId: string): void {
  if (accountId !== auth.account.id) throw notFound(ACCOUNT_NOT_FOUND);
}

export async function getAccount(
  deps: AppDeps,
  auth: AuthContext,
  accountId: string,
): Promise<AccountWithMembers> {
  assertActiveAccount(auth, accountId);
  const db = deps.db.kysely;
  const account = await repo.findAccount(db, accountId);
  if (!account) throw notFound(ACCOUNT_NOT_FOUND);
  return { ...account, members: await repo.listMembers(db, accountId) };
}

export async function changeRole(
  deps: AppDeps,
  auth: AuthContext,
  target: { accountId: string; userId: string },
  role: Role,
): Promise<void> {
  assertManager(auth.account.role);
  assertActiveAccount(auth, target.accountId);
  const member = await repo.findMember(deps.db.kysely, target.accountId, target.userId);
  if (!member) throw notFound(MEMBER_NOT_FOUND);
  assertChangeable(member.role);
  assertMayGrant(auth.account.role, role);
  // A role that makes no requests (read_only) loses the gateway keys its holder made here, as a
  // removal does: they cannot even see the key list to delete them (docs/permissions.md).
  const loseKeys = !hasRole(role, WRITE_ROLES);
  const revoked = await deps.db.kysely.transaction().execute(async (trx) => {
    if (!(await repo.updateRole(trx, target.accountId, target.userId, role))) return undefined;
    if (!loseKeys) return [];
    const hashes = await deleteApiKeysCreatedBy(trx, target.userId, target.accountId);
    await recordDeletedKeys(deps, trx, hashes);
    return hashes;
  });
  // Removed or made owner between the read and the write.
  if (!revoked) throw notFound(MEMBER_NOT_FOUND);
  if (revoked.length > 0) await forgetDeletedKeys(deps, revoked);
}

/**
 * The member leaves the account at once: sessions read memberships on every request, so theirs
 * stop reaching it now, on every instance; the gateway keys they created there are revoked
 * (docs/permissions.md says why) and every instance's key resolver is told to forget them.
 */
export async function removeMember(
  deps: AppDeps,
  auth: AuthContext,
  target: { accountId: string; userId: string },
): Promise<void> {
  assertManager(auth.account.role);
  assertActiveAccount(auth, target.accountId);
  const db = deps.db.kysely;
  const member = await repo.findMember(db, target.accountId, target.userId);
  if (!member) throw notFound(MEMBER_NOT_FOUND);
  assertChangeable(member.role);
  const revoked = await db.transaction().execute(async (trx) => {
    if (!(await repo.deleteMembership(trx, target.accountId, target.userId))) return undefined;
    const hashes = await deleteApiKeysCreatedBy(trx, target.userId, target.accountId);
    await recordDeletedKeys(deps, trx, hashes);
    return hashes;
  });
  if (!revoked) throw notFound(MEMBER_NOT_FOUND);
  await forgetDeletedKeys(deps, revoked);
}
