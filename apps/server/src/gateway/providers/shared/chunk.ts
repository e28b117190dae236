import type { ChatCompletionChunk, FinishReason, TokenUsage } from '../../types.ts';

type Delta = ChatCompletionChunk['choices'][number]['delta'];

/** One OpenAI chunk carrying a single choice's delta, stamped with the gateway's id and time. */
export function chunkOf(
  meta: { id: string; created: number },
  model: string,
  delta: Delta,
  finishReason: FinishReason = null,
  index = 0,
): ChatCompletionChunk {
  return {
    id: meta.id,
    object: 'chat.completion.chunk',
    created: meta.created,
    model,
    choices: [{ index, delta, finish_reason: finishReason }],
  };
}

export function usageOf(promptTokens: number, completionTokens: number): TokenUsage {
  return {
    prompt_tokens: promptTokens,
    completion_tokens: completionTokens,
    total_tokens: promptTokens + completionTokens,
  };
}

/**
 * The closing chunk every translator emits from `end()` when the provider reported usage: no
 * choices, only usage, as OpenAI sends it under `stream_options.include_usage`. Content chunks
 * never carry usage, so a caller that did not ask for it just skips this one.
 */
export function usageChunks(
  meta: { id: string; created: number },
  model: string,
  usage: TokenUsage | undefined,
): ChatCompletionChunk[] {
  if (!usage) return [];
  return [
    {
      id: meta.id,
      object: 'chat.completion.chunk',
      created: meta.created,
      model,
      choices: [],
      usage,
    },
  ];
}
