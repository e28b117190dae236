import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { endpoints, type SamlConfig, samlServiceProviderUrls } from '@tokenwise/contracts';
import { moveToAccount, signUp, signUpSubscribed } from '../../testing/test-server.ts';
import { useTestServer } from '../../testing/use-test-server.ts';
import { makeSigningIdentity } from './testing/test-idp.ts';

const api = endpoints.saml;

describe('SAML configuration (GET/PUT /v1/saml/config)', () => {
  const server = useTestServer();
  const idp = makeSigningIdentity();
  const ecIdp = makeSigningIdentity('EC IdP', [
    '-newkey',
    'ec',
    '-pkeyopt',
    'ec_paramgen_curve:prime256v1',
  ]);
  const next = makeSigningIdentity('Next IdP key');
  const valid: SamlConfig = {
    enabled: true,
    idp_entity_id: 'https://idp.example.com/entity',
    idp_sso_url: 'https://idp.example.com/sso',
    idp_x509_cert: idp.cert,
  };

  test('starts empty and switched off, then keeps what an owner saved', async () => {
    const u = await signUpSubscribed(server);
    assert.deepEqual(await u.api.expectOk(api.get), {
      enabled: false,
      idp_entity_id: '',
      idp_sso_url: '',
      idp_x509_cert: '',
    });
    const saved = await u.api.expectOk(api.save, { body: valid });
    assert.equal(saved.enabled, true);
    assert.match(
      saved.idp_x509_cert,
      /^-----BEGIN CERTIFICATE-----\n[\s\S]+-----END CERTIFICATE-----$/,
    );
    assert.deepEqual(await u.api.expectOk(api.get), saved);
  });

  test('a bare base64 certificate body (as some IdPs show it) is wrapped as PEM', async () => {
    const u = await signUpSubscribed(server);
    const bare = idp.cert.replace(/-----[A-Z ]+-----/g, '').replace(/\s+/g, '');
    const saved = await u.api.expectOk(api.save, { body: { ...valid, idp_x509_cert: bare } });
    assert.equal(saved.idp_x509_cert, idp.cert.trim());
  });

  test('several PEM blocks (a rotation under way) are each checked and kept, a repeat once', async () => {
    const u = await signUpSubscribed(server);
    const pasted = `Bag Attributes: current\n${idp.cert}\n\n${next.cert}${idp.cert}`;
    const saved = await u.api.expectOk(api.save, { body: { ...valid, idp_x509_cert: pasted } });
    assert.equal(saved.idp_x509_cert, `${idp.cert.trim()}\n${next.cert.trim()}`);
    assert.deepEqual(await u.api.expectOk(api.get), saved);
  });

  const refusals: [string, Partial<SamlConfig>, RegExp][] = [
    ['a certificate that is not PEM', { idp_x509_cert: 'hello' }, /not a valid PEM certificate/],
    [
      'a PEM block with a broken body',
      { idp_x509_cert: '-----BEGIN CERTIFICATE-----\nAAAA\n-----END CERTIFICATE-----' },
      /not a valid PEM certificate/,
    ],
    [
      'a private key pasted by mistake',
      { idp_x509_cert: idp.privateKey },
      /not a valid PEM certificate/,
    ],
    [
      'a malformed second certificate',
      {
        idp_x509_cert: `${idp.cert}\n-----BEGIN CERTIFICATE-----\nAAAA\n-----END CERTIFICATE-----`,
      },
      /^The IdP X.509 certificate 2 of 2 is not a valid PEM certificate/,
    ],
    [
      'a second certificate cut short (no END line)',
      { idp_x509_cert: `${idp.cert}\n${next.cert.slice(0, 300)}` },
      /^The IdP X.509 certificate 2 of 2 is not a valid PEM certificate/,
    ],
    [
      'an ECDSA certificate third of three',
      { idp_x509_cert: [idp.cert, next.cert, ecIdp.cert].join('\n') },
      /^The IdP X.509 certificate 3 of 3 must carry an RSA key/,
    ],
    [
      'five certificates',
      { idp_x509_cert: Array(5).fill(idp.cert).join('\n') },
      /Paste at most 4 X.509 certificates/,
    ],
    [
      'a field over 20,000 characters',
      { idp_x509_cert: `${idp.cert}\n${'A'.repeat(20_000)}` },
      /at most 20000 characters/,
    ],
    [
      'an ECDSA certificate (no RSA key to check RSA-SHA256 signatures with)',
      { idp_x509_cert: ecIdp.cert },
      /RSA key/,
    ],
    ['plain HTTP to another host', { idp_sso_url: 'http://idp.example.com/sso' }, /https:\/\//],
    ['a non-web scheme', { idp_sso_url: 'javascript://idp.example.com/sso' }, /https:\/\//],
    [
      'credentials in the SSO URL',
      { idp_sso_url: 'https://u:p@idp.example.com/sso' },
      /user name or password/,
    ],
    ['enabled without an entity id', { idp_entity_id: ' ' }, /IdP entity ID/],
    ['enabled without a certificate', { idp_x509_cert: '' }, /X.509 certificate to enable/],
    ['enabled without an SSO URL', { idp_sso_url: '' }, /SSO URL to enable/],
  ];
  for (const [name, change, message] of refusals) {
    test(`400 with a message: ${name}`, async () => {
      const u = await signUpSubscribed(server);
      const res = await u.api.request(api.save, { body: { ...valid, ...change } });
      assert.equal(res.status, 400);
      assert.ok(!res.ok);
      assert.match(res.body.message, message);
      assert.deepEqual((await u.api.expectOk(api.get)).enabled, false, 'nothing was stored');
    });
  }

  test('switched off, a partial configuration may wait; HTTP to loopback is allowed', async () => {
    const u = await signUpSubscribed(server);
    const draft = { enabled: false, idp_entity_id: 'urn:x', idp_sso_url: '', idp_x509_cert: '' };
    assert.deepEqual(await u.api.expectOk(api.save, { body: draft }), draft);
    const local = { ...valid, idp_sso_url: 'http://127.0.0.1:9999/sso' };
    assert.equal((await u.api.expectOk(api.save, { body: local })).idp_sso_url, local.idp_sso_url);
  });

  test('a save of some fields keeps the others: enabled alone turns SSO off, then on again', async () => {
    const u = await signUpSubscribed(server);
    const saved = await u.api.expectOk(api.save, { body: valid });
    const off = await u.api.expectOk(api.save, { body: { enabled: false } });
    assert.deepEqual(off, { ...saved, enabled: false });
    assert.deepEqual(await u.api.expectOk(api.save, { body: { enabled: true } }), saved);
    const moved = await u.api.expectOk(api.save, {
      body: { idp_sso_url: 'https://idp.example.com/sso2' },
    });
    assert.deepEqual(moved, { ...saved, idp_sso_url: 'https://idp.example.com/sso2' });
    const fresh = await signUpSubscribed(server);
    const res = await fresh.api.request(api.save, { body: { enabled: true } });
    assert.equal(res.status, 400, 'nothing stored to enable');
    assert.ok(!res.ok);
    assert.match(res.body.message, /to enable/);
  });

  test('the SP metadata the settings screen links to is there before the IdP is filled in', async () => {
    const u = await signUpSubscribed(server);
    const metadata = () => fetch(`${server.url}/v1/saml/${u.accountId}/metadata`);
    const urls = samlServiceProviderUrls(server.deps.config.publicUrl, u.accountId);
    const fresh = await metadata();
    assert.equal(fresh.status, 200, 'nothing saved yet: the IdP needs these details first');
    assert.ok((await fresh.text()).includes(`entityID="${urls.entityId}"`));
    const draft = { enabled: false, idp_entity_id: 'urn:x', idp_sso_url: '', idp_x509_cert: '' };
    await u.api.expectOk(api.save, { body: draft });
    const partial = await metadata();
    assert.equal(partial.status, 200, 'a saved draft without a certificate');
    const text = await partial.text();
    assert.ok(text.includes(`Location="${urls.acs}"`));
    assert.equal(await (await metadata()).text(), text, 'the same document on every fetch');
    assert.equal((await fetch(`${server.url}/v1/saml/no-such-account/metadata`)).status, 404);
  });

  test('members and read-only users may neither read nor change it', async () => {
    const owner = await signUpSubscribed(server);
    await owner.api.expectOk(api.save, { body: valid });
    for (const role of ['member', 'read_only'] as const) {
      const other = await signUp(server);
      await moveToAccount(server, other.userId, owner.accountId, role);
      assert.equal((await other.api.request(api.get)).status, 403);
      assert.equal((await other.api.request(api.save, { body: valid })).status, 403);
    }
  });
});
