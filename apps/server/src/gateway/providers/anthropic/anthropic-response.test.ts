import assert from 'node:assert/strict';
import { test } from 'node:test';
import { StreamAssembly } from '../../stream-relay.ts';
import { GatewayError } from '../../types.ts';
import { META, targetFor, translate } from '../testing/fixtures.ts';
import { anthropicAdapter } from './adapter.ts';

const target = targetFor('anthropic');

test('a message with thinking, text and tool_use: thinking_blocks, content and tool_calls', () => {
  const res = anthropicAdapter.chatResponse(
    {
      id: 'msg_1',
      type: 'message',
      model: 'claude-sonnet-4-5-20250929',
      content: [
        { type: 'thinking', thinking: 'hmm', signature: 's' },
        { type: 'text', text: 'Let me look.' },
        { type: 'tool_use', id: 'toolu_1', name: 'search', input: { q: 'cats' } },
      ],
      stop_reason: 'tool_use',
      usage: {
        input_tokens: 10,
        output_tokens: 4,
        cache_read_input_tokens: 90,
        cache_creation_input_tokens: 0,
      },
    },
    target,
    'chatcmpl-1',
  );
  assert.equal(res.id, 'chatcmpl-1');
  assert.equal(res.model, 'claude-sonnet-4-5-20250929');
  const choice = res.choices[0];
  assert.equal(choice?.message.content, 'Let me look.');
  assert.deepEqual(choice?.message.tool_calls, [
    { id: 'toolu_1', type: 'function', function: { name: 'search', arguments: '{"q":"cats"}' } },
  ]);
  assert.deepEqual(choice?.message.thinking_blocks, [
    { type: 'thinking', thinking: 'hmm', signature: 's' },
  ]);
  assert.equal(choice?.finish_reason, 'tool_calls');
  assert.deepEqual(res.usage, {
    prompt_tokens: 100,
    completion_tokens: 4,
    total_tokens: 104,
    prompt_tokens_details: { cached_tokens: 90, cache_write_tokens: 0 },
  });
});

test('a stop sequence is named on the choice; no cache use means no cache details', () => {
  const res = anthropicAdapter.chatResponse(
    {
      content: [{ type: 'text', text: 'one, two' }],
      stop_reason: 'stop_sequence',
      stop_sequence: 'three',
      usage: { input_tokens: 5, output_tokens: 2, cache_read_input_tokens: 0 },
    },
    target,
    'x',
  );
  assert.equal(res.choices[0]?.finish_reason, 'stop');
  assert.equal(res.choices[0]?.stop_sequence, 'three');
  assert.deepEqual(res.usage, { prompt_tokens: 5, completion_tokens: 2, total_tokens: 7 });
});

test('stop reasons map to OpenAI finish reasons', () => {
  const finish = (stop_reason: string) =>
    anthropicAdapter.chatResponse({ content: [], stop_reason, usage: {} }, target, 'x').choices[0]
      ?.finish_reason;
  assert.equal(finish('end_turn'), 'stop');
  assert.equal(finish('stop_sequence'), 'stop');
  assert.equal(finish('max_tokens'), 'length');
  assert.equal(finish('refusal'), 'content_filter');
});

test('stream: tool_use and thinking blocks are numbered in order; signatures and cache usage kept', () => {
  const translator = anthropicAdapter.streamTranslator(target, META);
  const chunks = translate(translator, [
    {
      type: 'message_start',
      message: {
        model: 'claude-x',
        usage: {
          input_tokens: 12,
          cache_creation_input_tokens: 100,
          cache_read_input_tokens: 0,
          output_tokens: 1,
        },
      },
    },
    {
      type: 'content_block_start',
      index: 0,
      content_block: { type: 'thinking', thinking: '', signature: '' },
    },
    {
      type: 'content_block_delta',
      index: 0,
      delta: { type: 'thinking_delta', thinking: 'secret' },
    },
    { type: 'content_block_delta', index: 0, delta: { type: 'signature_delta', signature: 'sig' } },
    { type: 'content_block_stop', index: 0 },
    {
      type: 'content_block_start',
      index: 1,
      content_block: { type: 'tool_use', id: 't1', name: 'a', input: {} },
    },
    {
      type: 'content_block_delta',
      index: 1,
      delta: { type: 'input_json_delta', partial_json: '{"x":' },
    },
    {
      type: 'content_block_delta',
      index: 1,
      delta: { type: 'input_json_delta', partial_json: '1}' },
    },
    {
      type: 'content_block_start',
      index: 2,
      content_block: { type: 'redacted_thinking', data: 'enc' },
    },
    {
      type: 'content_block_start',
      index: 3,
      content_block: { type: 'tool_use', id: 't2', name: 'b', input: {} },
    },
    {
      type: 'content_block_delta',
      index: 3,
      delta: { type: 'input_json_delta', partial_json: '{}' },
    },
    { type: 'message_delta', delta: { stop_reason: 'tool_use' }, usage: { output_tokens: 30 } },
    { type: 'message_stop' },
  ]);
  const calls = chunks.flatMap((c) => c.choices[0]?.delta.tool_calls ?? []);
  assert.deepEqual(
    calls.map((c) => [c.index, c.id, c.function?.name, c.function?.arguments]),
    [
      [0, 't1', 'a', ''],
      [0, undefined, undefined, '{"x":'],
      [0, undefined, undefined, '1}'],
      [1, 't2', 'b', ''],
      [1, undefined, undefined, '{}'],
    ],
  );
  assert.deepEqual(
    chunks.flatMap((c) => c.choices[0]?.delta.thinking_blocks ?? []),
    [
      { index: 0, type: 'thinking' },
      { index: 0, thinking: 'secret' },
      { index: 0, signature: 'sig' },
      { index: 1, type: 'redacted_thinking', data: 'enc' },
    ],
  );
  assert.ok(chunks.some((c) => c.choices[0]?.finish_reason === 'tool_calls'));
  const usage = {
    prompt_tokens: 112,
    completion_tokens: 30,
    total_tokens: 142,
    prompt_tokens_details: { cached_tokens: 0, cache_write_tokens: 100 },
  };
  assert.deepEqual(translator.usage(), usage);
  assert.deepEqual(chunks.at(-1)?.usage, usage);
  assert.equal(chunks.at(-1)?.model, 'claude-x');
  assert.equal(translator.completed(), true);
});

