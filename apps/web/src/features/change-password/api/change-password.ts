import { useMutation } from '@tanstack/react-query';
import { type ChangePasswordRequest, endpoints, type SuccessResponse } from '@tokenwise/contracts';
import { callEndpoint, sessionEnded } from '../../../lib/api-client.ts';
import { isApiError } from '../../../lib/api-error.ts';

/** The server's code for a wrong current password: the one 401 here that keeps the session. */
const WRONG_CURRENT_PASSWORD = 'invalid_current_password';

export async function changePassword(body: ChangePasswordRequest): Promise<SuccessResponse> {
  try {
    return await callEndpoint(
      endpoints.auth.changePassword,
      { body },
      { redirectOnUnauthorized: false },
    );
  } catch (err) {
    // Any other 401 is a session that ended (signed out elsewhere, a reset, its expiry): calling
    // the right current password wrong would keep the user retrying it for nothing.
    if (isApiError(err) && err.status === 401 && err.code !== WRONG_CURRENT_PASSWORD) {
      sessionEnded();
    }
    throw err;
  }
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
