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
    usage: { input_tokens: 12, output_tokens: 5 },
  });
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
