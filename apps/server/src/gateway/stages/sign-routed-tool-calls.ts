import type { TargetedContext } from '../context.ts';
import {
  checksThoughtSignatures,
  extraContentOf,
  SIGNATURE_STAND_IN,
} from '../providers/gemini/thought-signature.ts';
import type { ChatCompletionChunk, ChatCompletionResponse, ChunkBatches } from '../types.ts';
import type { UpstreamChatResult } from '../upstream/client.ts';

/**
 * A request naming Gemini 3 that routing sent to an older model gets function calls Gemini 3 did
 * not sign; the next step of the same tool loop, if it is not routed, goes to Gemini 3, which
 * refuses unsigned calls of the current turn with a 400 that no fallback catches. Those calls
 * carry Google's stand-in signature instead, as the caller's SDK keeps it (decision 129). Calls
 * the caller made unsigned itself are still refused: only answers routing caused are marked.
 */
export function signRoutedToolCalls(
  ctx: TargetedContext,
  result: UpstreamChatResult,
): UpstreamChatResult {
  const { requested, chosen } = ctx.target;
  const marks =
    ctx.routing.wasRouted &&
    checksThoughtSignatures(requested.id) &&
    !checksThoughtSignatures(chosen.id);
  if (!marks) return result;
  if (result.kind === 'response') return { ...result, response: signResponse(result.response) };
  return { ...result, chunks: signChunks(result.chunks) };
}

const STAND_IN = extraContentOf(SIGNATURE_STAND_IN);

function signResponse(response: ChatCompletionResponse): ChatCompletionResponse {
  return {
    ...response,
    choices: response.choices.map((c) =>
      c.message.tool_calls
        ? {
            ...c,
            message: {
              ...c.message,
              tool_calls: c.message.tool_calls.map((t) => ({ ...t, extra_content: STAND_IN })),
            },
          }
        : c,
    ),
  };
}

async function* signChunks(chunks: ChunkBatches): AsyncGenerator<ChatCompletionChunk[]> {
  for await (const batch of chunks) yield batch.map(signChunk);
}

/** The first delta of a call (the one with its id) carries its signature, as Gemini's do. */
function signChunk(chunk: ChatCompletionChunk): ChatCompletionChunk {
  if (!chunk.choices.some((c) => c.delta.tool_calls?.some((t) => t.id))) return chunk;
  return {
    ...chunk,
    choices: chunk.choices.map((c) => ({
      ...c,
      delta: {
        ...c.delta,
        ...(c.delta.tool_calls && {
          tool_calls: c.delta.tool_calls.map((t) => (t.id ? { ...t, extra_content: STAND_IN } : t)),
        }),
      },
    })),
  };
}
