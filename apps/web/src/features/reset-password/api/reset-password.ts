import { useMutation } from '@tanstack/react-query';
import type { ResetPasswordRequest, SuccessResponse } from '@tokenwise/contracts';
import { apiRequest } from '../../../lib/api-client.ts';

export function resetPassword(body: ResetPasswordRequest): Promise<SuccessResponse> {
  return apiRequest<SuccessResponse>('/v1/auth/reset-password', {
    method: 'POST',
    body,
    auth: false,
  });
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
