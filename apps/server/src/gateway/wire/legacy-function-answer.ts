import type {
  ChatCompletionChunk,
  ChatCompletionRequest,
  ChatCompletionResponse,
  ChunkBatches,
} from '../types.ts';

/**
 * Whether the caller asked with OpenAI's legacy `functions` (and no `tools`): its SDK code reads
 * `message.function_call` and `finish_reason: "function_call"`, as OpenAI answers it.
 */
export function wantsLegacyFunctions(original: ChatCompletionRequest): boolean {
  const functions = original.functions;
  return Array.isArray(functions) && functions.length > 0 && !original.tools?.length;
}

/**
 * The answer in the legacy form the caller asked in (decision 152): providers that take only tools
 * got the functions as tools and answer with a tool call, which becomes the message's
 * `function_call` (the legacy form holds one call: the first); `tool_calls` finishes read
 * `function_call`, as OpenAI's own legacy answers do.
 */
export function asLegacyFunctionAnswer(response: ChatCompletionResponse): ChatCompletionResponse {
  return {
    ...response,
    choices: response.choices.map((choice) => {
      const { tool_calls: calls, ...message } = choice.message;
      const first = calls?.[0];
      const legacy = first
        ? { ...message, function_call: { ...first.function } }
        : (message as typeof choice.message);
      return { ...choice, message: legacy, finish_reason: legacyFinish(choice.finish_reason) };
    }),
  };
}

/** The same for a stream: the first tool call's deltas as `function_call` deltas. */
export async function* asLegacyFunctionChunks(chunks: ChunkBatches): ChunkBatches {
  for await (const batch of chunks) yield batch.map(legacyChunk);
}

function legacyChunk(chunk: ChatCompletionChunk): ChatCompletionChunk {
  if (!chunk.choices.some((c) => c.delta.tool_calls || c.finish_reason === 'tool_calls'))
    return chunk;
  return {
    ...chunk,
    choices: chunk.choices.map((choice) => {
      const { tool_calls: calls, ...delta } = choice.delta;
      const fn = calls?.find((call) => call.index === 0)?.function;
      const legacyDelta = fn
        ? {
            ...delta,
            function_call: {
              ...(fn.name !== undefined ? { name: fn.name } : {}),
              arguments: fn.arguments ?? '',
            },
          }
        : delta;
      return { ...choice, delta: legacyDelta, finish_reason: legacyFinish(choice.finish_reason) };
    }),
  };
}

/** OpenAI's legacy finish reason for a call, carried where the canonical type says `tool_calls`. */
function legacyFinish<F>(reason: F): F {
  return (reason === 'tool_calls' ? 'function_call' : reason) as F;
}
