import { newPasswordProblem } from '@tokenwise/contracts';

/**
 * A chosen password and its confirmation (signup, reset), checked before calling the server with
 * the contracts' rule, so the form and the server refuse the same passwords with the same words.
 * Null when the password may be sent.
 */
export function validateNewPassword(password: string, confirm: string): string | null {
  return newPasswordProblem(password) ?? (password !== confirm ? 'Passwords do not match' : null);
}
