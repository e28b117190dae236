import { type ChatCompletionRequest, GatewayError, type UpstreamTarget } from '../../types.ts';
import { toChatResponse } from '../openai-compatible/chat-response.ts';
import { openAiCompatibleStream } from '../openai-compatible/stream-translator.ts';
import type { StreamTranslator } from '../provider-adapter.ts';
import { contentText } from '../shared/content-parts.ts';
import { asObject, parseEventJson } from '../shared/http-spec.ts';

const LABEL = 'OpenAI';

/**
 * The body of OpenAI's `/v1/completions` for one of its text completion models (decision 152):
 * the one user message the gateway made of the caller's prompt (redacted and compressed by then)
 * is the `prompt`; the rest passes as it came, `echo`, `suffix`, `best_of` and the legacy
 * `logprobs` count included. A chat request of several messages has no prompt OpenAI would read
 * the same way, so it is a 400 that says where such a model is served.
 */
export function textCompletionBody(
  req: ChatCompletionRequest,
  target: UpstreamTarget,
): Record<string, unknown> {
  const {
    messages,
    stream_options: streamOptions,
    max_completion_tokens: maxCompletionTokens,
    ...rest
  } = req;
  const [only] = messages;
  if (messages.length !== 1 || only?.role !== 'user') {
    throw new GatewayError(
      400,
      `${target.model} is a text completion model: send it one prompt on POST /v1/completions (or a single user message), or use a chat model`,
      'invalid_request_error',
      'model_not_supported',
    );
  }
  const body: Record<string, unknown> = {
    ...rest,
    model: target.model,
    prompt: contentText(only.content),
  };
  if (body.max_tokens === undefined && maxCompletionTokens !== undefined)
    body.max_tokens = maxCompletionTokens;
  // As for chat: the gateway accounts every streamed call by the usage chunk it asks for.
  if (req.stream) body.stream_options = { ...(streamOptions ?? {}), include_usage: true };
  return body;
}

/** A `text_completion` answer as the canonical chat answer: each choice's text its content. */
export function fromTextCompletion(body: unknown, target: UpstreamTarget, requestId: string) {
  const native = asObject(body, LABEL);
  if (!Array.isArray(native.choices)) return toChatResponse(native, target, requestId, LABEL);
  const choices = native.choices.map((raw: Record<string, unknown> | null) => {
    const { text, ...choice } = raw ?? {};
    return { ...choice, message: { role: 'assistant', content: stringOr(text) } };
  });
  return toChatResponse({ ...native, choices }, target, requestId, LABEL);
}

/** A `text_completion` stream as canonical chunks: each choice's text its delta's content. */
export function textCompletionStream(
  target: UpstreamTarget,
  meta: { id: string; created: number },
): StreamTranslator {
  const inner = openAiCompatibleStream(LABEL, target, meta);
  return {
    ...inner,
    push(event) {
      if (event.data.trim() === '[DONE]') return inner.push(event);
      const native = parseEventJson(event.data, LABEL);
      if (!Array.isArray(native.choices)) return inner.push(event);
      const choices = native.choices.map((raw: Record<string, unknown> | null) => {
        const { text, ...choice } = raw ?? {};
        return { ...choice, delta: { content: stringOr(text) } };
      });
      return inner.push({ ...event, data: JSON.stringify({ ...native, choices }) });
    },
  };
}

const stringOr = (text: unknown): string => (typeof text === 'string' ? text : '');
