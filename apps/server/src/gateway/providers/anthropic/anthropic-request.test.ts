import assert from 'node:assert/strict';
import { test } from 'node:test';
import { type ChatCompletionRequest, GatewayError } from '../../types.ts';
import { bodyOf, targetFor } from '../testing/fixtures.ts';
import { anthropicAdapter } from './adapter.ts';

const target = targetFor('anthropic', { baseUrl: 'https://api.anthropic.test' });
const build = (req: Partial<ChatCompletionRequest>) =>
  bodyOf(anthropicAdapter.chatRequest({ model: 'm', messages: [], ...req }, target));

test('URL and headers of the Messages API', () => {
  const spec = anthropicAdapter.chatRequest({ model: 'm', messages: [] }, target);
  assert.equal(spec.url, 'https://api.anthropic.test/v1/messages');
  assert.equal(spec.headers['x-api-key'], 'sk-test');
  assert.equal(spec.headers['anthropic-version'], '2023-06-01');
  assert.equal(spec.headers.authorization, undefined);
});

test('a tool conversation: system apart, tool calls as tool_use, answers as one tool_result turn', () => {
  const body = build({
    messages: [
      { role: 'system', content: 'You are helpful.' },
      { role: 'developer', content: [{ type: 'text', text: 'Use tools.' }] },
      { role: 'user', content: 'Weather in Paris and Rome?' },
      {
        role: 'assistant',
        content: 'Checking.',
        tool_calls: [
          {
            id: 'call_1',
            type: 'function',
            function: { name: 'weather', arguments: '{"city":"Paris"}' },
          },
          {
            id: 'call_2',
            type: 'function',
            function: { name: 'weather', arguments: '{"city":"Rome"}' },
          },
        ],
      },
      { role: 'tool', tool_call_id: 'call_1', content: '21C' },
      { role: 'tool', tool_call_id: 'call_2', content: '25C' },
      { role: 'user', content: 'Which is warmer?' },
    ],
  });
  assert.equal(body.system, 'You are helpful.\n\nUse tools.');
  assert.deepEqual(body.messages, [
    { role: 'user', content: [{ type: 'text', text: 'Weather in Paris and Rome?' }] },
    {
      role: 'assistant',
      content: [
        { type: 'text', text: 'Checking.' },
        { type: 'tool_use', id: 'call_1', name: 'weather', input: { city: 'Paris' } },
        { type: 'tool_use', id: 'call_2', name: 'weather', input: { city: 'Rome' } },
      ],
    },
    {
      role: 'user',
      content: [
        { type: 'tool_result', tool_use_id: 'call_1', content: '21C' },
        { type: 'tool_result', tool_use_id: 'call_2', content: '25C' },
        { type: 'text', text: 'Which is warmer?' },
      ],
    },
  ]);
});

test('images: data URLs as base64 sources, other URLs as url sources', () => {
  const body = build({
    messages: [
      {
        role: 'user',
        content: [
          { type: 'image_url', image_url: { url: 'data:image/jpeg;base64,AAAA' } },
          { type: 'image_url', image_url: { url: 'https://x.test/a.png' } },
        ],
      },
    ],
  });
  const [turn] = body.messages as { content: unknown[] }[];
  assert.deepEqual(turn?.content, [
    { type: 'image', source: { type: 'base64', media_type: 'image/jpeg', data: 'AAAA' } },
    { type: 'image', source: { type: 'url', url: 'https://x.test/a.png' } },
  ]);
});

test('tools and tool_choice', () => {
  const tools = [
    {
      type: 'function' as const,
      function: { name: 'f', description: 'does f', parameters: { type: 'object' } },
    },
    { type: 'function' as const, function: { name: 'g' } },
  ];
  const body = build({ tools, tool_choice: 'required', parallel_tool_calls: false });
  assert.deepEqual(body.tools, [
    { name: 'f', description: 'does f', input_schema: { type: 'object' } },
    { name: 'g', input_schema: { type: 'object', properties: {} } },
  ]);
  assert.deepEqual(body.tool_choice, { type: 'any', disable_parallel_tool_use: true });
  const choice = (tool_choice: unknown) => build({ tools, tool_choice }).tool_choice;
  assert.deepEqual(choice('auto'), { type: 'auto' });
  assert.deepEqual(choice('none'), { type: 'none' });
  assert.deepEqual(choice({ type: 'function', function: { name: 'g' } }), {
    type: 'tool',
    name: 'g',
  });
  assert.equal(choice(undefined), undefined);
});

