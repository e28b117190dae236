import assert from 'node:assert/strict';
import { before, describe, test } from 'node:test';
import { endpoints, samlServiceProviderUrls } from '@tokenwise/contracts';
import { signUpSubscribed } from '../../testing/test-server.ts';
import { useTestServer } from '../../testing/use-test-server.ts';
import * as sso from './testing/sso-flow.ts';
import { makeSigningIdentity, type ResponseSpec } from './testing/test-idp.ts';

const idp = makeSigningIdentity();
const stranger = makeSigningIdentity('Someone else');
const ASSERTION = /<saml:Assertion[\s\S]*<\/saml:Assertion>/;
const SIGNATURE = /<(?:\w+:)?Signature [\s\S]*?<\/(?:\w+:)?Signature>/;

/** What the attacker posts: built from a fresh sign-in's parts, for the account under attack. */
interface Forgery {
  name: string;
  refused: RegExp;
  post: (ctx: {
    spec: (change?: Partial<ResponseSpec>) => ResponseSpec;
    otherAccountRequestId: () => Promise<string>;
  }) => Promise<Record<string, string>> | Record<string, string>;
}

const VICTIM = 'admin@acme-forged.test';
const ATTACKER = 'mallory@acme-forged.test';
const response = (xml: string) => ({ SAMLResponse: sso.encodeResponse(xml) });
/** The attacker's own, honestly signed assertion, edited to name the victim and unsigned. */
const forgedCopy = (signed: string) =>
  (ASSERTION.exec(signed)?.[0] ?? '')
    .replace(SIGNATURE, '')
    .replaceAll(ATTACKER, VICTIM)
    .replace(/ID="[^"]+"/, 'ID="_forged"');

