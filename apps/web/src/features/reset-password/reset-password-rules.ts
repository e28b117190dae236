import { MIN_PASSWORD_LENGTH } from '@tokenwise/contracts';
import { isApiError } from '../../lib/api-error.ts';

/** Checked before calling the server; null when the new password may be sent. */
export function validateNewPassword(password: string, confirm: string): string | null {
  if (password.length < MIN_PASSWORD_LENGTH) return 'Password must be at least 8 characters long';
  if (password !== confirm) return 'Passwords do not match';
  return null;
}

/** The server answers 400 for a token that is unknown, used or past its hour. */
export function resetErrorMessage(err: unknown): string {
  return isApiError(err) && err.status === 400
    ? 'Invalid or expired reset token'
    : 'Failed to reset password';
}
