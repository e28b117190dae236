import type {
  ChatCompletionChunk,
  FinishReason,
  TextBlockDelta,
  ThinkingDelta,
  TokenUsage,
} from '../types.ts';
import { anthropicMessageId, stopReasonFor } from './anthropic-stop-reason.ts';
import { toAnthropicUsage } from './anthropic-usage.ts';
import { formatSse } from './sse.ts';

const event = (type: string, data: Record<string, unknown>) => formatSse({ type, ...data }, type);

type ToolCallDelta = NonNullable<
  ChatCompletionChunk['choices'][number]['delta']['tool_calls']
>[number];

type OpenBlock =
  | { kind: 'text'; textIndex?: number }
  | { kind: 'tool'; toolIndex: number }
  | { kind: 'thinking'; thinkingIndex: number };

/**
 * OpenAI chunks → Anthropic Messages SSE text: message_start, one content block per thinking
 * block, text run or tool call (content_block_start / *_delta / content_block_stop, with
 * thinking_delta and signature_delta for thinking), message_delta with stop_reason and usage
 * (cache reads and writes apart, as Anthropic counts them), message_stop. Only choice 0 is
 * written; Anthropic has a single answer.
 */
export class AnthropicStreamWriter {
  private blockIndex = -1;
  private open: OpenBlock | undefined;
  private finishReason: FinishReason = null;
  private stopSequence: string | null = null;
  /** OpenAI's refusal was streamed (as text): the message stops with `refusal`. */
  private refused = false;
  private seenUsage: TokenUsage | undefined;
  private startUsage: TokenUsage | undefined;
  /** Claude's context editing report, written on message_delta as Claude does (decision 227). */
  private contextManagement: Record<string, unknown> | undefined;

  /**
   * `usage` is what is known before any content (Anthropic's own message_start count): its input
   * goes in message_start, as Anthropic sends it, and readers that take the input count from there
   * alone (LangChain) see it. Output starts at 0; message_delta carries the final counts.
   */
  start(meta: { id: string; model: string; usage?: TokenUsage }): string {
    this.startUsage = meta.usage;
    const atStart = meta.usage && { ...meta.usage, completion_tokens: 0 };
    return event('message_start', {
      message: {
        id: anthropicMessageId(meta.id),
        type: 'message',
        role: 'assistant',
        model: meta.model,
        content: [],
        stop_reason: null,
        stop_sequence: null,
        usage: toAnthropicUsage(atStart),
      },
    });
  }

  push(chunk: ChatCompletionChunk): string {
    if (chunk.usage) this.seenUsage = chunk.usage;
    if (chunk.context_management) this.contextManagement = chunk.context_management;
    const choice = chunk.choices.find((c) => c.index === 0);
    if (!choice) return '';
    let out = '';
    for (const thinking of choice.delta.thinking_blocks ?? []) out += this.pushThinking(thinking);
    const { refusal } = choice.delta;
    if (refusal) this.refused = true;
    const textBlock = choice.delta.text_block;
    if (textBlock) out += this.pushTextBlock(textBlock);
    const text = choice.delta.content || refusal;
    if (text) {
      if (this.open?.kind !== 'text')
        out += this.openBlock({ type: 'text', text: '' }, { kind: 'text' });
      out += this.delta({ type: 'text_delta', text });
    }
    for (const call of choice.delta.tool_calls ?? []) out += this.pushToolCall(call);
    if (choice.finish_reason) this.finishReason = choice.finish_reason;
    if (typeof choice.stop_sequence === 'string') this.stopSequence = choice.stop_sequence;
    return out;
  }

  /** Closes the message; usage defaults to the usage chunk seen in the stream, if any. */
  finish(usage?: TokenUsage): string {
    const stopReason = this.stopSequence
      ? 'stop_sequence'
      : stopReasonFor(this.refused ? 'content_filter' : (this.finishReason ?? 'stop'));
    return (
      this.closeBlock() +
      event('message_delta', {
        delta: { stop_reason: stopReason, stop_sequence: this.stopSequence },
        usage: toAnthropicUsage(usage ?? this.seenUsage ?? this.startUsage),
        ...(this.contextManagement && { context_management: this.contextManagement }),
      }) +
      event('message_stop', {})
    );
  }

  /** A thinking block opens on its first delta; its text and signature follow as they come. */
  private pushThinking(thinking: ThinkingDelta): string {
    let out = '';
    if (this.open?.kind !== 'thinking' || this.open.thinkingIndex !== thinking.index) {
      const block =
        thinking.type === 'redacted_thinking'
          ? { type: 'redacted_thinking', data: thinking.data ?? '' }
          : { type: 'thinking', thinking: '', signature: '' };
      out += this.openBlock(block, { kind: 'thinking', thinkingIndex: thinking.index });
    }
    if (thinking.thinking)
      out += this.delta({ type: 'thinking_delta', thinking: thinking.thinking });
    if (thinking.signature) {
      out += this.delta({ type: 'signature_delta', signature: thinking.signature });
    }
    return out;
  }

  /** Claude's next text block opens where it did; its citations follow as they come. */
  private pushTextBlock(block: TextBlockDelta): string {
    let out = '';
    if (this.open?.kind !== 'text' || this.open.textIndex !== block.index) {
      out += this.openBlock({ type: 'text', text: '' }, { kind: 'text', textIndex: block.index });
    }
    if (block.citation) out += this.delta({ type: 'citations_delta', citation: block.citation });
    return out;
  }

  private pushToolCall(call: ToolCallDelta): string {
    let out = '';
    if (this.open?.kind !== 'tool' || this.open.toolIndex !== call.index) {
      const block = {
        type: 'tool_use',
        id: call.id ?? `toolu_${this.blockIndex + 1}`,
        name: call.function?.name ?? '',
        input: {},
        ...(call.extra_content ? { extra_content: call.extra_content } : {}),
      };
      out += this.openBlock(block, { kind: 'tool', toolIndex: call.index });
    }
    const json = call.function?.arguments;
    if (json) out += this.delta({ type: 'input_json_delta', partial_json: json });
    return out;
  }

  private openBlock(block: Record<string, unknown>, open: OpenBlock): string {
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
