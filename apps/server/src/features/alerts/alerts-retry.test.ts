import assert from 'node:assert/strict';
import type { AddressInfo } from 'node:net';
import { createConnection, createServer, type Server } from 'node:net';
import { after, before, describe, test } from 'node:test';
import type { AlertHistoryEntry } from '@tokenwise/contracts';
import { type GatewayFixture, startGatewayFixture } from '../../gateway/tests/gateway-fixture.ts';
import { type SmtpReceiver, startSmtpReceiver } from '../../testing/smtp-receiver.ts';
import { alertForm, MIN, plainTraffic, sendTraffic } from './alerts-testing.ts';

/**
 * The default alert notifies by email only. A mail server down at the minute of the crossing
 * must not cost the owner the one notification of the period (decision 121).
 */
describe('an alert whose every channel failed is tried again', { timeout: 120_000 }, () => {
  let f: GatewayFixture;
  let smtp: SmtpReceiver;
  let relay: Server;
  /** While true the "mail server" drops every connection at once. */
  let down = true;
  let now = Date.UTC(2026, 10, 24, 10);

  before(async () => {
    smtp = await startSmtpReceiver();
    const target = Number(new URL(smtp.url).port);
    relay = createServer((socket) => {
      if (down) {
        socket.destroy();
        return;
      }
      const upstream = createConnection(target, '127.0.0.1');
      socket.pipe(upstream).pipe(socket);
      socket.on('error', () => upstream.destroy());
      upstream.on('error', () => socket.destroy());
    });
    await new Promise<void>((resolve) => relay.listen(0, '127.0.0.1', resolve));
    const port = (relay.address() as AddressInfo).port;
    f = await startGatewayFixture({ SMTP_URL: `smtp://127.0.0.1:${port}` }, () => now);
    await plainTraffic(f);
  });
  after(async () => {
    await f.close();
    relay.close();
    await smtp.close();
  });

  const history = async (id: string): Promise<AlertHistoryEntry[]> =>
    ((await f.user.api('GET', '/v1/alerts/history')).body as AlertHistoryEntry[]).filter(
      (e) => e.alert_id === id,
    );
  const tick = () => f.server.app.alerts.evaluator.tick();

  test('later passes retry, spaced out, until the email goes; then it is quiet', async () => {
    const created = await f.user.api(
      'POST',
      '/v1/alerts',
      alertForm({ name: 'Budget', conditions: { threshold: 0, period: '1d' } }),
    );
    assert.equal(created.status, 201);
    await sendTraffic(f, 1);
    now += MIN;
    await tick();
    const [failed] = await history(created.body.id);
    assert.ok(failed, 'the failed attempt is in history');
    assert.deepEqual([failed.email_sent, failed.webhook_sent], [false, false]);
    assert.ok(failed.email_error);

    now += MIN;
    await tick();
    assert.equal((await history(created.body.id)).length, 1, 'not retried every minute');

    down = false;
    now += 10 * MIN;
    await tick();
    const entries = await history(created.body.id);
    assert.equal(entries.length, 2, 'retried once the wait is over');
    assert.equal(entries[0]?.email_sent, true);
    const mail = (await smtp.waitFor(1))[0] ?? '';
    assert.match(mail, /^Subject: Alert: Budget/m);

    now += 30 * MIN;
    await tick();
    assert.equal((await history(created.body.id)).length, 2, 'sent: once per period again');
  });

  test('an alert with no channel on is not held back as if it had failed', async () => {
    const created = await f.user.api(
      'POST',
      '/v1/alerts',
      alertForm({
        name: 'Quiet',
        conditions: { threshold: 0, period: '1d' },
        notification_email: false,
        throttle_minutes: 1,
      }),
    );
    assert.equal(created.status, 201);
    await sendTraffic(f, 1);
    now += MIN;
    await tick();
    now += 2 * MIN;
    await tick();
    const entries = await history(created.body.id);
    assert.equal(entries.length, 2, 'throttle 1 minute: each pass two minutes apart records one');
    assert.ok(entries.every((e) => e.email_error === null && e.webhook_error === null));
  });
});
