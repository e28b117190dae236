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

/**
 * How long a live external subscription stays open past its stored period end without word from
 * the provider: Stripe moves the period at renewal and tells us by a webhook that lands seconds
 * later, or after its retries (up to three days) when the server was unreachable. Without it every
 * renewal closed the gateway and the screens until the event arrived (decision 081).
 */
export const RENEWAL_GRACE_MS = 3 * 24 * 60 * 60 * 1000;

export function isActive(sub: SubscriptionRow | undefined, now: number): boolean {
  if (!sub) return false;
  if (sub.status !== 'trialing' && sub.status !== 'active') return false;
  // A subscription set to end (cancelled, kept to the end of its paid period) ends then: the
  // renewal grace below is for renewals, and this one does not renew.
  if (hasEnded(sub, now)) return false;
  // Local subscriptions renew by themselves (nothing to charge); external ones are kept current by
  // webhooks, which arrive after the period they renew has ended.
  return sub.provider === 'local' || sub.current_period_end + RENEWAL_GRACE_MS > now;
}

/** A subscription cancelled for a date (the end of its paid period) that has come. */
function hasEnded(sub: SubscriptionRow, now: number): boolean {
  return sub.cancel_at !== null && sub.cancel_at <= now;
}

/**
 * Why an account without a live subscription is refused, in words that say what to do about it:
 * a past-due or lapsed subscription is renewed, not started as a trial again.
 */
export function subscriptionRequiredMessage(sub: SubscriptionRow | undefined, now: number): string {
  if (!sub)
    return 'This Tokenwise account has no active subscription. Start the free trial on the Billing page.';
  if (sub.status === 'canceled' || hasEnded(sub, now))
    return "This Tokenwise account's subscription was canceled. Subscribe again on the Billing page.";
  if (sub.status === 'trialing')
    return "This Tokenwise account's free trial has ended. Subscribe on the Billing page to keep using it.";
  if (sub.status === 'unpaid')
    return "This Tokenwise account's subscription is unpaid: the payment retries have run out. Pay the open invoice or subscribe again on the Billing page.";
  if (sub.status === 'incomplete')
    return "This Tokenwise account's first subscription payment has not gone through. Complete it or subscribe again on the Billing page.";
  if (sub.status === 'paused')
    return "This Tokenwise account's free trial ended without a payment method, so the subscription is paused. Add one or subscribe again on the Billing page.";
  return "This Tokenwise account's subscription payment is past due. Update the payment method on the Billing page.";
}

/** Undefined when the account has a live subscription; otherwise the 402's message. */
export async function subscriptionRefusal(
  db: Q,
  accountId: string,
  now: number,
): Promise<string | undefined> {
  const sub = await findSubscription(db, accountId);
  return isActive(sub, now) ? undefined : subscriptionRequiredMessage(sub, now);
}

export async function hasActiveSubscription(
  db: Q,
  accountId: string,
  now: number,
): Promise<boolean> {
  return isActive(await findSubscription(db, accountId), now);
}

/**
 * The accounts with a live subscription among those that have an enabled alert (the alert
 * evaluator's pass), in one read whatever their number.
 */
export async function alertingAccountsWithActiveSubscription(
  db: Q,
  now: number,
): Promise<Set<string>> {
  const subs = await db
    .selectFrom('subscriptions')
    .selectAll()
    .where('account_id', 'in', (eb) =>
      eb.selectFrom('alerts').select('alerts.account_id').where('alerts.enabled', '=', 1),
    )
    .execute();
  return new Set(subs.filter((sub) => isActive(sub, now)).map((sub) => sub.account_id));
}

export async function upsertSubscription(db: Q, row: SubscriptionRow): Promise<void> {
  const { id: _id, account_id: _a, created_at: _c, ...changes } = row;
  await db
    .insertInto('subscriptions')
    .values(row)
    .onConflict((oc) => oc.column('account_id').doUpdateSet(changes))
    .execute();
}
