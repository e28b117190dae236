import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { test } from 'node:test';
import Anthropic from '@anthropic-ai/sdk';
import type { ChatCompletionChunk } from '../types.ts';
import { AnthropicStreamWriter } from './anthropic-format.ts';
import { parseSseBatches } from './sse.ts';

type Delta = ChatCompletionChunk['choices'][number]['delta'];

const chunk = (
  delta: Delta,
  finish: ChatCompletionChunk['choices'][number]['finish_reason'] = null,
) =>
  ({
    id: 'chatcmpl-1',
    object: 'chat.completion.chunk',
    created: 1,
    model: 'gpt-x',
    choices: [{ index: 0, delta, finish_reason: finish }],
  }) satisfies ChatCompletionChunk;

/** Text, then two tool calls, then the usage chunk — the way an OpenAI stream ends. */
const CHUNKS: ChatCompletionChunk[] = [
  chunk({ role: 'assistant', content: '' }),
  chunk({ content: 'Let me ' }),
  chunk({ content: 'check.' }),
  chunk({
    tool_calls: [
      { index: 0, id: 'call_a', type: 'function', function: { name: 'weather', arguments: '' } },
    ],
  }),
  chunk({ tool_calls: [{ index: 0, function: { arguments: '{"city":' } }] }),
  chunk({ tool_calls: [{ index: 0, function: { arguments: '"Paris"}' } }] }),
  chunk({
    tool_calls: [
      { index: 1, id: 'call_b', type: 'function', function: { name: 'time', arguments: '{}' } },
    ],
  }),
  chunk({}, 'tool_calls'),
  {
    ...chunk({}),
    choices: [],
    usage: { prompt_tokens: 20, completion_tokens: 9, total_tokens: 29 },
  },
];

function writeAll(): string {
  const writer = new AnthropicStreamWriter();
  let text = writer.start({ id: 'req-1', model: 'claude-sonnet-4-5' });
  for (const c of CHUNKS) text += writer.push(c);
  return text + writer.finish();
}

async function eventsOf(text: string) {
  async function* bytes() {
    yield new TextEncoder().encode(text);
  }
  const events: { event?: string; data: Record<string, unknown> }[] = [];
  for await (const batch of parseSseBatches(bytes()))
    for (const e of batch) events.push({ event: e.event, data: JSON.parse(e.data) });
  return events;
}

test('event sequence: start, a block per text run and tool call, delta with usage, stop', async () => {
  const events = await eventsOf(writeAll());
  assert.ok(
    events.every((e) => e.event === e.data.type),
    'event name matches data.type',
  );
  const summary = events.map((e) => {
    const d = e.data as {
      index?: number;
      delta?: { type?: string };
      content_block?: { type: string };
    };
    return [e.event, d.index ?? d.content_block?.type ?? d.delta?.type ?? ''].join(':');
  });
  assert.deepEqual(summary, [
    'message_start:',
    'content_block_start:0',
    'content_block_delta:0',
    'content_block_delta:0',
    'content_block_stop:0',
    'content_block_start:1',
    'content_block_delta:1',
    'content_block_delta:1',
    'content_block_stop:1',
    'content_block_start:2',
    'content_block_delta:2',
    'content_block_stop:2',
    'message_delta:',
    'message_stop:',
  ]);
  const start = events[0]?.data.message as { id: string; model: string };
  assert.equal(start.id, 'msg_req-1');
  assert.equal(start.model, 'claude-sonnet-4-5');
  assert.deepEqual(events.at(-2)?.data, {
    type: 'message_delta',
    delta: { stop_reason: 'tool_use', stop_sequence: null },
    usage: {
      input_tokens: 20,
      cache_creation_input_tokens: 0,
      cache_read_input_tokens: 0,
      output_tokens: 9,
    },
  });
});

