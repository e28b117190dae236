import { useMutation } from '@tanstack/react-query';
import type { AuthResponse, SignupRequest } from '@tokenwise/contracts';
import { apiRequest } from '../../../lib/api-client.ts';
import { saveSession } from '../../../lib/session.ts';

export function signup(body: SignupRequest): Promise<AuthResponse> {
  return apiRequest<AuthResponse>('/v1/auth/signup', { method: 'POST', body, auth: false });
}

/** Creates the user and its account, and signs in as them. */
export function useSignup() {
  return useMutation({
    mutationFn: signup,
    onSuccess: (answer) => saveSession(answer.token, answer.user),
  });
}
