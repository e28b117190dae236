import type { GatewayContext } from './context.ts';
import { finish } from './log/finish.ts';
import type { GatewayServices } from './services.ts';
import {
  type ChatCompletionChunk,
  type ChatCompletionResponse,
  type CitedTextBlock,
  type ExtraContent,
  type FinishReason,
  GatewayError,
  type TextBlockDelta,
  type ThinkingBlock,
  type ThinkingDelta,
  type ToolCall,
} from './types.ts';
import type { UpstreamChatResult } from './upstream/client.ts';

/** The status a request is logged with when its caller went away. */
const CALLER_LEFT = 499;

/**
 * Passes upstream chunks to the caller as they arrive and records the request when the stream
 * ends: success with the provider's usage (or counted text), or an error when the upstream cut
 * the stream or the caller went away. A stream whose end signal arrived is also handed to
 * `onComplete` as one assembled answer (the cache keeps it); its usage is zeros when the provider
 * reported none, as a plain answer's is (the cache then counts it).
 */
export async function* relayStream(
  ctx: GatewayContext,
  services: GatewayServices,
  result: Extract<UpstreamChatResult, { kind: 'stream' }>,
  onComplete: (response: ChatCompletionResponse) => void = () => {},
): AsyncGenerator<ChatCompletionChunk[]> {
  const answer = new StreamAssembly();
  let finished = false;
  try {
    for await (const batch of result.chunks) {
      for (const chunk of batch) answer.add(chunk);
      yield batch;
    }
    finished = true;
    const usage = result.translator.usage();
    finish(ctx, services, {
      ok: true,
      httpStatus: 200,
      ...(usage ? { usage } : {}),
      responseText: answer.text(),
      ...(answer.model ? { answeredModel: answer.model } : {}),
    });
    // Cut after the answer's end but before the stream's (no [DONE], no message_stop): the caller
    // has a finished answer, but what was lost (usage, further choices) is not known. Not kept.
    if (result.translator.ended()) onComplete(answer.toResponse(ctx.requestId, usage ?? NO_USAGE));
  } catch (err) {
    finished = true;
    const status = err instanceof GatewayError ? err.status : 502;
    const responseText = answer.text();
    finish(ctx, services, {
      ok: false,
      httpStatus: status,
      errorMessage: (err as Error).message,
      responseText,
      // The provider read the prompt and wrote what was relayed, and bills both: when the caller
      // left (the gateway then ends the provider's call), and when the stream failed after text
      // went out (docs/metrics.md, failed).
      ...(status === CALLER_LEFT || responseText !== '' ? { billed: true } : {}),
    });
    throw err;
  } finally {
    if (!finished) {
      // The consumer stopped early: the caller disconnected mid-stream.
      finish(ctx, services, {
        ok: false,
        httpStatus: CALLER_LEFT,
        errorMessage: 'Client closed the connection',
        responseText: answer.text(),
        billed: true,
      });
    }
  }
}

/** A stream's usage when the provider reported none: zeros, as the adapters give a plain answer. */
const NO_USAGE = { prompt_tokens: 0, completion_tokens: 0, total_tokens: 0 };

/**
 * Collects a streamed answer (first choice) back into one completion, thinking blocks and their
 * signatures included: a cached answer replayed without them makes Claude refuse the next turn.
 * Claude's text blocks are kept when one is cited, so a replay carries its citations (decision 143);
 * OpenAI's annotations likewise (decision 177).
 */
export class StreamAssembly {
  model: string | undefined;
  private content = '';
  private finish: FinishReason = null;
  private stopSequence: string | undefined;
  private readonly calls = new Map<number, ToolCall>();
  private readonly thinking = new Map<number, ThinkingBlock>();
  /** Claude's text blocks, kept when one is cited (`text_blocks`; decision 143). */
  private readonly textBlocks = new Map<number, CitedTextBlock>();
  private textIndex = 0;
  private cited = false;
  /** Gemini's thought signature on a non-call part, carried on the message. */
  private extraContent: ExtraContent | undefined;
  /**
   * OpenAI's annotations as the model wrote them, indexes into its text with placeholders: the
   * form a whole answer is cached in, mapped when served (decision 177).
   */
  private readonly annotations: unknown[] = [];
  /** The provider's web search queries, as it wrote them (decision 185). */
  private readonly searchQueries: string[] = [];
  /** Claude's context editing report (decision 227). */
  private contextManagement: Record<string, unknown> | undefined;

