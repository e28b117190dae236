import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { migrateTo, migrateToLatest } from '../migrate.ts';
import { alertRow } from './testing/alert-rows.ts';
import { useMigrationDatabase } from './testing/use-migration-database.ts';

const BEFORE = '2026-11-27-0018-bus-messages';

const alert = (id: string) => alertRow(id, { throttle_minutes: 60, last_triggered_at: 500 });

const entry = (
  id: string,
  alertId: string,
  kind: 'crossed' | 'forecast',
  at: number,
  outcome: { email_sent: number; email_error: string | null },
) => ({
  id,
  account_id: 'acc',
  alert_id: alertId,
  alert_name: `Alert ${alertId}`,
  alert_type: 'budget_limit' as const,
  kind,
  triggered_at: at,
  trigger_value: 12,
  threshold_value: 10,
  forecast_hours: null,
  message: 'm',
  webhook_sent: 0,
  webhook_error: null,
  ...outcome,
});

const SENT = { email_sent: 1, email_error: null };

describe('migration 0023: alerts.last_crossed_at', () => {
  const { db, columns } = useMigrationDatabase();

  test('filled from the newest crossing that was notified; a forecast or a failed attempt does not count; down drops it', async () => {
    await migrateTo(db(), BEFORE);
    const k = db().kysely;
    await k.insertInto('accounts').values({ id: 'acc', name: 'A', created_at: 0 }).execute();
    await k.insertInto('alerts').values(['a1', 'a2', 'a3'].map(alert)).execute();
    await k
      .insertInto('alert_history')
      .values([
        entry('h1', 'a1', 'crossed', 100, SENT),
        entry('h2', 'a1', 'crossed', 300, { email_sent: 0, email_error: 'down' }),
        entry('h3', 'a1', 'forecast', 500, SENT),
        entry('h4', 'a2', 'forecast', 500, SENT),
        // No channel on: nothing to send, nothing failed, the claim was kept.
        entry('h5', 'a3', 'crossed', 200, { email_sent: 0, email_error: null }),
      ])
      .execute();

    await migrateToLatest(db());
    const rows = await k
      .selectFrom('alerts')
      .select(['id', 'last_crossed_at', 'last_triggered_at'])
      .orderBy('id')
      .execute();
    assert.deepEqual(
      rows.map((r) => [r.id, r.last_crossed_at === null ? null : Number(r.last_crossed_at)]),
      [
        ['a1', 100],
        ['a2', null],
        ['a3', 200],
      ],
    );
    assert.ok(
      rows.every((r) => Number(r.last_triggered_at) === 500),
      'left as it was',
    );

    await migrateTo(db(), BEFORE);
    assert.ok(!(await columns('alerts')).includes('last_crossed_at'));
    await migrateToLatest(db());
  });
});
