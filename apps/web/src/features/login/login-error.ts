import { isApiError } from '../../lib/api-error.ts';

/**
 * One text for every failure (the spec's catalogue: "any error"), so the screen never reveals
 * whether an email has an account.
 */
export function loginErrorMessage(_err: unknown): string {
  return 'Invalid email or password';
}

/**
 * Throttling's own line under that text: the server's message says how long to wait, which the
 * catalogue's sentence alone would hide (a user would keep retrying a right password).
 */
export function loginWaitMessage(err: unknown): string | null {
  return isApiError(err) && err.status === 429 && err.serverMessage ? err.serverMessage : null;
}
