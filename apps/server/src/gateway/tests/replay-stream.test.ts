import assert from 'node:assert/strict';
import { test } from 'node:test';
import { StreamAssembly } from '../stream-relay.ts';
import type { ChatCompletionResponse } from '../types.ts';
import { replayChunks } from '../wire/replay-stream.ts';

// The mock upstream has no redacted_thinking answers, so this round trip is where they are covered.
// OpenAI's annotations go out in a delta and come back in the assembly (decision 177).
test('a cached answer replayed as a stream assembles back into the same answer', () => {
  const cached: ChatCompletionResponse = {
    id: 'req-1',
    object: 'chat.completion',
    created: 1_700_000_000,
    model: 'claude-sonnet-4-5',
    choices: [
      {
        index: 0,
        message: {
          role: 'assistant',
          content: 'Checking  the order\nnow.',
          annotations: [
            {
              type: 'url_citation',
              url_citation: {
                start_index: 11,
                end_index: 20,
                url: 'https://example.com/o',
                title: 'O',
              },
            },
          ],
          tool_calls: [
            {
              id: 'toolu_1',
              type: 'function',
              function: { name: 'lookup_order', arguments: '{"id":"A1"}' },
            },
          ],
          thinking_blocks: [
            { type: 'thinking', thinking: 'First   look it up,\nthen answer.', signature: 'c2ln' },
            { type: 'redacted_thinking', data: 'ZW5jcnlwdGVk' },
          ],
        },
        finish_reason: 'tool_calls',
        stop_sequence: 'END',
      },
    ],
    usage: { prompt_tokens: 10, completion_tokens: 5, total_tokens: 15 },
  };
  const assembly = new StreamAssembly();
  for (const chunk of replayChunks(cached)) assembly.add(chunk);
  const rebuilt = assembly.toResponse(cached.id, cached.usage);
  assert.deepEqual(rebuilt, { ...cached, created: rebuilt.created });
});
