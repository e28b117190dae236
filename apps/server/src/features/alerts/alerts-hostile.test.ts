import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { signUpSubscribed } from '../../testing/test-server.ts';
import { useTestServer } from '../../testing/use-test-server.ts';
import { alertForm } from './alerts-testing.ts';

/** Edits and webhook URLs as a careless user or a hostile tenant sends them (decision 098). */
describe('alerts under odd and hostile input', () => {
  // WEBHOOK_ALLOW_PRIVATE is off, as in production. Nothing here connects anywhere: URLs are
  // judged when saved, and no test notification is sent.
  const server = useTestServer();

  test('an edit that leaves fields out keeps their values instead of resetting them', async () => {
    const u = await signUpSubscribed(server);
    const created = await u.api(
      'POST',
      '/v1/alerts',
      alertForm({
        name: 'Errors',
        alert_type: 'error_rate',
        conditions: { threshold: 5, period: '7d' },
        notification_webhook: true,
        webhook_url: 'https://hooks.example.com/errors',
        throttle_minutes: 15,
      }),
    );
    assert.equal(created.status, 201);
    const id = created.body.id;
    const renamed = await u.api('PUT', `/v1/alerts/${id}`, { name: 'Renamed' });
    assert.equal(renamed.status, 200, JSON.stringify(renamed.body));
    const { webhook_secret: _secret, ...before } = created.body;
    assert.deepEqual(renamed.body, { ...before, name: 'Renamed' });
    const lower = await u.api('PUT', `/v1/alerts/${id}`, { conditions: { threshold: 2 } });
    assert.equal(lower.status, 200, JSON.stringify(lower.body));
    assert.deepEqual(lower.body.conditions, { threshold: 2, period: '7d' }, 'period kept');
    assert.equal(lower.body.throttle_minutes, 15);
    assert.equal(lower.body.webhook_url, 'https://hooks.example.com/errors');
    const bad = await u.api('PUT', `/v1/alerts/${id}`, { conditions: { threshold: -3 } });
    assert.equal(bad.status, 400);
    assert.equal(bad.body.message, 'Threshold must be 0 or more');
    const notObject = await u.api('PUT', `/v1/alerts/${id}`, [1]);
    assert.equal(notObject.status, 400);
    const kept = await u.api('GET', `/v1/alerts/${id}`);
    assert.deepEqual(
      kept.body.conditions,
      { threshold: 2, period: '7d' },
      'a refused edit changes nothing',
    );
  });

  test('a webhook URL aimed at this machine, a private network or a metadata service is refused on save', async () => {
    const u = await signUpSubscribed(server);
    const inside = [
      'http://169.254.169.254/latest/meta-data/',
      'http://127.0.0.1:8080/hook',
      'http://localhost:3000/hook',
      'http://api.localhost/hook',
      'http://0x7f000001/hook',
      'http://2130706433/hook',
      'http://10.1.2.3/hook',
      'http://192.168.1.1/hook',
      'http://[::1]/hook',
      'http://[::ffff:a9fe:a9fe]/hook',
      'http://[fd00:ec2::254]/latest',
      'http://0.0.0.0/hook',
    ];
    for (const url of inside) {
      const res = await u.api(
        'POST',
        '/v1/alerts',
        alertForm({ notification_webhook: true, webhook_url: url }),
      );
      assert.equal(res.status, 400, url);
      assert.equal(
        res.body.message,
        'Webhook URL must point to a public address, not a private or local one',
      );
    }
    const ok = await u.api(
      'POST',
      '/v1/alerts',
      alertForm({ notification_webhook: true, webhook_url: 'https://hooks.example.com/ok' }),
    );
    assert.equal(ok.status, 201);
    const moved = await u.api('PUT', `/v1/alerts/${ok.body.id}`, {
      webhook_url: 'http://169.254.169.254/',
    });
    assert.equal(moved.status, 400);
    assert.equal(
      (await u.api('GET', `/v1/alerts/${ok.body.id}`)).body.webhook_url,
      'https://hooks.example.com/ok',
    );
  });

  test('thresholds and throttles that can never mean anything are refused with a reason', async () => {
    const u = await signUpSubscribed(server);
    const cases: [Record<string, unknown>, string][] = [
      [
        alertForm({ alert_type: 'error_rate', conditions: { threshold: 150, period: '1h' } }),
        'An error-rate threshold is a percentage from 0 to 100',
      ],
      [alertForm({ throttle_minutes: 1e9 }), 'Throttle must be at most 100000 minutes'],
    ];
    for (const [body, message] of cases) {
      const res = await u.api('POST', '/v1/alerts', body);
      assert.equal(res.status, 400, JSON.stringify(body));
      assert.equal(res.body.message, message);
    }
    const spike = await u.api(
      'POST',
      '/v1/alerts',
      alertForm({ alert_type: 'cost_spike', conditions: { threshold: 300, period: '1d' } }),
    );
    assert.equal(spike.status, 201, 'a spike may be several times the previous spend');
  });

  test('an account keeps at most 100 alerts; the 101st is refused with a reason', async () => {
    const u = await signUpSubscribed(server);
    for (let i = 0; i < 100; i++) {
      const res = await u.api('POST', '/v1/alerts', alertForm({ name: `Alert ${i}` }));
      assert.equal(res.status, 201, `alert ${i}`);
    }
    const over = await u.api('POST', '/v1/alerts', alertForm({ name: 'One too many' }));
    assert.equal(over.status, 409);
    assert.equal(
      over.body.message,
      'An account can have at most 100 alerts; delete one to add another',
    );
    const other = await signUpSubscribed(server);
    assert.equal((await other.api('POST', '/v1/alerts', alertForm())).status, 201, 'per account');
  });

  test('test notifications are limited per account, so the button cannot be made a mail or request cannon', async () => {
    const u = await signUpSubscribed(server);
    const created = await u.api('POST', '/v1/alerts', alertForm({ name: 'Loud' }));
    for (let i = 0; i < 10; i++) {
      assert.equal(
        (await u.api('POST', `/v1/alerts/${created.body.id}/test`)).status,
        200,
        `test ${i}`,
      );
    }
    const over = await u.api('POST', `/v1/alerts/${created.body.id}/test`);
    assert.equal(over.status, 429);
    assert.equal(over.body.message, 'Too many test notifications; please try again in a minute');
    assert.ok(Number(over.headers.get('retry-after')) > 0);
    const other = await signUpSubscribed(server);
    const theirs = await other.api('POST', '/v1/alerts', alertForm());
    assert.equal(
      (await other.api('POST', `/v1/alerts/${theirs.body.id}/test`)).status,
      200,
      'per account',
    );
  });

  test('a name is one line: control characters are refused, any other unicode is kept', async () => {
    const u = await signUpSubscribed(server);
    // A bidirectional override or isolate reorders what follows it in the list and in the email
    // subject ("\u202Etegdub" reads "budget"), as key names refuse (contracts/keys.ts).
    for (const name of [
      'Budget\r\nBcc: someone@example.com',
      'Tab\there',
      'Bell\u0007',
      'Spend \u202Etegdub',
      'Spend \u2066isolate\u2069',
    ]) {
      const res = await u.api('POST', '/v1/alerts', alertForm({ name }));
      assert.equal(res.status, 400, JSON.stringify(name));
      assert.equal(res.body.message, 'Name must be one line, without control characters');
    }
    const blank = await u.api('POST', '/v1/alerts', alertForm({ name: '\u200b\u200d' }));
    assert.equal(blank.status, 400, 'zero-width characters alone look blank');
    assert.equal(blank.body.message, 'Name is required');
    const kept = await u.api('POST', '/v1/alerts', alertForm({ name: 'Budget 予算 🚨 Ωμέγα' }));
    assert.equal(kept.status, 201);
    assert.equal(kept.body.name, 'Budget 予算 🚨 Ωμέγα');
  });

  test('an edit whose name holds half a surrogate pair is refused and the alert keeps its name', async () => {
    const u = await signUpSubscribed(server);
    const created = await u.api('POST', '/v1/alerts', alertForm({ name: 'Budget' }));
    const res = await u.api('PUT', `/v1/alerts/${created.body.id}`, { name: 'Bud\ud800get' });
    assert.equal(res.status, 400);
    assert.equal(
      res.body.message,
      'name must not contain broken characters (half a surrogate pair)',
    );
    assert.equal((await u.api('GET', `/v1/alerts/${created.body.id}`)).body.name, 'Budget');
  });
});
