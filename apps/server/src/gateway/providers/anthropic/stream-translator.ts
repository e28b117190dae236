import type { ChatCompletionChunk, TokenUsage, UpstreamTarget } from '../../types.ts';
import type { StreamTranslator } from '../provider-adapter.ts';
import { chunkOf, usageChunks } from '../shared/chunk.ts';
import { parseEventJson } from '../shared/http-spec.ts';
import { finishFromStopReason } from './finish-reason.ts';
import { blockDelta, blockStart, blockStop, type StreamBlocks } from './stream-blocks.ts';
import { anthropicError } from './stream-error.ts';
import { type AnthropicTokenCounts, readAnthropicUsage, toTokenUsage } from './usage.ts';

type Json = Record<string, unknown>;
type Delta = ChatCompletionChunk['choices'][number]['delta'];

/**
 * Anthropic Messages SSE → OpenAI chunks. Input tokens (cache reads and writes included) come
 * with message_start, output tokens (cumulative) with message_delta, which newer API versions
 * also give final input and cache figures. Content blocks are translated in stream-blocks.ts.
 */
export function anthropicStream(
  target: UpstreamTarget,
  meta: { id: string; created: number },
): StreamTranslator {
  let model = target.model;
  let counts: AnthropicTokenCounts = {};
  let stopped = false;
  let stopReason = false;
  const blocks: StreamBlocks = {
    toolIndexByBlock: new Map(),
    thinkingIndexByBlock: new Map(),
    textIndexByBlock: new Map(),
    toolsWithArguments: new Set(),
    textLength: 0,
    textStartByBlock: new Map(),
    citationsByBlock: new Map(),
    searchInputByBlock: new Map(),
  };
  const emit = (delta: Delta) => [chunkOf(meta, model, delta)];
  const readUsage = (raw: unknown) => {
    counts = readAnthropicUsage(raw, counts);
  };

  const usage = (): TokenUsage | undefined =>
    counts.input === undefined && counts.output === undefined ? undefined : toTokenUsage(counts);

  const onMessageDelta = (event: Json): ChatCompletionChunk[] => {
    readUsage(event.usage);
    const delta = (event.delta ?? {}) as Json;
    if (!delta.stop_reason) return [];
    stopReason = true;
    const chunk = chunkOf(meta, model, {}, finishFromStopReason(delta.stop_reason));
    const choice = chunk.choices[0];
    if (choice && typeof delta.stop_sequence === 'string')
      choice.stop_sequence = delta.stop_sequence;
    // Context editing's report (beta) comes on message_delta, whole (decision 227).
    const edits = event.context_management;
    if (edits && typeof edits === 'object') chunk.context_management = edits as Json;
    return [chunk];
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
          return blockStart(event, blocks).flatMap(emit);
        case 'content_block_delta': {
          const delta = blockDelta(event, blocks);
          return delta ? emit(delta) : [];
        }
        case 'content_block_stop': {
          const delta = blockStop(event, blocks);
          return delta ? emit(delta) : [];
        }
        case 'message_delta':
          return onMessageDelta(event);
        case 'message_stop':
          stopped = true;
          return [];
        case 'error':
          throw anthropicError(event);
        default:
          // ping carries nothing to forward.
          return [];
      }
    },
    end: () => usageChunks(meta, model, usage()),
    usage,
    // The SDKs read message_delta's stop_reason as the answer's end; message_stop ends the stream.
    completed: () => stopped || stopReason,
    ended: () => stopped,
  };
}
