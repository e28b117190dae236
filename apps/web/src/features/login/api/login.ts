import { useMutation } from '@tanstack/react-query';
import type { AuthResponse, LoginRequest } from '@tokenwise/contracts';
import { apiRequest } from '../../../lib/api-client.ts';
import { saveSession } from '../../../lib/session.ts';

export function login(body: LoginRequest): Promise<AuthResponse> {
  // auth: false — a wrong password answers 401, which must not read as "session expired".
  return apiRequest<AuthResponse>('/v1/auth/login', { method: 'POST', body, auth: false });
}

/** Signs in and stores the session; the caller decides where to go next. */
export function useLogin() {
  return useMutation({
    mutationFn: login,
    onSuccess: (answer) => saveSession(answer.token, answer.user),
  });
}
