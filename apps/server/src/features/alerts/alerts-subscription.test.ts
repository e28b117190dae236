import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { AlertHistoryEntry } from '@tokenwise/contracts';
import type { SubscriptionRow } from '@tokenwise/db';
import { type GatewayFixture, startGatewayFixture } from '../../gateway/tests/gateway-fixture.ts';
import { type SmtpReceiver, startSmtpReceiver } from '../../testing/smtp-receiver.ts';
import { alertForm, MIN, plainTraffic, sendTraffic } from './alerts-testing.ts';

/** The gateway refuses an account without a live subscription; the alert scheduler leaves it be. */
describe('alerts of an account whose subscription has lapsed', { timeout: 300_000 }, () => {
  let f: GatewayFixture;
  let smtp: SmtpReceiver;
  let now = Date.UTC(2026, 10, 10, 10);

  before(async () => {
    smtp = await startSmtpReceiver();
    f = await startGatewayFixture({ SMTP_URL: smtp.url }, () => now);
    await plainTraffic(f);
  });
  after(async () => {
    await f.close();
    await smtp.close();
  });

  const setStatus = (status: SubscriptionRow['status']) =>
    f.server.deps.db.kysely
      .updateTable('subscriptions')
      .set({ status })
      .where('account_id', '=', f.user.accountId)
      .execute();
  const history = async () =>
    (await f.user.api('GET', '/v1/alerts/history')).body as AlertHistoryEntry[];

  test('are neither measured nor notified until the subscription is live again', async () => {
    const created = await f.user.api(
      'POST',
      '/v1/alerts',
      alertForm({ name: 'Any spend', conditions: { threshold: 0, period: '1d' } }),
    );
    assert.equal(created.status, 201);
    await sendTraffic(f, 1);
    const mails = smtp.messages.length;

    for (const status of ['past_due', 'canceled'] as const) {
      await setStatus(status);
      now += MIN;
      assert.equal(await f.server.app.alerts.evaluator.tick(), 0, status);
    }
    assert.equal(smtp.messages.length, mails, 'no email to a lapsed account');

    await setStatus('active');
    assert.deepEqual(await history(), []);
    now += MIN;
    assert.equal(await f.server.app.alerts.evaluator.tick(), 1);
    assert.equal((await history()).length, 1);
  });
});
