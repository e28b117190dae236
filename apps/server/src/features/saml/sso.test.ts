import assert from 'node:assert/strict';
import { createSign } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import { before, describe, test } from 'node:test';
import { deflateRawSync } from 'node:zlib';
import { endpoints, samlServiceProviderUrls } from '@tokenwise/contracts';
import { hashPassword } from '../../lib/crypto.ts';
import {
  apiClient,
  moveToAccount,
  resetTokenFrom,
  signUp,
  signUpSubscribed,
  unfoldEmail,
} from '../../testing/test-server.ts';
import { useTestServer } from '../../testing/use-test-server.ts';
import * as sso from './testing/sso-flow.ts';
import { makeSigningIdentity, type ResponseSpec, sign } from './testing/test-idp.ts';

const api = endpoints.saml;
const idp = makeSigningIdentity();
/** A platform operator's address (decision 080) that has not signed up yet. */
const OPERATOR = `operator-${Date.now()}@tokenwise-ops.test`;
const RSA_SHA256 = 'http://www.w3.org/2001/04/xmldsig-more#rsa-sha256';

describe('SAML sign-in through the service provider (/v1/saml/:accountId/*)', () => {
  const server = useTestServer({ env: { SUPERADMIN_EMAILS: OPERATOR } });
  let owner: Awaited<ReturnType<typeof signUpSubscribed>>;
  const anon = () => apiClient(server.url);

  before(async () => {
    owner = await signUpSubscribed(server, `owner-${Date.now()}@acme-sso.test`);
    await owner.api.expectOk(api.save, {
      body: {
        enabled: true,
        idp_entity_id: sso.IDP_ENTITY_ID,
        idp_sso_url: 'http://127.0.0.1:9/sso',
        idp_x509_cert: idp.cert,
      },
    });
  });

  /** Starts a login, posts the response `change` shapes, and returns what the ACS did. */
  async function signInWith(
    email: string,
    change: Partial<ResponseSpec> = {},
    accountId = owner.accountId,
  ) {
    const started = await sso.startLogin(server, accountId);
    const xml = sso.buildResponse(
      sso.honestSpec(server, accountId, idp, {
        email,
        inResponseTo: started.requestId,
        ...change,
      }),
    );
    const outcome = await sso.postToAcs(server, accountId, {
      SAMLResponse: sso.encodeResponse(xml),
      RelayState: started.relayState,
    });
    // The browser that started the sign-in trades the code: its cookie goes along.
    return { ...outcome, browser: { headers: { cookie: started.cookie } } };
  }

  test('first sign-in creates a member just in time; the code is traded once for a session', async () => {
    const email = `new-${Date.now()}@acme-sso.test`;
    const outcome = await signInWith(email);
    assert.equal(outcome.status, 303);
    assert.ok(outcome.code, outcome.error);
    const session = await anon().expectOk(
      api.exchangeCode,
      { body: { code: outcome.code } },
      outcome.browser,
    );
    assert.equal(session.user.email, email);
    assert.deepEqual(
      session.accounts.map((a) => [a.id, a.role]),
      [[owner.accountId, 'member']],
    );
    const me = await apiClient(server.url, session.token).expectOk(endpoints.auth.me);
    assert.equal(me.email, email);
    const again = await anon().request(
      api.exchangeCode,
      { body: { code: outcome.code } },
      outcome.browser,
    );
    assert.equal(again.status, 400);
    assert.ok(!again.ok);
    assert.match(again.body.message, /expired or was already used/);
    const logins = await server.deps.db.kysely
      .selectFrom('saml_logins')
      .selectAll()
      .where('user_id', '=', session.user.id)
      .execute();
    assert.equal(logins.length, 1, 'the login is recorded');
    assert.equal(logins[0]?.name_id, email);
  });

  test("login CSRF: a sign-in started in the attacker's browser cannot be finished in the victim's", async () => {
    const victim = await sso.startLogin(server, owner.accountId);
    const victimBrowsers: [string, Record<string, string>][] = [
      ['a victim browser that started a sign-in of its own', { cookie: victim.cookie }],
      ['a victim browser with no sign-in under way', {}],
    ];
    for (const [which, headers] of victimBrowsers) {
      // The attacker signs in at the IdP with their own account and keeps the answer (or code);
      // the victim's browser is made to post it to the ACS and so lands on /login/sso#code=….
      const attacker = await signInWith(`mallory-${Date.now()}@acme-sso.test`);
      assert.ok(attacker.code, attacker.error);
      const traded = await anon().request(
        api.exchangeCode,
        { body: { code: attacker.code } },
        { headers },
      );
      assert.equal(traded.status, 400, `${which}: ${JSON.stringify(traded.body)}`);
      assert.ok(!traded.ok);
      assert.equal(traded.body.error, 'sso_other_browser');
      assert.match(traded.body.message, /started in another browser/);
      assert.match(traded.headers.get('set-cookie') ?? '', /tokenwise_sso_state=;.*Max-Age=0/);
      // Tried once in the wrong browser, the code is gone for the attacker too.
      const later = await anon().request(
        api.exchangeCode,
        { body: { code: attacker.code } },
        attacker.browser,
      );
      assert.equal(later.status, 400);
    }
  });

  test('the login start sets a short-lived HttpOnly SameSite=Lax state cookie and sends it as RelayState', async () => {
    const res = await fetch(`${server.url}/v1/saml/${owner.accountId}/login`, {
      redirect: 'manual',
    });
    const cookie = res.headers.get('set-cookie') ?? '';
    const state = /^tokenwise_sso_state=([\w-]{43});/.exec(cookie)?.[1];
    assert.ok(state, cookie);
    for (const attribute of ['Path=/v1/saml', 'Max-Age=600', 'HttpOnly', 'SameSite=Lax']) {
      assert.ok(cookie.split('; ').includes(attribute), `${attribute} in ${cookie}`);
    }
    assert.ok(!cookie.includes('Secure'), 'no Secure over plain http (PUBLIC_URL is http here)');
    const location = new URL(res.headers.get('location') ?? '');
    assert.equal(location.searchParams.get('RelayState'), state);
  });

  test('the login start is bounded per client address: 429 with Retry-After, other addresses unaffected', async () => {
    // Loopback is a /8: a client socket bound to 127.0.0.x is another address to the server.
    const start = (from: string) =>
      new Promise<{ status: number; retryAfter?: string; body: string }>((resolve, reject) => {
        const url = new URL(`${server.url}/v1/saml/${owner.accountId}/login`);
        const req = httpRequest(url, { localAddress: from }, (res) => {
          let body = '';
          res.setEncoding('utf8');
          res.on('data', (chunk: string) => {
            body += chunk;
          });
          res.on('end', () =>
            resolve({
              status: res.statusCode ?? 0,
              ...(res.headers['retry-after'] ? { retryAfter: res.headers['retry-after'] } : {}),
              body,
            }),
          );
        });
        req.on('error', reject);
        req.end();
      });
    const pending = () =>
      server.deps.db.kysely
        .selectFrom('saml_requests')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('account_id', '=', owner.accountId)
        .executeTakeFirstOrThrow()
        .then((r) => Number(r.n));
    // Someone clicking 'Sign in with SSO' again and again, as people do when the IdP is slow.
    for (let i = 0; i < 10; i++) assert.equal((await start('127.0.0.2')).status, 302);
    let refused: Awaited<ReturnType<typeof start>> | undefined;
    let allowed = 10;
    while (!refused && allowed < 500) {
      const answer = await start('127.0.0.2');
      if (answer.status === 302) allowed++;
      else refused = answer;
    }
    assert.ok(refused, 'one address kept writing sign-in rows without end');
    assert.equal(refused.status, 429, refused.body);
    assert.match(JSON.parse(refused.body).message, /Too many single sign-on attempts/);
    const retryAfter = Number(refused.retryAfter);
    assert.ok(retryAfter > 0 && retryAfter <= 600, `Retry-After: ${refused.retryAfter}`);
    const rows = await pending();
    assert.equal((await start('127.0.0.2')).status, 429, 'still refused');
    assert.equal(await pending(), rows, 'a refused start writes nothing');
    assert.equal((await start('127.0.0.3')).status, 302, 'another address signs in as usual');
  });

  test('an answer posted back without the RelayState the sign-in started with is refused', async () => {
    const started = await sso.startLogin(server, owner.accountId);
    const xml = sso.buildResponse(
      sso.honestSpec(server, owner.accountId, idp, {
        email: `norelay-${Date.now()}@acme-sso.test`,
        inResponseTo: started.requestId,
      }),
    );
    const outcome = await sso.postToAcs(server, owner.accountId, {
      SAMLResponse: sso.encodeResponse(xml),
    });
    assert.equal(outcome.code, undefined);
    assert.match(outcome.error ?? '', /without the sign-in state/);
  });

  test('an existing member keeps their role: never raised, never lowered', async () => {
    for (const role of ['read_only', 'admin'] as const) {
      const user = await signUp(server);
      await moveToAccount(server, user.userId, owner.accountId, role);
      const { code, browser } = await signInWith(user.email);
      const session = await anon().expectOk(
        api.exchangeCode,
        { body: { code: code ?? '' } },
        browser,
      );
      assert.deepEqual(session.accounts, [
        { id: owner.accountId, name: session.accounts[0]?.name, role },
      ]);
    }
  });

  test('the session reaches only the account whose IdP vouched, and never as superadmin', async () => {
    const user = await signUpSubscribed(server);
    const ownKey = await user.api.expectOk(endpoints.apiKeys.create, { body: { name: 'own' } });
    await server.deps.db.kysely
      .insertInto('memberships')
      .values({ account_id: owner.accountId, user_id: user.userId, role: 'member', created_at: 1 })
      .execute();
    await server.deps.db.kysely
      .updateTable('users')
      .set({ is_superadmin: 1 })
      .where('id', '=', user.userId)
      .execute();
    const { code, browser } = await signInWith(user.email);
    const session = await anon().expectOk(
      api.exchangeCode,
      { body: { code: code ?? '' } },
      browser,
    );
    const scoped = apiClient(server.url, session.token);
    const me = await scoped.expectOk(endpoints.auth.me);
    assert.equal(me.is_superadmin, false);
    assert.deepEqual(
      me.accounts.map((a) => a.id),
      [owner.accountId],
    );
    const keys = await scoped.expectOk(endpoints.apiKeys.list, undefined, {
      headers: { 'x-account-id': user.accountId },
    });
    assert.ok(
      !keys.some((k) => k.id === ownKey.id),
      'asking for the password account still answers from the SSO account',
    );
    const admin = await scoped('GET', '/v1/admin/accounts');
    assert.ok(admin.status === 403 || admin.status === 404, `admin answered ${admin.status}`);
  });

  test('a SAML member removed from the account is signed out: their session answers 401', async () => {
    const { code, browser } = await signInWith(`removed-${Date.now()}@acme-sso.test`);
    const session = await anon().expectOk(
      api.exchangeCode,
      { body: { code: code ?? '' } },
      browser,
    );
    const scoped = apiClient(server.url, session.token);
    assert.equal((await scoped('GET', '/v1/auth/subscription-status')).status, 200);
    const removed = await owner.api(
      'DELETE',
      `/v1/accounts/${owner.accountId}/members/${session.user.id}`,
    );
    assert.equal(removed.status, 200);
    // The session can reach nothing ever again: the dashboard must go to /login, which a 401 does.
    const after = await scoped('GET', '/v1/auth/subscription-status');
    assert.equal(after.status, 401, JSON.stringify(after.body));
  });

  test('switching SSO off or changing the IdP ends the SAML sessions; password sessions stay', async () => {
    const team = await signUpSubscribed(server);
    const trusted = {
      enabled: true,
      idp_entity_id: sso.IDP_ENTITY_ID,
      idp_sso_url: 'http://127.0.0.1:9/sso',
      idp_x509_cert: idp.cert,
    };
    const member = await signUp(server);
    await moveToAccount(server, member.userId, team.accountId, 'member');
    const password = await anon().expectOk(endpoints.auth.login, {
      body: { email: member.email, password: member.password },
    });
    const status = async (token: string) =>
      (await apiClient(server.url, token)('GET', '/v1/auth/me')).status;
    const changes: [string, Partial<typeof trusted>][] = [
      ['SSO switched off', { enabled: false }],
      ['the certificate rotated', { idp_x509_cert: makeSigningIdentity('Rotated IdP').cert }],
      ['another IdP entity ID', { idp_entity_id: 'https://other-idp.test.invalid/metadata' }],
      ['another IdP SSO URL', { idp_sso_url: 'http://127.0.0.1:10/sso' }],
    ];
    for (const [what, change] of changes) {
      await team.api.expectOk(api.save, { body: trusted });
      const email = `ends-${Date.now()}-${Math.random().toString(36).slice(2)}@acme-sso.test`;
      const { code, error, browser } = await signInWith(email, {}, team.accountId);
      assert.ok(code, error);
      const saml = await anon().expectOk(api.exchangeCode, { body: { code } }, browser);
      await team.api.expectOk(api.save, { body: trusted });
      assert.equal(await status(saml.token), 200, `${what}: saving the same IdP ends nothing`);
      await team.api.expectOk(api.save, { body: { ...trusted, ...change } });
      assert.equal(await status(saml.token), 401, `${what}: the SAML session ends`);
      assert.equal(await status(password.token), 200, `${what}: the password session stays`);
      assert.equal(await status(team.token), 200, `${what}: the owner's session stays`);
    }
  });

  describe('a user SAML created has no password to reset while SSO is on', () => {
    let team: Awaited<ReturnType<typeof signUpSubscribed>>;
    const trusted = (enabled: boolean) => ({
      enabled,
      idp_entity_id: sso.IDP_ENTITY_ID,
      idp_sso_url: 'http://127.0.0.1:9/sso',
      idp_x509_cert: idp.cert,
    });
    before(async () => {
      team = await signUpSubscribed(server);
      await team.api.expectOk(api.save, { body: trusted(true) });
    });
    const lastMailTo = async (email: string) =>
      unfoldEmail((await server.outbox()).filter((m) => m.includes(`To: ${email}`)).at(-1) ?? '');
    const forgot = (email: string) =>
      anon()('POST', '/v1/auth/forgot-password', { email }).then((r) => r.status);
    const reset = (token: string, password: string) =>
      anon()('POST', '/v1/auth/reset-password', { token, new_password: password });
    const login = (email: string, password: string) =>
      anon()('POST', '/v1/auth/login', { email, password });

    test('forgot-password mails no link while SSO is on; a link from while it was off stops working', async () => {
      const email = `jit-reset-${Date.now()}@acme-sso.test`;
      const { code, error } = await signInWith(email, {}, team.accountId);
      assert.ok(code, error);

      // SSO on: the same answer as ever, but the email points to SSO and carries no link.
      assert.equal(await forgot(email), 200);
      const mail = await lastMailTo(email);
      assert.match(mail, /signs in to Tokenwise through your organization's single sign-on/);
      assert.throws(() => resetTokenFrom(mail), /no reset link/);

      // A link mailed while SSO was off is refused once SSO is back on: no password, no bypass.
      await team.api.expectOk(api.save, { body: trusted(false) });
      assert.equal(await forgot(email), 200);
      const token = resetTokenFrom(await lastMailTo(email));
      await team.api.expectOk(api.save, { body: trusted(true) });
      const refused = await reset(token, 'bypass-the-idp-1');
      assert.equal(refused.status, 403, JSON.stringify(refused.body));
      assert.equal(refused.body.error, 'sso_required');
      assert.match(refused.body.message, /Single sign-on \(SSO\)/);
      assert.equal((await login(email, 'bypass-the-idp-1')).status, 401, 'no password was set');

      // SSO off for good: the member needs a password, and gets one like anybody else.
      await team.api.expectOk(api.save, { body: trusted(false) });
      await forgot(email);
      const fresh = resetTokenFrom(await lastMailTo(email));
      assert.equal((await reset(fresh, 'own-password-1')).status, 200);
      assert.equal((await login(email, 'own-password-1')).status, 200);
      // Chosen while SSO was off, it stays theirs when SSO returns, as any member's password does.
      await team.api.expectOk(api.save, { body: trusted(true) });
      assert.equal((await login(email, 'own-password-1')).status, 200);
    });

    test('a password set through the old reset hole does not sign in while SSO is on', async () => {
      const email = `jit-legacy-${Date.now()}@acme-sso.test`;
      const { code, error } = await signInWith(email, {}, team.accountId);
      assert.ok(code, error);
      // What a reset before this fix left behind: a chosen hash on a user SSO created.
      await server.deps.db.kysely
        .updateTable('users')
        .set({ password_hash: await hashPassword('set-before-fix-1') })
        .where('email', '=', email)
        .execute();
      const res = await login(email, 'set-before-fix-1');
      assert.equal(res.status, 403, JSON.stringify(res.body));
      assert.equal(res.body.error, 'sso_required');
      // A member who chose their own password keeps signing in with it (as before).
      const member = await signUp(server);
      await moveToAccount(server, member.userId, team.accountId, 'member');
      assert.equal((await login(member.email, member.password)).status, 200);
    });
  });

  test('an admin cannot point SSO at an IdP of their own and sign in as the owner', async () => {
    const team = await signUpSubscribed(server);
    const admin = await signUp(server);
    await moveToAccount(server, admin.userId, team.accountId, 'admin');
    const ownIdp = makeSigningIdentity('An admin-run IdP');
    const config = {
      enabled: true,
      idp_entity_id: sso.IDP_ENTITY_ID,
      idp_sso_url: 'http://127.0.0.1:9/sso',
      idp_x509_cert: ownIdp.cert,
    };
    // Whoever sets the IdP vouches for every member's identity, the owners' included.
    const saved = await admin.api.request(api.save, { body: config });
    assert.equal(saved.status, 403);
    assert.ok(!saved.ok);
    assert.match(saved.body.message, /Only the account owner can change single sign-on/);
    assert.equal((await team.api.expectOk(api.get)).enabled, false, 'nothing was saved');

    // Had it been saved, the admin's IdP would vouch for the owner: no owner session comes of it.
    const started = await sso.startLogin(server, team.accountId).catch(() => undefined);
    if (started) {
      const xml = sso.buildResponse(
        sso.honestSpec(server, team.accountId, ownIdp, {
          email: team.email,
          inResponseTo: started.requestId,
        }),
      );
      const outcome = await sso.postToAcs(server, team.accountId, {
        SAMLResponse: sso.encodeResponse(xml),
        RelayState: started.relayState,
      });
      assert.equal(outcome.code, undefined, 'the admin signed in as the owner');
    }

    // The owner may still set it, and an admin still sees it.
    await team.api.expectOk(api.save, { body: config });
    assert.equal((await admin.api.expectOk(api.get)).enabled, true);
  });

  test('someone invited with a temporary password who signs in through the IdP gets in', async () => {
    const email = `invited-${Date.now()}@acme-sso.test`;
    const invite = await owner.api('POST', `/v1/accounts/${owner.accountId}/members`, {
      email,
      role: 'member',
    });
    assert.equal(invite.status, 201, JSON.stringify(invite.body));
    const held = await anon().expectOk(endpoints.auth.login, {
      body: { email, password: invite.body.temporary_password },
    });
    const { code, browser } = await signInWith(email);
    const session = await anon().expectOk(
      api.exchangeCode,
      { body: { code: code ?? '' } },
      browser,
    );
    const saml = apiClient(server.url, session.token);
    const keys = await saml('GET', '/v1/keys');
    assert.equal(keys.status, 200, JSON.stringify(keys.body));
    // The password the inviter was answered no longer signs anyone in: the IdP decides now.
    const password = await anon()('POST', '/v1/auth/login', {
      email,
      password: invite.body.temporary_password,
    });
    assert.equal(password.status, 401);
    const heldKeys = await apiClient(server.url, held.token)('GET', '/v1/keys');
    assert.equal(heldKeys.status, 401, 'a session on the temporary password does not open up');
  });

  test("a NameID that only Unicode folding turns into a member's email does not sign in as them", async () => {
    const admin = await signUp(server, `kate-${Date.now()}@acme-sso.test`);
    await moveToAccount(server, admin.userId, owner.accountId, 'admin');
    const local = admin.email.split('@')[0] ?? '';
    for (const lookalike of [
      // KELVIN SIGN lower-cases to an ASCII 'k'; an ideographic space is trimmed away.
      admin.email.replace('k', '\u212a'),
      `${admin.email}\u3000`,
      `\u00a0${local}@acme-sso.test`,
    ]) {
      const outcome = await signInWith(lookalike);
      assert.equal(outcome.code, undefined, `${JSON.stringify(lookalike)} signed in`);
      assert.match(outcome.error ?? '', /NameID/);
    }
    const plain = await signInWith(` ${admin.email.toUpperCase()}`);
    assert.ok(plain.code, `ASCII case and spaces still fold: ${plain.error}`);
  });

  test("an account's IdP cannot create the user of a platform operator's address", async () => {
    const outcome = await signInWith(OPERATOR);
    assert.equal(outcome.code, undefined);
    assert.match(outcome.error ?? '', /reserved for a platform operator/);
    const made = await server.deps.db.kysely
      .selectFrom('users')
      .select('id')
      .where('email', '=', OPERATOR)
      .executeTakeFirst();
    assert.equal(made, undefined, 'the operator can still sign up with their address');
  });

  test('two first sign-ins of one new email at once: one user, and neither is a server error', async () => {
    const email = `twice-${Date.now()}@acme-sso.test`;
    const outcomes = await Promise.all([signInWith(email), signInWith(email), signInWith(email)]);
    assert.deepEqual(
      outcomes.map((o) => [o.status, Boolean(o.code), o.error]),
      outcomes.map(() => [303, true, undefined]),
    );
    const made = await server.deps.db.kysely
      .selectFrom('users')
      .select('id')
      .where('email', '=', email)
      .execute();
    assert.equal(made.length, 1);
  });

  test('a login that is not a member of the account is refused, not added', async () => {
    const outsider = await signUp(server);
    const outcome = await signInWith(outsider.email);
    assert.equal(outcome.code, undefined);
    assert.match(outcome.error ?? '', /already has a Tokenwise login outside this account/);
    const rows = await server.deps.db.kysely
      .selectFrom('memberships')
      .select('account_id')
      .where('user_id', '=', outsider.userId)
      .execute();
    assert.deepEqual(
      rows.map((r) => r.account_id),
      [outsider.accountId],
    );
  });

  test('a clock 30 seconds apart is within the allowed skew', async () => {
    const outcome = await signInWith(`skew-${Date.now()}@acme-sso.test`, { notBefore: 30_000 });
    assert.ok(outcome.code, outcome.error);
  });

  test('metadata names the entity id, the ACS (HTTP-POST) and the SLS', async () => {
    const res = await fetch(`${server.url}/v1/saml/${owner.accountId}/metadata`);
    assert.equal(res.status, 200);
    assert.match(res.headers.get('content-type') ?? '', /xml/);
    const xml = await res.text();
    const urls = samlServiceProviderUrls(server.deps.config.publicUrl, owner.accountId);
    assert.ok(xml.includes(`entityID="${urls.entityId}"`), xml);
    assert.ok(xml.includes(`Location="${urls.acs}"`));
    assert.ok(xml.includes('urn:oasis:names:tc:SAML:2.0:bindings:HTTP-POST'));
    assert.ok(xml.includes(`Location="${urls.sls}"`));
    const none = await fetch(`${server.url}/v1/saml/no-such-account/metadata`);
    assert.equal(none.status, 404);
  });

  test("'Single sign-on (SSO)' finds the account by email, by domain or by id", async () => {
    const login = `/v1/saml/${owner.accountId}/login`;
    const find = (query: { email?: string; account_id?: string }) =>
      anon().request(api.discover, { query });
    assert.deepEqual((await find({ email: owner.email })).body, { login_url: login });
    assert.deepEqual((await find({ email: 'Someone.Else@ACME-SSO.test' })).body, {
      login_url: login,
    });
    assert.deepEqual((await find({ account_id: owner.accountId })).body, { login_url: login });
    const unknown = await find({ email: 'a@elsewhere.test' });
    assert.equal(unknown.status, 404);
    assert.ok(!unknown.ok);
    assert.match(unknown.body.message, /No single sign-on is set up for elsewhere.test/);
    assert.equal((await find({})).status, 400);
  });

  test('an account whose SSO is switched off refuses every step', async () => {
    const other = await signUpSubscribed(server);
    await other.api.expectOk(api.save, {
      body: {
        enabled: false,
        idp_entity_id: sso.IDP_ENTITY_ID,
        idp_sso_url: 'http://127.0.0.1:9/sso',
        idp_x509_cert: idp.cert,
      },
    });
    const start = await fetch(`${server.url}/v1/saml/${other.accountId}/login`, {
      redirect: 'manual',
    });
    assert.equal(start.status, 404);
    const xml = sso.buildResponse(
      sso.honestSpec(server, other.accountId, idp, { email: `x-${Date.now()}@acme-sso.test` }),
    );
    const outcome = await sso.postToAcs(server, other.accountId, {
      SAMLResponse: sso.encodeResponse(xml),
    });
    assert.equal(outcome.code, undefined);
    assert.match(outcome.error ?? '', /not enabled for this account/);
    const find = await anon().request(api.discover, { query: { account_id: other.accountId } });
    assert.equal(find.status, 404);
  });

  test('SLS ends the SAML sessions only: a password session in the same account stays', async () => {
    const user = await signUp(server);
    await moveToAccount(server, user.userId, owner.accountId, 'member');
    const password = await apiClient(server.url).expectOk(endpoints.auth.login, {
      body: { email: user.email, password: user.password },
    });
    assert.equal(password.accounts[0]?.id, owner.accountId, 'the password session works there');
    const { code, browser } = await signInWith(user.email);
    const saml = await anon().expectOk(api.exchangeCode, { body: { code: code ?? '' } }, browser);
    const res = await logoutRequest(user.email);
    assert.equal(res.status, 200, await res.text());
    const me = (token: string) => apiClient(server.url, token)('GET', '/v1/auth/me');
    assert.equal((await me(saml.token)).status, 401, 'the SAML session ends');
    assert.equal((await me(password.token)).status, 200, 'the password session stays');
  });

  /** Posts a LogoutRequest for `email` to the SLS, signed by the IdP unless told otherwise. */
  function logoutRequest(email: string, signed = true) {
    const urls = samlServiceProviderUrls(server.deps.config.publicUrl, owner.accountId);
    const xml =
      '<samlp:LogoutRequest xmlns:samlp="urn:oasis:names:tc:SAML:2.0:protocol" xmlns:saml="urn:oasis:names:tc:SAML:2.0:assertion"' +
      ` ID="_lo${Date.now()}${Math.random().toString(36).slice(2)}" Version="2.0" IssueInstant="${new Date().toISOString()}" Destination="${urls.sls}">` +
      `<saml:Issuer>${sso.IDP_ENTITY_ID}</saml:Issuer><saml:NameID>${email}</saml:NameID></samlp:LogoutRequest>`;
    const body = signed ? sign(xml, 'LogoutRequest', idp) : xml;
    return fetch(`${server.url}/v1/saml/${owner.accountId}/sls`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ SAMLRequest: Buffer.from(body).toString('base64') }).toString(),
    });
  }

  test('SLS: a signed LogoutRequest ends the SAML sessions; an unsigned one is refused', async () => {
    const email = `logout-${Date.now()}@acme-sso.test`;
    const { code, browser } = await signInWith(email);
    const session = await anon().expectOk(
      api.exchangeCode,
      { body: { code: code ?? '' } },
      browser,
    );
    const urls = samlServiceProviderUrls(server.deps.config.publicUrl, owner.accountId);
    const request = (signed: boolean) => {
      const xml =
        '<samlp:LogoutRequest xmlns:samlp="urn:oasis:names:tc:SAML:2.0:protocol" xmlns:saml="urn:oasis:names:tc:SAML:2.0:assertion"' +
        ` ID="_lo${Date.now()}" Version="2.0" IssueInstant="${new Date().toISOString()}" Destination="${urls.sls}">` +
        `<saml:Issuer>${sso.IDP_ENTITY_ID}</saml:Issuer><saml:NameID>${email}</saml:NameID></samlp:LogoutRequest>`;
      const body = signed ? sign(xml, 'LogoutRequest', idp) : xml;
      return fetch(`${server.url}/v1/saml/${owner.accountId}/sls`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ SAMLRequest: Buffer.from(body).toString('base64') }).toString(),
      });
    };
    const me = () => apiClient(server.url, session.token)('GET', '/v1/auth/me');
    const unsigned = await request(false);
    assert.equal(unsigned.status, 400);
    assert.equal((await me()).status, 200, 'an unsigned request ends nothing');
    const signed = await request(true);
    assert.equal(signed.status, 200, await signed.text());
    assert.equal((await me()).status, 401);
  });

  test('SLS: a signed LogoutRequest meant for another SP, or issued long ago, ends nothing', async () => {
    const email = `stale-logout-${Date.now()}@acme-sso.test`;
    const { code, browser } = await signInWith(email);
    const session = await anon().expectOk(
      api.exchangeCode,
      { body: { code: code ?? '' } },
      browser,
    );
    const me = () => apiClient(server.url, session.token)('GET', '/v1/auth/me');
    const urls = samlServiceProviderUrls(server.deps.config.publicUrl, owner.accountId);
    const post = (destination: string, issuedAgoMs: number) => {
      const xml =
        '<samlp:LogoutRequest xmlns:samlp="urn:oasis:names:tc:SAML:2.0:protocol" xmlns:saml="urn:oasis:names:tc:SAML:2.0:assertion"' +
        ` ID="_st${Math.random().toString(36).slice(2)}" Version="2.0" IssueInstant="${new Date(Date.now() - issuedAgoMs).toISOString()}" Destination="${destination}">` +
        `<saml:Issuer>${sso.IDP_ENTITY_ID}</saml:Issuer><saml:NameID>${email}</saml:NameID></samlp:LogoutRequest>`;
      return fetch(`${server.url}/v1/saml/${owner.accountId}/sls`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          SAMLRequest: Buffer.from(sign(xml, 'LogoutRequest', idp)).toString('base64'),
        }).toString(),
      });
    };
    // The same IdP key signs for every app it serves; this one was for another SP's SLS.
    const elsewhere = await post('https://other-sp.test/saml/sls', 0);
    assert.equal(elsewhere.status, 400);
    assert.match(await elsewhere.text(), /another destination/);
    const stale = await post(urls.sls, 60 * 60_000);
    assert.equal(stale.status, 400);
    assert.match(await stale.text(), /too old/);
    assert.equal((await me()).status, 200, 'neither ended the session');
    const fresh = await post(urls.sls, 0);
    assert.equal(fresh.status, 200, await fresh.text());
    assert.equal((await me()).status, 401);
  });

  test('SLS over HTTP-Redirect: a request without a query signature ends nothing; a signed one does', async () => {
    const email = `redirect-logout-${Date.now()}@acme-sso.test`;
    const { code, browser } = await signInWith(email);
    const session = await anon().expectOk(
      api.exchangeCode,
      { body: { code: code ?? '' } },
      browser,
    );
    const me = () => apiClient(server.url, session.token)('GET', '/v1/auth/me');
    const urls = samlServiceProviderUrls(server.deps.config.publicUrl, owner.accountId);
    // Everything in it is public or guessable: the account id, the IdP's entity id, an email.
    const xml =
      '<samlp:LogoutRequest xmlns:samlp="urn:oasis:names:tc:SAML:2.0:protocol" xmlns:saml="urn:oasis:names:tc:SAML:2.0:assertion"' +
      ` ID="_lr${Date.now()}" Version="2.0" IssueInstant="${new Date().toISOString()}" Destination="${urls.sls}">` +
      `<saml:Issuer>${sso.IDP_ENTITY_ID}</saml:Issuer><saml:NameID>${email}</saml:NameID></samlp:LogoutRequest>`;
    const query = `SAMLRequest=${encodeURIComponent(deflateRawSync(xml).toString('base64'))}`;
    const sls = (q: string) => fetch(`${server.url}/v1/saml/${owner.accountId}/sls?${q}`);
    const unsigned = await sls(query);
    assert.equal(unsigned.status, 400);
    assert.equal((await me()).status, 200, 'an unsigned request ends nothing');
    const forged = await sls(`${query}&SigAlg=${encodeURIComponent(RSA_SHA256)}&Signature=AAAA`);
    assert.equal(forged.status, 400);
    assert.equal((await me()).status, 200, 'a bad signature ends nothing');
    const signed = `${query}&SigAlg=${encodeURIComponent(RSA_SHA256)}`;
    const signature = createSign('RSA-SHA256').update(signed).sign(idp.privateKey, 'base64');
    const ok = await sls(`${signed}&Signature=${encodeURIComponent(signature)}`);
    assert.equal(ok.status, 200, await ok.text());
    assert.equal((await me()).status, 401);
  });

  test('SLS: a signed LogoutRequest used once is refused when it comes again, on either binding', async () => {
    const email = `replayed-logout-${Date.now()}@acme-sso.test`;
    const signIn = async () => {
      const { code, browser } = await signInWith(email);
      const session = await anon().expectOk(
        api.exchangeCode,
        { body: { code: code ?? '' } },
        browser,
      );
      return () => apiClient(server.url, session.token)('GET', '/v1/auth/me');
    };
    const urls = samlServiceProviderUrls(server.deps.config.publicUrl, owner.accountId);
    const xml = (id: string) =>
      '<samlp:LogoutRequest xmlns:samlp="urn:oasis:names:tc:SAML:2.0:protocol" xmlns:saml="urn:oasis:names:tc:SAML:2.0:assertion"' +
      ` ID="${id}" Version="2.0" IssueInstant="${new Date().toISOString()}" Destination="${urls.sls}">` +
      `<saml:Issuer>${sso.IDP_ENTITY_ID}</saml:Issuer><saml:NameID>${email}</saml:NameID></samlp:LogoutRequest>`;
    // HTTP-Redirect: the whole signed URL, as it sat in the browser history or a proxy log.
    const query = `SAMLRequest=${encodeURIComponent(deflateRawSync(xml(`_rp${Date.now()}`)).toString('base64'))}&SigAlg=${encodeURIComponent(RSA_SHA256)}`;
    const signature = createSign('RSA-SHA256').update(query).sign(idp.privateKey, 'base64');
    const signedUrl = `${server.url}/v1/saml/${owner.accountId}/sls?${query}&Signature=${encodeURIComponent(signature)}`;
    const first = await signIn();
    const used = await fetch(signedUrl);
    assert.equal(used.status, 200, await used.text());
    assert.equal((await first()).status, 401, 'the logout ends the session');
    const second = await signIn();
    const replayed = await fetch(signedUrl);
    assert.equal(replayed.status, 400, 'a replayed logout is refused');
    assert.match(await replayed.text(), /already used/);
    assert.equal((await second()).status, 200, 'the user who signed in again stays signed in');

    // HTTP-POST: the same request id under a fresh signature is the same request.
    const post = (id: string) =>
      fetch(`${server.url}/v1/saml/${owner.accountId}/sls`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          SAMLRequest: Buffer.from(sign(xml(id), 'LogoutRequest', idp)).toString('base64'),
        }).toString(),
      });
    const postedId = `_pp${Date.now()}`;
    assert.equal((await post(postedId)).status, 200);
    const third = await signIn();
    const again = await post(postedId);
    assert.equal(again.status, 400);
    assert.equal((await third()).status, 200, 'the replay ends nothing');
  });
});
