import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type Anthropic from '@anthropic-ai/sdk';
import { useGatewayFixture } from './use-gateway-fixture.ts';

type Sent = Record<string, unknown> | undefined;

// Decision 242: Anthropic's `container` (a code-execution container to reuse, or its skills) and
// `inference_geo` (where Claude runs the request) reach Claude as given; for other providers they
// are dropped, as every Claude-only field is (fromAnthropicRequest).
describe("Anthropic's container and inference_geo (decision 242)", () => {
  const f = useGatewayFixture();
  const bypass = { headers: { 'x-tokenwise-cache': 'bypass' } };
  const body = (model: string, extra: Record<string, unknown>, stream = false) =>
    ({
      model,
      max_tokens: 200,
      messages: [{ role: 'user', content: 'Where does this run?' }],
      ...extra,
      ...(stream ? { stream } : {}),
    }) as unknown as Anthropic.Beta.MessageCreateParamsNonStreaming;
  const sent = () => f.mock.calls.at(-1)?.body as Sent;

  test('sent to Claude as given, whole and streamed', async () => {
    // Before: both were dropped on the way, so Claude ran anywhere, in a new container.
    await f.anthropic.beta.messages.create(
      body('claude-sonnet-4-5', { container: 'container_011CQ', inference_geo: 'us' }),
      bypass,
    );
    assert.equal(sent()?.container, 'container_011CQ');
    assert.equal(sent()?.inference_geo, 'us');

    const skills = {
      id: 'container_011CQ',
      skills: [{ type: 'anthropic', skill_id: 'pptx', version: 'latest' }],
    };
    const stream = await f.anthropic.beta.messages.create(
      body('claude-sonnet-4-5', { container: skills, inference_geo: 'global' }, true),
      bypass,
    );
    for await (const _ of stream as unknown as AsyncIterable<unknown>);
    assert.deepEqual(sent()?.container, skills);
    assert.equal(sent()?.inference_geo, 'global');
  });

  test('a different container is a different cache entry', async () => {
    const ask = (container: string) =>
      f.anthropic.beta.messages.create(body('claude-sonnet-4-5', { container })).withResponse();
    const first = await ask('container_a');
    const second = await ask('container_b');
    assert.equal(first.response.headers.get('x-cache'), 'MISS');
    assert.equal(second.response.headers.get('x-cache'), 'MISS');
    assert.equal(sent()?.container, 'container_b');
  });

  test('dropped for other providers, as every Claude-only field is', async () => {
    // A guard: it passed before (nothing read them); GPT refuses fields it does not know.
    const answer = await f.anthropic.beta.messages.create(
      body('gpt-4o-mini', { container: 'container_011CQ', inference_geo: 'us' }),
      bypass,
    );
    assert.equal(answer.type, 'message');
    assert.equal(sent()?.container, undefined);
    assert.equal(sent()?.inference_geo, undefined);
  });
});
