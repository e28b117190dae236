import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { describe, test } from 'node:test';
import { Redis } from 'ioredis';
import OpenAI from 'openai';
import { alertForm } from '../features/alerts/alerts-testing.ts';
import {
  startGatewayWithCuttableRedis,
  useGatewayWithCuttableRedis,
} from '../testing/cuttable-redis.ts';
import { REDIS_PORT, redisListening } from '../testing/redis-available.ts';
import { waitFor } from '../testing/wait-for.ts';

const redisUp = await redisListening();

describe('Redis down while REDIS_URL is set', {
  skip: !redisUp && 'needs Redis at 127.0.0.1:6379',
}, () => {
  const r = useGatewayWithCuttableRedis();

  const chat = (content: string) =>
    r.f.openai.chat.completions.create({
      model: 'openai/gpt-4o-mini',
      messages: [{ role: 'user', content }],
    });
  const login = () =>
    r.f.user.api('POST', '/v1/auth/login', { email: r.f.user.email, password: r.f.user.password });

  test('Redis cut: the gateway keeps answering, sign-in still works, changes still save', async () => {
    assert.equal((await login()).status, 200, 'sign-in works while Redis is up');
    await r.proxy.cut();

    const answer = await chat('while Redis is down');
    assert.match(answer.choices[0]?.message.content ?? '', /while Redis is down/);

    assert.equal((await login()).status, 200, 'the right password signs in on local counters');

    const created = await r.f.user.api('POST', '/v1/keys', { name: 'made while Redis is down' });
    assert.equal(created.status, 201);
    const removed = await r.f.user.api('DELETE', `/v1/keys/${created.body.id}`);
    assert.equal(removed.status, 200, 'the change is saved; other instances resync on reconnect');

    // The other dashboard limits count locally too: none answers 503.
    const reset = await r.f.user.api('POST', '/v1/auth/forgot-password', { email: r.f.user.email });
    assert.notEqual(reset.status, 503, 'forgot-password answers');
    assert.ok(reset.status < 300, `forgot-password: ${reset.status}`);
    const invited = await r.f.user.api('POST', `/v1/accounts/${r.f.user.accountId}/members`, {
      email: `invited-${randomUUID()}@example.com`,
    });
    assert.equal(invited.status, 201, 'an invite is sent');
    const alert = await r.f.user.api(
      'POST',
      '/v1/alerts',
      alertForm({ name: 'While Redis is down' }),
    );
    assert.equal(alert.status, 201);
    const tested = await r.f.user.api('POST', `/v1/alerts/${alert.body.id}/test`);
    assert.equal(tested.status, 200, 'a test notification is sent');

    await r.proxy.restore();
    // The next count after the connection is back carries the local counts over.
    await waitFor('counts to be shared again', async () => {
      assert.equal((await login()).status, 200);
      return !r.f.server.deps.counters.degraded();
    });
    assert.match(
      (await chat('name three rivers in Europe')).choices[0]?.message.content ?? '',
      /three rivers/,
    );
  });

  test('a key deleted by another instance while Redis is down stops working at once', async () => {
    const created = await r.f.user.api('POST', '/v1/keys', { name: 'deleted elsewhere' });
    assert.equal(created.status, 201);
    const client = new OpenAI({
      apiKey: created.body.key,
      baseURL: `${r.f.server.url}/v1`,
      maxRetries: 0,
    });
    const ask = (content: string) =>
      client.chat.completions.create({
        model: 'openai/gpt-4o-mini',
        messages: [{ role: 'user', content }],
      });
    assert.ok((await ask('remember this key')).choices[0], 'the key works (and is memoized)');

    await r.proxy.cut();
    await waitFor('the bus to notice', () => !r.f.server.deps.bus.listening());
    // Another instance deletes it; its announcement is lost with Redis.
    await r.f.server.deps.db.kysely
      .deleteFrom('api_keys')
      .where('id', '=', created.body.id)
      .execute();
    await assert.rejects(
      ask('is this key still good'),
      (err: unknown) => err instanceof OpenAI.APIError && err.status === 401,
    );
    await r.proxy.restore();
    await waitFor('the bus to listen again', () => r.f.server.deps.bus.listening());
  });

  test('Redis black-holed: sign-in works once the command timeout passes, no hang', async () => {
    r.proxy.stall();
    assert.equal((await login()).status, 200);
    const answer = await chat('while Redis does not answer');
    assert.ok(answer.choices[0]);
    await r.proxy.restore();
    await waitFor('counts to be shared again', async () => {
      assert.equal((await login()).status, 200);
      return !r.f.server.deps.counters.degraded();
    });
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
      const signIn = () =>
        g.user.api('POST', '/v1/auth/login', { email: g.user.email, password: g.user.password });
      assert.equal((await signIn()).status, 200, 'sign-in works on local counters');
      await late.proxy.restore();
      await waitFor('counts to be shared once Redis is there', async () => {
        await signIn();
        return !g.server.deps.counters.degraded();
      });
      assert.equal((await signIn()).status, 200);
    } finally {
      await late.close();
    }
  });
});

