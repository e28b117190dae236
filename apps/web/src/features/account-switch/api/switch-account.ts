import { useMutation } from '@tanstack/react-query';
import { endpoints, type SessionUser } from '@tokenwise/contracts';
import { callEndpoint } from '../../../lib/api-client.ts';
import { refreshStoredUser } from '../../../lib/session.ts';

/** Moves this session to another of the user's accounts; answers the user with it first. */
export function switchAccount(accountId: string): Promise<SessionUser> {
  return callEndpoint(endpoints.auth.switchAccount, { body: { account_id: accountId } });
}

/** Switches and stores the user as the server now sees them; the caller reloads the screens. */
export function useSwitchAccount() {
  return useMutation({ mutationFn: switchAccount, onSuccess: refreshStoredUser });
}
