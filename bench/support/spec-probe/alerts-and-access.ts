/** Decision 223's probe: Alerts and their history, password limits, a second account, the superadmin console. */
import {
  proveMailbox,
  resetTokenFrom,
  signUp,
  signUpSubscribed,
  unfoldEmail,
} from '../../../apps/server/src/testing/test-server.ts';
import { check, documented, eq, fields, ISO_TIME, near } from './checks.ts';
import { type Probe, ROLES, type Row } from './probe-context.ts';

export async function alerts(p: Probe) {
  const { f, a } = p;
  const shape = {
    id: 'string',
    name: 'string',
    alert_type: ['budget_limit', 'cost_spike', 'error_rate', 'token_quota'],
    enabled: 'boolean',
    conditions: 'object',
    notification_email: 'boolean',
    notification_webhook: 'boolean',
    webhook_url: 'string|null',
    throttle_minutes: 'number',
    last_triggered_at: 'iso|null',
  } as const;
  const made = await a.api('POST', '/v1/alerts', { name: 'Defaults' });
  fields('alert', made.body, shape);
  eq(
    'alert defaults (only a name sent)',
    [
      made.status,
      made.body.alert_type,
      made.body.conditions,
      made.body.throttle_minutes,
      made.body.notification_email,
      made.body.notification_webhook,
      made.body.last_triggered_at,
    ],
    [201, 'budget_limit', { threshold: 100, period: '1d' }, 0, true, false, null],
  );
  const part = await a.api('POST', '/v1/alerts', {
    name: 'Fires',
    conditions: { threshold: 0.000001 },
  });
  eq('conditions with only a threshold: period 1d', part.body.conditions, {
    threshold: 0.000001,
    period: '1d',
  });
  const edited = await a.api('PUT', `/v1/alerts/${made.body.id}`, {
    ...made.body,
    name: 'Renamed',
    conditions: { threshold: 0.01, period: '1h' },
  });
  eq(
    'edit',
    [edited.status, edited.body.name, edited.body.conditions],
    [200, 'Renamed', { threshold: 0.01, period: '1h' }],
  );
  const toggled = await a.api('PUT', `/v1/alerts/${made.body.id}`, { enabled: false });
  eq(
    'toggle {enabled} keeps the rest',
    [toggled.body.enabled, toggled.body.name, toggled.body.conditions.period],
    [false, 'Renamed', '1h'],
  );
  eq(
    'test answers notifications_sent',
    (await a.api('POST', `/v1/alerts/${made.body.id}/test`)).body.notifications_sent,
    ['email'],
  );
  await f.server.app.alerts.evaluator.tick();
  const history = (await a.api('GET', '/v1/alerts/history')).body;
  fields('alert history entry', history[0], {
    id: 'string',
    alert_name: 'string',
    triggered_at: 'iso',
    trigger_value: 'number',
    threshold_value: 'number',
    email_sent: 'boolean',
    webhook_sent: 'boolean',
    email_error: 'string|null',
  });
  eq(
    'the entry names the alert and its threshold',
    [history.length, history[0]?.alert_name, history[0]?.threshold_value, history[0]?.email_sent],
    [1, 'Fires', 0.000001, true],
  );
  const fired = (await a.api('GET', `/v1/alerts/${part.body.id}`)).body;
  check(
    'last_triggered_at set once fired',
    ISO_TIME.test(fired.last_triggered_at ?? ''),
    fired.last_triggered_at,
  );
  eq(
    'history limit 50 taken, 51 refused',
    [
      (await a.api('GET', '/v1/alerts/history?limit=50')).status,
      (await a.api('GET', '/v1/alerts/history?limit=51')).status,
    ],
    [200, 400],
  );
  eq(
    'delete, then 404',
    [
      (await a.api('DELETE', `/v1/alerts/${made.body.id}`)).status,
      (await a.api('GET', `/v1/alerts/${made.body.id}`)).status,
    ],
    [200, 404],
  );
  return { alertId: part.body.id as string };
}

export async function passwords(p: Probe) {
  const { f, anon, tag } = p;
  const user = await signUpSubscribed(f.server, `pw-${tag}@example.com`, 'original-pass');
  const seven = await user.api('POST', '/v1/auth/change-password', {
    current_password: 'original-pass',
    new_password: '1234567',
  });
  eq(
    'change to 7 characters',
    [seven.status, seven.body.message],
    [400, 'New password must be at least 8 characters long'],
  );
  eq(
    'change to 8 characters',
    (
      await user.api('POST', '/v1/auth/change-password', {
        current_password: 'original-pass',
        new_password: '12345678',
      })
    ).status,
    200,
  );
  const resetToken = async () => {
    await anon('POST', '/v1/auth/forgot-password', { email: user.email });
    const mail = (await f.server.outbox())
      .reverse()
      .find((m) => unfoldEmail(m).toLowerCase().includes(`to: ${user.email}`));
    return resetTokenFrom(mail ?? '');
  };
  const late = await resetToken();
  p.now += 3_600_000 + 1;
  const refused = await anon('POST', '/v1/auth/reset-password', {
    token: late,
    new_password: 'another-pass',
  });
  eq(
    'reset link 1 h + 1 ms old',
    [refused.status, refused.body.message],
    [400, 'Invalid or expired reset token'],
  );
  const inTime = await resetToken();
  p.now += 3_600_000 - 1;
  eq(
    'reset link 1 h − 1 ms old',
    (await anon('POST', '/v1/auth/reset-password', { token: inTime, new_password: 'another-pass' }))
      .status,
    200,
  );
  const short = await anon('POST', '/v1/auth/reset-password', {
    token: await resetToken(),
    new_password: '1234567',
  });
  eq(
    'reset to 7 characters',
    [short.status, short.body.message],
    [400, 'Password must be at least 8 characters long'],
  );
}

