import {
  type ChatCompletionChunk,
  GatewayError,
  type TokenUsage,
  type UpstreamTarget,
} from '../../types.ts';
import type { StreamTranslator } from '../provider-adapter.ts';
import { chunkOf, usageChunks } from '../shared/chunk.ts';
import { errorTypeForStatus } from '../shared/error-type.ts';
import { parseEventJson } from '../shared/http-spec.ts';
import { geminiUsage, readCandidateParts } from './candidate.ts';
import { finishFromGemini } from './finish-reason.ts';
import { extraContentOf } from './thought-signature.ts';

type Json = Record<string, unknown>;
type Delta = ChatCompletionChunk['choices'][number]['delta'];

/**
 * streamGenerateContent?alt=sse → OpenAI chunks. Every event is a partial GenerateContentResponse;
 * usageMetadata is cumulative, so the last one seen wins. Gemini has no end marker besides the
 * finishReason on the last candidate event.
 */
export function geminiStream(
  target: UpstreamTarget,
  meta: { id: string; created: number },
): StreamTranslator {
  let model = target.model;
  let usage: TokenUsage | undefined;
  let finished = false;
  const candidates = new Map<number, { toolCount: number }>();

  const onCandidate = (candidate: Json, position: number): ChatCompletionChunk[] => {
    const index = typeof candidate.index === 'number' ? candidate.index : position;
    let state = candidates.get(index);
    const delta: Delta = {};
    if (!state) {
      state = { toolCount: 0 };
      candidates.set(index, state);
      delta.role = 'assistant';
    }
    const { text, toolCalls, signature } = readCandidateParts(candidate);
    if (text) delta.content = text;
    // The text's signature may come alone on an empty text part; the delta then carries only it.
    if (signature) delta.extra_content = extraContentOf(signature);
    if (toolCalls.length) {
      // Gemini sends each call whole, its signature with it: both go in the call's first delta.
      const first = state.toolCount;
      delta.tool_calls = toolCalls.map((call, i) => ({ index: first + i, ...call }));
      state.toolCount += toolCalls.length;
    }
    const out = Object.keys(delta).length ? [chunkOf(meta, model, delta, null, index)] : [];
    const finish = finishFromGemini(
      candidate.finishReason,
      state.toolCount > 0,
      candidate.finishMessage,
    );
    if (finish) {
      finished = true;
      out.push(chunkOf(meta, model, {}, finish, index));
    }
    return out;
  };

  return {
    push({ data }) {
      const event = parseEventJson(data, 'Gemini');
      if (event.error) throw streamError(event.error as Json);
      usage = geminiUsage(event.usageMetadata) ?? usage;
      if (typeof event.modelVersion === 'string') model = event.modelVersion;
      const list = Array.isArray(event.candidates) ? (event.candidates as Json[]) : [];
      if (list.length === 0 && (event.promptFeedback as Json | undefined)?.blockReason) {
        finished = true;
        return [chunkOf(meta, model, { role: 'assistant', content: '' }, 'content_filter')];
      }
      return list.flatMap(onCandidate);
    },
    end: () => usageChunks(meta, model, usage),
    usage: () => usage,
    completed: () => finished,
    // Gemini has no end-of-stream event: the finish reason is its last word.
    ended: () => finished,
  };
}

function streamError(error: Json): GatewayError {
  const status = typeof error.code === 'number' ? error.code : 500;
  const message =
    typeof error.message === 'string' ? error.message : 'Gemini reported a stream error';
  return new GatewayError(status, message, errorTypeForStatus(status));
}
