import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import OpenAI from 'openai';
import type { GatewayFixture } from './gateway-fixture.ts';
import { useGatewayFixture } from './use-gateway-fixture.ts';

// One upstream timeout is the whole request's budget (decision 133). The mock's waits are far
// longer than it, so only the gateway's deadline can end each request.
const TIMEOUT_MS = 2_000;
/**
 * The fallbacks' timeout: long enough that a refusal the mock sends at REFUSAL_MS still reaches
 * the gateway before the deadline on a machine at load 15 (at 2,000 / 1,800 ms it once did not,
 * and no fallback was tried).
 */
const FALLBACK_TIMEOUT_MS = 6_000;
/** When the routed model refuses: a fallback given a fresh timeout would end at 10 s. */
const REFUSAL_MS = 4_000;
/**
 * Room for the server's own work and a loaded machine (500 ms was passed by 16 ms at a load
 * average of 10, 1,000 ms by 662 ms and 2,000 ms by 228 ms at a load average of 30). Still
 * short of what a fresh timeout for the fallback would take (REFUSAL_MS + FALLBACK_TIMEOUT_MS
 * = 10 s, two timeouts 12 s); the retries below that ignored their budget would end in the
 * provider's 503, not a 504.
 */
const SLACK_MS = 3_500;
const NEVER_MS = 30_000;

/**
 * One chat request that must end in the gateway's timeout: a 504 the caller gets within one
 * timeout (and the slack), plain or streamed.
 */
async function timesOutInTime(
  f: GatewayFixture,
  timeoutMs: number,
  model: string,
  content: string,
  stream = false,
): Promise<InstanceType<typeof OpenAI.APIError>> {
  const started = Date.now();
  const err = await f.openai.chat.completions
    .create({ model, messages: [{ role: 'user', content }], stream })
    .catch((e: unknown) => e);
  const waited = Date.now() - started;
  assert.ok(err instanceof OpenAI.APIError, String(err));
  assert.equal(err.status, 504, `stream: ${stream}`);
  assert.ok(waited < timeoutMs + SLACK_MS, `stream: ${stream}; the caller waited ${waited} ms`);
  return err;
}

describe('a routed request and its fallback share one upstream timeout', () => {
  const f = useGatewayFixture({
    UPSTREAM_TIMEOUT_MS: String(FALLBACK_TIMEOUT_MS),
    UPSTREAM_MAX_RETRIES: '0',
  });
  const routingOn = () =>
    f.user.api('PUT', '/v1/routing/config', {
      enabled: true,
      difficulty_threshold_simple: 100,
      difficulty_threshold_complex: 500,
    });
  const callsSince = (before: number) => f.mock.calls.slice(before).map((c) => c.parsed?.model);

  test('a fallback after a slow refusal gets only what is left of the timeout', async () => {
    await routingOn();
    // The routed model refuses near the end of the timeout; the named model then hangs.
    f.mock.enqueue({ latencyMs: REFUSAL_MS, status: 503, errorMessage: 'overloaded' }, 'openai');
    f.mock.enqueue({ latencyMs: NEVER_MS }, 'openai');
    const before = f.mock.calls.length;
    await timesOutInTime(f, FALLBACK_TIMEOUT_MS, 'openai/gpt-4o', 'Capital of Spain?');
    const tried = callsSince(before);
    assert.equal(tried.length, 2);
    assert.equal(tried[1], 'gpt-4o');
    const row = (await f.logs())[0];
    assert.equal(row?.http_status, 504);
    assert.match(row?.details ?? '', /answered 503: fell back/);
  });

  test('a routed model that times out ends the request with one timeout, streamed or not', async () => {
    await routingOn();
    for (const stream of [false, true]) {
      f.mock.enqueue({ latencyMs: NEVER_MS }, 'openai');
      f.mock.enqueue({ latencyMs: NEVER_MS }, 'openai');
      await timesOutInTime(
        f,
        FALLBACK_TIMEOUT_MS,
        'openai/gpt-4o',
        `Capital of Norway? (${stream})`,
        stream,
      );
      f.mock.reset();
    }
  });

  test('a streamed fallback whose first words do not come in time is cut at the deadline', async () => {
    await routingOn();
    f.mock.enqueue({ latencyMs: REFUSAL_MS, status: 503, errorMessage: 'overloaded' }, 'openai');
    // Headers at once, then silence: the caller has still seen nothing, so the deadline holds.
    f.mock.enqueue({ hangMs: NEVER_MS }, 'openai');
    await timesOutInTime(f, FALLBACK_TIMEOUT_MS, 'openai/gpt-4o', 'Capital of Finland?', true);
  });

  test('a routed stream that already sent words never falls back', async () => {
    await routingOn();
    f.mock.enqueue({ stallAfterChunks: 3 }, 'openai');
    const before = f.mock.calls.length;
    const stream = await f.openai.chat.completions.create({
      model: 'openai/gpt-4o',
      messages: [{ role: 'user', content: 'Say hello to the people of Lisbon today' }],
      stream: true,
    });
    let text = '';
    const err = await (async () => {
      for await (const chunk of stream) text += chunk.choices[0]?.delta.content ?? '';
    })().catch((e: unknown) => e);
    assert.ok(err instanceof Error, 'the stream ends in an error');
    assert.match(text, /Echo/);
    const tried = callsSince(before);
    assert.equal(tried.length, 1, `upstream calls: ${tried.join(', ')}`);
    assert.notEqual(tried[0], 'gpt-4o');
  });
});