export async function otherAccount(
  p: Probe,
  ids: { requestId: string; keyId: string; providerKeyId: string; alertId: string },
) {
  const { f, a, tag } = p;
  const b = await signUpSubscribed(f.server, `other-${tag}@example.com`);
  for (const [method, path, body] of [
    ['GET', `/v1/alerts/${ids.alertId}`],
    ['PUT', `/v1/alerts/${ids.alertId}`, { enabled: false }],
    ['POST', `/v1/alerts/${ids.alertId}/test`],
    ['DELETE', `/v1/alerts/${ids.alertId}`],
    ['GET', `/v1/analytics/requests/${ids.requestId}`],
    ['POST', '/v1/evals/feedback', { request_id: ids.requestId, feedback: 'negative' }],
    ['DELETE', `/v1/keys/${ids.keyId}`],
    ['DELETE', `/v1/provider-keys/${ids.providerKeyId}`],
    ['GET', `/v1/accounts/${a.accountId}`],
    ['POST', `/v1/accounts/${a.accountId}/members`, { email: `intruder-${tag}@example.com` }],
    ['GET', `/v1/admin/subscriptions/user/${a.accountId}`],
    ['GET', `/v1/admin/usage/${a.accountId}`],
  ] as const) {
    const r = await b.api(method, path, body);
    eq(`another account: ${method} ${path.replace(/\/[0-9a-f-]{20,}/g, '/:id')}`, r.status, 404);
  }
  check(
    "A's alert is still there",
    (await a.api('GET', `/v1/alerts/${ids.alertId}`)).status === 200,
  );
  for (const id of ['nope', '123', '00000000-0000-0000-0000-000000000000', "x'y"]) {
    const statuses = [];
    for (const path of [
      `/v1/alerts/${id}`,
      `/v1/analytics/requests/${id}`,
      `/v1/accounts/${id}`,
      `/v1/admin/usage/${id}`,
    ]) {
      statuses.push((await a.api('GET', path)).status);
    }
    eq(`made-up id ${id}: 404 everywhere`, statuses, [404, 404, 404, 404]);
  }
  return b;
}

export async function admin(p: Probe, b: { userId: string }) {
  const { f, a } = p;
  const root = await proveMailbox(f.server, await signUp(f.server, p.superadminEmail));
  fields('admin user', (await root.api('GET', '/v1/admin/users')).body[0], {
    id: 'string',
    email: 'string',
    is_superadmin: 'boolean',
    created_at: 'iso',
  });
  const accounts = (
    await root.api('GET', `/v1/admin/accounts?search=${encodeURIComponent(a.email)}`)
  ).body;
  const card = accounts.find((x: Row) => x.id === a.accountId);
  fields('admin account', card, {
    id: 'string',
    name: 'string',
    created_at: 'iso',
    members: 'array',
    subscription: 'object',
    usage: 'object',
  });
  fields('admin account member', card.members[0], {
    user_id: 'string',
    email: 'string',
    role: ROLES,
    joined_at: 'iso',
  });
  fields('admin account subscription', card.subscription, {
    tier: ['paid', 'enterprise'],
    is_active: 'boolean',
    monthly_token_quota: 'number',
    current_period_start: 'iso',
    current_period_end: 'iso',
  });
  fields('admin account usage', card.usage, {
    tokens_used: 'number',
    quota_percentage: 'number|null',
  });
  const q = card.usage.quota_percentage;
  check(
    'quota_percentage = tokens_used / quota × 100',
    near(q, (card.usage.tokens_used / 30_000_000) * 100),
    String(q),
  );
  documented(
    'quota_percentage sent with 1 decimal',
    Math.round(q * 10) / 10 === q,
    "section 9 is the screen's format",
    `${q} (the screen shows ${(Math.floor(q * 10) / 10).toFixed(1)}%)`,
  );
  const gone = await root.api('DELETE', `/v1/admin/users/${b.userId}`);
  eq('superadmin deletes a user: success', [gone.status, gone.body.success], [200, true]);
}
