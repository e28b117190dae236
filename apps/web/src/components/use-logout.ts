import { useQueryClient } from '@tanstack/react-query';
import { endpoints } from '@tokenwise/contracts';
import { useNavigate } from 'react-router';
import { callEndpoint } from '../lib/api-client.ts';
import { clearSession } from '../lib/session.ts';

/** Ends the session on the server. A 401 here only means it had already ended. */
export function logout(): Promise<unknown> {
  return callEndpoint(endpoints.auth.logout, {}, { redirectOnUnauthorized: false });
}

/** Signs out even when the server call fails: the browser forgets the token either way. */
export function useLogout(): () => Promise<void> {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return async () => {
    try {
      await logout();
    } catch (err) {
      console.warn('Logout call failed; clearing the local session anyway', err);
    }
    clearSession();
    queryClient.clear();
    await navigate('/login', { replace: true });
  };
}
