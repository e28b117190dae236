import type {
  ChatCompletionChunk,
  ChatCompletionResponse,
  FinishReason,
  TokenUsage,
} from '../types.ts';
import { openAiStreamTrailer } from './openai-format.ts';
import { formatSse } from './sse.ts';

/** What every text_completion object of one answer repeats. */
export interface CompletionsMeta {
  id: string;
  created: number;
  model: string;
  /** The prompt, when echoed by the gateway (a chat model under `echo: true`), else ''. */
  prefix: string;
}

type TextFinish = 'stop' | 'length' | 'content_filter';

/** A text completion ends on its length, a filter, or else normally (it has no tool calls). */
function textFinish(reason: FinishReason): TextFinish {
  return reason === 'length' || reason === 'content_filter' ? reason : 'stop';
}

/** The canonical answer as OpenAI's `text_completion` object (decision 152). */
export function toTextCompletion(response: ChatCompletionResponse, meta: CompletionsMeta) {
  return {
    id: meta.id,
    object: 'text_completion' as const,
    created: meta.created,
    model: meta.model,
    choices: response.choices.map((choice) => ({
      text: `${meta.prefix}${choice.message.content ?? choice.message.refusal ?? ''}`,
      index: choice.index,
      logprobs: choice.logprobs ?? null,
      finish_reason: textFinish(choice.finish_reason),
    })),
    usage: response.usage,
    ...(response.system_fingerprint ? { system_fingerprint: response.system_fingerprint } : {}),
  };
}

/**
 * Canonical chunks as OpenAI's streamed text completions: one `text_completion` object per chunk
 * with text or a finish, the echoed prompt first for each choice, a usage-only chunk when the
 * caller asked for it, then `[DONE]`. Verified against the `openai` SDK's stream reader.
 */
export class CompletionsStreamWriter {
  constructor(
    private readonly meta: CompletionsMeta,
    private readonly options: { choices: number; includeUsage: boolean },
  ) {}

  /** The echoed prompt, one chunk per choice, before the answer ('' when nothing is echoed). */
  start(): string {
    if (!this.meta.prefix) return '';
    let text = '';
    for (let index = 0; index < this.options.choices; index++) {
      text += this.event([{ text: this.meta.prefix, index, logprobs: null, finish_reason: null }]);
    }
    return text;
  }

  push(chunk: ChatCompletionChunk): string {
    const usage = this.options.includeUsage && chunk.usage ? chunk.usage : undefined;
    const choices = chunk.choices
      .filter((c) => c.delta.content || c.delta.refusal || c.finish_reason)
      .map((c) => ({
        text: c.delta.content ?? c.delta.refusal ?? '',
        index: c.index,
        logprobs: c.logprobs ?? null,
        finish_reason: c.finish_reason ? textFinish(c.finish_reason) : null,
      }));
    if (choices.length === 0 && !usage) return '';
    return this.event(choices, usage);
  }

  finish(): string {
    return openAiStreamTrailer;
  }

  private event(choices: unknown[], usage?: TokenUsage): string {
    const { id, created, model } = this.meta;
    return formatSse({
      id,
      object: 'text_completion',
      created,
      model,
      choices,
      ...(usage ? { usage } : {}),
    });
  }
}
