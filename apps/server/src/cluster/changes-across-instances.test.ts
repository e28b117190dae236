import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { endpoints } from '@tokenwise/contracts';
import OpenAI from 'openai';
import { startTcpProxy, type TcpProxy } from '../testing/tcp-proxy.ts';
import { apiClient, moveToAccount, signUp, type TestServer } from '../testing/test-server.ts';
import { waitFor } from '../testing/wait-for.ts';
import {
  clusterUnavailable,
  keyMadeOnA,
  startTwoInstances,
  type TwoInstances,
} from './two-instances.ts';

// The bound for a change made on one instance to hold on every other.
const PROPAGATION_MS = 1_000;
const model = 'openai/gpt-4o-mini';

describe('a change made on one instance holds on the other', { skip: clusterUnavailable }, () => {
  let c: TwoInstances;
  before(async () => {
    c = await startTwoInstances();
  });
  after(() => c?.close());

  const refused = (status: number) => (err: unknown) =>
    err instanceof OpenAI.APIError && err.status === status;

  test('a gateway key deleted on A stops working on B within 1 s', async () => {
    const created = await c.a.user.api('POST', '/v1/keys', { name: 'deleted on A' });
    assert.equal(created.status, 201);
    const onB = c.client(c.b, created.body.key);
    const ask = () =>
      onB.chat.completions.create({ model, messages: [{ role: 'user', content: 'hi' }] });
    assert.ok((await ask()).choices[0], 'B knows the key (and keeps it in memory)');

    assert.equal((await c.a.user.api('DELETE', `/v1/keys/${created.body.id}`)).status, 200);
    await waitFor(
      'B to refuse the deleted key',
      () =>
        ask().then(
          () => false,
          (err) => refused(401)(err),
        ),
      PROPAGATION_MS,
    );
  });

  test('a session signed out on A is refused on B within 1 s', async () => {
    const user = await signUp(c.a.server);
    const onB = apiClient(c.b.url, user.token);
    assert.equal((await onB('GET', '/v1/auth/me')).status, 200);
    assert.equal((await user.api('POST', '/v1/auth/logout')).status, 200);
    await waitFor(
      'B to refuse the session',
      async () => (await onB('GET', '/v1/auth/me')).status === 401,
      PROPAGATION_MS,
    );
  });

  test('a member removed on A loses the account on B within 1 s', async () => {
    const member = await signUp(c.a.server);
    await moveToAccount(c.a.server, member.userId, c.a.user.accountId, 'member');
    const onB = apiClient(c.b.url, member.token);
    assert.equal((await onB('GET', '/v1/keys')).status, 200, 'the member reads the keys on B');
    const removed = await c.a.user.api(
      'DELETE',
      `/v1/accounts/${c.a.user.accountId}/members/${member.userId}`,
    );
    assert.equal(removed.status, 200);
    await waitFor(
      'B to refuse the removed member',
      async () => (await onB('GET', '/v1/keys')).status === 403,
      PROPAGATION_MS,
    );
  });

  test('a subscription started again on A opens the gateway on B within 1 s', async () => {
    const { accountId } = c.a.user;
    await c.a.server.deps.db.kysely
      .updateTable('subscriptions')
      .set({ status: 'canceled' })
      .where('account_id', '=', accountId)
      .execute();
    for (const s of [c.a.server, c.b]) s.app.gateway.accounts.invalidate(accountId);
    const ask = () =>
      c
        .client(c.b)
        .chat.completions.create({ model, messages: [{ role: 'user', content: 'hi' }] })
        .then(
          () => 200,
          (err: unknown) => (err instanceof OpenAI.APIError ? err.status : 0),
        );
    assert.equal(await ask(), 402, 'lapsed (and B keeps the account in memory)');
    await c.a.user.api.expectOk(endpoints.billing.checkout, { body: { tier: 'paid' } });
    await waitFor(
      'B to serve the account again',
      async () => (await ask()) === 200,
      PROPAGATION_MS,
    );
  });

  test('an answer cached on A is served from the cache by B', async () => {
    const prompt = 'Which instance answered this question first?';
    const ask = (client: OpenAI) =>
      client.chat.completions
        .create({ model, messages: [{ role: 'user', content: prompt }] })
        .withResponse();
    const heldByB = c.b.app.gateway.cache.size();
    const first = await ask(c.client(c.a.server));
    assert.equal(first.response.headers.get('x-cache'), 'MISS');
    await waitFor('A to store the answer', async () => {
      const entries = await c.a.server.deps.db.kysely
        .selectFrom('cache_entries')
        .select('id')
        .where('account_id', '=', c.a.user.accountId)
        .execute();
      return entries.length > 0;
    });
    // B hears of the entry over the bus and loads it; its own misses would store entries of its own.
    await waitFor(
      'B to load the entry',
      () => c.b.app.gateway.cache.size() > heldByB,
      PROPAGATION_MS * 5,
    );
    const second = await ask(c.client(c.b));
    assert.equal(second.response.headers.get('x-cache'), 'HIT');
    assert.equal(second.data.choices[0]?.message.content, first.data.choices[0]?.message.content);
  });

  test('a cache cleared on A right after B stored an answer holds that answer on neither', async () => {
    const prompt = 'Which answer outlives the clear?';
    const ask = (server: TestServer) =>
      c
        .client(server)
        .chat.completions.create({ model, messages: [{ role: 'user', content: prompt }] })
        .withResponse();
    const wouldHit = async (server: TestServer) =>
      (
        await apiClient(server.url, c.a.user.token).expectOk(endpoints.semanticCache.preview, {
          body: { prompt, model },
        })
      ).would_hit;
    const entries = async () =>
      (await c.a.user.api.expectOk(endpoints.semanticCache.entries, { query: {} })).total;

    assert.equal((await ask(c.b)).response.headers.get('x-cache'), 'MISS');
    // At once: B writes its entries in batches, a quarter of a second apart.
    assert.ok((await c.a.user.api.request(endpoints.semanticCache.clear)).ok);
    await waitFor('B to drop the answer', async () => !(await wouldHit(c.b)), PROPAGATION_MS);
    await waitFor('the answer’s row to go', async () => (await entries()) === 0, PROPAGATION_MS);
    assert.equal(await wouldHit(c.a.server), false);
  });

  test('failed sign-ins count across instances: two on A and two on B make the pair wait', async () => {
    const user = await signUp(c.a.server);
    const login = (url: string, password: string) =>
      apiClient(url).request(endpoints.auth.login, { body: { email: user.email, password } });
    for (const url of [c.a.server.url, c.a.server.url, c.b.url, c.b.url]) {
      assert.equal((await login(url, 'wrong password!')).status, 401);
    }
    // Three free failures per address and email, in total: the fourth set a wait, on both.
    for (const url of [c.a.server.url, c.b.url]) {
      const res = await login(url, user.password);
      assert.equal(res.status, 429, `right password during the wait on ${url}`);
    }
  });

  test('a burst of wrong passwords split over both instances gets no more tries than one at a time', async () => {
    const user = await signUp(c.a.server);
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        apiClient(i % 2 ? c.a.server.url : c.b.url).request(endpoints.auth.login, {
          body: { email: user.email, password: `guess number ${i}` },
        }),
      ),
    );
    const checked = answers.filter((r) => r.status === 401).length;
    assert.equal(checked + answers.filter((r) => r.status === 429).length, answers.length);
    // One at a time, the fourth failure already makes the next try wait.
    assert.ok(checked <= 4, `${checked} of ${answers.length} guesses were checked`);
  });

  test('a burst over many emails from one address, split over both instances, gets the address’s 30 tries', async () => {
    const burst = `burst-${Date.now()}`;
    const answers = await Promise.all(
      Array.from({ length: 60 }, (_, i) =>
        apiClient(i % 2 ? c.a.server.url : c.b.url).request(endpoints.auth.login, {
          body: { email: `${burst}-${i}@example.com`, password: 'a common password' },
        }),
      ),
    );
    const checked = answers.filter((r) => r.status === 401).length;
    assert.equal(checked + answers.filter((r) => r.status === 429).length, answers.length);
    assert.ok(checked <= 30, `${checked} of ${answers.length} sign-ins were checked`);
  });
});

