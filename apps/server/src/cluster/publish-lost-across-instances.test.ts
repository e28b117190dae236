import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { endpoints } from '@tokenwise/contracts';
import type { InvalidationBus } from '../lib/invalidation-bus.ts';
import { apiClient, moveToAccount, signUp } from '../testing/test-server.ts';
import { waitFor } from '../testing/wait-for.ts';
import { clusterUnavailable, startTwoInstances, type TwoInstances } from './two-instances.ts';

// The bound for a change made on one instance to hold on every other.
const PROPAGATION_MS = 1_000;

/**
 * The change commits on A, and A publishes nothing after it: as a process that died (or lost
 * Redis for good) between the commit and the publish. Every other instance must still hear it.
 */
async function withoutPublishing<T>(bus: InvalidationBus, change: () => Promise<T>): Promise<T> {
  const publish = bus.publish;
  bus.publish = async () => {};
  try {
    return await change();
  } finally {
    bus.publish = publish;
  }
}

describe('a change whose publish after the commit is lost', { skip: clusterUnavailable }, () => {
  let c: TwoInstances;
  before(async () => {
    c = await startTwoInstances();
  });
  after(() => c?.close());

  const askOnB = (key: string) =>
    c
      .client(c.b, key)
      .chat.completions.create({
        model: 'openai/gpt-4o-mini',
        messages: [{ role: 'user', content: 'hi' }],
      })
      .then(
        () => 200,
        (err: { status?: number }) => err.status,
      );

  test('a gateway key deleted on A stops working on B within 1 s', async () => {
    const created = await c.a.user.api('POST', '/v1/keys', { name: 'publish lost' });
    assert.equal(created.status, 201);
    assert.equal(await askOnB(created.body.key), 200, 'B knows the key (and keeps it in memory)');

    const deleted = await withoutPublishing(c.a.server.deps.bus, () =>
      c.a.user.api('DELETE', `/v1/keys/${created.body.id}`),
    );
    assert.equal(deleted.status, 200);
    await waitFor(
      'B to refuse the deleted key',
      async () => (await askOnB(created.body.key)) === 401,
      PROPAGATION_MS,
    );
  });

  test('a member removed on A: the gateway key they made stops working on B within 1 s', async () => {
    const member = await signUp(c.a.server);
    await moveToAccount(c.a.server, member.userId, c.a.user.accountId, 'member');
    const created = await member.api('POST', '/v1/keys', { name: 'the member’s' });
    assert.equal(created.status, 201);
    assert.equal(await askOnB(created.body.key), 200);

    const removed = await withoutPublishing(c.a.server.deps.bus, () =>
      c.a.user.api('DELETE', `/v1/accounts/${c.a.user.accountId}/members/${member.userId}`),
    );
    assert.equal(removed.status, 200);
    await waitFor(
      'B to refuse the removed member’s key',
      async () => (await askOnB(created.body.key)) === 401,
      PROPAGATION_MS,
    );
  });

  test('a provider key added on A is used by B within 1 s', async () => {
    const ask = () =>
      c
        .client(c.b)
        .chat.completions.create(
          { model: 'openai/gpt-4o-mini', messages: [{ role: 'user', content: 'hi' }] },
          { headers: { 'x-tokenwise-cache': 'bypass' } },
        );
    const lastOpenAiKey = () =>
      c.a.mock.calls.filter((call) => call.provider === 'openai').at(-1)?.headers.authorization;
    await ask();
    assert.notEqual(lastOpenAiKey(), 'Bearer openai-added-unpublished', 'B knows the old key');

    const added = await withoutPublishing(c.a.server.deps.bus, () =>
      c.a.user.api('POST', '/v1/provider-keys', {
        provider: 'openai',
        api_key: 'openai-added-unpublished',
        label: 'unpublished',
      }),
    );
    assert.equal(added.status, 201);
    await waitFor(
      'B to call OpenAI with the added key',
      async () => {
        await ask();
        return lastOpenAiKey() === 'Bearer openai-added-unpublished';
      },
      PROPAGATION_MS,
    );
  });

  test('a cache cleared on A: B stops serving the entries it loaded within 1 s', async () => {
    const prompt = 'Which entry outlives a clear nobody published?';
    const model = 'openai/gpt-4o-mini';
    const wouldHitOnB = async () =>
      (
        await apiClient(c.b.url, c.a.user.token).expectOk(endpoints.semanticCache.preview, {
          body: { prompt, model },
        })
      ).would_hit;
    const heldByB = c.b.app.gateway.cache.size();
    await c
      .client(c.a.server)
      .chat.completions.create({ model, messages: [{ role: 'user', content: prompt }] });
    await waitFor('B to load A’s entry', () => c.b.app.gateway.cache.size() > heldByB, 5_000);
    assert.equal(await wouldHitOnB(), true);

    const cleared = await withoutPublishing(c.a.server.deps.bus, () =>
      c.a.user.api.request(endpoints.semanticCache.clear),
    );
    assert.ok(cleared.ok);
    await waitFor(
      'B to drop the cleared entry',
      async () => !(await wouldHitOnB()),
      PROPAGATION_MS,
    );
  });
});
