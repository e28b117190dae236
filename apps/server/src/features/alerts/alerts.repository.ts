import type { AlertHistoryRow, AlertRow, Database } from '@tokenwise/db';
import type { Kysely, Updateable } from 'kysely';

type AlertChanges = Updateable<Database['alerts']>;

export async function listAlerts(db: Kysely<Database>, accountId: string): Promise<AlertRow[]> {
  return db
    .selectFrom('alerts')
    .selectAll()
    .where('account_id', '=', accountId)
    .orderBy('created_at', 'asc')
    .orderBy('id', 'asc')
    .execute();
}

export async function findAlert(
  db: Kysely<Database>,
  accountId: string,
  id: string,
): Promise<AlertRow | undefined> {
  return db
    .selectFrom('alerts')
    .selectAll()
    .where('account_id', '=', accountId)
    .where('id', '=', id)
    .executeTakeFirst();
}

export async function countAlerts(db: Kysely<Database>, accountId: string): Promise<number> {
  const row = await db
    .selectFrom('alerts')
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .where('account_id', '=', accountId)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

export async function insertAlert(db: Kysely<Database>, row: AlertRow): Promise<void> {
  await db.insertInto('alerts').values(row).execute();
}

/** Changes only within the account, so another account's id is simply not found. */
export async function updateAlert(
  db: Kysely<Database>,
  accountId: string,
  id: string,
  changes: AlertChanges,
): Promise<AlertRow | undefined> {
  return db
    .updateTable('alerts')
    .set(changes)
    .where('account_id', '=', accountId)
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
}

export async function deleteAlert(
  db: Kysely<Database>,
  accountId: string,
  id: string,
): Promise<boolean> {
  const row = await db
    .deleteFrom('alerts')
    .where('account_id', '=', accountId)
    .where('id', '=', id)
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

/** Every enabled alert of every account: the evaluator's work list. */
export async function listEnabledAlerts(db: Kysely<Database>): Promise<AlertRow[]> {
  return db.selectFrom('alerts').selectAll().where('enabled', '=', 1).orderBy('id').execute();
}

/**
 * Records a notification only if nobody else has since `seen` (the row's last_triggered_at when
 * the evaluator read it): the compare-and-set that makes a firing happen once across instances.
 * Also only if the alert is still on and unchanged since it was read (`updated_at`): a pass held
 * up by a slow webhook must not notify an alert its owner turned off, raised or deleted meanwhile;
 * the next pass measures it as it is now.
 */
export async function claimFiring(
  db: Kysely<Database>,
  alert: Pick<AlertRow, 'id' | 'last_triggered_at' | 'updated_at'>,
  changes: Pick<
    AlertChanges,
    'last_triggered_at' | 'last_crossed_at' | 'crossed_period_start' | 'forecast_period_start'
  >,
): Promise<boolean> {
  const seen = alert.last_triggered_at;
  const result = await db
    .updateTable('alerts')
    .set(changes)
    .where('id', '=', alert.id)
    .where('enabled', '=', 1)
    .where('updated_at', '=', alert.updated_at)
    .where((eb) =>
      seen === null ? eb('last_triggered_at', 'is', null) : eb('last_triggered_at', '=', seen),
    )
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * Forgets this period's crossing once the figure is back under, so the next breach notifies.
 * Only if nobody changed the alert or notified since the pass read it (as `claimFiring`).
 */
export async function rearm(
  db: Kysely<Database>,
  alert: Pick<AlertRow, 'id' | 'crossed_period_start' | 'last_triggered_at' | 'updated_at'>,
): Promise<void> {
  const seen = alert.last_triggered_at;
  await db
    .updateTable('alerts')
    .set({ crossed_period_start: null })
    .where('id', '=', alert.id)
    .where('crossed_period_start', '=', alert.crossed_period_start)
    .where('updated_at', '=', alert.updated_at)
    .where((eb) =>
      seen === null ? eb('last_triggered_at', 'is', null) : eb('last_triggered_at', '=', seen),
    )
    .execute();
}

/**
 * Gives back a firing that reached nobody (every channel it has on failed), so a later pass tries
 * again: the period marker and the notification times return to what the pass read. Only while the row
 * still holds this claim and nobody edited the alert meanwhile.
 */
export async function releaseFiring(
  db: Kysely<Database>,
  before: Pick<
    AlertRow,
    | 'id'
    | 'updated_at'
    | 'last_triggered_at'
    | 'last_crossed_at'
    | 'crossed_period_start'
    | 'forecast_period_start'
  >,
  claimedAt: number,
): Promise<void> {
  await db
    .updateTable('alerts')
    .set({
      last_triggered_at: before.last_triggered_at,
      last_crossed_at: before.last_crossed_at,
      crossed_period_start: before.crossed_period_start,
      forecast_period_start: before.forecast_period_start,
    })
    .where('id', '=', before.id)
    .where('updated_at', '=', before.updated_at)
    .where('last_triggered_at', '=', claimedAt)
    .execute();
}

/** When this alert's notifications since `since` failed on every channel, newest first. */
export async function failedAttemptTimes(
  db: Kysely<Database>,
  alertId: string,
  since: number,
): Promise<number[]> {
  const rows = await db
    .selectFrom('alert_history')
    .select('triggered_at')
    .where('alert_id', '=', alertId)
    .where('triggered_at', '>=', since)
    .where('email_sent', '=', 0)
    .where('webhook_sent', '=', 0)
    // An alert with no channel on sends nothing without failing: not an attempt to repeat.
    .where((eb) => eb.or([eb('email_error', 'is not', null), eb('webhook_error', 'is not', null)]))
    .orderBy('triggered_at', 'desc')
    .execute();
  return rows.map((r) => Number(r.triggered_at));
}

export async function insertHistory(db: Kysely<Database>, row: AlertHistoryRow): Promise<void> {
  await db.insertInto('alert_history').values(row).execute();
}

export async function listHistory(
  db: Kysely<Database>,
  accountId: string,
  limit: number,
): Promise<AlertHistoryRow[]> {
  return db
    .selectFrom('alert_history')
    .selectAll()
    .where('account_id', '=', accountId)
    .orderBy('triggered_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

/**
 * Where alert emails go: the account's owners and admins, who can act on spend, once they have
 * signed in. One still holding an invite's temporary password (`password_expires_at` set) has not:
 * the address is only what the inviter typed, and an invite left unanswered dies in 7 days while
 * the membership stays (decision 146).
 */
export async function recipientEmails(db: Kysely<Database>, accountId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('memberships')
    .innerJoin('users', 'users.id', 'memberships.user_id')
    .select('users.email')
    .where('memberships.account_id', '=', accountId)
    .where('memberships.role', 'in', ['owner', 'admin'])
    .where('users.password_expires_at', 'is', null)
    .orderBy('users.email')
    .execute();
  return rows.map((r) => r.email);
}

/** The account's name, which alert emails carry (undefined once the account is gone). */
export async function accountName(
  db: Kysely<Database>,
  accountId: string,
): Promise<string | undefined> {
  const row = await db
    .selectFrom('accounts')
    .select('name')
    .where('id', '=', accountId)
    .executeTakeFirst();
  return row?.name;
}
