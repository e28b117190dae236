import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { type GatewayFixture, startGatewayFixture } from '../../gateway/tests/gateway-fixture.ts';
import { type HttpReceiver, startHttpReceiver } from '../../testing/http-receiver.ts';
import { type SmtpReceiver, startSmtpReceiver } from '../../testing/smtp-receiver.ts';
import {
  alertForm,
  DAY,
  MIN,
  plainTraffic,
  secondInstance,
  sendTraffic,
} from './alerts-testing.ts';

const DAY0 = Date.UTC(2026, 10, 2);

describe('two server instances on one database', { timeout: 300_000 }, () => {
  let f: GatewayFixture;
  let other: Awaited<ReturnType<typeof secondInstance>>;
  let smtp: SmtpReceiver;
  let hooks: HttpReceiver;
  let now = DAY0 + 10 * MIN;
  const clock = () => now;

  before(async () => {
    smtp = await startSmtpReceiver();
    hooks = await startHttpReceiver();
    f = await startGatewayFixture({ SMTP_URL: smtp.url, WEBHOOK_ALLOW_PRIVATE: '1' }, clock);
    other = await secondInstance(f.server, clock);
    await plainTraffic(f);
  });
  after(async () => {
    await other.close();
    await f.close();
    await smtp.close();
    await hooks.close();
  });

  const bothTick = () =>
    Promise.all([f.server.app.alerts.evaluator.tick(), other.app.alerts.evaluator.tick()]);

  test('an alert fires once: one history entry, one email, one webhook', async () => {
    const res = await f.user.api(
      'POST',
      '/v1/alerts',
      alertForm({
        name: 'Shared',
        conditions: { threshold: 0, period: '1d' },
        throttle_minutes: 1,
        notification_webhook: true,
        webhook_url: `${hooks.url}/shared`,
      }),
    );
    assert.equal(res.status, 201);
    await sendTraffic(f, 1);
    for (let round = 1; round <= 3; round++) {
      const fired = await bothTick();
      assert.equal(fired[0] + fired[1], 1, `round ${round}: ${fired}`);
      // Past the lease (two intervals) and the one-minute throttle: either instance may take over.
      now += 5 * MIN;
    }
    const history = await f.user.api('GET', '/v1/alerts/history');
    assert.equal(history.body.length, 3);
    await smtp.waitFor(3);
    await hooks.waitFor(3);
    assert.equal(smtp.messages.length, 3);
    assert.equal(hooks.requests.length, 3);
  });

  test('a holder that stops hands the lease over; the other instance then evaluates', async () => {
    now = DAY0 + DAY + 10 * MIN;
    // Leases run on the database's clock (decision 156), which the test clock does not move:
    // whichever instance won the last test's lease would keep it for two real intervals. It
    // ends here by hand, as it would in time.
    await f.server.deps.db.kysely.updateTable('alert_leases').set({ expires_at: 0 }).execute();
    // A new day with no spend yet: the fixture's instance takes the lease and finds nothing.
    assert.equal(await f.server.app.alerts.evaluator.tick(), 0);
    await sendTraffic(f, 1);
    now += MIN;
    assert.equal(await other.app.alerts.evaluator.tick(), 0, 'the lease is held by the first');
    await f.server.app.alerts.evaluator.stop();
    assert.equal(await other.app.alerts.evaluator.tick(), 1, 'the lease was released on stop');
  });
});
