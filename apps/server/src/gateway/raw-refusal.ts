import type { Refusal } from '../plugins/client-error.ts';
import { GatewayError } from './types.ts';
import { anthropicErrorBody } from './wire/anthropic-error.ts';
import { openAiErrorBody } from './wire/openai-format.ts';

const GATEWAY_CALL =
  /^(?:GET|POST) \/v1\/(?:chat\/completions|responses|messages|embeddings|models)[/?\s]/;

/**
 * A request refused before it reached a route (headers over the limit…), answered in the format of
 * the SDK that sent it when the request line received names a gateway endpoint; undefined for the
 * dashboard's calls, which get `{error, message}`.
 */
export function gatewayRefusalBody(
  head: string,
  refusal: Refusal,
  requestId: string,
): unknown | undefined {
  if (!GATEWAY_CALL.test(head)) return undefined;
  const err = new GatewayError(
    refusal.status,
    refusal.message,
    'invalid_request_error',
    refusal.code,
  );
  const anthropic = /^\S+ \/v1\/messages/.test(head) || /\r\nanthropic-version:/i.test(head);
  return anthropic ? anthropicErrorBody(err, requestId) : openAiErrorBody(err);
}
