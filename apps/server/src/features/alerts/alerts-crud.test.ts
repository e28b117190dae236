import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { endpoints } from '@tokenwise/contracts';
import { decryptSecret } from '../../lib/crypto.ts';
import { moveToAccount, signUp, signUpSubscribed } from '../../testing/test-server.ts';
import { useTestServer } from '../../testing/use-test-server.ts';

const api = endpoints.alerts;

const form = (over: Record<string, unknown> = {}) => ({
  name: 'Daily budget',
  alert_type: 'budget_limit',
  enabled: true,
  conditions: { threshold: 50, period: '1d' },
  notification_email: true,
  notification_webhook: false,
  webhook_url: null,
  throttle_minutes: 0,
  ...over,
});

describe('alerts CRUD (/v1/alerts)', () => {
  const server = useTestServer();

  test('defaults per spec section 9: threshold 100, period 1d, throttle 0, email on, webhook off', async () => {
    const u = await signUpSubscribed(server);
    const created = await u.api('POST', '/v1/alerts', { name: 'Minimal', conditions: {} });
    assert.equal(created.status, 201);
    assert.equal(created.body.alert_type, 'budget_limit');
    assert.deepEqual(created.body.conditions, { threshold: 100, period: '1d' });
    assert.equal(created.body.throttle_minutes, 0);
    assert.equal(created.body.notification_email, true);
    assert.equal(created.body.notification_webhook, false);
    assert.equal(created.body.enabled, true);
    assert.equal(created.body.last_triggered_at, null);
    const noConditions = await u.api('POST', '/v1/alerts', { name: 'No conditions' });
    assert.equal(noConditions.status, 201);
    assert.deepEqual(noConditions.body.conditions, { threshold: 100, period: '1d' });
  });

  test('create answers the signing secret once; list, get, update, toggle and delete', async () => {
    const u = await signUpSubscribed(server);
    const created = await u.api.expectOk(api.create, {
      body: {
        name: 'Daily budget',
        conditions: { threshold: 50, period: '1d' },
        notification_webhook: true,
        webhook_url: 'https://hooks.example.com/a',
      },
    });
    assert.match(created.webhook_secret, /^whsec_[\w-]{43}$/);
    const row = await server.deps.db.kysely
      .selectFrom('alerts')
      .selectAll()
      .where('id', '=', created.id)
      .executeTakeFirstOrThrow();
    assert.ok(!row.webhook_secret_sealed.includes(created.webhook_secret.slice(6)), 'sealed');
    assert.equal(
      decryptSecret(server.deps.config.encryptionKey, row.webhook_secret_sealed),
      created.webhook_secret,
    );

    const list = await u.api('GET', '/v1/alerts');
    assert.equal(list.body.length, 1);
    assert.equal(list.body[0].webhook_secret, undefined, 'the list never shows the secret');
    const got = await u.api('GET', `/v1/alerts/${created.id}`);
    assert.equal(got.body.webhook_url, 'https://hooks.example.com/a');

    const updated = await u.api(
      'PUT',
      `/v1/alerts/${created.id}`,
      form({
        name: 'Renamed',
        conditions: { threshold: 12.5, period: '7d' },
        throttle_minutes: 30,
      }),
    );
    assert.equal(updated.status, 200);
    assert.equal(updated.body.name, 'Renamed');
    assert.deepEqual(updated.body.conditions, { threshold: 12.5, period: '7d' });
    assert.equal(updated.body.throttle_minutes, 30);
    assert.equal(updated.body.notification_webhook, false);

    const off = await u.api('PUT', `/v1/alerts/${created.id}`, { enabled: false });
    assert.equal(off.status, 200);
    assert.equal(off.body.enabled, false);
    assert.equal(off.body.name, 'Renamed', 'the toggle changes nothing else');

    const rotated = await u.api('POST', `/v1/alerts/${created.id}/webhook-secret`);
    assert.equal(rotated.status, 200);
    assert.notEqual(rotated.body.webhook_secret, created.webhook_secret);

    assert.equal((await u.api('DELETE', `/v1/alerts/${created.id}`)).status, 200);
    assert.deepEqual((await u.api('GET', '/v1/alerts')).body, []);
    assert.equal((await u.api('DELETE', `/v1/alerts/${created.id}`)).status, 404);
  });

  test('bad input is a 400 with a message the form can show', async () => {
    const u = await signUpSubscribed(server);
    const cases: [Record<string, unknown>, string][] = [
      [
        form({ notification_webhook: true }),
        'A webhook URL is required when the webhook channel is on',
      ],
      [
        form({ notification_webhook: true, webhook_url: '' }),
        'A webhook URL is required when the webhook channel is on',
      ],
      [
        form({ notification_webhook: true, webhook_url: 'not a url' }),
        'Webhook URL must be a valid http(s) URL',
      ],
      [
        form({ notification_webhook: true, webhook_url: 'ftp://example.com/x' }),
        'Webhook URL must be a valid http(s) URL',
      ],
      [form({ conditions: { threshold: 'ten', period: '1d' } }), 'Threshold must be a number'],
      [form({ conditions: { threshold: -1, period: '1d' } }), 'Threshold must be 0 or more'],
      [form({ throttle_minutes: 1.5 }), 'Throttle must be a whole number of minutes'],
      [form({ name: '  ' }), 'Name is required'],
    ];
    for (const [body, message] of cases) {
      const res = await u.api('POST', '/v1/alerts', body);
      assert.equal(res.status, 400, JSON.stringify(body));
      assert.equal(res.body.message, message);
    }
    const bad = await u.api('POST', '/v1/alerts', form({ alert_type: 'nope' }));
    assert.equal(bad.status, 400);
    const created = await u.api('POST', '/v1/alerts', form());
    const retype = await u.api(
      'PUT',
      `/v1/alerts/${created.body.id}`,
      form({ alert_type: 'error_rate' }),
    );
    assert.equal(retype.status, 400);
    assert.equal(
      retype.body.message,
      'The alert type cannot be changed; create a new alert instead',
    );
    const badToggle = await u.api('PUT', `/v1/alerts/${created.body.id}`, { enabled: 'yes' });
    assert.equal(badToggle.status, 400);
  });

  test('read-only members see alerts and history but cannot change them', async () => {
    const owner = await signUpSubscribed(server);
    const created = await owner.api('POST', '/v1/alerts', form());
    const ro = await signUp(server);
    await moveToAccount(server, ro.userId, owner.accountId, 'read_only');
    const member = await signUp(server);
    await moveToAccount(server, member.userId, owner.accountId, 'member');
    assert.equal((await ro.api('GET', '/v1/alerts')).body.length, 1);
    assert.equal((await ro.api('GET', '/v1/alerts/history')).status, 200);
    for (const who of [ro, member]) {
      assert.equal((await who.api('POST', '/v1/alerts', form())).status, 403);
      assert.equal(
        (await who.api('PUT', `/v1/alerts/${created.body.id}`, { enabled: false })).status,
        403,
      );
      assert.equal((await who.api('DELETE', `/v1/alerts/${created.body.id}`)).status, 403);
      assert.equal((await who.api('POST', `/v1/alerts/${created.body.id}/test`)).status, 403);
    }
  });

  test('members and read-only members see where a webhook goes, not its secret path or query', async () => {
    const owner = await signUpSubscribed(server);
    const hook = 'https://hooks.slack.com/services/T0001/B0002/s3cr3tT0ken?token=q5ecret';
    const created = await owner.api.expectOk(api.create, {
      body: { name: 'Slack', notification_webhook: true, webhook_url: hook },
    });
    const joined = async (role: 'admin' | 'member' | 'read_only') => {
      const user = await signUp(server);
      await moveToAccount(server, user.userId, owner.accountId, role);
      return user;
    };
    for (const role of ['member', 'read_only'] as const) {
      const reader = await joined(role);
      const list = await reader.api('GET', '/v1/alerts');
      const one = await reader.api('GET', `/v1/alerts/${created.id}`);
      for (const [what, res] of [
        ['list', list],
        ['get', one],
      ] as const) {
        assert.equal(res.status, 200, `${role} ${what}`);
        const text = JSON.stringify(res.body);
        assert.ok(!/s3cr3tT0ken|q5ecret|services/.test(text), `${role} ${what}: ${text}`);
      }
      assert.equal(list.body[0].webhook_url, 'https://hooks.slack.com/…');
      assert.equal(one.body.webhook_url, 'https://hooks.slack.com/…');
      assert.equal(one.body.notification_webhook, true, 'that a webhook is set still shows');
    }
    // Those who set the URL and can change it see it whole.
    const admin = await joined('admin');
    for (const manager of [owner, admin]) {
      assert.equal((await manager.api.expectOk(api.list))[0]?.webhook_url, hook);
      const one = await manager.api.expectOk(api.get, { params: { id: created.id } });
      assert.equal(one.webhook_url, hook);
    }
  });

  test('one account cannot read, change or test another account’s alert', async () => {
    const a = await signUpSubscribed(server);
    const b = await signUpSubscribed(server);
    const alert = await a.api('POST', '/v1/alerts', form());
    const id = alert.body.id;
    assert.deepEqual((await b.api('GET', '/v1/alerts')).body, []);
    assert.equal((await b.api('GET', `/v1/alerts/${id}`)).status, 404);
    assert.equal((await b.api('PUT', `/v1/alerts/${id}`, { enabled: false })).status, 404);
    assert.equal((await b.api('PUT', `/v1/alerts/${id}`, form())).status, 404);
    assert.equal((await b.api('POST', `/v1/alerts/${id}/test`)).status, 404);
    assert.equal((await b.api('POST', `/v1/alerts/${id}/webhook-secret`)).status, 404);
    assert.equal((await b.api('DELETE', `/v1/alerts/${id}`)).status, 404);
    assert.equal((await a.api('GET', `/v1/alerts/${id}`)).body.enabled, true);
  });

  test('a test notification by email goes to the owners and admins and names the channel', async () => {
    const u = await signUpSubscribed(server);
    const created = await u.api('POST', '/v1/alerts', form({ name: 'Mail me' }));
    const res = await u.api('POST', `/v1/alerts/${created.body.id}/test`);
    assert.equal(res.status, 200);
    assert.deepEqual(res.body.notifications_sent, ['email']);
    const mail = (await server.outbox()).find((m) => m.includes('Subject: Test: Mail me'));
    assert.ok(mail, 'the test email was written');
    assert.match(mail, new RegExp(`^To: ${u.email}`, 'm'));
  });

  test('a test with no channel on is a 400; history starts empty and takes a limit up to 50', async () => {
    const u = await signUpSubscribed(server);
    const created = await u.api('POST', '/v1/alerts', form({ notification_email: false }));
    const res = await u.api('POST', `/v1/alerts/${created.body.id}/test`);
    assert.equal(res.status, 400);
    assert.equal(res.body.message, 'Turn on email or webhook for this alert before sending a test');
    assert.deepEqual((await u.api('GET', '/v1/alerts/history?limit=50')).body, []);
    for (const limit of ['51', '0', 'x']) {
      const bad = await u.api('GET', `/v1/alerts/history?limit=${limit}`);
      assert.equal(bad.status, 400);
      assert.equal(bad.body.message, 'limit must be a whole number from 1 to 50');
    }
  });
});