const FORGERIES: Forgery[] = [
  {
    name: 'unsigned response and assertion',
    refused: /not signed by a certificate/,
    post: ({ spec }) => response(sso.buildResponse(spec({ signer: undefined }))),
  },
  {
    name: 'a signed response around an unsigned assertion',
    refused: /not signed by a certificate/,
    post: ({ spec }) =>
      response(sso.buildResponse(spec({ signAssertion: false, signResponse: true }))),
  },
  {
    name: 'signed by another key (its certificate in KeyInfo)',
    refused: /not signed by a certificate/,
    post: ({ spec }) => response(sso.buildResponse(spec({ signer: stranger }))),
  },
  {
    name: 'the NameID edited after signing',
    refused: /not signed by a certificate/,
    post: ({ spec }) =>
      response(sso.buildResponse(spec({ email: ATTACKER })).replace(ATTACKER, VICTIM)),
  },
  {
    name: 'wrapping: a forged assertion in place, the signed one hidden in Extensions',
    refused: /not signed by a certificate/,
    post: ({ spec }) => {
      const signed = sso.buildResponse(spec({ email: ATTACKER }));
      const original = ASSERTION.exec(signed)?.[0] ?? '';
      return response(
        signed.replace(
          original,
          `<samlp:Extensions>${original}</samlp:Extensions>${forgedCopy(signed)}`,
        ),
      );
    },
  },
  {
    name: 'wrapping: a forged assertion beside the signed one',
    refused: /more than one assertion/,
    post: ({ spec }) => {
      const signed = sso.buildResponse(spec({ email: ATTACKER }));
      const original = ASSERTION.exec(signed)?.[0] ?? '';
      return response(signed.replace(original, `${forgedCopy(signed)}${original}`));
    },
  },
  {
    name: "wrapping: the signature moved onto a forged assertion carrying the signed one's ID",
    refused: /not signed by a certificate/,
    post: ({ spec }) => {
      const signed = sso.buildResponse(spec({ email: ATTACKER }));
      const original = ASSERTION.exec(signed)?.[0] ?? '';
      const signature = SIGNATURE.exec(original)?.[0] ?? '';
      const id = /ID="([^"]+)"/.exec(original)?.[1] ?? '';
      const forged = forgedCopy(signed)
        .replace('ID="_forged"', `ID="${id}"`)
        .replace('</saml:Issuer>', `</saml:Issuer>${signature}`)
        .replace(
          '</saml:Assertion>',
          `<saml:Advice>${original.replace(signature, '')}</saml:Advice></saml:Assertion>`,
        );
      return response(signed.replace(original, forged));
    },
  },
  {
    name: 'a comment inside the NameID (the signature skips comments)',
    refused: /NameID holds a comment/,
    post: ({ spec }) =>
      response(
        sso
          .buildResponse(spec({ email: `${VICTIM}.evil.test` }))
          .replace(`${VICTIM}.evil.test`, `${VICTIM}<!---->.evil.test`),
      ),
  },
  {
    name: 'a processing instruction inside the NameID, signed by the IdP',
    refused: /NameID holds a comment, processing instruction/,
    post: ({ spec }) =>
      response(sso.buildResponse(spec({ nameIdXml: `${VICTIM}<?x y?>.evil.test` }))),
  },
  {
    name: 'an element inside the NameID',
    refused: /NameID holds/,
    post: ({ spec }) => response(sso.buildResponse(spec({ nameIdXml: `${VICTIM}<b>x</b>` }))),
  },
  {
    name: 'the wrong audience',
    refused: /another service provider \(audience\)/,
    post: ({ spec }) => response(sso.buildResponse(spec({ audience: 'https://other-sp.test/' }))),
  },
  {
    name: 'the wrong recipient',
    refused: /names another recipient/,
    post: ({ spec }) =>
      response(sso.buildResponse(spec({ recipient: 'https://other-sp.test/acs' }))),
  },
  {
    name: 'the wrong destination',
    refused: /another destination/,
    post: ({ spec }) =>
      response(sso.buildResponse(spec({ destination: 'https://other-sp.test/acs' }))),
  },
  {
    name: 'expired five minutes ago',
    refused: /validity period|expired/,
    post: ({ spec }) =>
      response(sso.buildResponse(spec({ notBefore: -15 * 60_000, notOnOrAfter: -5 * 60_000 }))),
  },
  {
    name: 'not valid for another five minutes',
    refused: /not valid yet|validity period/,
    post: ({ spec }) => response(sso.buildResponse(spec({ notBefore: 5 * 60_000 }))),
  },
  {
    name: 'an InResponseTo this SP never issued',
    refused: /does not answer a sign-in started here/,
    post: ({ spec }) => response(sso.buildResponse(spec({ inResponseTo: '_never-issued' }))),
  },
  {
    name: 'unsolicited (IdP-initiated, no InResponseTo)',
    refused: /does not answer a sign-in started here/,
    post: ({ spec }) => response(sso.buildResponse(spec({ inResponseTo: undefined }))),
  },
  {
    name: "an InResponseTo issued for another account's sign-in",
    refused: /does not answer a sign-in started here/,
    post: async ({ spec, otherAccountRequestId }) =>
      response(sso.buildResponse(spec({ inResponseTo: await otherAccountRequestId() }))),
  },
  {
    name: 'another issuer',
    refused: /issued by "https:\/\/evil.test\/idp"/,
    post: ({ spec }) => response(sso.buildResponse(spec({ issuer: 'https://evil.test/idp' }))),
  },
  {
    name: 'a DOCTYPE with an entity',
    refused: /document type definition/,
    post: ({ spec }) =>
      response(
        sso
          .buildResponse(spec())
          .replace(
            '<samlp:Response',
            '<!DOCTYPE r [<!ENTITY x "admin@acme-forged.test">]><samlp:Response',
          ),
      ),
  },
  {
    name: 'not XML at all',
    refused: /not well-formed XML|could not be verified/,
    post: () => response('<samlp:Response'),
  },
  {
    name: 'no SAMLResponse field',
    refused: /no SAMLResponse/,
    post: () => ({ RelayState: 'x' }),
  },
  {
    name: 'an IdP failure status',
    refused: /identity provider refused the sign-in/,
    post: ({ spec }) =>
      response(
        sso
          .buildResponse(spec({ status: 'urn:oasis:names:tc:SAML:2.0:status:Responder' }))
          .replace(ASSERTION, ''),
      ),
  },
  {
    name: 'a NameID that is not an email address',
    refused: /email address as the NameID/,
    post: ({ spec }) => response(sso.buildResponse(spec({ email: 'not-an-email' }))),
  },
];

