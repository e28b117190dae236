import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import OpenAI from 'openai';
import type { GatewayFixture } from '../gateway/tests/gateway-fixture.ts';
import { startGatewayWithCuttableRedis } from '../testing/cuttable-redis.ts';
import { redisListening } from '../testing/redis-available.ts';
import type { TcpProxy } from '../testing/tcp-proxy.ts';
import { waitFor } from '../testing/wait-for.ts';

const redisUp = await redisListening();

describe('Redis down while REDIS_URL is set', {
  skip: !redisUp && 'needs Redis at 127.0.0.1:6379',
}, () => {
  let proxy: TcpProxy;
  let f: GatewayFixture;
  let close: () => Promise<void>;
  before(async () => {
    ({ proxy, f, close } = await startGatewayWithCuttableRedis());
  });
  after(() => close());

  const chat = (content: string) =>
    f.openai.chat.completions.create({
      model: 'openai/gpt-4o-mini',
      messages: [{ role: 'user', content }],
    });
  const login = () =>
    f.user.api('POST', '/v1/auth/login', { email: f.user.email, password: f.user.password });

  test('Redis cut: the gateway keeps answering, sign-in says it is unavailable, changes still save', async () => {
    assert.equal((await login()).status, 200, 'sign-in works while Redis is up');
    await proxy.cut();

    const answer = await chat('while Redis is down');
    assert.match(answer.choices[0]?.message.content ?? '', /while Redis is down/);

    const refused = await login();
    assert.equal(refused.status, 503);
    assert.equal(refused.body.error, 'service_unavailable');
    assert.match(refused.body.message, /try again/i);

    const created = await f.user.api('POST', '/v1/keys', { name: 'made while Redis is down' });
    assert.equal(created.status, 201);
    const removed = await f.user.api('DELETE', `/v1/keys/${created.body.id}`);
    assert.equal(removed.status, 200, 'the change is saved; other instances resync on reconnect');

    await proxy.restore();
    await waitFor('sign-in to work again', async () => (await login()).status === 200);
    assert.match(
      (await chat('name three rivers in Europe')).choices[0]?.message.content ?? '',
      /three rivers/,
    );
  });

  test('a key deleted by another instance while Redis is down stops working at once', async () => {
    const created = await f.user.api('POST', '/v1/keys', { name: 'deleted elsewhere' });
    assert.equal(created.status, 201);
    const client = new OpenAI({
      apiKey: created.body.key,
      baseURL: `${f.server.url}/v1`,
      maxRetries: 0,
    });
    const ask = (content: string) =>
      client.chat.completions.create({
        model: 'openai/gpt-4o-mini',
        messages: [{ role: 'user', content }],
      });
    assert.ok((await ask('remember this key')).choices[0], 'the key works (and is memoized)');

    await proxy.cut();
    await waitFor('the bus to notice', () => !f.server.deps.bus.listening());
    // Another instance deletes it; its announcement is lost with Redis.
    await f.server.deps.db.kysely
      .deleteFrom('api_keys')
      .where('id', '=', created.body.id)
      .execute();
    await assert.rejects(
      ask('is this key still good'),
      (err: unknown) => err instanceof OpenAI.APIError && err.status === 401,
    );
    await proxy.restore();
    await waitFor('the bus to listen again', () => f.server.deps.bus.listening());
  });

  test('Redis black-holed: sign-in fails with a 503 once the command timeout passes, no hang', async () => {
    proxy.stall();
    const refused = await login();
    assert.equal(refused.status, 503);
    assert.equal(refused.body.error, 'service_unavailable');
    const answer = await chat('while Redis does not answer');
    assert.ok(answer.choices[0]);
    await proxy.restore();
    await waitFor('sign-in to work again', async () => (await login()).status === 200);
  });

  test('a server started while Redis is down serves the gateway and recovers when Redis comes', async () => {
    const late = await startGatewayWithCuttableRedis({}, { cutBeforeStart: true });
    const g = late.f;
    try {
      const answer = await g.openai.chat.completions.create({
        model: 'openai/gpt-4o-mini',
        messages: [{ role: 'user', content: 'no Redis yet' }],
      });
      assert.ok(answer.choices[0]);
      const refused = await g.user.api('POST', '/v1/auth/login', {
        email: g.user.email,
        password: g.user.password,
      });
      assert.equal(refused.status, 503);
      await late.proxy.restore();
      await waitFor('sign-in to work once Redis is there', async () => {
        const res = await g.user.api('POST', '/v1/auth/login', {
          email: g.user.email,
          password: g.user.password,
        });
        return res.status === 200;
      });
    } finally {
      await late.close();
    }
  });
});
