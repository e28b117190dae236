import { GatewayError } from '../../types.ts';
import { errorTypeForStatus } from './error-type.ts';
import { providerErrorFields } from './provider-message.ts';

/**
 * OpenAI's string codes that stand for one HTTP status, as OpenAI itself sends them (decision
 * 101). Only codes whose status is certain: `invalid_request_error`-style types say nothing.
 */
const STATUS_BY_CODE: Record<string, number> = {
  rate_limit_exceeded: 429,
  insufficient_quota: 429,
  context_length_exceeded: 400,
  invalid_api_key: 401,
  model_not_found: 404,
  server_error: 500,
  service_unavailable: 503,
};

/**
 * The HTTP status an OpenAI-style error object's `code` names: a number (OpenRouter and other
 * OpenAI-compatible servers put the HTTP status there), the same as digits, or one of OpenAI's
 * string codes above. Undefined when it names none.
 */
export function statusOfErrorCode(code: unknown): number | undefined {
  const status =
    typeof code === 'number' || (typeof code === 'string' && /^\d{3}$/.test(code))
      ? Number(code)
      : typeof code === 'string'
        ? STATUS_BY_CODE[code]
        : undefined;
  return status !== undefined && Number.isInteger(status) && status >= 400 && status <= 599
    ? status
    : undefined;
}

/**
 * An OpenAI-style `{error: {message, type, code, param}}` found where an answer was expected (a
 * 200 body, a stream event): the status its code names, else 502, the gateway's word for an
 * answer it cannot place (decision 091). `code` and `param` pass on when they are strings.
 */
export function openAiStyleError(body: Record<string, unknown>, fallback: string): GatewayError {
  const error = body.error as { message?: unknown; code?: unknown } | undefined;
  const message = typeof error?.message === 'string' ? error.message : fallback;
  const status = statusOfErrorCode(error?.code);
  const { code, param } = providerErrorFields(body);
  const failure = new GatewayError(
    status ?? 502,
    message,
    status ? errorTypeForStatus(status) : 'api_error',
    code,
  );
  if (param) failure.param = param;
  return failure;
}