test('stream: the stop sequence that ended the answer rides on the finish chunk', () => {
  const translator = anthropicAdapter.streamTranslator(target, META);
  const chunks = translate(translator, [
    { type: 'message_start', message: { usage: { input_tokens: 3, output_tokens: 1 } } },
    {
      type: 'message_delta',
      delta: { stop_reason: 'stop_sequence', stop_sequence: 'END' },
      usage: { output_tokens: 2 },
    },
    { type: 'message_stop' },
  ]);
  const finish = chunks.find((c) => c.choices[0]?.finish_reason);
  assert.equal(finish?.choices[0]?.finish_reason, 'stop');
  assert.equal(finish?.choices[0]?.stop_sequence, 'END');
});

test('stream: an error event (overloaded) throws with its status and message', () => {
  const translator = anthropicAdapter.streamTranslator(target, META);
  translator.push({
    event: 'message_start',
    data: JSON.stringify({ type: 'message_start', message: {} }),
  });
  const error = { type: 'error', error: { type: 'overloaded_error', message: 'Overloaded' } };
  assert.throws(
    () => translator.push({ event: 'error', data: JSON.stringify(error) }),
    (err: unknown) =>
      err instanceof GatewayError && err.status === 529 && err.message === 'Overloaded',
  );
  assert.equal(translator.completed(), false);
});

test("stream: Anthropic's timeout and billing error events keep their statuses (504, 402)", () => {
  for (const [type, status] of [
    ['timeout_error', 504],
    ['billing_error', 402],
  ] as const) {
    const translator = anthropicAdapter.streamTranslator(target, META);
    const error = { type: 'error', error: { type, message: type } };
    assert.throws(
      () => translator.push({ event: 'error', data: JSON.stringify(error) }),
      (err: unknown) => err instanceof GatewayError && err.status === status,
      type,
    );
  }
});

test('a citation that is not an object (a proxy’s null) names no page; the cited one still does', () => {
  const res = anthropicAdapter.chatResponse(
    {
      id: 'msg_2',
      type: 'message',
      model: 'claude-sonnet-4-5-20250929',
      content: [
        {
          type: 'text',
          text: 'Paris.',
          citations: [
            null,
            'x',
            { type: 'web_search_result_location', url: 'https://a.example/', title: 'A' },
          ],
        },
      ],
      stop_reason: 'end_turn',
      usage: { input_tokens: 10, output_tokens: 2 },
    },
    target,
    'req_2',
  );
  assert.deepEqual(res.choices[0]?.message.annotations, [
    {
      type: 'url_citation',
      url_citation: { start_index: 0, end_index: 6, url: 'https://a.example/', title: 'A' },
    },
  ]);
});

test('stream: a text block that starts with its citation keeps it, as the whole answer does', () => {
  const citation = {
    type: 'web_search_result_location',
    url: 'https://a.example/',
    title: 'A',
    cited_text: 'Paris is the capital of France.',
    encrypted_index: 'e1',
  };
  const whole = anthropicAdapter.chatResponse(
    {
      id: 'msg_3',
      type: 'message',
      model: 'claude-x',
      content: [{ type: 'text', text: 'Paris.', citations: [citation] }],
      stop_reason: 'end_turn',
      usage: { input_tokens: 10, output_tokens: 2 },
    },
    target,
    'req_3',
  );
  const chunks = translate(anthropicAdapter.streamTranslator(target, META), [
    { type: 'message_start', message: { model: 'claude-x', usage: { input_tokens: 10 } } },
    {
      type: 'content_block_start',
      index: 0,
      content_block: { type: 'text', text: '', citations: [citation] },
    },
    { type: 'content_block_delta', index: 0, delta: { type: 'text_delta', text: 'Paris.' } },
    { type: 'content_block_stop', index: 0 },
    { type: 'message_delta', delta: { stop_reason: 'end_turn' }, usage: { output_tokens: 2 } },
    { type: 'message_stop' },
  ]);
  const assembly = new StreamAssembly();
  for (const chunk of chunks) assembly.add(chunk);
  const streamed = assembly.toResponse('req_3', {
    prompt_tokens: 10,
    completion_tokens: 2,
    total_tokens: 12,
  }).choices[0]?.message;
  const expected = whole.choices[0]?.message;
  assert.ok(expected?.annotations?.length);
  assert.deepEqual(streamed?.annotations, expected.annotations);
  assert.deepEqual(streamed?.text_blocks, expected.text_blocks);
});
