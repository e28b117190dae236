import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { ChatMessage } from '../../types.ts';
import { bodyOf, META, targetFor, translate } from '../testing/fixtures.ts';
import { mistralAdapter } from './adapter.ts';

const target = targetFor('mistral');

test('OpenAI fields Mistral names differently or refuses are adapted', () => {
  const body = bodyOf(
    mistralAdapter.chatRequest(
      {
        model: 'm',
        stream: true,
        stream_options: { include_usage: true },
        seed: 7,
        max_completion_tokens: 300,
        user: 'u-1',
        safe_prompt: true,
        messages: [
          { role: 'developer', content: 'Rules.' },
          { role: 'user', content: 'hi' },
        ],
      },
      target,
    ),
  );
  assert.equal(body.random_seed, 7);
  assert.equal(body.seed, undefined);
  assert.equal(body.max_tokens, 300);
  assert.equal(body.max_completion_tokens, undefined);
  assert.equal(body.user, undefined);
  assert.equal(body.stream_options, undefined, 'usage comes unasked on the last chunk');
  assert.equal(body.safe_prompt, true, 'Mistral fields pass through');
  assert.equal((body.messages as ChatMessage[])[0]?.role, 'system');
});

test('tool call ids become nine letters or digits, and calls still match their answers', () => {
  const body = bodyOf(
    mistralAdapter.chatRequest(
      {
        model: 'm',
        messages: [
          {
            role: 'assistant',
            content: null,
            tool_calls: [
              { id: 'toolu_01ABCdef', type: 'function', function: { name: 'f', arguments: '{}' } },
              { id: 'abc123XYZ', type: 'function', function: { name: 'g', arguments: '{}' } },
            ],
          },
          { role: 'tool', tool_call_id: 'toolu_01ABCdef', content: 'one' },
          { role: 'tool', tool_call_id: 'abc123XYZ', content: 'two' },
        ],
      },
      target,
    ),
  );
  const [assistant, first, second] = body.messages as ChatMessage[];
  const ids = assistant?.tool_calls?.map((c) => c.id) ?? [];
  assert.match(ids[0] ?? '', /^[a-zA-Z0-9]{9}$/);
  assert.equal(first?.tool_call_id, ids[0]);
  assert.equal(ids[1], 'abc123XYZ', 'valid ids are kept');
  assert.equal(second?.tool_call_id, 'abc123XYZ');
});

test('stream: usage on the last content chunk becomes the closing usage chunk; text chunks flatten', () => {
  const translator = mistralAdapter.streamTranslator(target, META);
  const chunk = (delta: object, finish: string | null = null, extra: object = {}) => ({
    id: 'x',
    model: 'mistral-small-2501',
    choices: [{ index: 0, delta, finish_reason: finish }],
    ...extra,
  });
  const usage = { prompt_tokens: 5, completion_tokens: 2, total_tokens: 7 };
  const out = translate(translator, [
    chunk({
      role: 'assistant',
      content: [
        { type: 'thinking', thinking: [] },
        { type: 'text', text: 'Hi' },
      ],
    }),
    chunk({ content: ' there' }, 'stop', { usage }),
    '[DONE]',
  ]);
  assert.equal(out.map((c) => c.choices[0]?.delta.content ?? '').join(''), 'Hi there');
  assert.ok(
    out.slice(0, -1).every((c) => !c.usage),
    'content chunks carry no usage',
  );
  assert.deepEqual(out.at(-1)?.usage, usage);
  assert.equal(out.at(-1)?.model, 'mistral-small-2501');
  assert.deepEqual(translator.usage(), usage);
  assert.equal(translator.completed(), true);
});

test('embeddings: dimensions are sent as output_dimension', () => {
  const spec = mistralAdapter.embeddingsRequest?.(
    { model: 'e', input: 'x', dimensions: 512 },
    target,
  );
  assert.ok(spec);
  const body = bodyOf(spec);
  assert.equal(body.output_dimension, 512);
  assert.equal(body.dimensions, undefined);
});

test('validation errors name the field', () => {
  const detail = JSON.stringify({ detail: [{ loc: ['body', 'messages'], msg: 'Field required' }] });
  assert.equal(mistralAdapter.errorMessage(422, detail), 'body.messages: Field required');
  assert.equal(mistralAdapter.errorMessage(401, '{"message":"Unauthorized"}'), 'Unauthorized');
});
