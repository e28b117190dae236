import type { ChatCompletionChunk, FinishReason, TokenUsage } from '../types.ts';
import { toResponsesAnnotations, type UrlCitation } from './responses-annotations.ts';
import type { ResponsesEcho } from './responses-request.ts';
import {
  type FunctionCallItem,
  functionCallId,
  type MessageItem,
  type OutputItem,
  outputText,
  responseObject,
  statusFor,
  tokenLogprobs,
  webSearchCall,
} from './responses-response.ts';
import { formatSse } from './sse.ts';

type ToolCallDelta = NonNullable<
  ChatCompletionChunk['choices'][number]['delta']['tool_calls']
>[number];

type Open =
  // `refusal`: OpenAI's refusal, written as the message's refusal part rather than output_text.
  | {
      kind: 'message';
      item: MessageItem;
      text: string;
      refusal: boolean;
      annotations: UrlCitation[];
      /** The text's token logprobs so far, when the caller included them (decision 230). */
      logprobs: unknown[];
      /** Where the item's text starts in the answer's text, which annotations count over. */
      base: number;
    }
  | { kind: 'call'; item: FunctionCallItem; toolIndex: number };

/**
 * OpenAI chat chunks → Responses API server-sent events, in the order OpenAI sends them and the
 * SDK's `responses.stream()` accumulator checks: response.created and response.in_progress; per
 * output item output_item.added, then for a web search (decision 185) web_search_call.in_progress,
 * .searching and .completed, then for a message content_part.added, output_text.delta…,
 * output_text.annotation.added for each annotation, output_text.done (or refusal.delta… and
 * refusal.done), content_part.done, or for a call
 * function_call_arguments.delta… and .done;
 * output_item.done; last response.completed (or response.incomplete) with the whole response and
 * its usage. Every event carries its sequence_number. Only choice 0 is written.
 */
export class ResponsesStreamWriter {
  private sequence = 0;
  private readonly output: OutputItem[] = [];
  private open: Open | undefined;
  private finishReason: FinishReason = null;
  private usage: TokenUsage | undefined;
  /** The tier the provider's chunks named (OpenAI writes it on each; decision 230). */
  private serviceTier: string | null | undefined;
  private searches = 0;
  /** The answer's text written so far, over every message item (annotations count over it). */
  private textWritten = 0;

  constructor(private readonly meta: { id: string; createdAt: number; echo: ResponsesEcho }) {}

  start(): string {
    const response = responseObject(this.meta, 'in_progress', [], {});
    return (
      this.event('response.created', { response }) +
      this.event('response.in_progress', { response })
    );
  }

  push(chunk: ChatCompletionChunk): string {
    if (chunk.usage) this.usage = chunk.usage;
    if (chunk.service_tier) this.serviceTier = chunk.service_tier;
    const choice = chunk.choices.find((c) => c.index === 0);
    if (!choice) return '';
    let out = '';
    for (const query of choice.delta.web_search_queries ?? []) out += this.pushSearch(query);
    const text = choice.delta.content;
    if (text) out += this.pushText(text, false, tokenLogprobs(choice.logprobs));
    const refusal = choice.delta.refusal;
    if (refusal) out += this.pushText(refusal, true);
    for (const annotation of toResponsesAnnotations(choice.delta.annotations))
      out += this.pushAnnotation(annotation);
    for (const call of choice.delta.tool_calls ?? []) out += this.pushCall(call);
    if (choice.finish_reason) this.finishReason = choice.finish_reason;
    return out;
  }

  /** Closes the open item and the response; usage defaults to the usage chunk seen. */
  finish(usage?: TokenUsage): string {
    let out = this.closeItem();
    // An answer with no text and no call still has its message, as a whole answer does.
    if (this.output.length === 0) out += this.openMessage() + this.closeItem();
    const finishReason = this.finishReason ?? 'stop';
    const status = statusFor(finishReason);
    const response = responseObject(this.meta, status, this.output, {
      finishReason,
      ...((usage ?? this.usage) ? { usage: usage ?? this.usage } : {}),
      serviceTier: this.serviceTier,
    });
    return (
      out +
      this.event(status === 'completed' ? 'response.completed' : 'response.incomplete', {
        response,
      })
    );
  }

  /** The provider failed mid-answer: an error event, then the response marked failed. */
  fail(error: { code: string; message: string }): string {
    const out = this.event('error', { code: error.code, message: error.message, param: null });
    const response = responseObject(this.meta, 'failed', this.output, { error });
    return out + this.event('response.failed', { response });
  }

  private pushText(text: string, refusal: boolean, logprobs: unknown[] = []): string {
    let out = '';
    if (this.open?.kind !== 'message' || this.open.refusal !== refusal)
      out += this.openMessage(refusal);
    const open = this.open as Extract<Open, { kind: 'message' }>;
    open.text += text;
    if (!refusal) this.textWritten += text.length;
    if (logprobs.length) open.logprobs.push(...logprobs);
    const at = { item_id: open.item.id, output_index: this.output.length - 1, content_index: 0 };
    return (
      out +
      (refusal
        ? this.event('response.refusal.delta', { ...at, delta: text })
        : this.event('response.output_text.delta', { ...at, delta: text, logprobs }))
    );
  }

