import { useMutation } from '@tanstack/react-query';
import type { ChangePasswordRequest, SuccessResponse } from '@tokenwise/contracts';
import { apiRequest } from '../../../lib/api-client.ts';

export function changePassword(body: ChangePasswordRequest): Promise<SuccessResponse> {
  // The server answers 401 for a wrong current password; that must not sign the user out.
  return apiRequest<SuccessResponse>('/v1/auth/change-password', {
    method: 'POST',
    body,
    redirectOnUnauthorized: false,
  });
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