describe('forged and malformed SAML responses are refused, with a reason and no session', () => {
  const server = useTestServer();
  let accountId: string;
  let otherAccountId: string;

  before(async () => {
    const owner = await signUpSubscribed(server);
    const other = await signUpSubscribed(server);
    accountId = owner.accountId;
    otherAccountId = other.accountId;
    const config = {
      enabled: true,
      idp_entity_id: sso.IDP_ENTITY_ID,
      idp_sso_url: 'http://127.0.0.1:9/sso',
      idp_x509_cert: idp.cert,
    };
    await owner.api.expectOk(endpoints.saml.save, { body: config });
    await other.api.expectOk(endpoints.saml.save, { body: config });
  });

  async function usersNamed(...emails: string[]) {
    const rows = await server.deps.db.kysely
      .selectFrom('users')
      .select('email')
      .where('email', 'in', emails)
      .execute();
    return rows.length;
  }

  for (const forgery of FORGERIES) {
    test(forgery.name, async () => {
      const { requestId: inResponseTo } = await sso.startLogin(server, accountId);
      const spec = (change: Partial<ResponseSpec> = {}) =>
        sso.honestSpec(server, accountId, idp, { email: VICTIM, inResponseTo, ...change });
      const form = await forgery.post({
        spec,
        otherAccountRequestId: async () => (await sso.startLogin(server, otherAccountId)).requestId,
      });
      const outcome = await sso.postToAcs(server, accountId, form);
      assert.equal(outcome.status, 303);
      assert.equal(outcome.code, undefined, 'no code, so no session');
      assert.match(outcome.error ?? '', forgery.refused);
      assert.equal(await usersNamed(VICTIM, `${VICTIM}.evil.test`, ATTACKER), 0, 'no user');
    });
  }

  test('the corpus is at least 15 strong', () => assert.ok(FORGERIES.length >= 15));

  test('a replayed response, and a replayed assertion under a fresh request, are refused', async () => {
    const email = `replay-${Date.now()}@acme-forged.test`;
    const started = await sso.startLogin(server, accountId);
    const spec = sso.honestSpec(server, accountId, idp, {
      email,
      inResponseTo: started.requestId,
      assertionId: '_replayed-assertion',
    });
    const form = { ...response(sso.buildResponse(spec)), RelayState: started.relayState };
    const first = await sso.postToAcs(server, accountId, form);
    assert.ok(first.code, first.error);
    const again = await sso.postToAcs(server, accountId, form);
    assert.equal(again.code, undefined);
    assert.match(again.error ?? '', /does not answer a sign-in started here/);
    const fresh = await sso.startLogin(server, accountId);
    const reused = await sso.postToAcs(server, accountId, {
      ...response(sso.buildResponse({ ...spec, inResponseTo: fresh.requestId })),
      RelayState: fresh.relayState,
    });
    assert.equal(reused.code, undefined);
    assert.match(reused.error ?? '', /already used/);
  });

  test("a response signed for one account's SP is refused at another's ACS", async () => {
    const { requestId: inResponseTo } = await sso.startLogin(server, accountId);
    const forOther = sso.honestSpec(server, otherAccountId, idp, { email: VICTIM, inResponseTo });
    const outcome = await sso.postToAcs(server, accountId, response(sso.buildResponse(forOther)));
    assert.equal(outcome.code, undefined);
    assert.match(outcome.error ?? '', /audience|recipient|destination/);
    const urls = samlServiceProviderUrls(server.deps.config.publicUrl, otherAccountId);
    assert.notEqual(urls.acs, samlServiceProviderUrls(server.deps.config.publicUrl, accountId).acs);
  });

  test('a code that was never issued is worthless', async () => {
    const res = await fetch(`${server.url}/v1/saml/session`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ code: 'made-up-code' }),
    });
    assert.equal(res.status, 400);
    const body = (await res.json()) as { message: string };
    assert.match(body.message, /expired or was already used/);
  });
});
