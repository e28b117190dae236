import { useMutation } from '@tanstack/react-query';
import { endpoints, type ResetPasswordRequest, type SuccessResponse } from '@tokenwise/contracts';
import { callEndpoint } from '../../../lib/api-client.ts';

export function resetPassword(body: ResetPasswordRequest): Promise<SuccessResponse> {
  return callEndpoint(endpoints.auth.resetPassword, { body });
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
