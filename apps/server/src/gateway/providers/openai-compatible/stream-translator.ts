import {
  type ChatCompletionChunk,
  GatewayError,
  type TokenUsage,
  type UpstreamTarget,
} from '../../types.ts';
import type { StreamTranslator } from '../provider-adapter.ts';
import { usageChunks } from '../shared/chunk.ts';
import { parseEventJson } from '../shared/http-spec.ts';
import { extractProviderMessage } from '../shared/provider-message.ts';
import { flattenContent, normalizeFinishReason, usageFrom } from './normalize.ts';

type ChunkChoice = ChatCompletionChunk['choices'][number];

/**
 * Re-stamps vendor chunks with the gateway's id. Usage is taken wherever the vendor puts it (its own
 * empty-choices chunk, the last content chunk, Groq's `x_groq`) and sent once, in the closing
 * usage chunk from `end()`.
 */
export function openAiCompatibleStream(
  label: string,
  target: UpstreamTarget,
  meta: { id: string; created: number },
): StreamTranslator {
  let usage: TokenUsage | undefined;
  let model = target.model;
  let sawDone = false;
  let sawFinish = false;
  return {
    push({ data }) {
      if (data.trim() === '[DONE]') {
        sawDone = true;
        return [];
      }
      const event = parseEventJson(data, label);
      if (event.error) {
        const message = extractProviderMessage(data) ?? `${label} reported a stream error`;
        throw new GatewayError(502, message, 'api_error');
      }
      usage = usageFrom(event) ?? usage;
      if (typeof event.model === 'string') model = event.model;
      const choices = Array.isArray(event.choices) ? event.choices.map(toChunkChoice) : [];
      if (choices.length === 0) return [];
      if (choices.some((c) => c.finish_reason)) sawFinish = true;
      return [
        {
          id: meta.id,
          object: 'chat.completion.chunk',
          created: meta.created,
          model,
          choices,
        },
      ];
    },
    end: () => usageChunks(meta, model, usage),
    usage: () => usage,
    completed: () => sawDone || sawFinish,
  };
}

function toChunkChoice(raw: unknown, position: number): ChunkChoice {
  const choice = (raw ?? {}) as Record<string, unknown>;
  const delta = { ...((choice.delta ?? {}) as ChunkChoice['delta']) };
  if (Array.isArray(delta.content)) delta.content = flattenContent(delta.content);
  return {
    ...choice,
    index: typeof choice.index === 'number' ? choice.index : position,
    delta,
    finish_reason: normalizeFinishReason(choice.finish_reason),
  };
}
