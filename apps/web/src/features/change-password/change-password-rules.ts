import {
  type AccountSummary,
  ChangePasswordRequest,
  isReadOnlyUser,
  newPasswordProblem,
} from '@tokenwise/contracts';
import { isApiError } from '../../lib/api-error.ts';

export const READ_ONLY_MESSAGE =
  'Read-only users cannot change their password. Please contact your account administrator.';

export interface PasswordChange {
  current: string;
  next: string;
  confirm: string;
}

/**
 * Read-only users may not change their password (spec section 6), except to replace a temporary
 * one: the server allows that, and without it a read-only invitee could never get past this screen.
 * Read-only in the active account but not in another of theirs is not a read-only user.
 */
export function canChangePassword(
  accounts: readonly AccountSummary[],
  { temporaryPassword }: { temporaryPassword: boolean } = { temporaryPassword: false },
): boolean {
  return !isReadOnlyUser(accounts) || temporaryPassword;
}

/** Checked before calling the server; null when the change may be sent. */
export function validatePasswordChange({ current, next, confirm }: PasswordChange): string | null {
  const problem = newPasswordProblem(next, ChangePasswordRequest.shape.new_password);
  if (problem) return problem;
  if (next !== confirm) return 'New passwords do not match';
  if (next === current) return 'New password must be different from current password';
  return null;
}

export function changePasswordErrorMessage(err: unknown): string {
  if (isApiError(err) && err.status === 401) return 'Current password is incorrect';
  if (isApiError(err) && err.status === 403) return READ_ONLY_MESSAGE;
  // A wrong current password waits as a failed sign-in does: the server says how long.
  if (isApiError(err) && err.status === 429 && err.serverMessage) return err.serverMessage;
  return 'Failed to change password. Please try again.';
}