  /**
   * A search the provider ran, whole: it is over by the time the provider names it, so its item
   * goes through OpenAI's events at once (added, in_progress, searching, completed, done).
   */
  private pushSearch(query: string): string {
    const out = this.closeItem();
    const item = webSearchCall(this.meta.id, this.searches++, query, 'in_progress');
    this.output.push(item);
    const at = { item_id: item.id, output_index: this.output.length - 1 };
    const added = this.event('response.output_item.added', {
      output_index: at.output_index,
      item: { ...item },
    });
    const progress =
      this.event('response.web_search_call.in_progress', at) +
      this.event('response.web_search_call.searching', at) +
      this.event('response.web_search_call.completed', at);
    item.status = 'completed';
    return (
      out +
      added +
      progress +
      this.event('response.output_item.done', { output_index: at.output_index, item })
    );
  }

  /**
   * An annotation of the text written so far (already counted in the restored text), its offsets
   * made the open item's own: a search or a call between two texts splits the answer's text into
   * two message items (decision 185).
   */
  private pushAnnotation(cited: UrlCitation): string {
    let out = '';
    if (this.open?.kind !== 'message' || this.open.refusal) out += this.openMessage();
    const open = this.open as Extract<Open, { kind: 'message' }>;
    const shift = (index: number) => Math.max(0, index - open.base);
    const annotation = {
      ...cited,
      start_index: shift(cited.start_index),
      end_index: shift(cited.end_index),
    };
    open.annotations.push(annotation);
    return (
      out +
      this.event('response.output_text.annotation.added', {
        item_id: open.item.id,
        output_index: this.output.length - 1,
        content_index: 0,
        annotation_index: open.annotations.length - 1,
        annotation,
      })
    );
  }

  private openMessage(refusal = false): string {
    const out = this.closeItem();
    const item: MessageItem = {
      type: 'message',
      id: `msg_${this.meta.id}${this.output.length ? `_${this.output.length}` : ''}`,
      status: 'in_progress',
      role: 'assistant',
      content: [],
    };
    this.output.push(item);
    this.open = {
      kind: 'message',
      item,
      text: '',
      refusal,
      annotations: [],
      logprobs: [],
      base: this.textWritten,
    };
    const outputIndex = this.output.length - 1;
    return (
      out +
      this.event('response.output_item.added', { output_index: outputIndex, item: { ...item } }) +
      this.event('response.content_part.added', {
        item_id: item.id,
        output_index: outputIndex,
        content_index: 0,
        part: refusal ? { type: 'refusal', refusal: '' } : outputText(''),
      })
    );
  }

  private pushCall(call: ToolCallDelta): string {
    let out = '';
    if (this.open?.kind !== 'call' || this.open.toolIndex !== call.index) {
      out += this.closeItem();
      const item: FunctionCallItem = {
        type: 'function_call',
        id: functionCallId(this.meta.id, call.index),
        call_id: call.id ?? `call_${call.index}_${this.meta.id}`,
        name: call.function?.name ?? '',
        arguments: '',
        status: 'in_progress',
      };
      this.output.push(item);
      this.open = { kind: 'call', item, toolIndex: call.index };
      out += this.event('response.output_item.added', {
        output_index: this.output.length - 1,
        item: { ...item },
      });
    }
    const open = this.open as Extract<Open, { kind: 'call' }>;
    const delta = call.function?.arguments;
    if (delta) {
      open.item.arguments += delta;
      out += this.event('response.function_call_arguments.delta', {
        item_id: open.item.id,
        output_index: this.output.length - 1,
        delta,
      });
    }
    return out;
  }

  private closeItem(): string {
    const open = this.open;
    if (!open) return '';
    this.open = undefined;
    const outputIndex = this.output.length - 1;
    let out = '';
    if (open.kind === 'message') {
      const at = { item_id: open.item.id, output_index: outputIndex, content_index: 0 };
      const part = open.refusal
        ? { type: 'refusal' as const, refusal: open.text }
        : outputText(open.text, open.annotations, open.logprobs);
      open.item.content = [part];
      out +=
        (open.refusal
          ? this.event('response.refusal.done', { ...at, refusal: open.text })
          : this.event('response.output_text.done', {
              ...at,
              text: open.text,
              logprobs: open.logprobs,
            })) + this.event('response.content_part.done', { ...at, part });
    } else {
      out += this.event('response.function_call_arguments.done', {
        item_id: open.item.id,
        output_index: outputIndex,
        name: open.item.name,
        arguments: open.item.arguments,
      });
    }
    open.item.status = 'completed';
    return (
      out + this.event('response.output_item.done', { output_index: outputIndex, item: open.item })
    );
  }

  private event(type: string, data: Record<string, unknown>): string {
    return formatSse({ type, sequence_number: this.sequence++, ...data }, type);
  }
}