test("the Anthropic SDK's stream helper assembles the written stream into a message", async () => {
  const body = writeAll();
  const server = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/event-stream' });
    res.end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    const { port } = server.address() as AddressInfo;
    const client = new Anthropic({
      apiKey: 'k',
      baseURL: `http://127.0.0.1:${port}`,
      maxRetries: 0,
    });
    const stream = client.messages.stream({
      model: 'claude-sonnet-4-5',
      max_tokens: 100,
      messages: [{ role: 'user', content: 'hi' }],
    });
    let streamedText = '';
    stream.on('text', (delta) => {
      streamedText += delta;
    });
    const message = await stream.finalMessage();
    assert.equal(streamedText, 'Let me check.');
    assert.deepEqual(
      message.content.map((b) => (b.type === 'tool_use' ? [b.name, b.input] : [b.type])),
      [['text'], ['weather', { city: 'Paris' }], ['time', {}]],
    );
    assert.equal(message.stop_reason, 'tool_use');
    assert.equal(message.usage.input_tokens, 20);
    assert.equal(message.usage.output_tokens, 9);
  } finally {
    server.close();
  }
});

test('finish(usage) wins over a usage chunk; a plain answer ends with end_turn', async () => {
  const writer = new AnthropicStreamWriter();
  const text =
    writer.start({
      id: 'msg_x',
      model: 'm',
      usage: { prompt_tokens: 3, completion_tokens: 0, total_tokens: 3 },
    }) +
    writer.push(chunk({ content: 'Hi' })) +
    writer.push(chunk({}, 'stop')) +
    writer.finish({ prompt_tokens: 4, completion_tokens: 1, total_tokens: 5 });
  const events = await eventsOf(text);
  assert.equal((events[0]?.data.message as { id?: string } | undefined)?.id, 'msg_x');
  assert.deepEqual(events.at(-2)?.data.delta, { stop_reason: 'end_turn', stop_sequence: null });
  assert.deepEqual(events.at(-2)?.data.usage, {
    input_tokens: 4,
    cache_creation_input_tokens: 0,
    cache_read_input_tokens: 0,
    output_tokens: 1,
  });
});

test('thinking deltas become a thinking block with its signature; a stop sequence is named', async () => {
  const writer = new AnthropicStreamWriter();
  const usage = {
    prompt_tokens: 50,
    completion_tokens: 7,
    total_tokens: 57,
    prompt_tokens_details: { cached_tokens: 30, cache_write_tokens: 0 },
  };
  const finishChunk: ChatCompletionChunk = chunk({}, 'stop');
  const finishChoice = finishChunk.choices[0];
  if (finishChoice) finishChoice.stop_sequence = 'END';
  const text =
    writer.start({ id: 'x', model: 'claude-sonnet-4-5' }) +
    writer.push(chunk({ thinking_blocks: [{ index: 0, type: 'thinking' }] })) +
    writer.push(chunk({ thinking_blocks: [{ index: 0, thinking: 'Two ' }] })) +
    writer.push(chunk({ thinking_blocks: [{ index: 0, thinking: 'steps.' }] })) +
    writer.push(chunk({ thinking_blocks: [{ index: 0, signature: 'sig==' }] })) +
    writer.push(
      chunk({ thinking_blocks: [{ index: 1, type: 'redacted_thinking', data: 'enc' }] }),
    ) +
    writer.push(chunk({ content: 'Answer' })) +
    writer.push(finishChunk) +
    writer.finish(usage);
  const events = await eventsOf(text);
  const blocks = events
    .filter((e) => e.event === 'content_block_start')
    .map((e) => e.data.content_block);
  assert.deepEqual(blocks, [
    { type: 'thinking', thinking: '', signature: '' },
    { type: 'redacted_thinking', data: 'enc' },
    { type: 'text', text: '' },
  ]);
  const deltas = events
    .filter((e) => e.event === 'content_block_delta')
    .map((e) => [e.data.index, e.data.delta]);
  assert.deepEqual(deltas, [
    [0, { type: 'thinking_delta', thinking: 'Two ' }],
    [0, { type: 'thinking_delta', thinking: 'steps.' }],
    [0, { type: 'signature_delta', signature: 'sig==' }],
    [2, { type: 'text_delta', text: 'Answer' }],
  ]);
  assert.deepEqual(events.at(-2)?.data, {
    type: 'message_delta',
    delta: { stop_reason: 'stop_sequence', stop_sequence: 'END' },
    usage: {
      input_tokens: 20,
      cache_creation_input_tokens: 0,
      cache_read_input_tokens: 30,
      output_tokens: 7,
    },
  });
});
