import assert from 'node:assert/strict';
import { test } from 'node:test';
import { GatewayError } from '../../types.ts';
import { META, targetFor, translate } from '../testing/fixtures.ts';
import { geminiAdapter } from './adapter.ts';

const target = targetFor('gemini');

test('answer: thought parts are skipped, thinking tokens count as output', () => {
  const res = geminiAdapter.chatResponse(
    {
      candidates: [
        {
          content: {
            role: 'model',
            parts: [{ text: 'plan…', thought: true }, { text: 'Hello' }, { text: '!' }],
          },
          finishReason: 'MAX_TOKENS',
        },
      ],
      usageMetadata: { promptTokenCount: 5, candidatesTokenCount: 2, thoughtsTokenCount: 10 },
      modelVersion: 'gemini-2.5-flash-001',
    },
    target,
    'chatcmpl-g',
  );
  assert.equal(res.choices[0]?.message.content, 'Hello!');
  assert.equal(res.choices[0]?.finish_reason, 'length');
  assert.equal(res.model, 'gemini-2.5-flash-001');
  assert.deepEqual(res.usage, {
    prompt_tokens: 5,
    completion_tokens: 12,
    total_tokens: 17,
    completion_tokens_details: { reasoning_tokens: 10 },
  });
});

test('answer: safety stops and blocked prompts are content_filter', () => {
  const safety = geminiAdapter.chatResponse(
    { candidates: [{ content: { parts: [] }, finishReason: 'SAFETY' }] },
    target,
    'x',
  );
  assert.equal(safety.choices[0]?.finish_reason, 'content_filter');
  const blocked = geminiAdapter.chatResponse(
    { promptFeedback: { blockReason: 'SAFETY' } },
    target,
    'x',
  );
  assert.equal(blocked.choices[0]?.finish_reason, 'content_filter');
  assert.equal(blocked.choices[0]?.message.content, '');
});

test('stream: role once, text deltas, function calls numbered, finish, usage last', () => {
  const translator = geminiAdapter.streamTranslator(target, META);
  const chunks = translate(translator, [
    {
      candidates: [{ content: { parts: [{ text: 'Hi' }] } }],
      usageMetadata: { promptTokenCount: 3 },
    },
    {
      candidates: [
        {
          content: {
            parts: [
              { functionCall: { name: 'a', args: { x: 1 } } },
              { functionCall: { name: 'b', args: {} } },
            ],
          },
          finishReason: 'STOP',
        },
      ],
      usageMetadata: { promptTokenCount: 3, candidatesTokenCount: 6 },
    },
  ]);
  assert.equal(chunks.filter((c) => c.choices[0]?.delta.role).length, 1);
  assert.equal(chunks[0]?.choices[0]?.delta.content, 'Hi');
  const calls = chunks.flatMap((c) => c.choices[0]?.delta.tool_calls ?? []);
  assert.deepEqual(
    calls.map((c) => [c.index, c.function?.name, c.function?.arguments]),
    [
      [0, 'a', '{"x":1}'],
      [1, 'b', '{}'],
    ],
  );
  assert.ok(calls.every((c) => c.id?.startsWith('call_')));
  assert.ok(chunks.some((c) => c.choices[0]?.finish_reason === 'tool_calls'));
  assert.deepEqual(chunks.at(-1)?.usage, {
    prompt_tokens: 3,
    completion_tokens: 6,
    total_tokens: 9,
  });
  assert.equal(translator.completed(), true);
});

test('stream: an error object throws with its code', () => {
  const translator = geminiAdapter.streamTranslator(target, META);
  assert.throws(
    () =>
      translator.push({
        data: JSON.stringify({ error: { code: 503, message: 'The model is overloaded.' } }),
      }),
    (err: unknown) =>
      err instanceof GatewayError && err.status === 503 && /overloaded/.test(err.message),
  );
});
