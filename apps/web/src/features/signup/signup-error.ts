import { isApiError } from '../../lib/api-error.ts';

export const SIGNUP_FAILED = 'Failed to create account. Email may already be in use.';

/**
 * The spec's sentence for a taken email (the server's 409) and any failure it has no better word
 * for; a 400 or 429 shows the server's message, which says what to fix or how long to wait.
 */
export function signupErrorMessage(err: unknown): string {
  if (isApiError(err) && (err.status === 400 || err.status === 429) && err.serverMessage) {
    return err.serverMessage;
  }
  return SIGNUP_FAILED;
}
