import { isTextCompletionModel, parseModelName } from '@tokenwise/pricing';
import { z } from 'zod';
import { type ChatCompletionRequest, type GatewayError, invalidParam } from '../types.ts';
import { parseRequest } from './parse-request.ts';

// What the gateway reads of an OpenAI legacy completions body; the rest passes through as for chat.
const completionsRequest = z.looseObject({
  model: z.string().min(1).max(200),
  prompt: z.unknown().optional(),
  stream: z.boolean().nullish(),
  stream_options: z.looseObject({ include_usage: z.boolean().nullish() }).nullish(),
  stop: z.union([z.string(), z.array(z.string())]).nullish(),
  temperature: z.number().nullish(),
  top_p: z.number().nullish(),
  // OpenAI's own limits (decision 094 for n).
  n: z.number().int().min(1).max(128).nullish(),
  best_of: z.number().int().min(1).max(20).nullish(),
  logprobs: z.number().int().min(0).max(5).nullish(),
  max_tokens: z.number().int().min(0).nullish(),
  echo: z.boolean().nullish(),
  suffix: z.string().nullish(),
  seed: z.number().int().nullish(),
  user: z.string().nullish(),
});

/** What the text_completion answer needs beyond the chat answers: the prompts, when echoed. */
export interface CompletionsEcho {
  model: string;
  /**
   * Per prompt, written before each of its choices' text: the caller's prompt under `echo: true`
   * to a chat model, else ''.
   */
  prefixes: string[];
  /**
   * Per prompt, where its answer starts in the prompt and answer written together: a legacy
   * logprobs `text_offset` counts from the prompt's start. Set when a chat model's logprobs are
   * turned into the legacy lists.
   */
  logprobsFrom?: number[];
}

/**
 * Prompts served in one request. Each is its own pipeline run (its own redaction, cache lookup,
 * provider call and log row), so the bound keeps one request from fanning out without limit.
 */
export const MAX_PROMPTS = 16;

function refuse(message: string, param: string): GatewayError {
  return invalidParam(param, message);
}

/**
 * An OpenAI legacy completions request (`client.completions.create`) → one canonical chat request
 * per prompt, for the same pipeline every format runs through (decisions 152 and 155). Each
 * prompt is one user message; to OpenAI's text completion models the provider adapter sends it
 * back as the `prompt` of `/v1/completions`, with `echo`, `suffix`, `best_of` and the `logprobs`
 * count as they came. To a chat model (any provider) `echo` is the gateway's (the prompt leads
 * the answer), `best_of` equal to `n` is plain `n`, and OpenAI's chat models take the `logprobs`
 * count as chat's `top_logprobs`; a suffix, other `best_of` values, logprobs elsewhere or with
 * `echo` have no chat form and are a 400 naming the field, as are token-id prompts.
 */
export function fromCompletionsRequest(body: unknown): {
  requests: ChatCompletionRequest[];
  echo: CompletionsEcho;
} {
  const req = parseRequest(completionsRequest, body);
  const prompts = promptsOf(req.prompt);
  const completionModel = isTextCompletionModel(req.model);
  const base: ChatCompletionRequest = { ...withoutNulls(req), model: req.model, messages: [] };
  delete base.prompt;
  for (const key of ['echo', 'suffix', 'best_of', 'logprobs'] as const) delete base[key];
  const requests = (params: Partial<ChatCompletionRequest>) =>
    prompts.map((prompt) => ({
      ...base,
      ...params,
      messages: [{ role: 'user' as const, content: prompt }],
    }));
  if (completionModel) {
    const params: Partial<ChatCompletionRequest> = {};
    if (req.echo != null) params.echo = req.echo;
    if (req.suffix != null) params.suffix = req.suffix;
    if (req.best_of != null) params.best_of = req.best_of;
    if (req.logprobs != null) params.logprobs = req.logprobs;
    return {
      requests: requests(params),
      echo: { model: req.model, prefixes: prompts.map(() => '') },
    };
  }
  // A chat model's ceiling is `max_completion_tokens`, which OpenAI's reasoning models require
  // (they refuse `max_tokens`) and every chat model takes (decision 222).
  if (base.max_tokens !== undefined) {
    base.max_completion_tokens ??= base.max_tokens;
    delete base.max_tokens;
  }
  const chatOnly = `${req.model} is a chat model, served on /v1/completions by the gateway as one user message`;
  if (req.suffix)
    throw refuse(
      `suffix is not supported: ${chatOnly}, and chat has no text to insert into; use an OpenAI text completion model (gpt-3.5-turbo-instruct)`,
      'suffix',
    );
  if (req.best_of != null && req.best_of !== (req.n ?? 1))
    throw refuse(
      `best_of is not supported: ${chatOnly}, which cannot pick the best of several answers; ask for n answers instead`,
      'best_of',
    );
  const prefixes = prompts.map((prompt) => (req.echo ? prompt : ''));
  if (req.logprobs == null) return { requests: requests({}), echo: { model: req.model, prefixes } };
  if (parseModelName(req.model)?.provider !== 'openai')
    throw refuse(
      `logprobs is not supported: ${chatOnly}, and only OpenAI's chat models give token logprobs; use an OpenAI model or text completion model (gpt-3.5-turbo-instruct)`,
      'logprobs',
    );
  if (req.echo)
    throw refuse(
      `logprobs with echo is not supported: ${chatOnly}, which gives logprobs for the answer only, never for the prompt; use an OpenAI text completion model (gpt-3.5-turbo-instruct) to score a prompt`,
      'logprobs',
    );
  return {
    requests: requests({ logprobs: true, top_logprobs: req.logprobs }),
    echo: { model: req.model, prefixes, logprobsFrom: prompts.map((p) => p.length) },
  };
}

/** The prompts as texts: a string, or a list of up to MAX_PROMPTS of them. */
function promptsOf(prompt: unknown): string[] {
  if (typeof prompt === 'string') return [prompt];
  if (prompt == null)
    throw refuse('prompt is required: the text the model should complete', 'prompt');
  if (!Array.isArray(prompt) || !prompt.every((p) => typeof p === 'string')) {
    throw refuse(
      'prompt as token ids is not supported: the gateway redacts, compresses and caches the prompt as text; send it as a string',
      'prompt',
    );
  }
  if (prompt.length === 0)
    throw refuse('prompt is empty: send the text the model should complete', 'prompt');
  if (prompt.length > MAX_PROMPTS)
    throw refuse(
      `too many prompts: the gateway serves up to ${MAX_PROMPTS} prompts in one request (this one has ${prompt.length}), each as its own call; send the rest in further requests`,
      'prompt',
    );
  return prompt as string[];
}

/** OpenAI reads a null optional field as absent; so does the gateway from here on. */
function withoutNulls(record: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(record).filter(([, value]) => value !== null));
}
