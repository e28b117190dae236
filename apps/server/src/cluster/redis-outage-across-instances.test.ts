import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { setTimeout as pause } from 'node:timers/promises';
import { endpoints } from '@tokenwise/contracts';
import type OpenAI from 'openai';
import { REDIS_PORT } from '../testing/redis-available.ts';
import { startTcpProxy, type TcpProxy } from '../testing/tcp-proxy.ts';
import { waitFor } from '../testing/wait-for.ts';
import {
  clusterUnavailable,
  keyMadeOnA,
  startTwoInstances,
  type TwoInstances,
} from './two-instances.ts';

const model = 'openai/gpt-4o-mini';
// The bound for a change made on one instance to hold on every other.
const PROPAGATION_MS = 1_000;

describe('Redis lost and back under two instances', { skip: clusterUnavailable }, () => {
  let proxy: TcpProxy;
  let c: TwoInstances;
  before(async () => {
    // Both instances reach Redis through one relay: cutting it is Redis going down for the pair.
    proxy = await startTcpProxy(REDIS_PORT);
    c = await startTwoInstances({ REDIS_URL: `redis://127.0.0.1:${proxy.port}` });
  });
  after(async () => {
    await proxy.restore();
    await c?.close();
    await proxy.close();
  });

  const bothListening = () => c.a.server.deps.bus.listening() && c.b.deps.bus.listening();

  test('a cache cleared on A while Redis is down is not served by B once Redis is back', async () => {
    const ask = (client: OpenAI, content: string) =>
      client.chat.completions
        .create({ model, messages: [{ role: 'user', content }] })
        .withResponse();
    const prompt = 'What does the cleared cache still hold?';
    // B serves the account first, so it keeps the account's entries in memory.
    await ask(c.client(c.b), 'A question B answers first.');
    const heldByB = c.b.app.gateway.cache.size();
    assert.equal((await ask(c.client(c.a.server), prompt)).response.headers.get('x-cache'), 'MISS');
    await waitFor('B to load A’s entry', () => c.b.app.gateway.cache.size() > heldByB);
    assert.equal((await ask(c.client(c.b), prompt)).response.headers.get('x-cache'), 'HIT');

    await proxy.cut();
    await waitFor('B to lose the bus', () => !c.b.deps.bus.listening());
    const cleared = await c.a.user.api.request(endpoints.semanticCache.clear);
    assert.ok(cleared.ok && cleared.body.removed >= 2, 'A clears the account’s entries');
    await proxy.restore();
    await waitFor('both instances to hear the bus again', bothListening);

    const after = await ask(c.client(c.b), prompt);
    assert.equal(after.response.headers.get('x-cache'), 'MISS', 'B answers from the provider');
  });
});

describe('Redis gone silent for one instance', { skip: clusterUnavailable }, () => {
  let relay: TcpProxy;
  let c: TwoInstances;
  before(async () => {
    relay = await startTcpProxy(REDIS_PORT);
    c = await startTwoInstances({}, { envOfB: { REDIS_URL: `redis://127.0.0.1:${relay.port}` } });
  });
  after(async () => {
    await relay.restore();
    await c?.close();
    await relay.close();
  });

  test('a key deleted on A stops working on B within 1 s, though B’s link never closed', async () => {
    const { id, askOnB: ask } = await keyMadeOnA(c, 'deleted during a partition');
    assert.equal(await ask(), 200, 'B knows the key (and keeps it in memory)');

    // B's Redis link goes silent: nothing closes, B hears nothing A publishes.
    relay.silence();
    assert.equal((await c.a.user.api('DELETE', `/v1/keys/${id}`)).status, 200);
    // Not a poll: a request B accepted just before it noticed may take its command timeout (2 s)
    // to answer, and would hold a poll past the deadline. The claim is about what comes after it.
    await pause(PROPAGATION_MS);
    assert.equal(await ask(), 401, 'B refuses the key a second after its deletion');
  });
});

describe('Redis lost by the instance where a change is made', { skip: clusterUnavailable }, () => {
  let relay: TcpProxy;
  let c: TwoInstances;
  before(async () => {
    relay = await startTcpProxy(REDIS_PORT);
    // Only A goes through the relay: B keeps its own link, hears the bus, and memoizes keys.
    c = await startTwoInstances(
      { REDIS_URL: `redis://127.0.0.1:${relay.port}` },
      { envOfB: { REDIS_URL: `redis://127.0.0.1:${REDIS_PORT}` } },
    );
  });
  after(async () => {
    await relay.restore();
    await c?.close();
    await relay.close();
  });

  test('a key deleted on A while A cannot reach Redis stops working on B within 1 s', async () => {
    const { id, askOnB: ask } = await keyMadeOnA(c, 'deleted while A lost Redis');
    assert.equal(await ask(), 200, 'B knows the key (and keeps it in memory)');

    await relay.cut();
    await waitFor('A to lose the bus', () => !c.a.server.deps.bus.listening());
    const started = Date.now();
    assert.equal((await c.a.user.api('DELETE', `/v1/keys/${id}`)).status, 200);
    const took = Date.now() - started;
    assert.ok(took < PROPAGATION_MS, `the deletion took ${took} ms to answer`);
    await waitFor('B to refuse the deleted key', async () => (await ask()) === 401, PROPAGATION_MS);
  });

  test('a key deleted on A just as A’s link to Redis goes silent stops working on B within 1 s', async () => {
    await relay.restore();
    await waitFor('A to hear the bus again', () => c.a.server.deps.bus.listening());
    const { id, askOnB: ask } = await keyMadeOnA(c, 'deleted as A’s link went silent');
    assert.equal(await ask(), 200, 'B knows the key (and keeps it in memory)');

    // Nothing closes: A's publish is sent, and never confirmed.
    relay.silence();
    assert.equal((await c.a.user.api('DELETE', `/v1/keys/${id}`)).status, 200);
    await waitFor('B to refuse the deleted key', async () => (await ask()) === 401, PROPAGATION_MS);
  });
});
