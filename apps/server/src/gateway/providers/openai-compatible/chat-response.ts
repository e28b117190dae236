import { withFields } from '../../../lib/with-fields.ts';
import { type ChatCompletionResponse, GatewayError, type UpstreamTarget } from '../../types.ts';
import { usageOf } from '../shared/chunk.ts';
import { asObject } from '../shared/http-spec.ts';
import { openAiStyleError } from '../shared/openai-error-body.ts';
import { flattenContent, normalizeFinishReason, usageFrom } from './normalize.ts';

type Choice = ChatCompletionResponse['choices'][number];

/** An OpenAI-shaped answer, normalised: gateway id, vendor quirks in content and finish reasons. */
export function toChatResponse(
  body: unknown,
  target: UpstreamTarget,
  requestId: string,
  label: string,
): ChatCompletionResponse {
  const native = asObject(body, label);
  if (!Array.isArray(native.choices)) {
    // Some OpenAI-compatible servers and proxies answer 200 with an error object: pass it on.
    throw openAiStyleError(native, `${label} answer has no choices`);
  }
  const response: ChatCompletionResponse = {
    id: requestId,
    object: 'chat.completion',
    created: typeof native.created === 'number' ? native.created : Math.floor(Date.now() / 1000),
    model: typeof native.model === 'string' ? native.model : target.model,
    choices: native.choices.map((raw, position) => toChoice(raw, position, label)),
    usage: usageFrom(native) ?? usageOf(0, 0),
  };
  if (native.system_fingerprint !== undefined) {
    response.system_fingerprint = native.system_fingerprint as string | null;
  }
  // The tier that served it, which a caller asking `flex` or `priority` reads (decision 227).
  if (native.service_tier !== undefined)
    response.service_tier = native.service_tier as string | null;
  return response;
}

function toChoice(raw: unknown, position: number, label: string): Choice {
  const choice = (raw ?? {}) as Record<string, unknown>;
  const message = (choice.message ?? {}) as Record<string, unknown>;
  // Every later step (restoring PII, the caller's format, the log) reads each call's function.
  if (message.tool_calls != null && !areToolCalls(message.tool_calls)) {
    throw new GatewayError(502, `${label} sent an answer the gateway cannot read`, 'api_error');
  }
  return withFields(choice, {
    index: typeof choice.index === 'number' ? choice.index : position,
    message: withFields(message, {
      role: 'assistant' as const,
      content: flattenContent(message.content) ?? null,
    }),
    finish_reason: normalizeFinishReason(choice.finish_reason),
  });
}

function areToolCalls(value: unknown): boolean {
  const isObject = (v: unknown): v is Record<string, unknown> =>
    Boolean(v) && typeof v === 'object' && !Array.isArray(v);
  return Array.isArray(value) && value.every((call) => isObject(call) && isObject(call.function));
}
