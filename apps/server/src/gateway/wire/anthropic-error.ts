import type { GatewayError } from '../types.ts';

/** The error type Anthropic's API uses for a status, so its SDK raises the matching class. */
function anthropicErrorType(status: number): string {
  switch (status) {
    case 400:
    case 422:
      return 'invalid_request_error';
    case 401:
      return 'authentication_error';
    case 402:
      return 'billing_error';
    case 403:
      return 'permission_error';
    case 404:
      return 'not_found_error';
    case 409:
      return 'conflict_error';
    case 413:
      return 'request_too_large';
    case 429:
      return 'rate_limit_error';
    case 503:
    case 529:
      return 'overloaded_error';
    case 504:
      return 'timeout_error';
    default:
      return status >= 500 ? 'api_error' : 'invalid_request_error';
  }
}

/** Anthropic's error body; like Anthropic's, it names the request when there is one. */
export function anthropicErrorBody(
  err: GatewayError,
  requestId?: string,
): {
  type: 'error';
  error: { type: string; message: string };
  request_id?: string;
} {
  const error = { type: anthropicErrorType(err.status), message: err.message };
  return requestId ? { type: 'error', error, request_id: requestId } : { type: 'error', error };
}
