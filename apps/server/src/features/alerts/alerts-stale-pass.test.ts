import assert from 'node:assert/strict';
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, test } from 'node:test';
import { type GatewayFixture, startGatewayFixture } from '../../gateway/tests/gateway-fixture.ts';
import { alertForm, MIN, plainTraffic, sendTraffic } from './alerts-testing.ts';

/**
 * A pass reads every enabled alert once, then measures and notifies them one by one; a slow webhook
 * keeps it going for seconds. What the owner changes meanwhile must win over what the pass read.
 */
describe('alerts changed while a pass is running', { timeout: 300_000 }, () => {
  let f: GatewayFixture;
  let now = Date.UTC(2026, 10, 9, 10);
  // A webhook receiver that holds its answers until released.
  const posted: string[] = [];
  const held: ServerResponse[] = [];
  const waiting: (() => void)[] = [];
  let holding = true;
  const receiver = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      posted.push(JSON.parse(Buffer.concat(chunks).toString('utf8')).alert.id);
      if (holding) held.push(res);
      else res.writeHead(204).end();
      for (const wake of waiting.splice(0)) wake();
    });
  });
  let hookUrl = '';

  before(async () => {
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    hookUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
    f = await startGatewayFixture({ WEBHOOK_ALLOW_PRIVATE: '1' }, () => now);
    await plainTraffic(f);
  });
  after(async () => {
    await f.close();
    receiver.closeAllConnections();
    await new Promise<void>((resolve) => receiver.close(() => resolve()));
  });

  const create = async (name: string) => {
    const res = await f.user.api(
      'POST',
      '/v1/alerts',
      alertForm({
        name,
        conditions: { threshold: 0, period: '1d' },
        notification_email: false,
        notification_webhook: true,
        webhook_url: hookUrl,
      }),
    );
    assert.equal(res.status, 201);
    return res.body.id as string;
  };

  test('an alert disabled while the pass is busy with another is not notified', async () => {
    const ids = [await create('One'), await create('Two')];
    await sendTraffic(f, 1);
    now += MIN;
    const pass = f.server.app.alerts.evaluator.tick();
    while (posted.length === 0) await new Promise<void>((r) => waiting.push(r));
    // The pass is waiting on the first alert's webhook: the owner turns the other one off.
    const other = ids.find((id) => id !== posted[0]);
    const off = await f.user.api('PUT', `/v1/alerts/${other}`, { enabled: false });
    assert.equal(off.status, 200);
    assert.equal(off.body.enabled, false);
    holding = false;
    for (const res of held.splice(0)) res.writeHead(204).end();
    assert.equal(await pass, 1, 'only the alert still on fired');

    assert.deepEqual(posted, [posted[0]], 'no webhook for the disabled alert');
    const history = (await f.user.api('GET', '/v1/alerts/history')).body as { alert_id: string }[];
    assert.deepEqual(
      history.map((h) => h.alert_id),
      [posted[0]],
    );
    const listed = await f.user.api('GET', `/v1/alerts/${other}`);
    assert.equal(listed.body.last_triggered_at, null);
  });

  test('an alert deleted while its notification is being sent keeps that entry, and its history stays listed', async () => {
    holding = true;
    const id = await create('Deleted mid-send');
    now += MIN;
    const sent = posted.length;
    const pass = f.server.app.alerts.evaluator.tick();
    while (!posted.slice(sent).includes(id)) await new Promise<void>((r) => waiting.push(r));
    const deleted = await f.user.api('DELETE', `/v1/alerts/${id}`);
    assert.equal(deleted.status, 200);
    holding = false;
    for (const res of held.splice(0)) res.writeHead(204).end();
    await pass;

    const history = (await f.user.api('GET', '/v1/alerts/history')).body as {
      id: string;
      alert_id: string;
      alert_name: string;
      webhook_sent: boolean;
    }[];
    const entry = history.find((h) => h.alert_id === id);
    assert.deepEqual(
      [entry?.alert_name, entry?.webhook_sent],
      ['Deleted mid-send', true],
      'the notification went out, so it is recorded',
    );
    // Deleting an alert that fired earlier leaves its entries in the list too.
    const earlier = history.find((h) => h.alert_id !== id);
    assert.ok(earlier);
    assert.equal((await f.user.api('DELETE', `/v1/alerts/${earlier.alert_id}`)).status, 200);
    const after = (await f.user.api('GET', '/v1/alerts/history')).body as { id: string }[];
    assert.deepEqual(after.map((h) => h.id).sort(), history.map((h) => h.id).sort());
  });
});
