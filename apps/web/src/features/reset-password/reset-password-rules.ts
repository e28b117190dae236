import { isApiError } from '../../lib/api-error.ts';

/** The server answers 400 for a token that is unknown, used or past its hour. */
export function resetErrorMessage(err: unknown): string {
  return isApiError(err) && err.status === 400
    ? 'Invalid or expired reset token'
    : 'Failed to reset password';
}
