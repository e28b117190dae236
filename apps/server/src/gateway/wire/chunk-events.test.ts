import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { ChatCompletionChunk } from '../types.ts';
import { ChunkEvents } from './chunk-events.ts';
import { formatSse } from './sse.ts';

const chunk = (content: string, over: Partial<ChatCompletionChunk> = {}): ChatCompletionChunk => ({
  id: 'chatcmpl-tw-1',
  object: 'chat.completion.chunk',
  created: 1_764_000_000,
  model: 'gpt-4o-mini',
  choices: [{ index: 0, delta: { content }, finish_reason: null }],
  ...over,
});

test('an answer written chunk by chunk is the text formatSse writes, byte for byte', () => {
  const answer: ChatCompletionChunk[] = [
    chunk('', {
      choices: [{ index: 0, delta: { role: 'assistant', content: '' }, finish_reason: null }],
    }),
    chunk('Echo: "quoted"\ttab é 😀\n'),
    chunk('line\u2028sep </script>'),
    // The model can change mid-answer (a routed answer names its own), and so can the id.
    chunk('next', { model: 'gpt-4o' }),
    chunk('other id', { id: 'chatcmpl-"odd"\u0001' }),
    // Keys the fast path does not know, or values of another type, go through formatSse whole.
    { ...chunk('with usage'), usage: { prompt_tokens: 1, completion_tokens: 2, total_tokens: 3 } },
    { ...chunk('restore tail'), usage: null } as unknown as ChatCompletionChunk,
    { ...chunk('undefined usage'), usage: undefined },
    { ...chunk('extra'), system_fingerprint: 'fp_1' } as ChatCompletionChunk,
    (({ model, ...rest }) => ({ model, ...rest }))(chunk('keys in another order')),
    chunk('odd time', { created: Number.NaN }),
    chunk('', { choices: [] }),
    chunk('', {
      choices: [
        {
          index: 0,
          delta: {
            tool_calls: [
              {
                index: 0,
                id: 'call_1',
                type: 'function',
                function: { name: 'f', arguments: '{"a":1}' },
              },
            ],
          },
          finish_reason: 'tool_calls',
        },
      ],
    }),
    chunk('back to the first model'),
  ];
  const events = new ChunkEvents();
  for (const c of answer) assert.equal(events.format(c), formatSse(c));
});
