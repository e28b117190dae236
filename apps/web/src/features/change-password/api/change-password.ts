import { useMutation } from '@tanstack/react-query';
import { type ChangePasswordRequest, endpoints, type SuccessResponse } from '@tokenwise/contracts';
import { callEndpoint } from '../../../lib/api-client.ts';

export function changePassword(body: ChangePasswordRequest): Promise<SuccessResponse> {
  // The server answers 401 for a wrong current password; that must not sign the user out.
  return callEndpoint(endpoints.auth.changePassword, { body }, { redirectOnUnauthorized: false });
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
