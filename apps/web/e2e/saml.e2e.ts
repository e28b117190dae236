import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { endpoints, samlServiceProviderUrls } from '@tokenwise/contracts';
import { makeSigningIdentity } from '../../server/src/features/saml/testing/test-idp.ts';
import { startTestIdpServer } from '../../server/src/features/saml/testing/test-idp-server.ts';
import { signUpSubscribed } from '../../server/src/testing/test-server.ts';
import { type E2eEnv, logIn, startE2e, storedSession } from './harness.ts';

const IDP_ENTITY_ID = 'https://idp.e2e.invalid/metadata';

describe('SAML single sign-on in the browser', { timeout: 600_000 }, () => {
  let e2e: E2eEnv;
  let idp: Awaited<ReturnType<typeof startTestIdpServer>>;
  let owner: Awaited<ReturnType<typeof signUpSubscribed>>;
  let signer: ReturnType<typeof makeSigningIdentity>;
  const email = `jit-${Date.now()}@sso-e2e.test`;

  before(async () => {
    e2e = await startE2e();
    owner = await signUpSubscribed(e2e.server, `owner-${Date.now()}@sso-e2e.test`);
    signer = makeSigningIdentity();
    const urls = samlServiceProviderUrls(e2e.server.deps.config.publicUrl, owner.accountId);
    idp = await startTestIdpServer({
      signer,
      email,
      acsPostUrl: `${e2e.server.url}/v1/saml/${owner.accountId}/acs`,
      spec: { idpEntityId: IDP_ENTITY_ID, spEntityId: urls.entityId, acsUrl: urls.acs },
    });
    await owner.api.expectOk(endpoints.saml.save, {
      body: {
        enabled: true,
        idp_entity_id: IDP_ENTITY_ID,
        idp_sso_url: idp.url,
        idp_x509_cert: signer.cert,
      },
    });
  });
  after(async () => {
    await idp?.close();
    await e2e?.close();
  });

  test("'Single sign-on (SSO)' by email: IdP round trip, code traded, new member on the dashboard", async () => {
    const page = await e2e.newPage();
    const visited: string[] = [];
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) visited.push(frame.url());
    });
    await page.goto('/login');
    await page.getByRole('button', { name: 'Single sign-on (SSO)' }).click();
    await page.getByLabel('Work email or account ID').fill(email);
    await page.getByRole('button', { name: 'Continue with SSO' }).click();
    await page.waitForURL('**/dashboard');

    const session = await storedSession(page);
    assert.ok(session.token, 'a session is stored');
    const user = JSON.parse(session.user ?? '{}') as {
      email: string;
      accounts: { role: string }[];
    };
    assert.equal(user.email, email);
    assert.deepEqual(
      user.accounts.map((a) => a.role),
      ['member'],
    );
    assert.ok(
      visited.some((u) => u.includes('/login/sso#code=')),
      `the code came back in the fragment: ${visited.join(' → ')}`,
    );
    assert.ok(
      visited.every((u) => !u.includes(session.token ?? '-')),
      'the token was never in a URL',
    );
  });

  test('an unknown domain gets a clear message and stays on the login screen', async () => {
    const page = await e2e.newPage();
    await page.goto('/login');
    await page.getByRole('button', { name: 'Single sign-on (SSO)' }).click();
    await page.getByLabel('Work email or account ID').fill('someone@nowhere-sso.test');
    await page.getByRole('button', { name: 'Continue with SSO' }).click();
    await page.getByText('No single sign-on is set up for nowhere-sso.test').waitFor();
    assert.equal(new URL(page.url()).pathname, '/login');
  });

  test('settings: the SP details carry the account, a bad certificate is refused with its reason', async () => {
    const page = await e2e.newPage();
    await logIn(page, owner.email, owner.password);
    await page.goto('/settings');
    const urls = samlServiceProviderUrls(e2e.server.url, owner.accountId);
    const entityId = page.getByRole('textbox', { name: 'SP Entity ID (Audience URI)' });
    await entityId.waitFor();
    assert.equal(await entityId.inputValue(), urls.entityId);
    assert.equal(await page.getByRole('textbox', { name: /^ACS URL/ }).inputValue(), urls.acs);
    assert.equal(await page.getByRole('textbox', { name: /^SLS URL/ }).inputValue(), urls.sls);
    await page.getByRole('button', { name: 'Copy Metadata URL' }).waitFor();

    const cert = page.getByRole('textbox', { name: 'IdP X.509 Certificate' });
    assert.match(await cert.inputValue(), /BEGIN CERTIFICATE/, 'the saved config is shown');
    await cert.fill('-----BEGIN CERTIFICATE-----\nAAAA\n-----END CERTIFICATE-----');
    await page.getByRole('button', { name: 'Save SAML Configuration' }).click();
    await page
      .getByText('Failed to save SAML configuration: The IdP X.509 certificate is not a valid PEM')
      .waitFor();
    await cert.fill(signer.cert);
    await page.getByRole('button', { name: 'Save SAML Configuration' }).click();
    await page.getByText('SAML configuration saved').waitFor();
  });
});