test('sampling: max_tokens defaults to 4096, temperature is capped at 1, stop becomes stop_sequences', () => {
  const body = build({ temperature: 1.6, top_p: 0.5, stop: 'END', user: 'u-9', seed: 3, n: 1 });
  assert.equal(body.max_tokens, 4096);
  assert.equal(body.temperature, 1);
  assert.equal(body.top_p, undefined, 'recent Claude models refuse both');
  assert.deepEqual(body.stop_sequences, ['END']);
  assert.deepEqual(body.metadata, { user_id: 'u-9' });
  assert.equal(body.seed, undefined);
  assert.equal(body.n, undefined);
  assert.equal(build({ max_completion_tokens: 55 }).max_tokens, 55);
  assert.equal(build({ top_p: 0.3 }).top_p, 0.3);
  assert.equal(build({ stream: true }).stream, true);
});

test('content Anthropic cannot take and broken tool arguments are 400s naming the problem', () => {
  // Claude has no n: dropping it answered one choice to a caller that asked for three.
  assert.throws(
    () => build({ n: 3 }),
    (err: unknown) =>
      err instanceof GatewayError && err.status === 400 && /n must be 1/.test(err.message),
  );
  assert.throws(
    () =>
      build({ messages: [{ role: 'user', content: [{ type: 'input_audio', input_audio: {} }] }] }),
    (err: unknown) =>
      err instanceof GatewayError && err.status === 400 && /input_audio/.test(err.message),
  );
  assert.throws(
    () =>
      build({
        messages: [
          {
            role: 'assistant',
            content: null,
            tool_calls: [
              { id: 'c', type: 'function', function: { name: 'f', arguments: '{oops' } },
            ],
          },
        ],
      }),
    (err: unknown) => err instanceof GatewayError && err.status === 400 && /"f"/.test(err.message),
  );
});

test('Anthropic-only fields: breakpoints, thinking sent back first, top_k, is_error, service tier', () => {
  const ephemeral = { type: 'ephemeral' };
  const thinking = { type: 'thinking' as const, thinking: 'Plan: call f.', signature: 'sig==' };
  const body = build({
    top_k: 40,
    thinking: { type: 'enabled', budget_tokens: 1024 },
    service_tier: 'standard_only',
    tools: [{ type: 'function', function: { name: 'f' }, cache_control: ephemeral }],
    messages: [
      { role: 'system', content: [{ type: 'text', text: 'Rules.', cache_control: ephemeral }] },
      { role: 'user', content: [{ type: 'text', text: 'Go', cache_control: ephemeral }] },
      {
        role: 'assistant',
        content: [{ type: 'text', text: 'Calling.' }],
        thinking_blocks: [thinking, { type: 'redacted_thinking', data: 'enc' }],
        tool_calls: [
          {
            id: 'toolu_1',
            type: 'function',
            function: { name: 'f', arguments: '{}' },
            cache_control: ephemeral,
          },
        ],
      },
      {
        role: 'tool',
        tool_call_id: 'toolu_1',
        content: 'boom',
        is_error: true,
        cache_control: ephemeral,
      },
    ],
  });
  assert.equal(body.top_k, 40);
  assert.deepEqual(body.thinking, { type: 'enabled', budget_tokens: 1024 });
  assert.equal(body.service_tier, 'standard_only');
  assert.deepEqual(body.system, [{ type: 'text', text: 'Rules.', cache_control: ephemeral }]);
  assert.deepEqual(body.tools, [
    { name: 'f', input_schema: { type: 'object', properties: {} }, cache_control: ephemeral },
  ]);
  assert.deepEqual(body.messages, [
    { role: 'user', content: [{ type: 'text', text: 'Go', cache_control: ephemeral }] },
    {
      role: 'assistant',
      content: [
        thinking,
        { type: 'redacted_thinking', data: 'enc' },
        { type: 'text', text: 'Calling.' },
        { type: 'tool_use', id: 'toolu_1', name: 'f', input: {}, cache_control: ephemeral },
      ],
    },
    {
      role: 'user',
      content: [
        {
          type: 'tool_result',
          tool_use_id: 'toolu_1',
          content: 'boom',
          is_error: true,
          cache_control: ephemeral,
        },
      ],
    },
  ]);
  assert.equal(build({ service_tier: 'flex' }).service_tier, undefined, "OpenAI's tiers differ");
});
