import assert from 'node:assert/strict';
import { test } from 'node:test';
import { bodyOf, targetFor } from '../testing/fixtures.ts';
import { openAiAdapter } from './adapter.ts';

const target = targetFor('openai', { baseUrl: 'https://api.openai.test/v1/' });

test('the request passes through with the provider model, bearer key and its URL', () => {
  const spec = openAiAdapter.chatRequest(
    {
      model: 'openai/gpt-4o',
      messages: [
        { role: 'developer', content: 'Be terse.' },
        { role: 'user', content: 'hi' },
      ],
      logit_bias: { 42: -100 },
      reasoning_effort: 'low',
      stream_options: { include_usage: true },
    },
    target,
  );
  assert.equal(spec.url, 'https://api.openai.test/v1/chat/completions');
  assert.equal(spec.headers.authorization, 'Bearer sk-test');
  const body = bodyOf(spec);
  assert.equal(body.model, 'native-model');
  assert.deepEqual(body.logit_bias, { 42: -100 }, 'unknown fields pass through');
  assert.equal(body.reasoning_effort, 'low');
  assert.equal((body.messages as { role: string }[])[0]?.role, 'developer');
  assert.equal(body.stream_options, undefined, 'OpenAI refuses stream_options without stream');
});

test('streams always ask for usage, keeping the caller stream options', () => {
  const body = bodyOf(
    openAiAdapter.chatRequest(
      {
        model: 'm',
        stream: true,
        stream_options: { include_usage: false, other: 1 } as never,
        messages: [],
      },
      target,
    ),
  );
  assert.deepEqual(body.stream_options, { include_usage: true, other: 1 });
});

test('embeddings always come back as floats the gateway can use', () => {
  const spec = openAiAdapter.embeddingsRequest?.(
    { model: 'x', input: ['a'], encoding_format: 'base64', dimensions: 256 },
    target,
  );
  assert.ok(spec);
  assert.equal(spec.url, 'https://api.openai.test/v1/embeddings');
  const body = bodyOf(spec);
  assert.equal(body.encoding_format, undefined);
  assert.equal(body.dimensions, 256);
});

test('error messages are the provider own, or name the status', () => {
  const body = JSON.stringify({
    error: { message: 'You exceeded your current quota', type: 'insufficient_quota' },
  });
  assert.equal(openAiAdapter.errorMessage(429, body), 'You exceeded your current quota');
  assert.equal(
    openAiAdapter.errorMessage(502, '<html>Bad gateway</html>'),
    'OpenAI returned HTTP 502',
  );
});
