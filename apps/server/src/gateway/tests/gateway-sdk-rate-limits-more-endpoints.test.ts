import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { APIError } from 'openai';
import { ANTHROPIC_LIMITS, limitsOf, OPENAI_LIMITS } from './rate-limit-fixtures.ts';
import { useGatewayFixture } from './use-gateway-fixture.ts';

// Decision 242: the provider's rate-limit headers (decision 230) on embeddings and count_tokens
// answers, and one coherent reading for a legacy completions request of several prompts.

const noneOf = (names: Record<string, string>) =>
  Object.fromEntries(Object.keys(names).map((name) => [name, null]));

describe('rate-limit headers beyond chat (decision 242)', () => {
  const f = useGatewayFixture();
  const bypass = { headers: { 'x-tokenwise-cache': 'bypass' } };
  const embeddingModel = 'openai/text-embedding-3-small';

  test("an embeddings answer carries the provider's rate-limit headers", async () => {
    // Before: none reached the caller (decision 230's Left).
    f.mock.enqueue({ headers: { ...OPENAI_LIMITS, 'set-cookie': 'a=b' } }, 'openai');
    const { response } = await f.openai.embeddings
      .create({ model: embeddingModel, input: 'How many are left?' })
      .withResponse();
    assert.deepEqual(limitsOf(response.headers, OPENAI_LIMITS), OPENAI_LIMITS);
    assert.equal(response.headers.get('set-cookie'), null);
  });

  test("embeddings: the answering attempt's headers only, not a retried failure's", async () => {
    const failed = { ...OPENAI_LIMITS, 'x-ratelimit-remaining-requests': '1' };
    f.mock.enqueue({ status: 503, retryAfterSeconds: 0, headers: failed }, 'openai');
    f.mock.enqueue({ headers: OPENAI_LIMITS }, 'openai');
    const retried = await f.openai.embeddings
      .create({ model: embeddingModel, input: 'Second time lucky' })
      .withResponse();
    assert.deepEqual(limitsOf(retried.response.headers, OPENAI_LIMITS), OPENAI_LIMITS);

    // An answering attempt that wrote none passes none: the failure's readings are not its own.
    f.mock.enqueue({ status: 503, retryAfterSeconds: 0, headers: failed }, 'openai');
    f.mock.enqueue({}, 'openai');
    const bare = await f.openai.embeddings
      .create({ model: embeddingModel, input: 'No readings this time' })
      .withResponse();
    assert.deepEqual(limitsOf(bare.response.headers, OPENAI_LIMITS), noneOf(OPENAI_LIMITS));
  });

  test("Anthropic's countTokens carries Claude's rate-limit headers; a gateway count none", async () => {
    // Before: none reached the caller.
    f.mock.enqueue({ headers: { ...ANTHROPIC_LIMITS, 'request-id': 'req_claude' } }, 'anthropic');
    const messages = [{ role: 'user' as const, content: 'Count me' }];
    const counted = await f.anthropic.messages
      .countTokens({ model: 'claude-sonnet-4-5', messages })
      .withResponse();
    assert.deepEqual(limitsOf(counted.response.headers, ANTHROPIC_LIMITS), ANTHROPIC_LIMITS);
    assert.notEqual(counted.response.headers.get('request-id'), 'req_claude');

    // Counted by the gateway's tokenizer: no provider was asked (a guard; it passed before).
    const calls = f.mock.calls.length;
    const local = await f.anthropic.messages
      .countTokens({ model: 'openai/gpt-4o-mini', messages })
      .withResponse();
    assert.equal(f.mock.calls.length, calls);
    assert.equal(local.response.headers.get('x-ratelimit-remaining-requests'), null);
    assert.equal(local.response.headers.get('anthropic-ratelimit-requests-remaining'), null);
  });

  test('completions of several prompts: each limit as the run closest to it read it', async () => {
    // One run is low on requests, the other on tokens; each trio (limit, remaining, reset) comes
    // from the run with the least remaining of it. Before: the run finishing last won per name,
    // so the caller saw the plenty of one run and missed the other's shortage.
    const lowOnRequests = {
      ...OPENAI_LIMITS,
      'x-ratelimit-remaining-requests': '12',
      'x-ratelimit-reset-requests': '1m2s',
    };
    const lowOnTokens = {
      ...OPENAI_LIMITS,
      'x-ratelimit-remaining-requests': '9000',
      'x-ratelimit-remaining-tokens': '4000',
      'x-ratelimit-reset-tokens': '45s',
    };
    f.mock.enqueue({ headers: lowOnRequests }, 'openai');
    f.mock.enqueue({ headers: lowOnTokens }, 'openai');
    const { response } = await f.openai.completions
      .create({ model: 'gpt-4o-mini', prompt: ['One river', 'Two rivers'] }, bypass)
      .withResponse();
    assert.deepEqual(limitsOf(response.headers, OPENAI_LIMITS), {
      ...OPENAI_LIMITS,
      'x-ratelimit-remaining-requests': '12',
      'x-ratelimit-reset-requests': '1m2s',
      'x-ratelimit-remaining-tokens': '4000',
      'x-ratelimit-reset-tokens': '45s',
    });
  });

  test("completions of several prompts: an error carries its own call's readings only", async () => {
    // Before: the answered run's readings rode on the other run's error beside its own.
    const answered = { 'x-ratelimit-remaining-requests': '7', 'x-ratelimit-limit-requests': '10' };
    const refused = { 'x-ratelimit-remaining-tokens': '0', 'x-ratelimit-limit-tokens': '100' };
    f.mock.enqueue({ headers: answered }, 'openai');
    // Whichever prompt reaches the mock first is answered; the other is refused.
    f.mock.enqueue({ status: 400, errorMessage: 'No', headers: refused }, 'openai');
    const err = await f.openai.completions
      .create({ model: 'gpt-4o-mini', prompt: ['Fine', 'Refused'] }, bypass)
      .then(
        () => assert.fail('expected a 400'),
        (e: unknown) => e,
      );
    assert.ok(err instanceof APIError);
    assert.equal(err.status, 400);
    assert.deepEqual(limitsOf(err.headers as Headers, { ...answered, ...refused }), {
      'x-ratelimit-remaining-requests': null,
      'x-ratelimit-limit-requests': null,
      ...refused,
    });
  });
});
