import { useMutation } from '@tanstack/react-query';
import { type AuthResponse, endpoints, type SamlDiscoverResponse } from '@tokenwise/contracts';
import { callEndpoint } from '../../../lib/api-client.ts';
import { saveSession } from '../../../lib/session.ts';

/** An email finds its account (or its domain's); anything else is taken as an account id. */
export function discoverSso(emailOrAccount: string): Promise<SamlDiscoverResponse> {
  const value = emailOrAccount.trim();
  const query = value.includes('@') ? { email: value } : { account_id: value };
  return callEndpoint(endpoints.saml.discover, { query });
}

export function useDiscoverSso() {
  return useMutation({ mutationFn: discoverSso });
}

/** Trades the ACS's one-time code for a session and stores it. */
export function exchangeSsoCode(code: string): Promise<AuthResponse> {
  return callEndpoint(endpoints.saml.exchangeCode, { body: { code } });
}

export function useExchangeSsoCode() {
  return useMutation({
    mutationFn: exchangeSsoCode,
    onSuccess: (answer) => saveSession(answer.token, answer.user),
  });
}
