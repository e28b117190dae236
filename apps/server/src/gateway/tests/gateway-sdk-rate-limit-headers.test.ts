import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import Anthropic from '@anthropic-ai/sdk';
import OpenAI, { APIError } from 'openai';
import { ANTHROPIC_LIMITS, limitsOf, OPENAI_LIMITS } from './rate-limit-fixtures.ts';
import { useGatewayFixture } from './use-gateway-fixture.ts';

// Decision 230: the provider's rate-limit headers reach the caller (as LiteLLM passes OpenAI's
// `x-ratelimit-*` on), whole, streamed and with errors; never on a cache hit, never other headers.
// What a provider also writes and the caller must not get: its cookies and its own request id.
const OPENAI_OTHERS = {
  'set-cookie': '__cf_bm=secret; path=/',
  'x-request-id': 'req_provider',
  'openai-organization': 'org-provider',
};
const ANTHROPIC_OTHERS = { 'set-cookie': '_cfuvid=secret; path=/', 'request-id': 'req_claude' };

describe("the provider's rate-limit headers (decision 230)", () => {
  const f = useGatewayFixture();
  const bypass = { headers: { 'x-tokenwise-cache': 'bypass' } };
  const openAiAnswer = { headers: { ...OPENAI_LIMITS, ...OPENAI_OTHERS } };
  const anthropicAnswer = { headers: { ...ANTHROPIC_LIMITS, ...ANTHROPIC_OTHERS } };

  const assertNoOthers = (headers: Headers, requestId: string | null) => {
    assert.equal(headers.get('set-cookie'), null);
    assert.equal(headers.get('openai-organization'), null);
    // The ids the caller sees stay the gateway's.
    assert.notEqual(requestId, 'req_provider');
    assert.notEqual(requestId, 'req_claude');
  };

  test("OpenAI's x-ratelimit-* come back on a whole and a streamed chat answer", async () => {
    // Before: none of them reached the caller.
    f.mock.enqueue(openAiAnswer, 'openai');
    const messages = [{ role: 'user' as const, content: 'How many calls are left?' }];
    const whole = await f.openai.chat.completions
      .create({ model: 'gpt-4o-mini', messages }, bypass)
      .withResponse();
    assert.deepEqual(limitsOf(whole.response.headers, OPENAI_LIMITS), OPENAI_LIMITS);
    assertNoOthers(whole.response.headers, whole.response.headers.get('x-request-id'));

    f.mock.enqueue(openAiAnswer, 'openai');
    const streamed = await f.openai.chat.completions
      .create({ model: 'gpt-4o-mini', messages, stream: true }, bypass)
      .withResponse();
    for await (const _ of streamed.data);
    assert.deepEqual(limitsOf(streamed.response.headers, OPENAI_LIMITS), OPENAI_LIMITS);
    assertNoOthers(streamed.response.headers, streamed.response.headers.get('x-request-id'));
  });

  test("Claude's anthropic-ratelimit-* come back to Anthropic and OpenAI callers", async () => {
    f.mock.enqueue(anthropicAnswer, 'anthropic');
    const body = {
      model: 'claude-sonnet-4-5',
      max_tokens: 100,
      messages: [{ role: 'user' as const, content: 'How many tokens are left?' }],
    };
    const whole = await f.anthropic.messages.create(body, bypass).withResponse();
    assert.deepEqual(limitsOf(whole.response.headers, ANTHROPIC_LIMITS), ANTHROPIC_LIMITS);
    assertNoOthers(whole.response.headers, whole.response.headers.get('request-id'));

    f.mock.enqueue(anthropicAnswer, 'anthropic');
    const streamed = await f.anthropic.messages
      .create({ ...body, stream: true }, bypass)
      .withResponse();
    for await (const _ of streamed.data);
    assert.deepEqual(limitsOf(streamed.response.headers, ANTHROPIC_LIMITS), ANTHROPIC_LIMITS);
    assertNoOthers(streamed.response.headers, streamed.response.headers.get('request-id'));

    f.mock.enqueue(anthropicAnswer, 'anthropic');
    const viaOpenAi = await f.openai.chat.completions
      .create({ model: 'claude-sonnet-4-5', messages: body.messages }, bypass)
      .withResponse();
    assert.deepEqual(limitsOf(viaOpenAi.response.headers, ANTHROPIC_LIMITS), ANTHROPIC_LIMITS);
  });

  test('Responses and legacy completions answers carry them too', async () => {
    f.mock.enqueue(openAiAnswer, 'openai');
    const response = await f.openai.responses
      .create({ model: 'gpt-4o-mini', input: 'Count down' }, bypass)
      .withResponse();
    assert.deepEqual(limitsOf(response.response.headers, OPENAI_LIMITS), OPENAI_LIMITS);

    f.mock.enqueue(openAiAnswer, 'openai');
    const completion = await f.openai.completions
      .create({ model: 'gpt-4o-mini', prompt: 'Count down', stream: true }, bypass)
      .withResponse();
    for await (const _ of completion.data);
    assert.deepEqual(limitsOf(completion.response.headers, OPENAI_LIMITS), OPENAI_LIMITS);
  });

  test('a 429 carries them beside retry-after', async () => {
    // A wait past the gateway's 10 s bound: it answers the 429 at once, without its own retries.
    f.mock.enqueue(
      {
        status: 429,
        retryAfterSeconds: 30,
        headers: { ...OPENAI_LIMITS, 'x-ratelimit-remaining-requests': '0', ...OPENAI_OTHERS },
      },
      'openai',
    );
    const err = await f.openai.chat.completions
      .create(
        { model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'Too many' }] },
        { ...bypass, maxRetries: 0 },
      )
      .then(
        () => assert.fail('expected a 429'),
        (e: unknown) => e,
      );
    assert.ok(err instanceof APIError);
    assert.equal(err.status, 429);
    assert.equal(err.headers?.get('retry-after'), '30');
    assert.equal(err.headers?.get('x-ratelimit-remaining-requests'), '0');
    assert.equal(err.headers?.get('x-ratelimit-limit-tokens'), '200000');
    assert.equal(err.headers?.get('set-cookie'), null);
    assert.notEqual(err.headers?.get('x-request-id'), 'req_provider');
  });

  // Review of 230: the gateway reads a provider's header block up to undici's 16 KiB; passed on
  // whole, with the gateway's own headers beside it, it was past what the caller's client reads
  // (the same 16 KiB): the SDK lost the answer to a "Connection error" (and, on its default
  // retries, paid for it again). Rate-limit values are numbers, durations and dates.
  test('an oversized rate-limit header is not passed on; the answer still reaches the caller', async () => {
    const flood: Record<string, string> = Object.fromEntries(
      Array.from({ length: 32 }, (_, i) => [`x-ratelimit-extra-${i}`, 'x'.repeat(470)]),
    );
    // Just under the 16 KiB the gateway reads, with the six real ones.
    flood['x-ratelimit-extra-last'] = 'x'.repeat(160);
    f.mock.enqueue({ headers: { ...OPENAI_LIMITS, ...flood } }, 'openai');
    const answer = await f.openai.chat.completions
      .create(
        { model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'Flood me' }] },
        { ...bypass, maxRetries: 0 },
      )
      .withResponse();
    assert.deepEqual(limitsOf(answer.response.headers, OPENAI_LIMITS), OPENAI_LIMITS);
    assert.equal(answer.response.headers.get('x-ratelimit-extra-0'), null);
  });

  // Review of 230: the CORS list named none of them, so a browser caller (decision 108) could not
  // read them, whole, streamed or on a 429.
  test('a browser caller may read them: CORS exposes their names', async () => {
    const browser = {
      apiKey: f.gatewayKey,
      dangerouslyAllowBrowser: true,
      defaultHeaders: { origin: 'https://app.example' },
    };
    const openai = new OpenAI({ ...browser, baseURL: `${f.server.url}/v1`, maxRetries: 0 });
    const anthropic = new Anthropic({ ...browser, baseURL: f.server.url });
    const messages = [{ role: 'user' as const, content: 'From a web page: how many are left?' }];
    f.mock.enqueue(openAiAnswer, 'openai');
    const whole = await openai.chat.completions
      .create({ model: 'gpt-4o-mini', messages }, bypass)
      .withResponse();
    f.mock.enqueue(openAiAnswer, 'openai');
    const streamed = await openai.responses
      .create({ model: 'gpt-4o-mini', input: 'Count down', stream: true }, bypass)
      .withResponse();
    for await (const _ of streamed.data);
    f.mock.enqueue({ status: 429, retryAfterSeconds: 30, headers: OPENAI_LIMITS }, 'openai');
    const refused = await openai.chat.completions
      .create({ model: 'gpt-4o-mini', messages }, bypass)
      .catch((e: unknown) => e);
    assert.ok(refused instanceof APIError && refused.headers);
    f.mock.enqueue(anthropicAnswer, 'anthropic');
    const claude = await anthropic.messages
      .create({ model: 'claude-sonnet-4-5', max_tokens: 100, messages }, bypass)
      .withResponse();
    const exposed = (headers: Headers) =>
      new Set((headers.get('access-control-expose-headers') ?? '').split(/,\s*/));
    for (const [what, headers, names] of [
      ['chat', whole.response.headers, OPENAI_LIMITS],
      ['streamed responses', streamed.response.headers, OPENAI_LIMITS],
      ['a 429', refused.headers, OPENAI_LIMITS],
      ['messages', claude.response.headers, ANTHROPIC_LIMITS],
    ] as const) {
      for (const name of Object.keys(names))
        assert.ok(exposed(headers).has(name), `${what}: ${name}`);
    }
  });

  test('a cache hit sends none: no provider was asked', async () => {
    const ask = () =>
      f.openai.chat.completions
        .create({ model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'Name a river' }] })
        .withResponse();
    f.mock.enqueue(openAiAnswer, 'openai');
    const first = await ask();
    assert.equal(first.response.headers.get('x-cache'), 'MISS');
    assert.equal(first.response.headers.get('x-ratelimit-remaining-requests'), '9999');
    const hit = await ask();
    assert.equal(hit.response.headers.get('x-cache'), 'HIT');
    assert.equal(hit.response.headers.get('x-ratelimit-remaining-requests'), null);
  });
});
