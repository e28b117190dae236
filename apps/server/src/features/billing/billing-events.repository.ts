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

/** The events that carry a subscription's whole state, whether or not they changed the row. */
const STATE_EVENTS = [
  'checkout.session.completed',
  'customer.subscription.created',
  'customer.subscription.updated',
  'customer.subscription.deleted',
];

/**
 * What is known of a provider subscription, by when it happened: every event applied to it, and
 * every event carrying its whole state even when the row did not follow it (a subscription's end
 * delivered before the checkout that started it). An invoice event that did not apply says nothing
 * (it only applies from some statuses).
 */
export async function knownStates(
  db: Q,
  objectId: string,
): Promise<{ occurred_at: number; status: SubscriptionStatus }[]> {
  const rows = await db
    .selectFrom('billing_events')
    .select(['occurred_at', 'status'])
    .where('object_id', '=', objectId)
    .where('status', 'is not', null)
    .where((eb) => eb.or([eb('applied', '=', 1), eb('type', 'in', STATE_EVENTS)]))
    .execute();
  return rows.flatMap((r) =>
    r.status === null ? [] : [{ occurred_at: Number(r.occurred_at), status: r.status }],
  );
}
