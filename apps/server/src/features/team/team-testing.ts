import { endpoints, TEMPORARY_PASSWORD_TTL_MS } from '@tokenwise/contracts';
import { apiClient, type TestServer } from '../../testing/test-server.ts';

export { TEMPORARY_PASSWORD_TTL_MS };

type Api = ReturnType<typeof apiClient>;

/** Invites `email` into the caller's active account and returns the answer as it came. */
export function inviteAs(api: Api, accountId: string, email: string, role: string) {
  return api('POST', `/v1/accounts/${accountId}/members`, { email, role });
}

/** Signs in over HTTP; the answer as it came (status, body). */
export function login(server: TestServer, email: string, password: string) {
  return apiClient(server.url)('POST', endpoints.auth.login.path, { email, password });
}

/** Signs in and returns a client on the new session, throwing on anything but 200. */
export async function signIn(server: TestServer, email: string, password: string) {
  const res = await login(server, email, password);
  if (res.status !== 200)
    throw new Error(`login ${email}: ${res.status} ${JSON.stringify(res.body)}`);
  return {
    token: res.body.token as string,
    resetRequired: res.body.password_reset_required as boolean,
    accounts: res.body.accounts as { id: string; role: string }[],
    api: apiClient(server.url, res.body.token),
  };
}
