import type { BillingEventRow, Database, SubscriptionStatus } from '@tokenwise/db';
import type { Kysely, Transaction } from 'kysely';

type Q = Kysely<Database> | Transaction<Database>;

/**
 * Claims an event id: true the first time, false for a redelivery. Run inside the transaction
 * that applies the event, so a failure leaves the id unclaimed and the provider's retry applies it.
 */
export async function claimEvent(db: Q, row: BillingEventRow): Promise<boolean> {
  const inserted = await db
    .insertInto('billing_events')
    .values(row)
    .onConflict((oc) => oc.column('id').doNothing())
    .returning('id')
    .execute();
  return inserted.length > 0;
}

/** The newest event applied to a provider subscription, by when it happened. */
export async function latestApplied(
  db: Q,
  objectId: string,
): Promise<{ occurred_at: number; status: SubscriptionStatus | null } | undefined> {
  const row = await db
    .selectFrom('billing_events')
    .select(['occurred_at', 'status'])
    .where('object_id', '=', objectId)
    .where('applied', '=', 1)
    .orderBy('occurred_at', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row ? { occurred_at: Number(row.occurred_at), status: row.status } : undefined;
}
