import { withFields } from '../../../lib/with-fields.ts';
import {
  type ChatCompletionChunk,
  GatewayError,
  type TokenUsage,
  type UpstreamTarget,
} from '../../types.ts';
import type { StreamTranslator } from '../provider-adapter.ts';
import { usageChunks } from '../shared/chunk.ts';
import { parseEventJson } from '../shared/http-spec.ts';
import { openAiStyleError } from '../shared/openai-error-body.ts';
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
  // OpenAI's per-chunk fields, the last seen also on the closing usage chunk (decision 227).
  let fingerprint: unknown;
  let tier: unknown;
  return {
    push({ data }) {
      if (data.trim() === '[DONE]') {
        sawDone = true;
        return [];
      }
      const event = parseEventJson(data, label);
      // Mistral writes a stream's error flat, as its HTTP error bodies: `{object: 'error', message}`.
      const error = event.error ? event : event.object === 'error' ? { error: event } : undefined;
      if (error) {
        const message = extractProviderMessage(data) ?? `${label} reported a stream error`;
        throw openAiStyleError(error, message);
      }
      usage = usageFrom(event) ?? usage;
      if (typeof event.model === 'string') model = event.model;
      const choices = Array.isArray(event.choices)
        ? event.choices.map((raw, position) => toChunkChoice(raw, position, label))
        : [];
      if (event.system_fingerprint !== undefined) fingerprint = event.system_fingerprint;
      if (event.service_tier !== undefined) tier = event.service_tier;
      if (choices.length === 0) return [];
      if (choices.some((c) => c.finish_reason)) sawFinish = true;
      const chunk: ChatCompletionChunk = {
        id: meta.id,
        object: 'chat.completion.chunk',
        created: meta.created,
        model,
        choices,
      };
      return [withServedBy(chunk, fingerprint, tier)];
    },
    end() {
      const chunks = usageChunks(meta, model, usage);
      for (const chunk of chunks) withServedBy(chunk, fingerprint, tier);
      return chunks;
    },
    usage: () => usage,
    completed: () => sawDone || sawFinish,
    ended: () => sawDone,
  };
}

/** The chunk with the fingerprint and service tier the provider wrote, when it wrote them. */
function withServedBy(
  chunk: ChatCompletionChunk,
  fingerprint: unknown,
  tier: unknown,
): ChatCompletionChunk {
  if (fingerprint !== undefined) chunk.system_fingerprint = fingerprint as string | null;
  if (tier !== undefined) chunk.service_tier = tier as string | null;
  return chunk;
}

function toChunkChoice(raw: unknown, position: number, label: string): ChunkChoice {
  const choice = (raw ?? {}) as Record<string, unknown>;
  const delta = { ...((choice.delta ?? {}) as ChunkChoice['delta']) };
  if (Array.isArray(delta.content)) delta.content = flattenContent(delta.content);
  if (delta.tool_calls != null) delta.tool_calls = toolCallDeltas(delta.tool_calls, label);
  return withFields(choice, {
    index: typeof choice.index === 'number' ? choice.index : position,
    delta,
    finish_reason: normalizeFinishReason(choice.finish_reason),
  });
}

/**
 * Tool call deltas as every later step reads them (objects numbered by `index`, the position when
 * a vendor leaves it out); anything else is an unreadable event, a 502 naming the provider rather
 * than a failure of the gateway's own further down.
 */
function toolCallDeltas(
  raw: unknown,
  label: string,
): NonNullable<ChunkChoice['delta']['tool_calls']> {
  const isCall = (c: unknown) => Boolean(c) && typeof c === 'object' && !Array.isArray(c);
  const calls: Record<string, unknown>[] = Array.isArray(raw) ? raw : [];
  if (!Array.isArray(raw) || !calls.every(isCall)) {
    throw new GatewayError(
      502,
      `${label} sent a stream event the gateway cannot read`,
      'api_error',
    );
  }
  return calls.map((call, position) =>
    typeof call.index === 'number' ? call : { ...call, index: position },
  ) as NonNullable<ChunkChoice['delta']['tool_calls']>;
}
