import type { AdminAccount, AdminListQuery, AdminUser } from '@tokenwise/contracts';
import type { AppDeps } from '../../deps.ts';
import { deleteApiKeysCreatedBy } from '../../domain/api-keys/api-keys.repository.ts';
import { forgetDeletedKeys, recordDeletedKeys } from '../../domain/api-keys/forget-deleted-keys.ts';
import { findUserById } from '../../domain/auth/auth.repository.ts';
import { currentPeriod } from '../../domain/billing/billing-period.ts';
import { isActive } from '../../domain/billing/subscription.repository.ts';
import { badRequest, conflict, notFound } from '../../errors/app-error.ts';
import * as accountsRepo from './admin-accounts.repository.ts';
import * as usersRepo from './admin-users.repository.ts';

export interface ListPage<T> {
  items: T[];
  total: number;
}

export async function listUsers(deps: AppDeps, q: AdminListQuery): Promise<ListPage<AdminUser>> {
  const { users, total } = await usersRepo.pageUsers(deps.db.kysely, deps.db.dialect, q);
  return { items: users, total };
}

/**
 * Deletes a user at once: sessions and memberships go with the row, the gateway keys they created
 * are revoked everywhere. An account they alone belonged to goes with them (nobody is left to own
 * it); one where they are the only owner beside other members is refused, as it would be left
 * without an owner, and so is one a Stripe subscription still bills.
 */
export async function deleteUser(deps: AppDeps, callerId: string, userId: string): Promise<string> {
  if (userId === callerId) {
    throw badRequest('You cannot delete your own user', 'cannot_delete_self');
  }
  const { revoked, email, alone } = await deps.db.kysely.transaction().execute(async (trx) => {
    const target = await findUserById(trx, userId);
    if (!target) throw notFound('User not found');
    await usersRepo.lockAccountsOf(trx, userId, deps.db.dialect);
    const accounts = await usersRepo.ownershipOf(trx, userId);
    const stranded = accounts.filter((a) => a.role === 'owner' && a.owners === 1 && a.members > 1);
    if (stranded.length) {
      const names = stranded.map((a) => `"${a.name}"`).join(', ');
      throw conflict(
        `This user is the only owner of ${names}, which has other members. Make one of them an owner first.`,
      );
    }
    const alone = accounts.filter((a) => a.members === 1).map((a) => a.accountId);
    // Deleting the row would not stop Stripe charging the card (decision 105).
    const billed = await usersRepo.stillBilledByStripe(trx, alone);
    if (billed.length) {
      const names = billed.map((name) => `"${name}"`).join(', ');
      throw conflict(
        `This user is the only member of ${names}, which a Stripe subscription still bills. Cancel it in Stripe first; the user can be deleted once Stripe reports it canceled.`,
      );
    }
    const revoked = await usersRepo.keyHashesOf(trx, userId, alone);
    await deleteApiKeysCreatedBy(trx, userId);
    await usersRepo.deleteAccounts(trx, alone);
    // A parallel delete of the same user may have gone first (the lookup above ran before it
    // committed): then this one deleted nothing and must not answer as if it had.
    if (!(await usersRepo.deleteUser(trx, userId))) throw notFound('User not found');
    await recordDeletedKeys(deps, trx, revoked);
    return { revoked, email: target.email, alone };
  });
  // The only trace of who removed whom: the user's row, and its email, are gone now.
  deps.log.info(
    { audit: 'admin.user_deleted', by: callerId, user: userId, email, accounts_deleted: alone },
    'superadmin deleted a user',
  );
  await forgetDeletedKeys(deps, revoked);
  return alone.length
    ? `User deleted, with the ${alone.length === 1 ? 'account' : `${alone.length} accounts`} only they belonged to`
    : 'User deleted';
}

export async function listAccounts(
  deps: AppDeps,
  q: AdminListQuery,
): Promise<ListPage<AdminAccount>> {
  const db = deps.db.kysely;
  const { accounts, total } = await accountsRepo.pageAccounts(db, deps.db.dialect, q);
  const details = await accountsRepo.detailsOf(
    db,
    accounts.map((a) => a.id),
  );
  const now = deps.clock();
  const items = accounts.map((a): AdminAccount => {
    const sub = details.subscriptions.find((s) => s.account_id === a.id);
    const period = sub && currentPeriod(sub, now);
    const used = period
      ? (details.usage.find((u) => u.account_id === a.id && u.period_start === period.start)
          ?.total_optimized_tokens ?? 0)
      : 0;
    const quota = sub?.monthly_token_quota ?? 0;
    return {
      id: a.id,
      name: a.name,
      created_at: iso(a.created_at),
      members: details.members
        .filter((m) => m.account_id === a.id)
        .map((m) => ({
          user_id: m.user_id,
          email: m.email,
          role: m.role,
          joined_at: iso(m.joined_at),
        })),
      subscription:
        sub && period
          ? {
              tier: sub.tier,
              is_active: isActive(sub, now),
              monthly_token_quota: Number(sub.monthly_token_quota),
              current_period_start: iso(period.start),
              current_period_end: iso(period.end),
            }
          : null,
      usage: {
        tokens_used: Number(used),
        // Quota share of optimized tokens this period; the screen rounds and caps the bar.
        quota_percentage: quota > 0 ? (Number(used) / Number(quota)) * 100 : null,
      },
    };
  });
  return { items, total };
}

const iso = (ms: number) => new Date(Number(ms)).toISOString();
