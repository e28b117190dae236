import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { type GatewayFixture, startGatewayFixture } from '../../gateway/tests/gateway-fixture.ts';
import { type SmtpReceiver, startSmtpReceiver } from '../../testing/smtp-receiver.ts';
import { alertForm, alertHistory, MIN, plainTraffic, sendTraffic } from './alerts-testing.ts';

// Tuesday 2026-11-03 00:00 UTC.
const DAY0 = Date.UTC(2026, 10, 3);

describe('a budget alert says what spend it cannot count (decision 155)', {
  timeout: 300_000,
}, () => {
  let f: GatewayFixture;
  let smtp: SmtpReceiver;
  let now = DAY0 + 10 * MIN;
  let unit = 0;

  before(async () => {
    smtp = await startSmtpReceiver();
    f = await startGatewayFixture({ SMTP_URL: smtp.url }, () => now);
    await plainTraffic(f);
    await sendTraffic(f, 1);
    unit = (await f.logs())[0]?.actual_cost ?? 0;
    assert.ok(unit > 0, 'requests cost something');
  });
  after(async () => {
    await f.close();
    await smtp.close();
  });

  /** A model genai-prices does not list yet: served, logged at $0 (decision 146). */
  const unpricedTraffic = async (count: number) => {
    for (let i = 0; i < count; i++) {
      f.mock.enqueue({ usage: { input: 5_000, output: 1_000 } }, 'openai');
      await f.openai.chat.completions.create({
        model: 'openai/gpt-6',
        messages: [{ role: 'user', content: `brand-new model ${i}` }],
      });
    }
    await f.server.app.gateway.logs.flush();
  };

  test('the mail, webhook message and history name the unpriced requests, tokens and model', async () => {
    const res = await f.user.api(
      'POST',
      '/v1/alerts',
      alertForm({ name: 'Daily budget', conditions: { threshold: unit * 1.5, period: '1d' } }),
    );
    assert.equal(res.status, 201, JSON.stringify(res.body));
    const alert = res.body as { id: string };
    await unpricedTraffic(2);
    const mails = smtp.messages.length;
    now += MIN;
    await sendTraffic(f, 1);
    await f.server.app.alerts.evaluator.tick();

    const [entry] = await alertHistory(f, alert.id);
    assert.equal(entry?.kind, 'crossed');
    // The priced spend alone crossed it: the dollars are the priced requests', the rest is named.
    assert.ok(Math.abs((entry?.trigger_value ?? 0) - unit * 2) < 1e-9);
    const note =
      'Not included: 2 requests (12,000 tokens) this day to models with no listed price (openai/gpt-6), counted as $0, so actual spend is higher.';
    assert.ok(entry?.message.endsWith(note), entry?.message);
    const [mail] = (await smtp.waitFor(mails + 1)).slice(mails);
    assert.ok(mail?.replace(/=\r?\n/g, '').includes('counted as $0'), mail);
  });
});
