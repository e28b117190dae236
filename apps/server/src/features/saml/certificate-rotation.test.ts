import assert from 'node:assert/strict';
import { before, describe, test } from 'node:test';
import { endpoints } from '@tokenwise/contracts';
import { apiClient, signUpSubscribed } from '../../testing/test-server.ts';
import { useTestServer } from '../../testing/use-test-server.ts';
import * as sso from './testing/sso-flow.ts';
import { makeSigningIdentity, type SigningIdentity } from './testing/test-idp.ts';

const api = endpoints.saml;
const current = makeSigningIdentity('Current IdP key');
const next = makeSigningIdentity('Next IdP key');
const unconfigured = makeSigningIdentity('Someone else');

describe('SAML certificate rotation: several IdP certificates in the one field', () => {
  const server = useTestServer();
  const anon = () => apiClient(server.url);
  let owner: Awaited<ReturnType<typeof signUpSubscribed>>;
  const config = (cert: string) => ({
    enabled: true,
    idp_entity_id: sso.IDP_ENTITY_ID,
    idp_sso_url: 'http://127.0.0.1:9/sso',
    idp_x509_cert: cert,
  });

  before(async () => {
    owner = await signUpSubscribed(server, `owner-${Date.now()}@rotate-sso.test`);
    await owner.api.expectOk(api.save, { body: config(`${current.cert}\n${next.cert}`) });
  });

  /** A sign-in answered by a response `signer` signed; the session, or the ACS's refusal. */
  async function signInSignedBy(signer: SigningIdentity, email = uniqueEmail()) {
    const started = await sso.startLogin(server, owner.accountId);
    const xml = sso.buildResponse(
      sso.honestSpec(server, owner.accountId, signer, { email, inResponseTo: started.requestId }),
    );
    const outcome = await sso.postToAcs(server, owner.accountId, {
      SAMLResponse: sso.encodeResponse(xml),
      RelayState: started.relayState,
    });
    if (!outcome.code) return { error: outcome.error ?? `no code (${outcome.status})` };
    const session = await anon().expectOk(
      api.exchangeCode,
      { body: { code: outcome.code } },
      { headers: { cookie: started.cookie } },
    );
    return { session };
  }

  test('both saved certificates come back, each as its own PEM block', async () => {
    const saved = await owner.api.expectOk(api.get);
    assert.equal(saved.idp_x509_cert, `${current.cert.trim()}\n${next.cert.trim()}`);
  });

  test('a response signed with the second certificate signs in; so does one with the first', async () => {
    for (const signer of [next, current]) {
      const email = uniqueEmail();
      const { session, error } = await signInSignedBy(signer, email);
      assert.ok(session, error);
      assert.equal(session.user.email, email);
      const me = await apiClient(server.url, session.token).expectOk(endpoints.auth.me);
      assert.equal(me.email, email);
    }
  });

  test('a response signed with a key neither certificate holds is refused', async () => {
    const { session, error } = await signInSignedBy(unconfigured);
    assert.equal(session, undefined);
    assert.match(error ?? '', /not signed by a certificate saved in Tokenwise/);
  });

  test('a LogoutRequest signed with the second certificate ends the SAML session', async () => {
    const email = uniqueEmail();
    const { session, error } = await signInSignedBy(next, email);
    assert.ok(session, error);
    const logout = (signer: SigningIdentity) =>
      sso.postLogoutRequest(server, owner.accountId, email, signer);
    const me = () => apiClient(server.url, session.token)('GET', '/v1/auth/me');
    assert.equal((await logout(unconfigured)).status, 400);
    assert.equal((await me()).status, 200, 'a request signed by another key ends nothing');
    const signed = await logout(next);
    assert.equal(signed.status, 200, await signed.text());
    assert.equal((await me()).status, 401);
  });

  test('adding the next certificate keeps SAML sessions; dropping the one they came from ends them', async () => {
    await owner.api.expectOk(api.save, { body: config(current.cert) });
    const { session, error } = await signInSignedBy(current);
    assert.ok(session, error);
    const status = async () =>
      (await apiClient(server.url, session.token)('GET', '/v1/auth/me')).status;
    await owner.api.expectOk(api.save, { body: config(`${current.cert}\n${next.cert}`) });
    assert.equal(await status(), 200, 'the rotation starts: nothing trusted before is dropped');
    await owner.api.expectOk(api.save, { body: config(`${next.cert}\n${current.cert}`) });
    assert.equal(await status(), 200, 'the same certificates in another order');
    await owner.api.expectOk(api.save, { body: config(next.cert) });
    assert.equal(await status(), 401, 'the old certificate is gone: so are its sessions');
  });
});

const uniqueEmail = () =>
  `rotate-${Date.now()}-${Math.random().toString(36).slice(2)}@rotate-sso.test`;
