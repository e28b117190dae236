import { useMutation } from '@tanstack/react-query';
import { type AuthResponse, endpoints, type LoginRequest } from '@tokenwise/contracts';
import { callEndpoint } from '../../../lib/api-client.ts';
import { saveSession } from '../../../lib/session.ts';

export function login(body: LoginRequest): Promise<AuthResponse> {
  // A public endpoint: a wrong password answers 401, which must not read as "session expired".
  return callEndpoint(endpoints.auth.login, { body });
}

/** Signs in and stores the session; the caller decides where to go next. */
export function useLogin() {
  return useMutation({
    mutationFn: login,
    onSuccess: (answer) =>
      saveSession(answer.token, answer.user, {
        passwordChangeRequired: answer.password_reset_required === true,
      }),
  });
}
