import { inflateRawSync } from 'node:zlib';
import type { Profile } from '@node-saml/node-saml';
import type { AppDeps } from '../../deps.ts';
import * as users from '../../domain/auth/auth.repository.ts';
import { checkLogoutRequest, nameIdEmail, readableReason, SamlRefusal } from './response-checks.ts';
import { CLOCK_SKEW_MS, serviceProvider } from './service-provider.ts';
import * as repo from './sign-in.repository.ts';
import { enabledConfig } from './sign-in.service.ts';

/**
 * An IdP-initiated logout (a signed LogoutRequest): ends that user's sessions in this account.
 * `query` and `rawQuery` for the HTTP-Redirect binding, whose signature covers the raw query.
 */
export async function acceptLogoutRequest(
  deps: AppDeps,
  accountId: string,
  message: { body?: Record<string, string>; query?: Record<string, string>; rawQuery?: string },
): Promise<void> {
  const { saml, urls } = await serviceProvider(
    deps,
    accountId,
    await enabledConfig(deps, accountId),
  );
  const redirect = !message.body?.SAMLRequest;
  // node-saml takes a redirect-binding message without Signature as valid: anyone knowing the
  // IdP's entity id and an email could end that member's sessions.
  if (redirect && (!message.query?.Signature || !message.query.SigAlg)) {
    throw new SamlRefusal('The logout request is not signed by a certificate saved in Tokenwise');
  }
  let profile: Profile | null;
  try {
    ({ profile } = redirect
      ? await saml.validateRedirectAsync(message.query ?? {}, message.rawQuery ?? '')
      : await saml.validatePostRequestAsync(message.body ?? {}));
  } catch (err) {
    throw new SamlRefusal(readableReason(err));
  }
  const now = deps.clock();
  const request = checkLogoutRequest(logoutRequestXml(message, redirect), {
    slsUrl: urls.sls,
    now,
    maxAgeMs: LOGOUT_REQUEST_MAX_AGE_MS,
    skewMs: CLOCK_SKEW_MS,
  });
  const email = nameIdEmail(profile?.nameID);
  if (!email) throw new SamlRefusal('The logout request names no email address');
  await deps.db.kysely.transaction().execute(async (trx) => {
    // Signed and young is not enough: a captured request (a redirect's URL sits in browser
    // history and proxy logs) would end the sessions the user opened since, again and again.
    const firstUse = await repo.recordLogoutRequest(trx, {
      accountId,
      requestId: request.id,
      acceptableUntil: request.acceptableUntil,
      now,
    });
    if (!firstUse) throw new SamlRefusal('The logout request was already used');
    const user = await users.findUserByEmail(trx, email);
    if (user) await repo.deleteAccountSessions(trx, accountId, user.id);
  });
}

/** An IdP sends its LogoutRequest as the user signs out there; minutes late, it is a replay. */
const LOGOUT_REQUEST_MAX_AGE_MS = 5 * 60 * 1000;

/** The LogoutRequest as XML: base64 in a POST, deflated and base64 in a redirect's query. */
function logoutRequestXml(
  message: { body?: Record<string, string>; query?: Record<string, string> },
  redirect: boolean,
): string {
  const encoded = Buffer.from(
    (redirect ? message.query?.SAMLRequest : message.body?.SAMLRequest) ?? '',
    'base64',
  );
  // node-saml has already inflated and verified the same bytes.
  return (redirect ? inflateRawSync(encoded) : encoded).toString('utf8');
}