describe('sign-in throttling while Redis is down', {
  skip: !redisUp && 'needs Redis at 127.0.0.1:6379',
}, () => {
  const r = useGatewayWithCuttableRedis({ DEGRADED_LIMIT_SHARE: '0.5' });

  const loginAs = (email: string, password: string) =>
    r.f.user.api('POST', '/v1/auth/login', { email, password });
  const spray = async (from: number, n: number) => {
    const statuses: number[] = [];
    for (let i = from; i < from + n; i++) {
      statuses.push((await loginAs(`spray-${i}@example.com`, 'nope-nope-nope')).status);
    }
    return statuses;
  };

  test('wrong passwords are still throttled on a share of the limits, and the counts are shared once Redis is back', async () => {
    await r.proxy.cut();
    // One address guessing one email: the pair's free failures shrink to its share (3 × 0.5 → 1),
    // so the second failure already makes the next guess wait.
    const guessed: number[] = [];
    for (let i = 0; i < 8; i++) guessed.push((await loginAs(r.f.user.email, `wrong-${i}`)).status);
    // (Later ones may be checked if the machine is slow enough for a 1 s wait to end.)
    assert.deepEqual(guessed.slice(0, 3), [401, 401, 429], `${guessed}`);
    const checked = guessed.filter((s) => s === 401).length;
    assert.ok(checked <= 3 && guessed.every((s) => s === 401 || s === 429), `${guessed}`);
    assert.ok(r.f.server.deps.counters.degraded(), 'counted locally');

    // One address spraying emails: its 30 failures shrink to 15, the guesses above included.
    const sprayed = await spray(0, 20);
    assert.equal(sprayed.filter((s) => s === 401).length, 15 - checked, `${sprayed}`);
    assert.ok(
      sprayed.slice(15 - checked).every((s) => s === 429),
      `${sprayed}`,
    );

    await r.proxy.restore();
    await waitFor('counts to be shared again', async () => {
      await loginAs(r.f.user.email, r.f.user.password);
      return !r.f.server.deps.counters.degraded();
    });
    // Read straight from Redis, as another instance would: the 15 local failures were carried.
    const redis = new Redis(REDIS_PORT, '127.0.0.1');
    try {
      const [key] = await redis.keys(`${r.f.server.deps.config.redisKeyPrefix}login:ip:*`);
      assert.equal(Number(await redis.get(key ?? '')), 15, 'the local failures are in Redis');
    } finally {
      redis.disconnect();
    }
    // The whole limit again (30), less the 15 spent while Redis was down.
    const later = await spray(100, 20);
    assert.deepEqual(
      [later.filter((s) => s === 401).length, later.filter((s) => s === 429).length],
      [15, 5],
      `${later}`,
    );
  });
});
