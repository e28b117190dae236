import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, test } from 'node:test';
import type Anthropic from '@anthropic-ai/sdk';
import { thinkingSignature } from '../../mock-upstream/dialects/anthropic-thinking.ts';
import { type GatewayFixture, startGatewayFixture } from './gateway-fixture.ts';
import { useGatewayFixture } from './use-gateway-fixture.ts';
import { WORDY } from './wordy-prompt.ts';

type Json = Record<string, unknown>;

const MODEL = 'claude-sonnet-4-5';
const ephemeral = { type: 'ephemeral' as const };
const thinkingOn = { type: 'enabled' as const, budget_tokens: 1024 };
const BYPASS_CACHE = { headers: { 'x-tokenwise-cache': 'bypass' } };

const lookupTool: Anthropic.Tool = {
  name: 'lookup_order',
  description: 'Finds an order by id',
  input_schema: { type: 'object', properties: { id: { type: 'string' } } },
};

function lastAnthropicBody(f: GatewayFixture): Json {
  const call = f.mock.calls.filter((c) => c.provider === 'anthropic').at(-1);
  assert.ok(call, 'the request reached the Anthropic mock');
  return call.body as Json;
}

describe('streamed thinking answers in the semantic cache, with @anthropic-ai/sdk', () => {
  const f = useGatewayFixture();
  /** Streams the request; the final message and the x-cache header. */
  const streamOnce = async (params: Anthropic.MessageCreateParamsNonStreaming) => {
    const { data: stream, response } = await f.anthropic.messages.stream(params).withResponse();
    const message = await stream.finalMessage();
    return { message, cache: response.headers.get('x-cache') };
  };

  beforeEach(() => f.mock.reset());

  test('a streamed thinking answer is served again, streaming and not, with its thinking block and signature', async () => {
    const thinking = 'Three primes:   two, three and five.\nKeep it short.';
    f.mock.enqueue({ thinking }, 'anthropic');
    const params = {
      model: MODEL,
      max_tokens: 2000,
      thinking: thinkingOn,
      messages: [{ role: 'user' as const, content: 'Name three prime numbers.' }],
    };
    const fresh = await streamOnce(params);
    assert.equal(fresh.cache, 'MISS');
    assert.deepEqual(fresh.message.content[0], {
      type: 'thinking',
      thinking,
      signature: thinkingSignature(thinking),
    });
    await f.server.app.gateway.cache.settled();

    const streamedHit = await streamOnce(params);
    assert.equal(streamedHit.cache, 'HIT');
    assert.deepEqual(streamedHit.message.content, fresh.message.content);

    const { data: jsonHit, response } = await f.anthropic.messages.create(params).withResponse();
    assert.equal(response.headers.get('x-cache'), 'HIT');
    assert.deepEqual(jsonHit.content, fresh.message.content);
    assert.equal(f.mock.callCount('anthropic'), 1, 'the provider answered once');
  });

  test('a cached thinking + tool_use answer replayed as a stream is accepted back on the next turn', async () => {
    const thinking = 'I should look up order A7 before answering.';
    f.mock.enqueue(
      { thinking, toolCall: { name: 'lookup_order', arguments: { id: 'A7' } } },
      'anthropic',
    );
    const question: Anthropic.MessageParam = { role: 'user', content: 'Where is my order A7?' };
    const params = { model: MODEL, max_tokens: 2000, thinking: thinkingOn, tools: [lookupTool] };
    const fresh = await streamOnce({ ...params, messages: [question] });
    assert.equal(fresh.message.stop_reason, 'tool_use');
    await f.server.app.gateway.cache.settled();

    const hit = await streamOnce({ ...params, messages: [question] });
    assert.equal(hit.cache, 'HIT');
    assert.equal(hit.message.stop_reason, 'tool_use');
    assert.deepEqual(hit.message.content, fresh.message.content);
    const toolUse = hit.message.content.find((b) => b.type === 'tool_use');
    assert.ok(toolUse?.type === 'tool_use');

    // The mock, like Claude, refuses a thinking block whose signature does not match its text.
    const next = await f.anthropic.messages.create({
      ...params,
      messages: [
        question,
        { role: 'assistant', content: hit.message.content },
        {
          role: 'user',
          content: [{ type: 'tool_result', tool_use_id: toolUse.id, content: 'shipped' }],
        },
      ],
    });
    assert.equal(next.type, 'message');
    const sentBack = (lastAnthropicBody(f).messages as { content: Json[] }[])[1]?.content;
    assert.deepEqual(sentBack?.[0], fresh.message.content[0]);
  });

  test('the stop sequence of a streamed answer survives the cache', async () => {
    f.mock.enqueue({ reply: 'one, two', stopSequence: 'three' }, 'anthropic');
    const params = {
      model: MODEL,
      max_tokens: 200,
      stop_sequences: ['three'],
      messages: [{ role: 'user' as const, content: 'Count from one to five.' }],
    };
    const fresh = await streamOnce(params);
    assert.equal(fresh.message.stop_reason, 'stop_sequence');
    await f.server.app.gateway.cache.settled();

    const streamedHit = await streamOnce(params);
    assert.equal(streamedHit.cache, 'HIT');
    assert.equal(streamedHit.message.stop_reason, 'stop_sequence');
    assert.equal(streamedHit.message.stop_sequence, 'three');
    const jsonHit = await f.anthropic.messages.create(params);
    assert.equal(jsonHit.stop_reason, 'stop_sequence');
    assert.equal(jsonHit.stop_sequence, 'three');
  });
});

