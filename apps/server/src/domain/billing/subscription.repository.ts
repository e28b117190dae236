import type { Database, SubscriptionRow } from '@tokenwise/db';
import type { Kysely, Transaction } from 'kysely';

type Q = Kysely<Database> | Transaction<Database>;

export async function findSubscription(
  db: Q,
  accountId: string,
): Promise<SubscriptionRow | undefined> {
  return db
    .selectFrom('subscriptions')
    .selectAll()
    .where('account_id', '=', accountId)
    .executeTakeFirst();
}

export function isActive(sub: SubscriptionRow | undefined, now: number): boolean {
  if (!sub) return false;
  if (sub.status !== 'trialing' && sub.status !== 'active') return false;
  // Local subscriptions renew by themselves (nothing to charge); external ones are kept current by webhooks.
  return sub.provider === 'local' || sub.current_period_end > now;
}

export async function hasActiveSubscription(
  db: Q,
  accountId: string,
  now: number,
): Promise<boolean> {
  return isActive(await findSubscription(db, accountId), now);
}

export async function upsertSubscription(db: Q, row: SubscriptionRow): Promise<void> {
  const { id: _id, account_id: _a, created_at: _c, ...changes } = row;
  await db
    .insertInto('subscriptions')
    .values(row)
    .onConflict((oc) => oc.column('account_id').doUpdateSet(changes))
    .execute();
}
