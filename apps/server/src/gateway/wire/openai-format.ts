import type { ChatCompletionResponse, GatewayError } from '../types.ts';

/** The error body OpenAI's API and SDKs use. */
export function openAiErrorBody(err: GatewayError): {
  error: { message: string; type: string; param: string | null; code: string | null };
} {
  return {
    error: {
      message: err.message,
      type: openAiErrorType(err),
      param: err.param ?? null,
      code: err.code,
    },
  };
}

/**
 * The error type an OpenAI-format caller reads: OpenAI's own for a 5xx is `server_error` (its
 * 500s and 503s, and the Responses API's failed `code`), where the gateway's errors say
 * `api_error`, Anthropic's word (decision 141). Other types pass as they are.
 */
export function openAiErrorType(err: GatewayError): string {
  return err.status >= 500 && err.type === 'api_error' ? 'server_error' : err.type;
}

/** The line that ends every OpenAI chat stream. */
export const openAiStreamTrailer = 'data: [DONE]\n\n';

/**
 * The status an OpenAI-format caller gets: Anthropic's 529 (overloaded) is OpenAI's 503, which
 * OpenAI itself sends when overloaded and every HTTP client knows; 529 is in no standard and
 * OpenAI's API never sends it. Both SDKs retry either (decision 091).
 */
export function openAiStatus(status: number): number {
  return status === 529 ? 503 : status;
}

/**
 * The answer with the fields OpenAI always writes, null when empty: each choice's `logprobs` and
 * its message's `refusal`. OpenAI's SDKs type them as present (`logprobs: Logprobs | null`), so
 * `choice.logprobs !== null` must not be true of an answer without logprobs; Claude's, Gemini's and
 * Mistral's answers, and a streamed answer served from the cache, lacked one or both (decision 222).
 */
export function withOpenAiNulls(response: ChatCompletionResponse): ChatCompletionResponse {
  const complete = response.choices.every(
    (c) => c.logprobs !== undefined && c.message.refusal !== undefined,
  );
  if (complete) return response;
  return {
    ...response,
    choices: response.choices.map((c) => ({
      ...c,
      message: { ...c.message, refusal: c.message.refusal ?? null },
      logprobs: c.logprobs ?? null,
    })),
  };
}
