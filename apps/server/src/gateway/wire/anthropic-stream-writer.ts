import type { ChatCompletionChunk, FinishReason, TokenUsage } from '../types.ts';
import { anthropicMessageId, stopReasonFor } from './anthropic-stop-reason.ts';
import { formatSse } from './sse.ts';

const event = (type: string, data: Record<string, unknown>) => formatSse({ type, ...data }, type);

type ToolCallDelta = NonNullable<
  ChatCompletionChunk['choices'][number]['delta']['tool_calls']
>[number];

/**
 * OpenAI chunks → Anthropic Messages SSE text: message_start, one content block per text run or
 * tool call (content_block_start / *_delta / content_block_stop), message_delta with stop_reason
 * and usage, message_stop. Only choice 0 is written; Anthropic has a single answer.
 */
export class AnthropicStreamWriter {
  private blockIndex = -1;
  private open: { kind: 'text' } | { kind: 'tool'; toolIndex: number } | undefined;
  private finishReason: FinishReason = null;
  private seenUsage: TokenUsage | undefined;
  private inputTokens = 0;

  start(meta: { id: string; model: string; inputTokens?: number }): string {
    this.inputTokens = meta.inputTokens ?? 0;
    return event('message_start', {
      message: {
        id: anthropicMessageId(meta.id),
        type: 'message',
        role: 'assistant',
        model: meta.model,
        content: [],
        stop_reason: null,
        stop_sequence: null,
        usage: { input_tokens: this.inputTokens, output_tokens: 0 },
      },
    });
  }

  push(chunk: ChatCompletionChunk): string {
    if (chunk.usage) this.seenUsage = chunk.usage;
    const choice = chunk.choices.find((c) => c.index === 0);
    if (!choice) return '';
    let out = '';
    const text = choice.delta.content;
    if (text) {
      if (this.open?.kind !== 'text')
        out += this.openBlock({ type: 'text', text: '' }, { kind: 'text' });
      out += this.delta({ type: 'text_delta', text });
    }
    for (const call of choice.delta.tool_calls ?? []) out += this.pushToolCall(call);
    if (choice.finish_reason) this.finishReason = choice.finish_reason;
    return out;
  }

  /** Closes the message; usage defaults to the usage chunk seen in the stream, if any. */
  finish(usage?: TokenUsage): string {
    const final = usage ?? this.seenUsage;
    const inputTokens = final?.prompt_tokens ?? this.inputTokens;
    return (
      this.closeBlock() +
      event('message_delta', {
        delta: { stop_reason: stopReasonFor(this.finishReason ?? 'stop'), stop_sequence: null },
        usage: { input_tokens: inputTokens, output_tokens: final?.completion_tokens ?? 0 },
      }) +
      event('message_stop', {})
    );
  }

  private pushToolCall(call: ToolCallDelta): string {
    let out = '';
    if (this.open?.kind !== 'tool' || this.open.toolIndex !== call.index) {
      const block = {
        type: 'tool_use',
        id: call.id ?? `toolu_${this.blockIndex + 1}`,
        name: call.function?.name ?? '',
        input: {},
      };
      out += this.openBlock(block, { kind: 'tool', toolIndex: call.index });
    }
    const json = call.function?.arguments;
    if (json) out += this.delta({ type: 'input_json_delta', partial_json: json });
    return out;
  }

  private openBlock(block: Record<string, unknown>, open: NonNullable<typeof this.open>): string {
    const closed = this.closeBlock();
    this.blockIndex += 1;
    this.open = open;
    return closed + event('content_block_start', { index: this.blockIndex, content_block: block });
  }

  private delta(delta: Record<string, unknown>): string {
    return event('content_block_delta', { index: this.blockIndex, delta });
  }

  private closeBlock(): string {
    if (!this.open) return '';
    this.open = undefined;
    return event('content_block_stop', { index: this.blockIndex });
  }
}