  add(chunk: ChatCompletionChunk): void {
    this.model ??= chunk.model;
    const choice = chunk.choices.find((c) => c.index === 0);
    if (!choice) return;
    if (choice.delta.text_block) this.addTextBlock(choice.delta.text_block);
    if (choice.delta.content) {
      this.content += choice.delta.content;
      this.textBlock(this.textIndex).text += choice.delta.content;
    }
    for (const d of choice.delta.tool_calls ?? []) {
      const call = this.calls.get(d.index) ?? {
        id: '',
        type: 'function' as const,
        function: { name: '', arguments: '' },
      };
      if (d.id) call.id = d.id;
      if (d.function?.name) call.function.name += d.function.name;
      if (d.function?.arguments) call.function.arguments += d.function.arguments;
      // Gemini 3 rejects the next turn unless a call comes back with its thought signature.
      if (d.extra_content) call.extra_content = d.extra_content;
      this.calls.set(d.index, call);
    }
    for (const d of choice.delta.thinking_blocks ?? []) this.addThinking(d);
    if (choice.delta.extra_content) this.extraContent = choice.delta.extra_content;
    // Kept as they came: the restore stage, after this, replaces the delta's list, never its items.
    if (Array.isArray(choice.delta.annotations)) this.annotations.push(...choice.delta.annotations);
    this.searchQueries.push(...(choice.delta.web_search_queries ?? []));
    if (choice.finish_reason) this.finish = choice.finish_reason;
    if (typeof choice.stop_sequence === 'string') this.stopSequence = choice.stop_sequence;
    if (chunk.context_management) this.contextManagement = chunk.context_management;
  }

  /** A text block opening (its text follows as content) or a citation of it. */
  private addTextBlock(d: TextBlockDelta): void {
    this.textIndex = d.index;
    const block = this.textBlock(d.index);
    if (!d.citation) return;
    block.citations = [...(block.citations ?? []), d.citation];
    this.cited = true;
  }

  private textBlock(index: number): CitedTextBlock {
    let block = this.textBlocks.get(index);
    if (!block) {
      block = { type: 'text', text: '' };
      this.textBlocks.set(index, block);
    }
    return block;
  }

  /** The first delta of an index names its type; thinking text accrues, the signature comes whole. */
  private addThinking(d: ThinkingDelta): void {
    let block = this.thinking.get(d.index);
    if (!block) {
      block =
        d.type === 'redacted_thinking'
          ? { type: 'redacted_thinking', data: '' }
          : { type: 'thinking', thinking: '', signature: '' };
      this.thinking.set(d.index, block);
    }
    if (block.type === 'redacted_thinking') {
      if (d.data) block.data = d.data;
      return;
    }
    if (d.thinking) block.thinking += d.thinking;
    if (d.signature) block.signature = d.signature;
  }

  text(): string {
    const calls = [...this.calls.values()].map(
      (c) => `${c.function.name}(${c.function.arguments})`,
    );
    return [this.content, ...calls].filter(Boolean).join('\n');
  }

  toResponse(id: string, usage: ChatCompletionResponse['usage']): ChatCompletionResponse {
    const calls = inOrder(this.calls);
    const thinking = inOrder(this.thinking);
    return {
      id,
      object: 'chat.completion',
      created: Math.floor(Date.now() / 1000),
      model: this.model ?? '',
      choices: [
        {
          index: 0,
          message: {
            role: 'assistant',
            content: this.content || null,
            ...(calls.length ? { tool_calls: calls } : {}),
            ...(thinking.length ? { thinking_blocks: thinking } : {}),
            ...(this.cited ? { text_blocks: inOrder(this.textBlocks) } : {}),
            ...(this.annotations.length ? { annotations: this.annotations } : {}),
            ...(this.searchQueries.length ? { web_search_queries: this.searchQueries } : {}),
            ...(this.extraContent ? { extra_content: this.extraContent } : {}),
          },
          finish_reason: this.finish,
          ...(this.stopSequence !== undefined ? { stop_sequence: this.stopSequence } : {}),
        },
      ],
      usage,
      ...(this.contextManagement ? { context_management: this.contextManagement } : {}),
    };
  }
}

function inOrder<T>(byIndex: Map<number, T>): T[] {
  return [...byIndex.entries()].sort(([a], [b]) => a - b).map(([, v]) => v);
}
