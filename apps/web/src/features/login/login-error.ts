import { isApiError } from '../../lib/api-error.ts';

/**
 * One text for every failure, so the screen never reveals whether an email has an account; the
 * exception is throttling, where the server's message says how long to wait.
 */
export function loginErrorMessage(err: unknown): string {
  if (isApiError(err) && err.status === 429 && err.serverMessage) return err.serverMessage;
  return 'Invalid email or password';
}
