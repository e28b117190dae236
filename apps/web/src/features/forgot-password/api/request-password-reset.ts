import { useMutation } from '@tanstack/react-query';
import type { ForgotPasswordRequest, SuccessResponse } from '@tokenwise/contracts';
import { apiRequest } from '../../../lib/api-client.ts';

/** The server answers the same whether or not the email has an account. */
export function requestPasswordReset(body: ForgotPasswordRequest): Promise<SuccessResponse> {
  return apiRequest<SuccessResponse>('/v1/auth/forgot-password', {
    method: 'POST',
    body,
    auth: false,
  });
}

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset });
}
