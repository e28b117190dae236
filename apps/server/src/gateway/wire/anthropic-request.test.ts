import assert from 'node:assert/strict';
import { test } from 'node:test';
import { GatewayError } from '../types.ts';
import { fromAnthropicRequest } from './anthropic-format.ts';

test('a full tool conversation maps to OpenAI messages, tools and choices', () => {
  const req = fromAnthropicRequest({
    model: 'claude-sonnet-4-5',
    max_tokens: 512,
    system: [
      { type: 'text', text: 'You are terse.' },
      { type: 'text', text: 'Use tools.' },
    ],
    temperature: 0.3,
    top_p: 0.9,
    top_k: 5,
    stop_sequences: ['END'],
    stream: true,
    metadata: { user_id: 'u-1' },
    tools: [
      { name: 'weather', description: 'Weather', input_schema: { type: 'object', properties: {} } },
    ],
    tool_choice: { type: 'any', disable_parallel_tool_use: true },
    messages: [
      { role: 'user', content: 'Weather in Paris?' },
      {
        role: 'assistant',
        content: [
          { type: 'thinking', thinking: 'hmm', signature: 'sig' },
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
            content: [
              { type: 'text', text: '21C' },
              { type: 'image', source: { type: 'url', url: 'https://x.test/map.png' } },
            ],
          },
          { type: 'text', text: 'And tomorrow?' },
        ],
      },
    ],
  });
  assert.deepEqual(req, {
    model: 'claude-sonnet-4-5',
    max_tokens: 512,
    stream: true,
    temperature: 0.3,
    top_p: 0.9,
    stop: ['END'],
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
    tool_choice: 'required',
    parallel_tool_calls: false,
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
  rejects(null, /./);
});
