import { isTextCompletionModel } from '@tokenwise/pricing';
import { z } from 'zod';
import { type ChatCompletionRequest, GatewayError } from '../types.ts';
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

/** What the text_completion answer needs beyond the chat answer: the prompt, when it is echoed. */
export interface CompletionsEcho {
  model: string;
  /** Written before each choice's text: the caller's prompt under `echo: true` to a chat model. */
  prefix: string;
}

function refuse(message: string, param: string): GatewayError {
  const err = new GatewayError(400, message, 'invalid_request_error');
  err.param = param;
  return err;
}

/**
 * An OpenAI legacy completions request (`client.completions.create`) → the canonical chat request,
 * for the same pipeline every format runs through (decision 152). The prompt is one user message;
 * to OpenAI's text completion models the provider adapter sends it back as the `prompt` of
 * `/v1/completions`, with `echo`, `suffix`, `best_of` and the `logprobs` count as they came. To a
 * chat model (any provider) `echo` is the gateway's (the prompt leads the answer) and `best_of`
 * equal to `n` is plain `n`; a suffix, other `best_of` values and logprobs have no chat form and
 * are a 400 naming the field, as are token-id prompts and several prompts in one request.
 */
export function fromCompletionsRequest(body: unknown): {
  request: ChatCompletionRequest;
  echo: CompletionsEcho;
} {
  const req = parseRequest(completionsRequest, body);
  const prompt = promptOf(req.prompt);
  const completionModel = isTextCompletionModel(req.model);
  const request: ChatCompletionRequest = {
    ...withoutNulls(req),
    model: req.model,
    messages: [{ role: 'user', content: prompt }],
  };
  delete request.prompt;
  for (const key of ['echo', 'suffix', 'best_of', 'logprobs'] as const) delete request[key];
  if (completionModel) {
    if (req.echo != null) request.echo = req.echo;
    if (req.suffix != null) request.suffix = req.suffix;
    if (req.best_of != null) request.best_of = req.best_of;
    if (req.logprobs != null) request.logprobs = req.logprobs;
    return { request, echo: { model: req.model, prefix: '' } };
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
  if (req.logprobs != null)
    throw refuse(
      `logprobs is not supported: ${chatOnly}; use /v1/chat/completions with logprobs and top_logprobs, or an OpenAI text completion model`,
      'logprobs',
    );
  return { request, echo: { model: req.model, prefix: req.echo ? prompt : '' } };
}

/** The prompt as one text: a string, or a list holding one. */
function promptOf(prompt: unknown): string {
  if (typeof prompt === 'string') return prompt;
  if (prompt == null)
    throw refuse('prompt is required: the text the model should complete', 'prompt');
  if (!Array.isArray(prompt) || !prompt.every((p) => typeof p === 'string')) {
    throw refuse(
      'prompt as token ids is not supported: the gateway redacts, compresses and caches the prompt as text; send it as a string',
      'prompt',
    );
  }
  if (prompt.length !== 1)
    throw refuse(
      `the gateway serves one prompt per request (this one has ${prompt.length}): send each prompt as its own request`,
      'prompt',
    );
  return prompt[0] as string;
}

/** OpenAI reads a null optional field as absent; so does the gateway from here on. */
function withoutNulls(record: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(record).filter(([, value]) => value !== null));
}
