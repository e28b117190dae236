import { GatewayError } from '../../types.ts';
import { errorTypeForStatus } from '../shared/error-type.ts';

const STATUS_BY_TYPE: Record<string, number> = {
  invalid_request_error: 400,
  authentication_error: 401,
  billing_error: 402,
  permission_error: 403,
  not_found_error: 404,
  conflict_error: 409,
  request_too_large: 413,
  rate_limit_error: 429,
  api_error: 500,
  timeout_error: 504,
  overloaded_error: 529,
};

/**
 * Anthropic's error object (`{type: 'error', error: {type, message}}`) as a GatewayError with the
 * status its type stands for: an `error` event sent after the stream started (e.g. overloaded),
 * or a 200 body that is an error.
 */
export function anthropicError(event: Record<string, unknown>): GatewayError {
  const error = (event.error ?? {}) as { type?: unknown; message?: unknown };
  const status = (typeof error.type === 'string' && STATUS_BY_TYPE[error.type]) || 500;
  const message = typeof error.message === 'string' ? error.message : 'Anthropic reported an error';
  return new GatewayError(status, message, errorTypeForStatus(status));
}
