import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { useGatewayFixture } from './use-gateway-fixture.ts';

type Sent = Record<string, unknown> | undefined;

// Decision 230: Claude models from Opus 4.1, Sonnet 4.5 and Haiku 4.5 on refuse temperature and
// top_p together (a 400, which the mock gives too); older ones take both, so they get both.
describe('temperature with top_p to Claude (decision 230)', () => {
  const f = useGatewayFixture();
  const bypass = { headers: { 'x-tokenwise-cache': 'bypass' } };
  const sampled = async (model: string) => {
    const answer = await f.anthropic.messages.create(
      {
        model,
        max_tokens: 100,
        temperature: 0.4,
        top_p: 0.9,
        messages: [{ role: 'user', content: 'Pick a word' }],
      },
      bypass,
    );
    assert.equal(answer.type, 'message');
    const sent = f.mock.calls.at(-1)?.body as Sent;
    return [sent?.temperature, sent?.top_p];
  };

  test('Claude 3.x, Opus 4 and Sonnet 4 get both', async () => {
    // Before: top_p was dropped whenever temperature was set, whatever the model.
    assert.deepEqual(await sampled('claude-3-7-sonnet-latest'), [0.4, 0.9]);
    assert.deepEqual(await sampled('claude-3-5-haiku-20241022'), [0.4, 0.9]);
    assert.deepEqual(await sampled('claude-sonnet-4-20250514'), [0.4, 0.9]);
    assert.deepEqual(await sampled('claude-opus-4-0'), [0.4, 0.9]);
  });

  test('Opus 4.1, the 4.5 line and later get temperature alone, no 400', async () => {
    assert.deepEqual(await sampled('claude-opus-4-1'), [0.4, undefined]);
    assert.deepEqual(await sampled('claude-sonnet-4-5'), [0.4, undefined]);
    assert.deepEqual(await sampled('claude-haiku-4-5'), [0.4, undefined]);
    // A name the gateway cannot read a version from keeps the safe form.
    assert.deepEqual(await sampled('claude-next'), [0.4, undefined]);
  });

  test('an OpenAI caller to an older Claude gets both too', async () => {
    await f.openai.chat.completions.create(
      {
        model: 'claude-3-7-sonnet-latest',
        temperature: 1.6,
        top_p: 0.5,
        messages: [{ role: 'user', content: 'Pick a colour' }],
      },
      bypass,
    );
    const sent = f.mock.calls.at(-1)?.body as Sent;
    assert.deepEqual([sent?.temperature, sent?.top_p], [1, 0.5]);
  });
});
