import assert from 'node:assert/strict';
import { test } from 'node:test';
import { GatewayError } from '../types.ts';
import { fromAnthropicRequest } from './anthropic-format.ts';

const toolConversation = (model: string) => ({
  model,
  max_tokens: 512,
  system: [
    { type: 'text', text: 'You are terse.' },
    { type: 'text', text: 'Use tools.', cache_control: { type: 'ephemeral' } },
  ],
  temperature: 0.3,
  top_p: 0.9,
  top_k: 5,
  stop_sequences: ['END'],
  stream: true,
  metadata: { user_id: 'u-1' },
  thinking: { type: 'enabled', budget_tokens: 2048 },
  service_tier: 'standard_only',
  tools: [
    {
      name: 'weather',
      description: 'Weather',
      input_schema: { type: 'object', properties: {} },
      cache_control: { type: 'ephemeral' },
    },
  ],
  tool_choice: { type: 'any', disable_parallel_tool_use: true },
  messages: [
    { role: 'user', content: 'Weather in Paris?' },
    {
      role: 'assistant',
      content: [
        { type: 'thinking', thinking: 'hmm', signature: 'sig' },
        { type: 'redacted_thinking', data: 'opaque' },
        { type: 'text', text: 'Checking.' },
        { type: 'tool_use', id: 'toolu_1', name: 'weather', input: { city: 'Paris' } },
      ],
    },
    {
      role: 'user',
      content: [
        {
          type: 'tool_result',
          tool_use_id: 'toolu_1',
          is_error: true,
          cache_control: { type: 'ephemeral' },
          content: [
            { type: 'text', text: '21C' },
            { type: 'image', source: { type: 'url', url: 'https://x.test/map.png' } },
          ],
        },
        { type: 'text', text: 'And tomorrow?', cache_control: { type: 'ephemeral', ttl: '1h' } },
      ],
    },
  ],
});

const sharedFields = {
  max_tokens: 512,
  stream: true,
  temperature: 0.3,
  top_p: 0.9,
  stop: ['END'],
  user: 'u-1',
  tool_choice: 'required',
  parallel_tool_calls: false,
};

test('to an Anthropic model, what only Anthropic understands rides along unchanged', () => {
  const req = fromAnthropicRequest(toolConversation('claude-sonnet-4-5'));
  const ephemeral = { type: 'ephemeral' };
  assert.deepEqual(req, {
    model: 'claude-sonnet-4-5',
    ...sharedFields,
    top_k: 5,
    thinking: { type: 'enabled', budget_tokens: 2048 },
    service_tier: 'standard_only',
    tools: [
      {
        type: 'function',
        function: {
          name: 'weather',
          description: 'Weather',
          parameters: { type: 'object', properties: {} },
        },
        cache_control: ephemeral,
      },
    ],
    messages: [
      {
        role: 'system',
        content: [
          { type: 'text', text: 'You are terse.' },
          { type: 'text', text: 'Use tools.', cache_control: ephemeral },
        ],
      },
      { role: 'user', content: 'Weather in Paris?' },
      {
        role: 'assistant',
        content: [{ type: 'text', text: 'Checking.' }],
        thinking_blocks: [
          { type: 'thinking', thinking: 'hmm', signature: 'sig' },
          { type: 'redacted_thinking', data: 'opaque' },
        ],
        tool_calls: [
          {
            id: 'toolu_1',
            type: 'function',
            function: { name: 'weather', arguments: '{"city":"Paris"}' },
          },
        ],
      },
      {
        role: 'tool',
        tool_call_id: 'toolu_1',
        is_error: true,
        cache_control: ephemeral,
        content: [
          { type: 'text', text: '21C' },
          { type: 'image_url', image_url: { url: 'https://x.test/map.png' } },
        ],
      },
      {
        role: 'user',
        content: [
          { type: 'text', text: 'And tomorrow?', cache_control: { type: 'ephemeral', ttl: '1h' } },
        ],
      },
    ],
  });
});

