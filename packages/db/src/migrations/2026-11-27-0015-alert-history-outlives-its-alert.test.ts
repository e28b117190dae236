import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { migrateTo, migrateToLatest } from '../migrate.ts';
import { alertRow } from './testing/alert-rows.ts';
import { useMigrationDatabase } from './testing/use-migration-database.ts';

const BEFORE = '2026-11-27-0014-saml-browser-and-sso-only-users';

const alert = (id: string) => alertRow(id);

const entry = (id: string, alertId: string) => ({
  id,
  account_id: 'acc',
  alert_id: alertId,
  alert_name: `Alert ${alertId}`,
  alert_type: 'budget_limit' as const,
  kind: 'crossed' as const,
  triggered_at: 1,
  trigger_value: 12,
  threshold_value: 10,
  forecast_hours: null,
  message: 'over',
  email_sent: 1,
  webhook_sent: 0,
  email_error: null,
  webhook_error: null,
});

describe('migration 0015: alert history outlives its alert', () => {
  const { db, columns } = useMigrationDatabase();

  test('existing entries are kept; deleting an alert keeps its entries; an account still takes its history along; down restores the cascade', async () => {
    await migrateTo(db(), BEFORE);
    const k = db().kysely;
    await k.insertInto('accounts').values({ id: 'acc', name: 'A', created_at: 0 }).execute();
    await k
      .insertInto('alerts')
      .values([alert('a1'), alert('a2')])
      .execute();
    await k.insertInto('alert_history').values(entry('h1', 'a1')).execute();

    await migrateToLatest(db());
    const ids = () => k.selectFrom('alert_history').select('id').orderBy('id').execute();
    assert.deepEqual(await ids(), [{ id: 'h1' }], 'kept through the change');
    await k.deleteFrom('alerts').where('id', '=', 'a1').execute();
    assert.deepEqual(await ids(), [{ id: 'h1' }], 'the deleted alert keeps its entry');
    // A notification whose alert went while it was being sent is still recorded.
    await k.insertInto('alert_history').values(entry('h2', 'a1')).execute();
    await k.insertInto('alert_history').values(entry('h3', 'a2')).execute();
    assert.equal((await ids()).length, 3);
    assert.ok((await columns('alert_history')).includes('alert_name'));

    await migrateTo(db(), BEFORE);
    assert.deepEqual(
      await ids(),
      [{ id: 'h3' }],
      'entries of deleted alerts cannot stay under the key',
    );
    await k.deleteFrom('alerts').where('id', '=', 'a2').execute();
    assert.deepEqual(await ids(), [], 'the cascade is back');

    await migrateToLatest(db());
    await k.insertInto('alerts').values(alert('a3')).execute();
    await k.insertInto('alert_history').values(entry('h4', 'a3')).execute();
    await k.deleteFrom('accounts').where('id', '=', 'acc').execute();
    assert.deepEqual(await ids(), [], "an account's deletion still takes its history");
  });
});
