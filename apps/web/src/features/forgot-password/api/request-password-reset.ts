import { useMutation } from '@tanstack/react-query';
import { endpoints, type ForgotPasswordRequest, type SuccessResponse } from '@tokenwise/contracts';
import { callEndpoint } from '../../../lib/api-client.ts';

/** The server answers the same whether or not the email has an account. */
export function requestPasswordReset(body: ForgotPasswordRequest): Promise<SuccessResponse> {
  return callEndpoint(endpoints.auth.forgotPassword, { body });
}

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset });
}
