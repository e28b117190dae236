import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { AlertHistoryEntry } from '@tokenwise/contracts';
import { type GatewayFixture, startGatewayFixture } from '../../gateway/tests/gateway-fixture.ts';
import { type HttpReceiver, startHttpReceiver } from '../../testing/http-receiver.ts';
import { type SmtpReceiver, startSmtpReceiver } from '../../testing/smtp-receiver.ts';
import { signUpSubscribed } from '../../testing/test-server.ts';
import { alertForm, HOUR, MIN, plainTraffic, sendTraffic } from './alerts-testing.ts';

/**
 * Delivery when the mail server does not answer: the webhook goes at once, the email gives up in
 * bounded time and says why in history (decision 098).
 */
describe('alert delivery with a mail server that never answers', { timeout: 120_000 }, () => {
  let f: GatewayFixture;
  let smtp: SmtpReceiver;
  let hooks: HttpReceiver;
  let now = Date.UTC(2026, 10, 23, 10);

  before(async () => {
    // Takes every message and never finishes its DATA step.
    smtp = await startSmtpReceiver({ hold: true });
    hooks = await startHttpReceiver();
    f = await startGatewayFixture({ SMTP_URL: smtp.url, WEBHOOK_ALLOW_PRIVATE: '1' }, () => now);
    await plainTraffic(f);
  });
  after(async () => {
    smtp.release();
    await f.close();
    await smtp.close();
    await hooks.close();
  });

  const history = async (): Promise<AlertHistoryEntry[]> =>
    (await f.user.api('GET', '/v1/alerts/history')).body;

  test('token_quota crossing: webhook sent, the hanging email recorded as failed within a minute', async () => {
    const created = await f.user.api(
      'POST',
      '/v1/alerts',
      alertForm({
        name: 'Tokens',
        alert_type: 'token_quota',
        conditions: { threshold: 1_500, period: '1h' },
        notification_webhook: true,
        webhook_url: `${hooks.url}/tokens`,
      }),
    );
    assert.equal(created.status, 201);
    await sendTraffic(f, 1, { tokens: 1_000 });
    now += MIN;
    await f.server.app.alerts.evaluator.tick();
    assert.deepEqual(await history(), [], '1,000 quota tokens are under 1,500');

    await sendTraffic(f, 1, { tokens: 1_000 });
    now += MIN;
    const started = Date.now();
    await f.server.app.alerts.evaluator.tick();
    const seconds = (Date.now() - started) / 1000;
    assert.ok(seconds < 60, `the pass took ${seconds} s`);
    const [entry, ...rest] = await history();
    assert.equal(rest.length, 0);
    assert.ok(entry);
    assert.equal(entry.trigger_value, 2_000);
    assert.equal(entry.threshold_value, 1_500);
    assert.deepEqual([entry.email_sent, entry.webhook_sent], [false, true]);
    assert.ok(entry.email_error, 'why the email failed is kept');
    assert.equal(hooks.requests.filter((r) => r.url === '/tokens').length, 1);
    await f.user.api('DELETE', `/v1/alerts/${created.body.id}`);
  });

  test('history: newest first, limited, and only the caller’s account', async () => {
    const other = await signUpSubscribed(f.server);
    const ids: string[] = [];
    for (const name of ['First', 'Second', 'Third']) {
      const res = await f.user.api(
        'POST',
        '/v1/alerts',
        alertForm({
          name,
          conditions: { threshold: 0, period: '1h' },
          notification_email: false,
          notification_webhook: true,
          webhook_url: `${hooks.url}/h`,
        }),
      );
      ids.push(res.body.id);
    }
    // One alert at a time, an hour apart, so each firing has its own time.
    for (const id of ids) {
      for (const other of ids) {
        if (other !== id) await f.user.api('PUT', `/v1/alerts/${other}`, { enabled: false });
      }
      await f.user.api('PUT', `/v1/alerts/${id}`, { enabled: true });
      now += HOUR;
      await sendTraffic(f, 1);
      now += MIN;
      await f.server.app.alerts.evaluator.tick();
    }
    const two = await f.user.api('GET', '/v1/alerts/history?limit=2');
    assert.equal(two.status, 200);
    assert.deepEqual(
      two.body.map((e: AlertHistoryEntry) => e.alert_name),
      ['Third', 'Second'],
    );
    assert.deepEqual((await other.api('GET', '/v1/alerts/history')).body, []);
  });
});
