import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { ChatCompletionResponse } from '../types.ts';
import { GatewayError } from '../types.ts';
import { anthropicErrorBody, toAnthropicResponse } from './anthropic-format.ts';

const response = (
  message: ChatCompletionResponse['choices'][number]['message'],
  finish: 'stop' | 'tool_calls' | 'length',
) =>
  ({
    id: 'chatcmpl-abc',
    object: 'chat.completion',
    created: 1,
    model: 'gpt-4o-mini-2024-07-18',
    choices: [{ index: 0, message, finish_reason: finish }],
    usage: { prompt_tokens: 12, completion_tokens: 5, total_tokens: 17 },
  }) satisfies ChatCompletionResponse;

test('text and tool calls become content blocks with parsed input', () => {
  const msg = toAnthropicResponse(
    response(
      {
        role: 'assistant',
        content: 'Looking it up.',
        tool_calls: [
          {
            id: 'call_1',
            type: 'function',
            function: { name: 'search', arguments: '{"q":"cats"}' },
          },
        ],
      },
      'tool_calls',
    ),
    'claude-haiku',
  );
  assert.deepEqual(msg, {
    id: 'msg_abc',
    type: 'message',
    role: 'assistant',
    model: 'claude-haiku',
    content: [
      { type: 'text', text: 'Looking it up.' },
      { type: 'tool_use', id: 'call_1', name: 'search', input: { q: 'cats' } },
    ],
    stop_reason: 'tool_use',
    stop_sequence: null,
    usage: {
      input_tokens: 12,
      cache_creation_input_tokens: 0,
      cache_read_input_tokens: 0,
      output_tokens: 5,
    },
  });
});

test('thinking blocks come first and verbatim; cache reads and writes leave input_tokens', () => {
  const thinking = [
    { type: 'thinking' as const, thinking: 'Let me think.', signature: 'EqQBCgIYAh' },
    { type: 'redacted_thinking' as const, data: 'EmwKAhgB' },
  ];
  const answer: ChatCompletionResponse = response(
    { role: 'assistant', content: 'Done.', thinking_blocks: thinking },
    'stop',
  );
  answer.usage = {
    prompt_tokens: 1000,
    completion_tokens: 40,
    total_tokens: 1040,
    prompt_tokens_details: { cached_tokens: 900, cache_write_tokens: 60 },
  };
  const msg = toAnthropicResponse(answer, 'claude-sonnet-4-5');
  assert.deepEqual(msg.content, [...thinking, { type: 'text', text: 'Done.' }]);
  assert.deepEqual(msg.usage, {
    input_tokens: 40,
    cache_creation_input_tokens: 60,
    cache_read_input_tokens: 900,
    output_tokens: 40,
  });
});

test('a matched stop sequence is reported as Anthropic does', () => {
  const answer: ChatCompletionResponse = response(
    { role: 'assistant', content: 'one, two' },
    'stop',
  );
  const choice = answer.choices[0];
  if (choice) choice.stop_sequence = 'three';
  const msg = toAnthropicResponse(answer, 'm');
  assert.equal(msg.stop_reason, 'stop_sequence');
  assert.equal(msg.stop_sequence, 'three');
});

test('length stops are max_tokens; an empty answer still has a text block', () => {
  const msg = toAnthropicResponse(response({ role: 'assistant', content: null }, 'length'), 'm');
  assert.equal(msg.stop_reason, 'max_tokens');
  assert.deepEqual(msg.content, [{ type: 'text', text: '' }]);
});

test('error bodies use Anthropic error types by status', () => {
  const type = (status: number) => anthropicErrorBody(new GatewayError(status, 'x')).error.type;
  assert.deepEqual(anthropicErrorBody(new GatewayError(429, 'Slow down', 'rate_limit_error')), {
    type: 'error',
    error: { type: 'rate_limit_error', message: 'Slow down' },
  });
  assert.equal(type(400), 'invalid_request_error');
  assert.equal(type(401), 'authentication_error');
  assert.equal(type(403), 'permission_error');
  assert.equal(type(404), 'not_found_error');
  assert.equal(type(500), 'api_error');
  assert.equal(type(502), 'api_error');
  assert.equal(type(529), 'overloaded_error');
});
