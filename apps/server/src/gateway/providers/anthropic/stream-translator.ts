import type { ChatCompletionChunk, TokenUsage, UpstreamTarget } from '../../types.ts';
import type { StreamTranslator } from '../provider-adapter.ts';
import { chunkOf, usageChunks, usageOf } from '../shared/chunk.ts';
import { parseEventJson } from '../shared/http-spec.ts';
import { finishFromStopReason } from './finish-reason.ts';
import { streamErrorFromEvent } from './stream-error.ts';
import { anthropicPromptTokens } from './usage.ts';

type Json = Record<string, unknown>;
type Delta = ChatCompletionChunk['choices'][number]['delta'];

/**
 * Anthropic Messages SSE → OpenAI chunks. Input tokens come with message_start, output tokens
 * (cumulative) with message_delta; tool_use blocks are numbered in order of appearance, the way
 * OpenAI numbers tool_calls.
 */
export function anthropicStream(
  target: UpstreamTarget,
  meta: { id: string; created: number },
): StreamTranslator {
  let model = target.model;
  let promptTokens: number | undefined;
  let completionTokens: number | undefined;
  let stopped = false;
  const toolIndexByBlock = new Map<number, number>();
  const emit = (delta: Delta, finish: ReturnType<typeof finishFromStopReason> | null = null) => [
    chunkOf(meta, model, delta, finish),
  ];
  const readUsage = (raw: unknown) => {
    if (!raw || typeof raw !== 'object') return;
    const usage = raw as Json;
    promptTokens = anthropicPromptTokens(usage) ?? promptTokens;
    if (typeof usage.output_tokens === 'number') completionTokens = usage.output_tokens;
  };

  const usage = (): TokenUsage | undefined =>
    promptTokens === undefined && completionTokens === undefined
      ? undefined
      : usageOf(promptTokens ?? 0, completionTokens ?? 0);

  const onBlockStart = (event: Json): ChatCompletionChunk[] => {
    const block = (event.content_block ?? {}) as Json;
    if (block.type === 'text' && typeof block.text === 'string' && block.text) {
      return emit({ content: block.text });
    }
    if (block.type !== 'tool_use') return [];
    const index = toolIndexByBlock.size;
    toolIndexByBlock.set(Number(event.index), index);
    const call = { name: String(block.name), arguments: '' };
    return emit({
      tool_calls: [{ index, id: String(block.id), type: 'function', function: call }],
    });
  };

  const onBlockDelta = (event: Json): ChatCompletionChunk[] => {
    const delta = (event.delta ?? {}) as Json;
    if (delta.type === 'text_delta' && typeof delta.text === 'string' && delta.text) {
      return emit({ content: delta.text });
    }
    const index = toolIndexByBlock.get(Number(event.index));
    if (delta.type !== 'input_json_delta' || index === undefined) return [];
    if (typeof delta.partial_json !== 'string' || !delta.partial_json) return [];
    return emit({ tool_calls: [{ index, function: { arguments: delta.partial_json } }] });
  };

  return {
    push({ event: name, data }) {
      const event = parseEventJson(data, 'Anthropic');
      switch (event.type ?? name) {
        case 'message_start': {
          const message = (event.message ?? {}) as Json;
          if (typeof message.model === 'string') model = message.model;
          readUsage(message.usage);
          return emit({ role: 'assistant', content: '' });
        }
        case 'content_block_start':
          return onBlockStart(event);
        case 'content_block_delta':
          return onBlockDelta(event);
        case 'message_delta': {
          readUsage(event.usage);
          const reason = ((event.delta ?? {}) as Json).stop_reason;
          return reason ? emit({}, finishFromStopReason(reason)) : [];
        }
        case 'message_stop':
          stopped = true;
          return [];
        case 'error':
          throw streamErrorFromEvent(event);
        default:
          // ping, content_block_stop, thinking and signature deltas carry nothing to forward.
          return [];
      }
    },
    end: () => usageChunks(meta, model, usage()),
    usage,
    completed: () => stopped,
  };
}
