import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { AlertHistoryEntry } from '@tokenwise/contracts';
import { type GatewayFixture, startGatewayFixture } from '../../gateway/tests/gateway-fixture.ts';
import { verifyWebhook } from '../../lib/outbound/webhook-signature.ts';
import { type HttpReceiver, startHttpReceiver } from '../../testing/http-receiver.ts';
import { type SmtpReceiver, startSmtpReceiver } from '../../testing/smtp-receiver.ts';
import { alertForm, DAY, MIN, plainTraffic, sendTraffic } from './alerts-testing.ts';

// Monday 2026-11-02 00:00 UTC; each test takes a day of its own so their spend never mixes.
const DAY0 = Date.UTC(2026, 10, 2);

describe('alerts fire on gateway traffic at the right moment', { timeout: 600_000 }, () => {
  let f: GatewayFixture;
  let smtp: SmtpReceiver;
  let hooks: HttpReceiver;
  let now = DAY0 + 10 * MIN;
  /** What one request costs (every request here has the same model and tokens). */
  let unit = 0;

  before(async () => {
    smtp = await startSmtpReceiver();
    hooks = await startHttpReceiver();
    f = await startGatewayFixture({ SMTP_URL: smtp.url, WEBHOOK_ALLOW_PRIVATE: '1' }, () => now);
    await plainTraffic(f);
    await sendTraffic(f, 1);
    unit = (await f.logs())[0]?.actual_cost ?? 0;
    assert.ok(unit > 0, 'requests cost something');
  });
  after(async () => {
    await f.close();
    await smtp.close();
    await hooks.close();
  });

  const at = (day: number, minutes: number) => {
    now = DAY0 + day * DAY + minutes * MIN;
  };
  const tick = () => f.server.app.alerts.evaluator.tick();
  const history = async (alertId: string): Promise<AlertHistoryEntry[]> => {
    const res = await f.user.api('GET', '/v1/alerts/history?limit=50');
    assert.equal(res.status, 200);
    return (res.body as AlertHistoryEntry[]).filter((e) => e.alert_id === alertId);
  };
  const create = async (over: Record<string, unknown>) => {
    const res = await f.user.api('POST', '/v1/alerts', alertForm(over));
    assert.equal(res.status, 201, JSON.stringify(res.body));
    return res.body as { id: string; webhook_secret: string };
  };
  const remove = (id: string) => f.user.api('DELETE', `/v1/alerts/${id}`);

  test('budget_limit: quiet under the budget, fires once on the crossing (email and signed webhook), again next period', async () => {
    at(1, 10);
    const alert = await create({
      name: 'Daily budget',
      conditions: { threshold: unit * 2.5, period: '1d' },
      notification_webhook: true,
      webhook_url: `${hooks.url}/budget`,
    });
    await sendTraffic(f, 2);
    await tick();
    assert.deepEqual(await history(alert.id), [], '2 requests are under 2.5');

    const mails = smtp.messages.length;
    const posts = hooks.requests.length;
    at(1, 20);
    await sendTraffic(f, 1);
    await tick();
    const [entry, ...rest] = await history(alert.id);
    assert.equal(rest.length, 0);
    assert.ok(entry);
    assert.equal(entry.kind, 'crossed');
    assert.ok(Math.abs(entry.trigger_value - unit * 3) < 1e-9);
    assert.equal(entry.threshold_value, unit * 2.5);
    assert.equal(entry.triggered_at, new Date(now).toISOString());
    assert.deepEqual(
      [entry.email_sent, entry.webhook_sent, entry.email_error, entry.webhook_error],
      [true, true, null, null],
    );

    const [mail] = (await smtp.waitFor(mails + 1)).slice(mails);
    assert.match(mail ?? '', /^Subject: Alert: Daily budget/m);
    assert.match(mail ?? '', new RegExp(`^To: ${f.user.email}`, 'm'));
    const [post] = (await hooks.waitFor(posts + 1)).slice(posts);
    assert.ok(post);
    assert.equal(post.url, '/budget');
    assert.ok(
      verifyWebhook(alert.webhook_secret, String(post.headers['x-tokenwise-signature']), post.body),
    );
    const payload = JSON.parse(post.body);
    assert.equal(payload.event, 'alert.triggered');
    assert.equal(payload.alert.id, alert.id);
    assert.equal(payload.threshold_value, unit * 2.5);

    const listed = await f.user.api('GET', `/v1/alerts/${alert.id}`);
    assert.equal(listed.body.last_triggered_at, new Date(now).toISOString());

    // Throttle 0: once per period, however many ticks see it over.
    at(1, 30);
    await sendTraffic(f, 1);
    await tick();
    at(1, 23 * 60);
    await tick();
    assert.equal((await history(alert.id)).length, 1);

    at(2, 10);
    await tick();
    assert.equal((await history(alert.id)).length, 1, 'the new day starts under the budget');
    await sendTraffic(f, 3);
    await tick();
    assert.equal((await history(alert.id)).length, 2, 'a new period, a new crossing');
    await remove(alert.id);
  });

  test('throttle: at most one notification per throttle_minutes while over; a failing webhook is recorded', async () => {
    at(3, 10);
    hooks.answerWith(404);
    const alert = await create({
      name: 'Throttled',
      conditions: { threshold: unit * 0.5, period: '1d' },
      throttle_minutes: 30,
      notification_webhook: true,
      webhook_url: `${hooks.url}/gone`,
    });
    await sendTraffic(f, 1);
    await tick();
    const [first] = await history(alert.id);
    assert.deepEqual(
      [first?.email_sent, first?.webhook_sent, first?.webhook_error],
      [true, false, 'Webhook answered HTTP 404'],
    );
    at(3, 25);
    await tick();
    at(3, 39);
    await tick();
    assert.equal((await history(alert.id)).length, 1, 'inside 30 minutes');
    at(3, 40);
    await tick();
    assert.equal((await history(alert.id)).length, 2, '30 minutes on, still over');
    await remove(alert.id);
  });

  test('forecast: budget and token alerts warn before the crossing and say when, once per period', async () => {
    at(4, 6 * 60);
    // Two requests by 06:00: 2,000 quota tokens in 6 hours; 3,000 more at that rate take 9 hours.
    const tokens = await create({
      name: 'Tokens',
      alert_type: 'token_quota',
      conditions: { threshold: 5_000, period: '1d' },
    });
    // 2 of 6 units in 6 hours: the other 4 take 12 hours, before midnight.
    const budget = await create({
      name: 'Budget',
      conditions: { threshold: unit * 6, period: '1d' },
    });
    // 2 of 10 units: 24 hours more, past midnight, so no forecast.
    const far = await create({ name: 'Far', conditions: { threshold: unit * 10, period: '1d' } });
    await sendTraffic(f, 2);
    await tick();
    const [forecast] = await history(tokens.id);
    assert.ok(forecast);
    assert.equal(forecast.kind, 'forecast');
    assert.equal(forecast.trigger_value, 2_000);
    assert.equal(forecast.threshold_value, 5_000);
    assert.equal(forecast.forecast_hours, 9);
    assert.match(forecast.message, /at this rate the token quota is reached in about 9 hours/);
    const [budgetForecast] = await history(budget.id);
    assert.match(
      budgetForecast?.message ?? '',
      /at this rate the budget is reached in about 12 hours/,
    );
    assert.deepEqual(await history(far.id), []);

    at(4, 7 * 60);
    await tick();
    assert.equal((await history(tokens.id)).length, 1, 'one forecast per period');

    at(4, 12 * 60);
    await sendTraffic(f, 4);
    await tick();
    const entries = await history(tokens.id);
    assert.deepEqual(
      entries.map((e) => e.kind),
      ['crossed', 'forecast'],
    );
    assert.ok(
      Date.parse(entries[1]?.triggered_at ?? '') < Date.parse(entries[0]?.triggered_at ?? ''),
    );
    for (const a of [tokens, budget, far]) await remove(a.id);
  });

  test('a forecast does not use up the throttle: the crossing that follows is still notified, by email', async () => {
    at(11, 6 * 60);
    // Throttle a day: before, the 06:00 forecast set the throttle's clock and held back the
    // 12:00 crossing, so the owner was told "will cross" and never "crossed".
    const alert = await create({
      name: 'Forecast then crossing',
      conditions: { threshold: unit * 6, period: '1d' },
      throttle_minutes: 1440,
    });
    const mails = smtp.messages.length;
    await sendTraffic(f, 2);
    await tick();
    at(11, 7 * 60);
    await tick();
    assert.deepEqual(
      (await history(alert.id)).map((e) => e.kind),
      ['forecast'],
      'one forecast, not repeated',
    );

    at(11, 12 * 60);
    await sendTraffic(f, 5);
    await tick();
    at(11, 13 * 60);
    await tick();
    assert.deepEqual(
      (await history(alert.id)).map((e) => e.kind),
      ['crossed', 'forecast'],
      'the crossing is notified once; the throttle then holds',
    );
    const sent = (await smtp.waitFor(mails + 2)).slice(mails);
    assert.match(sent[0] ?? '', /^Subject: Forecast: Forecast then crossing/m);
    assert.match(sent[1] ?? '', /^Subject: Alert: Forecast then crossing/m);
    await remove(alert.id);
  });

  test('token_quota measures what the quota bar counts: prompt tokens of optimized requests', async () => {
    const quotaBar = async () => {
      const res = await f.user.api('GET', '/v1/billing/subscription');
      assert.equal(res.status, 200);
      return res.body.usage.total_optimized_tokens as number;
    };
    at(9, 10);
    const before = await quotaBar();
    const alert = await create({
      name: 'Quota tokens',
      alert_type: 'token_quota',
      conditions: { threshold: 1, period: '1d' },
    });
    await sendTraffic(f, 2);
    // A baseline request goes out unoptimized and a failed one uses nothing: neither counts.
    assert.equal(
      (await f.user.api('PUT', '/v1/baseline/config', { sample_rate: 100 })).status,
      200,
    );
    await sendTraffic(f, 1);
    await f.user.api('PUT', '/v1/baseline/config', { sample_rate: 0 });
    await sendTraffic(f, 1, { status: 400 });
    await tick();
    const [entry] = await history(alert.id);
    assert.ok(entry);
    assert.equal(entry.trigger_value, (await quotaBar()) - before);
    assert.equal(entry.trigger_value, 2_000, 'two optimized prompts of 1,000 tokens');
    await remove(alert.id);
  });

  test('cost_spike: fires when spend is more than threshold % above the same part of the day before', async () => {
    at(5, 8 * 60 + 10);
    await sendTraffic(f, 1);
    at(6, 9 * 60 + 10);
    await sendTraffic(f, 1);
    const alert = await create({
      name: 'Spike',
      alert_type: 'cost_spike',
      conditions: { threshold: 100, period: '1d' },
    });
    at(6, 9 * 60 + 30);
    await tick();
    assert.deepEqual(await history(alert.id), [], 'level with yesterday');
    at(6, 9 * 60 + 40);
    await sendTraffic(f, 2);
    at(6, 10 * 60);
    await tick();
    const [entry] = await history(alert.id);
    assert.ok(entry);
    assert.ok(Math.abs(entry.trigger_value - 200) < 1e-6, `${entry.trigger_value}`);
    assert.equal(entry.threshold_value, 100);
    assert.match(entry.message, /200% above the same part of the previous day/);
    await remove(alert.id);
  });

  test('error_rate: fires when failed requests reach threshold % of the period', async () => {
    at(7, 5);
    const alert = await create({
      name: 'Errors',
      alert_type: 'error_rate',
      conditions: { threshold: 20, period: '1h' },
    });
    await sendTraffic(f, 5);
    await sendTraffic(f, 1, { status: 400 });
    await tick();
    assert.deepEqual(await history(alert.id), [], '1 of 6 is under 20%');
    at(7, 6);
    await sendTraffic(f, 3);
    await sendTraffic(f, 1, { status: 400 });
    await tick();
    const [entry] = await history(alert.id);
    assert.ok(entry, '2 of 10 is 20%: the threshold is reached');
    assert.ok(Math.abs(entry.trigger_value - 20) < 1e-6);
    assert.match(entry.message, /2 of 10/);
    await remove(alert.id);
  });

  test('error_rate at the default threshold of 100%: fires when every request of the period failed', async () => {
    at(12, 5);
    const mails = smtp.messages.length;
    const alert = await create({ name: 'Total outage', alert_type: 'error_rate' });
    const listed = await f.user.api('GET', `/v1/alerts/${alert.id}`);
    assert.equal(listed.body.conditions.threshold, 100, 'the spec default');
    await tick();
    assert.deepEqual(await history(alert.id), [], 'no requests: nothing failed');
    await sendTraffic(f, 1);
    await sendTraffic(f, 2, { status: 400 });
    await tick();
    assert.deepEqual(await history(alert.id), [], '2 of 3 failed: under 100%');

    at(13, 5);
    await sendTraffic(f, 3, { status: 400 });
    await tick();
    const [entry, ...rest] = await history(alert.id);
    assert.equal(rest.length, 0);
    assert.equal(entry?.trigger_value, 100);
    assert.equal(entry?.message, '100% of requests this day failed (3 of 3); the limit is 100%.');
    const [mail] = (await smtp.waitFor(mails + 1)).slice(mails);
    assert.match(mail ?? '', /^Subject: Alert: Total outage/m);
    await remove(alert.id);
  });

  test('error_rate: once per breach, and again on a new breach after the rate came back under', async () => {
    at(10, 5);
    const alert = await create({
      name: 'Errors again',
      alert_type: 'error_rate',
      conditions: { threshold: 20, period: '1d' },
    });
    await sendTraffic(f, 4);
    await sendTraffic(f, 2, { status: 400 });
    await tick();
    at(10, 10);
    await tick();
    assert.equal((await history(alert.id)).length, 1, '2 of 6 is over 20%: one notification');

    at(10, 20);
    await sendTraffic(f, 10);
    await tick();
    assert.equal((await history(alert.id)).length, 1, '2 of 16 is under: recovered, nothing sent');

    at(10, 30);
    await sendTraffic(f, 4, { status: 400 });
    await tick();
    at(10, 40);
    await tick();
    const entries = await history(alert.id);
    assert.equal(entries.length, 2, 'the second incident of the day is notified, once');
    assert.match(entries[0]?.message ?? '', /6 of 20/);
    await remove(alert.id);
  });

  test('a disabled alert is not evaluated', async () => {
    at(8, 10);
    const alert = await create({
      name: 'Off',
      enabled: false,
      conditions: { threshold: 0, period: '1d' },
    });
    await sendTraffic(f, 1);
    await tick();
    assert.deepEqual(await history(alert.id), []);
    await f.user.api('PUT', `/v1/alerts/${alert.id}`, { enabled: true });
    await tick();
    assert.equal((await history(alert.id)).length, 1);
    await remove(alert.id);
  });

  test('a test notification goes by email and by a webhook signed with the current secret', async () => {
    const alert = await create({
      name: 'Both channels',
      notification_webhook: true,
      webhook_url: `${hooks.url}/test`,
    });
    const mails = smtp.messages.length;
    const posts = hooks.requests.length;
    const res = await f.user.api('POST', `/v1/alerts/${alert.id}/test`);
    assert.equal(res.status, 200);
    assert.deepEqual(res.body.notifications_sent, ['email', 'webhook']);
    const [mail] = (await smtp.waitFor(mails + 1)).slice(mails);
    assert.match(mail ?? '', /^Subject: Test: Both channels/m);
    const [post] = (await hooks.waitFor(posts + 1)).slice(posts);
    const signature = String(post?.headers['x-tokenwise-signature']);
    assert.ok(verifyWebhook(alert.webhook_secret, signature, post?.body ?? ''));

    const rotated = await f.user.api('POST', `/v1/alerts/${alert.id}/webhook-secret`);
    await f.user.api('POST', `/v1/alerts/${alert.id}/test`);
    const [next] = (await hooks.waitFor(posts + 2)).slice(posts + 1);
    const nextSignature = String(next?.headers['x-tokenwise-signature']);
    assert.ok(verifyWebhook(rotated.body.webhook_secret, nextSignature, next?.body ?? ''));
    assert.ok(
      !verifyWebhook(alert.webhook_secret, nextSignature, next?.body ?? ''),
      'the old secret is dead',
    );

    hooks.answerWith(500);
    const partly = await f.user.api('POST', `/v1/alerts/${alert.id}/test`);
    assert.equal(partly.status, 200);
    assert.deepEqual(partly.body.notifications_sent, ['email']);
    assert.equal(partly.body.errors.webhook, 'Webhook answered HTTP 500');
    await remove(alert.id);
  });
});
