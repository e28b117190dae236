import type { Kysely } from 'kysely';

/**
 * When the payment provider will end a subscription that is not going to renew (cancelled in
 * Stripe's portal, which by default keeps it to the end of the paid period), epoch ms; null while
 * it renews. /billing shows it instead of a next billing date, and no renewal grace runs past it
 * (decision 107). Null on every row from before: they were read as renewing, as they still are.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('subscriptions').addColumn('cancel_at', 'bigint').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('subscriptions').dropColumn('cancel_at').execute();
}
