import type { ChatCompletionChunk, ChatCompletionResponse } from '../types.ts';

const WORDS_PER_CHUNK = 4;

/**
 * A cached answer as a proper stream: a role chunk, the text a few words at a time, tool calls,
 * the finish chunk, then a usage chunk (the route drops it unless include_usage was asked for).
 */
export async function* replayAsStream(
  response: ChatCompletionResponse,
): AsyncGenerator<ChatCompletionChunk> {
  const base = {
    id: response.id,
    object: 'chat.completion.chunk' as const,
    created: response.created,
    model: response.model,
  };
  const choice = response.choices[0];
  yield {
    ...base,
    choices: [{ index: 0, delta: { role: 'assistant', content: '' }, finish_reason: null }],
  };
  const words = (choice?.message.content ?? '').split(/(?<=\s)/);
  for (let i = 0; i < words.length; i += WORDS_PER_CHUNK) {
    yield {
      ...base,
      choices: [
        {
          index: 0,
          delta: { content: words.slice(i, i + WORDS_PER_CHUNK).join('') },
          finish_reason: null,
        },
      ],
    };
  }
  const calls = choice?.message.tool_calls ?? [];
  if (calls.length > 0) {
    yield {
      ...base,
      choices: [
        {
          index: 0,
          delta: {
            tool_calls: calls.map((c, index) => ({
              index,
              id: c.id,
              type: 'function' as const,
              function: c.function,
            })),
          },
          finish_reason: null,
        },
      ],
    };
  }
  yield {
    ...base,
    choices: [{ index: 0, delta: {}, finish_reason: choice?.finish_reason ?? 'stop' }],
  };
  yield { ...base, choices: [], usage: response.usage };
}
