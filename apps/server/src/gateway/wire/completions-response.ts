import type {
  ChatCompletionChunk,
  ChatCompletionResponse,
  FinishReason,
  TokenUsage,
} from '../types.ts';
import { LegacyLogprobs } from './legacy-logprobs.ts';
import { openAiStreamTrailer } from './openai-format.ts';
import { formatSse } from './sse.ts';

/** What every text_completion object of one request repeats, and how its prompts are laid out. */
export interface CompletionsMeta {
  id: string;
  created: number;
  model: string;
  /** Per prompt: the prompt, when echoed by the gateway (a chat model under `echo: true`), else ''. */
  prefixes: string[];
  /** Choices per prompt: prompt p's choice i is choice `p * n + i`, as OpenAI numbers them. */
  n: number;
  /** Per prompt, set when a chat model's logprobs become the legacy lists: the first offset. */
  logprobsFrom?: number[] | undefined;
}

type TextFinish = 'stop' | 'length' | 'content_filter';

/** A text completion ends on its length, a filter, or else normally (it has no tool calls). */
function textFinish(reason: FinishReason): TextFinish {
  return reason === 'length' || reason === 'content_filter' ? reason : 'stop';
}

/**
 * The canonical answers, one per prompt, as OpenAI's `text_completion` object (decisions 152 and
 * 155): their choices in prompt order, numbered on, and their usage added up.
 */
export function toTextCompletion(answers: ChatCompletionResponse[], meta: CompletionsMeta) {
  const [first] = answers;
  return {
    id: meta.id,
    object: 'text_completion' as const,
    created: meta.created,
    model: meta.model,
    choices: answers.flatMap((response, prompt) =>
      response.choices.map((choice) => {
        const text = choice.message.content ?? choice.message.refusal ?? '';
        const from = meta.logprobsFrom?.[prompt];
        return {
          text: `${meta.prefixes[prompt] ?? ''}${text}`,
          index: prompt * meta.n + choice.index,
          logprobs:
            from === undefined
              ? (choice.logprobs ?? null)
              : new LegacyLogprobs(from).next(choice.logprobs),
          finish_reason: textFinish(choice.finish_reason),
        };
      }),
    ),
    usage: sumUsage(answers.map((a) => a.usage)),
    ...(first?.system_fingerprint ? { system_fingerprint: first.system_fingerprint } : {}),
    // The tier that served the first prompt (all share the request's `service_tier`; decision 230).
    ...(first?.service_tier ? { service_tier: first.service_tier } : {}),
  };
}

/**
 * Canonical chunks as OpenAI's streamed text completions: one `text_completion` object per chunk
 * with text or a finish, the echoed prompts first for each choice, one usage-only chunk (the
 * prompts' usage added up) when the caller asked for it, then `[DONE]`. Chunks of a later prompt
 * are written after `nextPrompt()`. Verified against the `openai` SDK's stream reader.
 */
export class CompletionsStreamWriter {
  private prompt = 0;
  private readonly usages: TokenUsage[] = [];
  private readonly logprobs = new Map<number, LegacyLogprobs>();
  /** The tier the provider's last chunk named, written on each chunk as OpenAI's (decision 230). */
  private serviceTier: string | null | undefined;

  constructor(
    private readonly meta: CompletionsMeta,
    private readonly options: { includeUsage: boolean },
  ) {}

  /** The echoed prompts, one chunk per choice, before the answers ('' when nothing is echoed). */
  start(): string {
    let text = '';
    for (const [prompt, prefix] of this.meta.prefixes.entries()) {
      if (!prefix) continue;
      for (let i = 0; i < this.meta.n; i++) {
        const index = prompt * this.meta.n + i;
        text += this.event([{ text: prefix, index, logprobs: null, finish_reason: null }]);
      }
    }
    return text;
  }

  /** The next prompt's chunks follow. */
  nextPrompt(): void {
    this.prompt++;
  }

  push(chunk: ChatCompletionChunk): string {
    if (chunk.usage) this.usages.push(chunk.usage);
    if (chunk.service_tier) this.serviceTier = chunk.service_tier;
    const choices = chunk.choices
      .filter((c) => c.delta.content || c.delta.refusal || c.finish_reason)
      .map((c) => {
        const index = this.prompt * this.meta.n + c.index;
        return {
          text: c.delta.content ?? c.delta.refusal ?? '',
          index,
          logprobs: this.logprobsOf(index, c.logprobs),
          finish_reason: c.finish_reason ? textFinish(c.finish_reason) : null,
        };
      });
    return choices.length === 0 ? '' : this.event(choices);
  }

  finish(): string {
    const usage = this.options.includeUsage && this.usages.length ? sumUsage(this.usages) : null;
    return `${usage ? this.event([], usage) : ''}${openAiStreamTrailer}`;
  }

  /** A chunk's logprobs as they came, or as legacy lists going on from the choice's last offset. */
  private logprobsOf(index: number, logprobs: unknown): unknown {
    const from = this.meta.logprobsFrom?.[this.prompt];
    if (from === undefined) return logprobs ?? null;
    let lists = this.logprobs.get(index);
    if (!lists) {
      lists = new LegacyLogprobs(from);
      this.logprobs.set(index, lists);
    }
    return lists.next(logprobs);
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
      ...(this.serviceTier ? { service_tier: this.serviceTier } : {}),
    });
  }
}

/** Several answers' usage as one: every count added, details kept when any answer had them. */
function sumUsage(usages: TokenUsage[]): TokenUsage {
  if (usages.length === 1 && usages[0]) return usages[0];
  const sum: TokenUsage = { prompt_tokens: 0, completion_tokens: 0, total_tokens: 0 };
  for (const u of usages) {
    sum.prompt_tokens += u.prompt_tokens;
    sum.completion_tokens += u.completion_tokens;
    sum.total_tokens += u.total_tokens;
    if (u.prompt_tokens_details)
      sum.prompt_tokens_details = addCounts(sum.prompt_tokens_details, u.prompt_tokens_details);
    if (u.completion_tokens_details)
      sum.completion_tokens_details = addCounts(
        sum.completion_tokens_details,
        u.completion_tokens_details,
      );
  }
  return sum;
}

function addCounts<T extends Record<string, unknown>>(into: T | undefined, from: T): T {
  const next: Record<string, unknown> = { ...into };
  for (const [k, v] of Object.entries(from))
    if (typeof v === 'number') next[k] = ((next[k] as number | undefined) ?? 0) + v;
  return next as T;
}