describe("one request's retries share its upstream timeout too", () => {
  const f = useGatewayFixture({
    UPSTREAM_TIMEOUT_MS: String(TIMEOUT_MS),
    UPSTREAM_MAX_RETRIES: '2',
  });
  /** A provider that refuses late: each of three attempts would take most of the timeout. */
  const SLOW_REFUSAL_MS = 1_200;

  test('slow refusals retried: a 504 at the timeout, not three refusals end to end', async () => {
    for (const stream of [false, true]) {
      f.mock.reset();
      for (let i = 0; i < 3; i++) {
        f.mock.enqueue(
          { latencyMs: SLOW_REFUSAL_MS, status: 503, errorMessage: 'overloaded' },
          'openai',
        );
      }
      const err = await timesOutInTime(
        f,
        TIMEOUT_MS,
        'openai/gpt-4o-mini',
        `Capital of Chile? (${stream})`,
        stream,
      );
      // The gateway did retry within the budget, so the SDK is told not to start over.
      assert.equal(err.headers?.get('x-should-retry'), 'false');
      assert.equal(f.mock.callCount(), 2, `stream: ${stream}`);
    }
  });

  test('a retry-after that fits in what is left is waited for; one that does not is the answer', async () => {
    f.mock.reset();
    f.mock.enqueue({ status: 429, retryAfterSeconds: 1 }, 'openai');
    f.mock.enqueue({}, 'openai');
    const answer = await f.openai.chat.completions.create({
      model: 'openai/gpt-4o-mini',
      messages: [{ role: 'user', content: 'Capital of Peru?' }],
    });
    assert.match(answer.choices[0]?.message.content ?? '', /Capital of Peru/);
    assert.equal(f.mock.callCount(), 2);

    f.mock.reset();
    // Past half the timeout, a one-second wait would end after it: the 429 goes to the caller at
    // once, with its retry-after, for the caller to wait.
    f.mock.enqueue(
      { latencyMs: TIMEOUT_MS / 2 + 100, status: 429, retryAfterSeconds: 1 },
      'openai',
    );
    f.mock.enqueue({}, 'openai');
    const started = Date.now();
    const err = await f.openai.chat.completions
      .create({
        model: 'openai/gpt-4o-mini',
        messages: [{ role: 'user', content: 'Capital of Bolivia?' }],
      })
      .catch((e: unknown) => e);
    const waited = Date.now() - started;
    assert.ok(err instanceof OpenAI.APIError, String(err));
    assert.equal(err.status, 429);
    assert.equal(err.headers?.get('retry-after'), '1');
    assert.ok(waited < TIMEOUT_MS, `the caller waited ${waited} ms`);
    assert.equal(f.mock.callCount(), 1);
  });
});
