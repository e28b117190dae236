import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { endpoints as api, ENDPOINT_LIST, endpointUrl } from '@tokenwise/contracts';
import * as sso from '../features/saml/testing/sso-flow.ts';
import { makeSigningIdentity } from '../features/saml/testing/test-idp.ts';
import { type GatewayFixture, startGatewayFixture } from '../gateway/tests/gateway-fixture.ts';
import { apiClient, resetTokenFrom } from './test-server.ts';

const model = 'openai/gpt-4o';

/**
 * Every dashboard endpoint, called once or more on real traffic (gateway requests through the mock
 * upstream, a real database), with every answer held to its contract by the test server's check.
 */
describe('every dashboard endpoint answers within its contract', () => {
  let f: GatewayFixture;
  let client: GatewayFixture['user']['api'];
  const ask = async (content: string) => {
    const { response } = await f.openai.chat.completions
      .create({ model, messages: [{ role: 'user', content }] })
      .withResponse();
    return {
      id: response.headers.get('x-request-id') ?? '',
      cache: response.headers.get('x-cache'),
    };
  };

  before(async () => {
    f = await startGatewayFixture();
    client = f.user.api;
  });
  after(() => f.close());

  test('gateway traffic as analytics, savings and evals show it', async () => {
    await client.expectOk(api.routing.saveConfig, {
      body: { enabled: true, difficulty_threshold_simple: 100, difficulty_threshold_complex: 500 },
    });
    const prompt = 'Write to alice@example.com that the meeting moved to Friday.';
    const miss = await ask(prompt);
    const hit = await ask(prompt);
    assert.deepEqual([miss.cache, hit.cache], ['MISS', 'HIT']);
    await f.logs();

    const overview = await client.expectOk(api.analytics.overview, {
      query: { time_range: '24h', limit: 1 },
    });
    assert.equal(overview.pagination.has_more, true);
    const next = await client.expectOk(api.analytics.overview, {
      query: { time_range: '24h', cursor: overview.pagination.next_cursor ?? '', compare: false },
    });
    assert.equal(next.recent_requests.length, 1);

    // The stage details are typed by their contract: what the request-detail screen reads.
    const routed = await client.expectOk(api.analytics.request, { params: { id: miss.id } });
    assert.ok(routed.details?.difficulty_reasons?.length);
    const cached = await client.expectOk(api.analytics.request, { params: { id: hit.id } });
    assert.equal(cached.details?.cache_layer, 'exact');
    assert.equal(cached.details?.cache_similarity, 1);
    assert.equal(typeof cached.details?.cache_entry_id, 'string');
    assert.equal(cached.details?.pii_redacted?.email, 1);

    for (const breakdown of [api.analytics.models, api.analytics.providers]) {
      await client.expectOk(breakdown, { query: { time_range: '7d' } });
    }
    for (const file of [api.analytics.exportCsv, api.analytics.exportJson]) {
      const res = await client('GET', endpointUrl(file, { query: { time_range: '24h' } }));
      assert.equal(res.status, 200);
    }
    await client.expectOk(api.savings.get, { query: { range: '7d' } });
    const report = await client('GET', endpointUrl(api.savings.exportCsv, { query: {} }));
    assert.equal(report.status, 200);

    const evals = await client.expectOk(api.evals.list, { query: { filter: 'pending' } });
    assert.ok(evals.some((e) => e.id === miss.id));
    await client.expectOk(api.evals.feedback, {
      body: { request_id: hit.id, feedback: 'negative', comment: 'stale' },
    });
    const stats = await client.expectOk(api.evals.stats);
    assert.equal(stats.thumbs_down, 1);
    // This account has keys and traffic by now: its first-run checklist is done.
    const firstSteps = await client.expectOk(api.gettingStarted.status);
    assert.equal(firstSteps.first_request, true);
    assert.equal(firstSteps.gateway_key, true);
  });

  test('the semantic cache: settings, entries, preview, warm-up and invalidation', async () => {
    const cache = api.semanticCache;
    await client.expectOk(cache.stats);
    const config = await client.expectOk(cache.getConfig);
    await client.expectOk(cache.saveConfig, { body: { ...config, ttl_seconds: 7200 } });
    await client.expectOk(cache.analytics);
    const prompt = 'What is the capital of France?';
    const warm = await client.expectOk(cache.warmup, {
      body: { model, entries: [{ prompt, response: 'Paris.' }] },
    });
    assert.equal(warm.loaded, 1);
    const preview = await client.expectOk(cache.preview, { body: { prompt, model } });
    assert.deepEqual([preview.would_hit, preview.layer], [true, 'exact']);
    const page = await client.expectOk(cache.entries, { query: { limit: 10 } });
    assert.equal(page.total, 2);
    await client.expectOk(cache.deleteEntry, { params: { id: warm.ids[0] ?? '' } });
    await client.expectOk(cache.invalidatePattern, { params: { pattern: '*capital*' } });
    const cleared = await client.expectOk(cache.clear);
    assert.equal(cleared.removed, 1);
    // The repository's own eval result files (eval/results), as a fresh server reads them.
    await client.expectOk(cache.quality);
  });

  test('settings, routing, baseline and keys round trip', async () => {
    const level = await client.expectOk(api.settings.get);
    await client.expectOk(api.settings.save, { body: level });
    await client.expectOk(api.optimization.quality);
    const pii = await client.expectOk(api.pii.get);
    await client.expectOk(api.pii.save, { body: { ...pii, redact_secrets: true } });
    const saml = await client.expectOk(api.saml.get);
    await client.expectOk(api.saml.save, { body: { ...saml, idp_entity_id: 'urn:idp' } });
    await client.expectOk(api.routing.stats);
    await client.expectOk(api.routing.getConfig);
    await client.expectOk(api.baseline.get);
    await client.expectOk(api.baseline.save, { body: { sample_rate: 10 } });

    const key = await client.expectOk(api.apiKeys.create, { body: { name: 'spare' } });
    assert.equal((await client.expectOk(api.apiKeys.list)).length, 2);
    await client.expectOk(api.apiKeys.delete, { params: { id: key.id } });
    const stored = await client.expectOk(api.providerKeys.create, {
      body: { provider: 'groq', api_key: 'gsk-spare', label: null },
    });
    await client.expectOk(api.providerKeys.list);
    await client.expectOk(api.providerKeys.delete, { params: { id: stored.id } });
  });

  test('the team and the superadmin console', async () => {
    const { accountId, userId } = f.user;
    const params = { id: accountId };
    await client.expectOk(api.team.get, { params });
    const invited = await client.expectOk(api.team.invite, {
      params,
      body: { email: 'contract-teammate@example.com', role: 'member' },
    });
    const member = { id: accountId, userId: invited.member.user_id };
    await client.expectOk(api.team.changeRole, { params: member, body: { role: 'admin' } });
    await client.expectOk(api.team.remove, { params: member });

    // The console needs the superadmin flag, which SUPERADMIN_EMAILS grants at a finished
    // password reset (decision 080).
    await f.server.deps.db.kysely
      .updateTable('users')
      .set({ is_superadmin: 1 })
      .where('id', '=', userId)
      .execute();
    const users = await client.expectOk(api.admin.users, { query: { search: 'teammate' } });
    assert.deepEqual(
      users.map((u) => u.email),
      ['contract-teammate@example.com'],
    );
    const accounts = await client.expectOk(api.admin.accounts, { query: { limit: 5 } });
    assert.ok(accounts.some((a) => a.id === accountId));
    await client.expectOk(api.admin.deleteUser, { params: { id: invited.member.user_id } });
  });

  test('alerts: create, read, edit, toggle, test, rotate the secret, history, delete', async () => {
    const form = {
      name: 'Spend',
      alert_type: 'budget_limit',
      enabled: true,
      conditions: { threshold: 0, period: '1d' },
      notification_email: true,
      notification_webhook: false,
      webhook_url: null,
      throttle_minutes: 0,
    } as const;
    const alert = await client.expectOk(api.alerts.create, { body: form });
    await client.expectOk(api.alerts.list);
    await client.expectOk(api.alerts.get, { params: { id: alert.id } });
    await client.expectOk(api.alerts.update, {
      params: { id: alert.id },
      body: { ...form, name: 'Spend today' },
    });
    await client.expectOk(api.alerts.update, { params: { id: alert.id }, body: { enabled: true } });
    const sent = await client.expectOk(api.alerts.test, { params: { id: alert.id } });
    assert.deepEqual(sent.notifications_sent, ['email']);
    await client.expectOk(api.alerts.rotateSecret, { params: { id: alert.id } });
    // The gateway traffic above cost more than the threshold of 0: one pass fires the alert.
    assert.equal(await f.server.app.alerts.evaluator.tick(), 1);
    const history = await client.expectOk(api.alerts.history, { query: { limit: 50 } });
    assert.equal(history[0]?.alert_name, 'Spend today');
    await client.expectOk(api.alerts.delete, { params: { id: alert.id } });
  });

  test('SAML: find the account, sign in through the test IdP, trade the code for a session', async () => {
    const idp = makeSigningIdentity();
    await client.expectOk(api.saml.save, {
      body: {
        enabled: true,
        idp_entity_id: sso.IDP_ENTITY_ID,
        idp_sso_url: 'http://127.0.0.1:9/sso',
        idp_x509_cert: idp.cert,
      },
    });
    const anon = apiClient(f.server.url);
    const { accountId, email } = f.user;
    await anon.expectOk(api.saml.discover, { query: { email } });
    const started = await sso.startLogin(f.server, accountId);
    const xml = sso.buildResponse(
      sso.honestSpec(f.server, accountId, idp, { email, inResponseTo: started.requestId }),
    );
    const { code, error } = await sso.postToAcs(f.server, accountId, {
      SAMLResponse: sso.encodeResponse(xml),
      RelayState: started.relayState,
    });
    assert.ok(code, error);
    await anon.expectOk(
      api.saml.exchangeCode,
      { body: { code } },
      { headers: { cookie: started.cookie } },
    );
  });

  test('billing and the session: sign in, reset and change the password, sign out', async () => {
    const { accountId, email } = f.user;
    await client.expectOk(api.billing.portal);
    await client.expectOk(api.billing.subscription, { params: { accountId } });
    await client.expectOk(api.billing.usage, { params: { accountId } });
    const overview = await client.expectOk(api.billing.overview);
    assert.ok(overview.subscription && overview.usage, 'a subscribed account has both');
    await client.expectOk(api.auth.subscriptionStatus);
    await client.expectOk(api.auth.me);
    const active = await client.expectOk(api.auth.switchAccount, {
      body: { account_id: accountId },
    });
    assert.equal(active.accounts[0]?.id, accountId, 'its one account, still first');

    const anon = apiClient(f.server.url);
    await anon.expectOk(api.auth.login, { body: { email, password: f.user.password } });
    await anon.expectOk(api.auth.forgotPassword, { body: { email } });
    const token = resetTokenFrom((await f.server.outbox()).at(-1) ?? '');
    await anon.expectOk(api.auth.resetPassword, {
      body: { token, new_password: 'battery-staple-2' },
    });
    const session = await anon.expectOk(api.auth.login, {
      body: { email, password: 'battery-staple-2' },
    });
    const signedIn = apiClient(f.server.url, session.token);
    await signedIn.expectOk(api.auth.changePassword, {
      body: { current_password: 'battery-staple-2', new_password: 'battery-staple-3' },
    });
    await signedIn.expectOk(api.auth.logout);
    const after = await signedIn.request(api.auth.me);
    assert.equal(after.status, 401);
    assert.equal(after.ok, false);
  });

  test('every served endpoint was answered, and every answer kept to its contract', () => {
    const served = new Set(f.server.contracts.routes.map((r) => r.endpoint));
    const unanswered = ENDPOINT_LIST.filter(({ endpoint }) => served.has(endpoint))
      .filter(({ endpoint }) => !f.server.contracts.answered.has(endpoint))
      .map(({ name }) => name);
    assert.deepEqual(unanswered, []);
    assert.deepEqual(f.server.contracts.violations, []);
  });
});
