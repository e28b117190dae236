import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { type GatewayFixture, startGatewayFixture } from '../../gateway/tests/gateway-fixture.ts';
import { waitFor } from '../../testing/wait-for.ts';
import { alertForm, plainTraffic, sendTraffic } from './alerts-testing.ts';

describe('the evaluator on its schedule', { timeout: 120_000 }, () => {
  let f: GatewayFixture;
  before(async () => {
    f = await startGatewayFixture({ ALERT_EVAL_INTERVAL_MS: '1000' });
    await plainTraffic(f);
  });
  after(() => f.close());

  test('with ALERT_EVAL_INTERVAL_MS set, a crossed alert is notified without anyone asking', async () => {
    const created = await f.user.api(
      'POST',
      '/v1/alerts',
      alertForm({ name: 'Scheduled', conditions: { threshold: 0, period: '1d' } }),
    );
    assert.equal(created.status, 201);
    await sendTraffic(f, 1);
    const entries = await waitFor('a scheduled firing', async () => {
      const res = await f.user.api('GET', '/v1/alerts/history');
      return res.body.length > 0 ? res.body : undefined;
    });
    assert.equal(entries[0].alert_name, 'Scheduled');
    assert.equal(entries[0].email_sent, true);
  });
});