test('to another provider, Anthropic-only fields are dropped and content takes OpenAI shape', () => {
  const req = fromAnthropicRequest(toolConversation('openai/gpt-4o-mini'));
  assert.deepEqual(req, {
    model: 'openai/gpt-4o-mini',
    ...sharedFields,
    tools: [
      {
        type: 'function',
        function: {
          name: 'weather',
          description: 'Weather',
          parameters: { type: 'object', properties: {} },
        },
      },
    ],
    messages: [
      { role: 'system', content: 'You are terse.\nUse tools.' },
      { role: 'user', content: 'Weather in Paris?' },
      {
        role: 'assistant',
        content: 'Checking.',
        tool_calls: [
          {
            id: 'toolu_1',
            type: 'function',
            function: { name: 'weather', arguments: '{"city":"Paris"}' },
          },
        ],
      },
      { role: 'tool', tool_call_id: 'toolu_1', content: '21C' },
      {
        role: 'user',
        content: [
          { type: 'text', text: 'And tomorrow?' },
          { type: 'image_url', image_url: { url: 'https://x.test/map.png' } },
        ],
      },
    ],
  });
});

test('base64 images become data URLs; PDFs become file parts', () => {
  const req = fromAnthropicRequest({
    model: 'm',
    max_tokens: 10,
    messages: [
      {
        role: 'user',
        content: [
          { type: 'image', source: { type: 'base64', media_type: 'image/png', data: 'QUJD' } },
          {
            type: 'document',
            source: { type: 'base64', media_type: 'application/pdf', data: 'UERG' },
          },
        ],
      },
    ],
  });
  assert.deepEqual(req.messages[0]?.content, [
    { type: 'image_url', image_url: { url: 'data:image/png;base64,QUJD' } },
    { type: 'file', file: { file_data: 'data:application/pdf;base64,UERG' } },
  ]);
});

test('tool_choice variants', () => {
  const choice = (tool_choice: unknown) =>
    fromAnthropicRequest({
      model: 'm',
      max_tokens: 1,
      messages: [{ role: 'user', content: 'x' }],
      tool_choice,
    });
  assert.equal(choice({ type: 'auto' }).tool_choice, 'auto');
  assert.equal(choice({ type: 'auto' }).parallel_tool_calls, undefined);
  assert.equal(choice({ type: 'none' }).tool_choice, 'none');
  assert.deepEqual(choice({ type: 'tool', name: 'f' }).tool_choice, {
    type: 'function',
    function: { name: 'f' },
  });
});

test('bad input is a 400 invalid_request_error naming the field', () => {
  const rejects = (body: unknown, pattern: RegExp) =>
    assert.throws(
      () => fromAnthropicRequest(body),
      (err: unknown) =>
        err instanceof GatewayError &&
        err.status === 400 &&
        err.type === 'invalid_request_error' &&
        pattern.test(err.message),
    );
  rejects({ model: 'm', messages: [{ role: 'user', content: 'x' }] }, /max_tokens/);
  rejects({ model: 'm', max_tokens: 5, messages: [] }, /messages/);
  rejects(
    { model: 'm', max_tokens: 5, messages: [{ role: 'system', content: 'x' }] },
    /messages\.0\.role/,
  );
  rejects(
    {
      model: 'm',
      max_tokens: 5,
      messages: [{ role: 'user', content: [{ type: 'video', url: 'x' }] }],
    },
    /messages\.0\.content/,
  );
  rejects(
    {
      model: 'm',
      max_tokens: 5,
      messages: [{ role: 'user', content: 'x' }],
      tools: [{ type: 'web_search_20250305', name: 'web_search', max_uses: 3 }],
    },
    /^tools\.0\.type: Anthropic's server tools \(type 'web_search_20250305'\) are not supported through the gateway/,
  );
  rejects(null, /./);
});
