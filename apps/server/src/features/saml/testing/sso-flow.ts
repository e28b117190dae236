import { inflateRawSync } from 'node:zlib';
import { samlServiceProviderUrls } from '@tokenwise/contracts';
import type { TestServer } from '../../../testing/test-server.ts';
import { buildResponse, type ResponseSpec, type SigningIdentity, sign } from './test-idp.ts';

export const IDP_ENTITY_ID = 'https://idp.test.invalid/metadata';

/** What a browser holds after the login start, and what it carries to the IdP. */
export interface StartedLogin {
  /** The id of the AuthnRequest (the IdP's answer names it as InResponseTo). */
  requestId: string;
  /** The state sent to the IdP, which posts it back to the ACS with its answer. */
  relayState: string;
  /** The browser's state cookie as a `Cookie` header sends it (`name=value`). */
  cookie: string;
}

/** Starts a sign-in as a browser does: follows nothing, keeps the cookie and the request. */
export async function startLogin(server: TestServer, accountId: string): Promise<StartedLogin> {
  const res = await fetch(`${server.url}/v1/saml/${accountId}/login`, { redirect: 'manual' });
  if (res.status !== 302)
    throw new Error(`login start answered ${res.status}: ${await res.text()}`);
  const location = new URL(res.headers.get('location') ?? '');
  const request = inflateRawSync(
    Buffer.from(location.searchParams.get('SAMLRequest') ?? '', 'base64'),
  ).toString('utf8');
  const requestId = /\sID="([^"]+)"/.exec(request)?.[1];
  if (!requestId) throw new Error(`no ID in AuthnRequest: ${request}`);
  const cookie = (res.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
  return { requestId, relayState: location.searchParams.get('RelayState') ?? '', cookie };
}

/** What the ACS sent the browser back to the app with: a one-time code, or a refusal. */
export interface AcsOutcome {
  status: number;
  code?: string;
  error?: string;
}

export async function postToAcs(
  server: TestServer,
  accountId: string,
  form: Record<string, string>,
): Promise<AcsOutcome> {
  const res = await fetch(`${server.url}/v1/saml/${accountId}/acs`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(form).toString(),
    redirect: 'manual',
  });
  const location = res.headers.get('location') ?? '';
  const fragment = new URLSearchParams(location.slice(location.indexOf('#') + 1));
  return {
    status: res.status,
    ...(fragment.get('code') ? { code: fragment.get('code') ?? '' } : {}),
    ...(fragment.get('error') ? { error: fragment.get('error') ?? '' } : {}),
  };
}

/** The spec of a response that should be accepted: a fresh sign-in, signed by `signer`. */
export function honestSpec(
  server: TestServer,
  accountId: string,
  signer: SigningIdentity,
  fields: Partial<ResponseSpec> & { email: string },
): ResponseSpec {
  const urls = samlServiceProviderUrls(server.deps.config.publicUrl, accountId);
  return {
    idpEntityId: IDP_ENTITY_ID,
    spEntityId: urls.entityId,
    acsUrl: urls.acs,
    signer,
    ...fields,
  };
}

export const encodeResponse = (xml: string) => Buffer.from(xml, 'utf8').toString('base64');

export { buildResponse };

/** Posts an IdP LogoutRequest for `email` to the account's SLS (HTTP-POST), signed by `signer`. */
export function postLogoutRequest(
  server: TestServer,
  accountId: string,
  email: string,
  signer: SigningIdentity,
): Promise<Response> {
  const urls = samlServiceProviderUrls(server.deps.config.publicUrl, accountId);
  const xml =
    '<samlp:LogoutRequest xmlns:samlp="urn:oasis:names:tc:SAML:2.0:protocol" xmlns:saml="urn:oasis:names:tc:SAML:2.0:assertion"' +
    ` ID="_lo${Date.now()}${Math.random().toString(36).slice(2)}" Version="2.0" IssueInstant="${new Date().toISOString()}" Destination="${urls.sls}">` +
    `<saml:Issuer>${IDP_ENTITY_ID}</saml:Issuer><saml:NameID>${email}</saml:NameID></samlp:LogoutRequest>`;
  return fetch(`${server.url}/v1/saml/${accountId}/sls`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      SAMLRequest: Buffer.from(sign(xml, 'LogoutRequest', signer)).toString('base64'),
    }).toString(),
  });
}
