import assert from 'node:assert/strict';
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, test } from 'node:test';
import {
  type GatewayFixture,
  startGatewayFixture,
  uncachedChat,
} from '../../gateway/tests/gateway-fixture.ts';
import { type HttpReceiver, startHttpReceiver } from '../../testing/http-receiver.ts';
import { signUpSubscribed } from '../../testing/test-server.ts';
import { alertForm, DAY, MIN, plainTraffic, sendTraffic } from './alerts-testing.ts';

/**
 * One tenant's webhooks that never answer must not hold up another tenant's alerts: neither in
 * the same pass nor in the passes after it (decision 098).
 */
describe('a tenant with hanging webhooks does not stall the others', { timeout: 300_000 }, () => {
  let f: GatewayFixture;
  let victim: Awaited<ReturnType<typeof signUpSubscribed>>;
  let victimKey = '';
  let hooks: HttpReceiver;
  let now = Date.UTC(2026, 10, 16, 10);
  // Accepts every webhook and never answers, until the end of the test.
  const held: ServerResponse[] = [];
  let holding = true;
  const tarpit = createServer((req, res) => {
    req.resume();
    if (holding) held.push(res);
    else res.writeHead(204).end();
  });
  let tarpitUrl = '';

  before(async () => {
    await new Promise<void>((resolve) => tarpit.listen(0, '127.0.0.1', resolve));
    tarpitUrl = `http://127.0.0.1:${(tarpit.address() as AddressInfo).port}/hook`;
    hooks = await startHttpReceiver();
    f = await startGatewayFixture({ WEBHOOK_ALLOW_PRIVATE: '1' }, () => now);
    await plainTraffic(f);
    victim = await signUpSubscribed(f.server);
    const key = await victim.api('POST', '/v1/keys', { name: 'victim key' });
    victimKey = key.body.key;
    const provider = await victim.api('POST', '/v1/provider-keys', {
      provider: 'openai',
      api_key: 'openai-secret-key',
      label: 'main',
    });
    assert.equal(provider.status, 201);
  });
  after(async () => {
    for (const res of held.splice(0)) res.destroy();
    tarpit.closeAllConnections();
    await new Promise<void>((resolve) => tarpit.close(() => resolve()));
    await f.close();
    await hooks.close();
  });

  const victimSpends = async () => {
    f.mock.enqueue({ usage: { input: 1_000, output: 1_000 } }, 'openai');
    const res = await fetch(
      `${f.server.url}/v1/chat/completions`,
      uncachedChat(
        { gatewayKey: victimKey },
        { messages: [{ role: 'user', content: `victim ${Math.random()}` }] },
      ),
    );
    assert.equal(res.status, 200);
    await res.arrayBuffer();
    await f.server.app.gateway.logs.flush();
  };
  const victimHistory = async () =>
    (await victim.api('GET', '/v1/alerts/history')).body as { alert_id: string }[];
  // Under the 5 s a hanging webhook attempt takes to time out: waiting behind one would fail.
  const within = async (ms: number, what: string, ready: () => Promise<boolean>) => {
    const deadline = Date.now() + ms;
    while (!(await ready())) {
      assert.ok(Date.now() < deadline, what);
      await new Promise((r) => setTimeout(r, 50));
    }
  };

  test('the victim is notified at once, this pass and the next, while the hostile hooks hang', async () => {
    const hostile: string[] = [];
    for (let i = 0; i < 3; i++) {
      const res = await f.user.api(
        'POST',
        '/v1/alerts',
        alertForm({
          name: `Hostile ${i}`,
          conditions: { threshold: 0, period: '1d' },
          notification_email: false,
          notification_webhook: true,
          webhook_url: tarpitUrl,
        }),
      );
      assert.equal(res.status, 201);
      hostile.push(res.body.id);
    }
    const created = await victim.api(
      'POST',
      '/v1/alerts',
      alertForm({
        name: 'Victim budget',
        conditions: { threshold: 0, period: '1d' },
        notification_email: false,
        notification_webhook: true,
        webhook_url: `${hooks.url}/victim`,
      }),
    );
    assert.equal(created.status, 201);
    // The work list is read in id order: the victim's alert goes last, behind every hanging one.
    const last = 'ffffffff-ffff-4fff-bfff-ffffffffffff';
    await f.server.deps.db.kysely
      .updateTable('alerts')
      .set({ id: last })
      .where('id', '=', created.body.id)
      .execute();
    await sendTraffic(f, 1);
    await victimSpends();

    now += MIN;
    const first = f.server.app.alerts.evaluator.tick();
    await within(4_000, 'the victim was notified in the first pass', async () =>
      (await victimHistory()).some((h) => h.alert_id === last),
    );
    assert.ok(held.length >= 1, 'the hostile webhooks are hanging');

    // A day later, the hostile pass is still hanging on its hooks; the victim crosses again.
    now += DAY;
    await victimSpends();
    const second = f.server.app.alerts.evaluator.tick();
    await within(
      4_000,
      'the victim was notified in the next pass too',
      async () => (await victimHistory()).filter((h) => h.alert_id === last).length === 2,
    );
    assert.equal(hooks.requests.filter((r) => r.url === '/victim').length, 2);

    holding = false;
    for (const res of held.splice(0)) res.writeHead(204).end();
    await Promise.all([first, second]);
  });
});
