import { type Kysely, sql } from 'kysely';

/**
 * When the alert last notified a crossing (not a forecast), epoch ms: what throttle_minutes counts
 * from, so a forecast no longer holds back the crossing that follows it (decision 131).
 * last_triggered_at stays the last notification of any kind (the claim's compare-and-set, the
 * screen's "last triggered"). Filled from history: the newest crossing that reached a channel, or
 * that had no channel to reach (a failed one was given back and does not count).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('alerts').addColumn('last_crossed_at', 'bigint').execute();
  await sql`
    UPDATE alerts SET last_crossed_at = (
      SELECT MAX(h.triggered_at) FROM alert_history h
      WHERE h.alert_id = alerts.id AND h.kind = 'crossed'
        AND (h.email_sent = 1 OR h.webhook_sent = 1
          OR (h.email_error IS NULL AND h.webhook_error IS NULL))
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('alerts').dropColumn('last_crossed_at').execute();
}
