import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import OpenAI from 'openai';
import { TEST_TIME_HEADER } from '../wire/test-clock.ts';
import { type GatewayFixture, startGatewayFixture } from './gateway-fixture.ts';

const model = 'openai/gpt-4o-mini';
const DAY = 24 * 60 * 60 * 1000;

/** Sends one request carrying the test-clock header; answers the gateway's request id. */
async function askAt(f: GatewayFixture, time: string, content: string): Promise<string> {
  const { response } = await f.openai.chat.completions
    .create(
      { model, messages: [{ role: 'user', content }] },
      { headers: { [TEST_TIME_HEADER]: time } },
    )
    .withResponse();
  return response.headers.get('x-request-id') ?? '';
}

/** What the dashboard API shows of one request and of the last 24 hours. */
async function shown(f: GatewayFixture, id: string) {
  await f.server.app.gateway.logs.flush();
  const detail = await f.user.api('GET', `/v1/analytics/requests/${id}`);
  const day = await f.user.api('GET', '/v1/analytics?time_range=24h&compare=false');
  const month = await f.user.api('GET', '/v1/analytics?time_range=30d&compare=false');
  assert.equal(detail.status, 200);
  return {
    createdAt: Date.parse(detail.body.created_at),
    lastDay: day.body.stats.total_requests as number,
    lastMonth: month.body.stats.total_requests as number,
    chartDays: (month.body.chart as { date: string; requests: number }[])
      .filter((p) => p.requests > 0)
      .map((p) => p.date.slice(0, 10)),
  };
}

describe('test clock: x-tokenwise-test-time back-dates a request only under TOKENWISE_TEST_CLOCK=1', () => {
  let on: GatewayFixture;
  let off: GatewayFixture;
  before(async () => {
    on = await startGatewayFixture({ TOKENWISE_TEST_CLOCK: '1' });
    off = await startGatewayFixture();
  });
  after(async () => {
    await on.close();
    await off.close();
  });

  test('with the flag the request is logged and counted on the day it names', async () => {
    const tenDaysAgo = Date.now() - 10 * DAY;
    const id = await askAt(on, new Date(tenDaysAgo).toISOString(), 'What is a leap year?');
    const seen = await shown(on, id);
    assert.ok(Math.abs(seen.createdAt - tenDaysAgo) < 1000, `created_at ${seen.createdAt}`);
    assert.equal(seen.lastDay, 0, 'not in the last 24 hours');
    assert.equal(seen.lastMonth, 1);
    assert.deepEqual(seen.chartDays, [new Date(tenDaysAgo).toISOString().slice(0, 10)]);
  });

  test('with the flag a time in the future or not a time is a 400 naming the header', async () => {
    for (const bad of [String(Date.now() + 3_600_000), 'last tuesday']) {
      await assert.rejects(askAt(on, bad, 'Hello'), (e: unknown) => {
        assert.ok(e instanceof OpenAI.BadRequestError, bad);
        assert.match(e.message, new RegExp(TEST_TIME_HEADER));
        return true;
      });
    }
  });

  test('without the flag the header is ignored: the request is logged now, even a bad value', async () => {
    const before = Date.now();
    const id = await askAt(off, String(before - 10 * DAY), 'What is a leap year?');
    await askAt(off, 'last tuesday', 'Hello');
    const seen = await shown(off, id);
    assert.ok(seen.createdAt >= before - 1000, `created_at ${seen.createdAt} is now`);
    assert.equal(seen.lastDay, 2);
  });
});
