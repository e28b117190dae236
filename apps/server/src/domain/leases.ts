import type { Database, DialectName } from '@tokenwise/db';
import { type Kysely, sql } from 'kysely';
import { databaseNowMs } from './database-clock.ts';

// Scheduled work that must run on one instance at a time (alert passes, log retention) takes a
// lease row; the table is named for its first user.

// A lease is dated and judged by the database's clock alone, so instances whose clocks disagree
// cannot each find the other's lease expired (two passes at once) or never expired (none); each
// instance's `deps.clock` still dates the work itself (decision 156).

/**
 * Takes or renews the lease `name` for `holder` for `ttlMs` of the database's clock. One UPDATE
 * decides: it matches only when the lease is free (expired) or already this holder's, so of
 * several instances racing for an expired lease exactly one row update succeeds.
 */
export async function claimLease(
  db: { kysely: Kysely<Database>; dialect: DialectName },
  name: string,
  holder: string,
  ttlMs: number,
): Promise<boolean> {
  const now = databaseNowMs(db.dialect);
  await db.kysely
    .insertInto('alert_leases')
    .values({ name, holder: '', expires_at: 0 })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  const result = await db.kysely
    .updateTable('alert_leases')
    .set({ holder, expires_at: sql<number>`${now} + ${ttlMs}` })
    .where('name', '=', name)
    .where((eb) => eb.or([eb('expires_at', '<=', now), eb('holder', '=', holder)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Gives the lease up (on shutdown) so another instance need not wait for it to expire. */
export async function releaseLease(
  db: Kysely<Database>,
  name: string,
  holder: string,
): Promise<void> {
  await db
    .updateTable('alert_leases')
    .set({ expires_at: sql<number>`0` })
    .where('name', '=', name)
    .where('holder', '=', holder)
    .execute();
}