describe('routing keeps the model for extended thinking and prompt caching', () => {
  let f: GatewayFixture;
  const upstreamModel = () => lastAnthropicBody(f).model;
  const lastRow = async () => {
    const row = (await f.logs())[0];
    assert.ok(row);
    const reasons: string[] = JSON.parse(row.details ?? '{}').difficulty_reasons ?? [];
    return { ...row, reasons };
  };

  before(async () => {
    f = await startGatewayFixture();
    const saved = await f.user.api('PUT', '/v1/routing/config', {
      enabled: true,
      difficulty_threshold_simple: 100,
      difficulty_threshold_complex: 500,
    });
    assert.equal(saved.status, 200);
  });
  after(() => f.close());

  test('without either, a simple request goes to a smaller model', async () => {
    await f.anthropic.messages.create(
      { model: MODEL, max_tokens: 200, messages: [{ role: 'user', content: 'Say hi' }] },
      BYPASS_CACHE,
    );
    assert.notEqual(upstreamModel(), MODEL);
    assert.equal((await lastRow()).was_routed, 1);
  });

  test('a request with thinking stays on the requested model', async () => {
    await f.anthropic.messages.create(
      {
        model: MODEL,
        max_tokens: 1400,
        thinking: thinkingOn,
        messages: [{ role: 'user', content: 'Say hi' }],
      },
      BYPASS_CACHE,
    );
    assert.equal(upstreamModel(), MODEL);
    const row = await lastRow();
    assert.equal(row.was_routed, 0);
    assert.equal(row.difficulty, 'simple', 'it would have been downgraded');
    assert.ok(
      row.reasons.includes('kept the requested model: extended thinking'),
      row.details ?? undefined,
    );
  });

  test('thinking blocks from an earlier turn keep the model that signed them', async () => {
    const thinking = 'A greeting is enough.';
    await f.anthropic.messages.create(
      {
        model: MODEL,
        max_tokens: 200,
        messages: [
          { role: 'user', content: 'Say hi' },
          {
            role: 'assistant',
            content: [
              { type: 'thinking', thinking, signature: thinkingSignature(thinking) },
              { type: 'text', text: 'Hi!' },
            ],
          },
          { role: 'user', content: 'Again' },
        ],
      },
      BYPASS_CACHE,
    );
    assert.equal(upstreamModel(), MODEL);
    const row = await lastRow();
    assert.equal(row.difficulty, 'simple');
    assert.ok(
      row.reasons.includes('kept the requested model: extended thinking'),
      row.details ?? undefined,
    );
  });

  test('a cache_control breakpoint keeps the model whose prompt cache holds the prefix', async () => {
    await f.anthropic.messages.create(
      {
        model: MODEL,
        max_tokens: 200,
        messages: [
          { role: 'user', content: [{ type: 'text', text: 'Say hi', cache_control: ephemeral }] },
        ],
      },
      BYPASS_CACHE,
    );
    assert.equal(upstreamModel(), MODEL);
    const row = await lastRow();
    assert.equal(row.was_routed, 0);
    assert.equal(row.difficulty, 'simple');
    assert.ok(
      row.reasons.includes('kept the requested model: prompt caching'),
      row.details ?? undefined,
    );
  });
});

describe('compression leaves prompt-cached requests as written', () => {
  let f: GatewayFixture;
  before(async () => {
    f = await startGatewayFixture();
    const saved = await f.user.api('PUT', '/v1/settings', { optimization_level: 'balanced' });
    assert.equal(saved.status, 200);
  });
  after(() => f.close());

  test('with cache_control the text arrives unchanged and nothing is counted as saved', async () => {
    const system: Anthropic.TextBlockParam[] = [
      { type: 'text', text: 'You answer questions about orders.', cache_control: ephemeral },
    ];
    await f.anthropic.messages.create(
      { model: MODEL, max_tokens: 200, system, messages: [{ role: 'user', content: WORDY }] },
      BYPASS_CACHE,
    );
    const body = lastAnthropicBody(f);
    assert.deepEqual(body.system, system);
    assert.deepEqual(body.messages, [{ role: 'user', content: [{ type: 'text', text: WORDY }] }]);
    const row = (await f.logs())[0];
    assert.equal(row?.optimization_level, null);
    assert.equal(row?.tokens_saved, 0);
  });

  test('without cache_control the same request is compressed', async () => {
    await f.anthropic.messages.create(
      {
        model: MODEL,
        max_tokens: 200,
        system: 'You answer questions about orders.',
        messages: [{ role: 'user', content: WORDY }],
      },
      BYPASS_CACHE,
    );
    const sent = JSON.stringify((lastAnthropicBody(f).messages as Json[])[0]);
    assert.ok(!sent.includes(JSON.stringify(WORDY).slice(1, -1)), 'the text was changed');
    assert.ok(sent.includes('48213'));
    const row = (await f.logs())[0];
    assert.equal(row?.optimization_level, 'balanced');
    assert.ok((row?.tokens_saved ?? 0) > 0);
  });
});