describe('a key changed while another instance reads it', { skip: clusterUnavailable }, () => {
  let relay: TcpProxy;
  let c: TwoInstances;
  before(async () => {
    const url = new URL(process.env.DATABASE_URL ?? '');
    relay = await startTcpProxy(Number(url.port || 5432));
    url.hostname = '127.0.0.1';
    url.port = String(relay.port);
    c = await startTwoInstances({}, { databaseUrlOfB: url.toString() });
  });
  after(async () => {
    relay.delayAnswers(0);
    await c?.close();
    await relay.close();
  });

  test('a gateway key deleted on A stops working on B within 1 s, though B’s read found it', async () => {
    const { id, askOnB: ask } = await keyMadeOnA(c, 'deleted mid-read');

    // B's database answers late: B looks the key up, the row is read, its answer is on the way.
    relay.delayAnswers(1_000);
    const held = relay.answersHeld();
    const first = ask();
    await waitFor('B’s lookup to be answered', () => relay.answersHeld() > held);
    assert.equal((await c.a.user.api('DELETE', `/v1/keys/${id}`)).status, 200);
    relay.delayAnswers(0);
    assert.equal(await first, 200, 'the request that found the key before its deletion');

    await waitFor('B to refuse the deleted key', async () => (await ask()) === 401, PROPAGATION_MS);
  });

  test('a provider key replaced on A is used by B within 1 s, though B’s read found the old one', async () => {
    const ask = (model: string) =>
      c
        .client(c.b)
        .chat.completions.create(
          { model, messages: [{ role: 'user', content: 'hi' }] },
          { headers: { 'x-tokenwise-cache': 'bypass' } },
        );
    const lastOpenAiKey = () =>
      c.a.mock.calls.filter((call) => call.provider === 'openai').at(-1)?.headers.authorization;
    // B knows the gateway key and the account, and has its writes behind it: its next read of the
    // database is of the OpenAI key.
    await ask('anthropic/claude-3-5-haiku-latest');
    await c.b.app.gateway.logs.flush();
    await c.b.app.gateway.cache.settled();

    relay.delayAnswers(1_000);
    const held = relay.answersHeld();
    const first = ask(model);
    await waitFor('B’s read of the OpenAI key to be answered', () => relay.answersHeld() > held);
    const replaced = await c.a.user.api('POST', '/v1/provider-keys', {
      provider: 'openai',
      api_key: 'openai-replacement-key',
      label: 'replacement',
    });
    assert.equal(replaced.status, 201);
    relay.delayAnswers(0);
    await first;

    await waitFor(
      'B to call OpenAI with the replacement key',
      async () => {
        await ask(model);
        return lastOpenAiKey() === 'Bearer openai-replacement-key';
      },
      PROPAGATION_MS,
    );
  });
});
