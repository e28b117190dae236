import { isApiError } from '../../lib/api-error.ts';

/**
 * Whether a failed load of `GET /v1/analytics/requests/{id}` means the request does not exist. The
 * id is the call's only input, so a 400 validation_error (an id longer than any the gateway issues)
 * names no request too: the screen says 'Request not found' for it, as for a 404 (spec section 8).
 */
export function isRequestNotFound(err: unknown): boolean {
  if (!isApiError(err)) return false;
  return err.status === 404 || (err.status === 400 && err.code === 'validation_error');
}
