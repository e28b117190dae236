import { useMutation } from '@tanstack/react-query';
import { type AuthResponse, endpoints, type SignupRequest } from '@tokenwise/contracts';
import { callEndpoint } from '../../../lib/api-client.ts';
import { saveSession } from '../../../lib/session.ts';

export function signup(body: SignupRequest): Promise<AuthResponse> {
  return callEndpoint(endpoints.auth.signup, { body });
}

/** Creates the user and its account, and signs in as them. */
export function useSignup() {
  return useMutation({
    mutationFn: signup,
    onSuccess: (answer) => saveSession(answer.token, answer.user),
  });
}
