import assert from 'node:assert/strict';
import { test } from 'node:test';
import { GatewayError } from '../types.ts';
import { openAiErrorBody, openAiStreamTrailer } from './openai-format.ts';

test('errors carry message, type and code in the shape the OpenAI SDK reads', () => {
  const err = new GatewayError(
    429,
    'Rate limit reached',
    'rate_limit_error',
    'rate_limit_exceeded',
  );
  assert.deepEqual(openAiErrorBody(err), {
    error: {
      message: 'Rate limit reached',
      type: 'rate_limit_error',
      param: null,
      code: 'rate_limit_exceeded',
    },
  });
  assert.equal(openAiErrorBody(new GatewayError(500, 'boom')).error.type, 'server_error');
  assert.equal(openAiStreamTrailer, 'data: [DONE]\n\n');
});
