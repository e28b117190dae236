import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { SemanticCache } from '@tokenwise/semantic-cache';
import OpenAI from 'openai';
import { signUpSubscribed } from '../../testing/test-server.ts';
import { type GatewayFixture, startGatewayFixture } from '../tests/gateway-fixture.ts';

/** A second account with its own gateway key and OpenAI key, and an SDK client for it. */
async function secondAccount(f: GatewayFixture): Promise<OpenAI> {
  const user = await signUpSubscribed(f.server, 'second@example.com');
  const key = await user.api('POST', '/v1/keys', { name: 'second' });
  await user.api('POST', '/v1/provider-keys', { provider: 'openai', api_key: 'openai-key-2' });
  return new OpenAI({ apiKey: key.body.key, baseURL: `${f.server.url}/v1`, maxRetries: 0 });
}

async function ask(client: OpenAI, content: string): Promise<string | null> {
  const { response } = await client.chat.completions
    .create({ model: 'openai/gpt-4o-mini', messages: [{ role: 'user', content }] })
    .withResponse();
  return response.headers.get('x-cache');
}

describe('semantic cache memory budget', () => {
  test('an account pushed out of memory by another is served from the database again', async () => {
    const f = await startGatewayFixture({ CACHE_INDEX_MAX_ENTRIES: '2' });
    try {
      const cache = f.server.app.gateway.cache;
      const other = await secondAccount(f);
      assert.equal(await ask(f.openai, 'How many moons does Mars have?'), 'MISS');
      assert.equal(await ask(f.openai, 'What is the boiling point of water?'), 'MISS');
      await cache.settled();
      assert.equal(await ask(other, 'Which planet has the most moons?'), 'MISS');
      assert.equal(await ask(other, 'How far away is the Moon?'), 'MISS');
      await cache.settled();
      assert.equal(cache.size(), 2, 'memory holds the budget: the first account left it');

      const calls = f.mock.callCount('openai');
      assert.equal(await ask(f.openai, 'How many moons does Mars have?'), 'HIT');
      assert.equal(await ask(other, 'How far away is the Moon?'), 'HIT');
      assert.equal(f.mock.callCount('openai'), calls, 'both answered without the provider');
      assert.equal(cache.size(), 2);
    } finally {
      await f.close();
    }
  });

  test('Clear All made while an account is being loaded back leaves nothing to serve', async () => {
    const f = await startGatewayFixture({ CACHE_INDEX_MAX_ENTRIES: '2' });
    try {
      const cache = f.server.app.gateway.cache;
      const other = await secondAccount(f);
      assert.equal(await ask(f.openai, 'How many moons does Mars have?'), 'MISS');
      await cache.settled();
      assert.equal(await ask(other, 'Which planet has the most moons?'), 'MISS');
      assert.equal(await ask(other, 'How far away is the Moon?'), 'MISS');
      await cache.settled();
      const accountId = f.user.accountId;
      const index = (cache as unknown as { index: { isResident(a: string): boolean } }).index;
      assert.equal(index.isResident(accountId), false, 'the first account left memory');

      // Hold the reload between reading the account's rows and putting them in memory, and
      // clear the cache there: the rows read are gone from the database.
      const load = SemanticCache.prototype.load;
      let reached: () => void = () => {};
      const atLoad = new Promise<void>((resolve) => {
        reached = resolve;
      });
      let release: () => void = () => {};
      const released = new Promise<void>((resolve) => {
        release = resolve;
      });
      SemanticCache.prototype.load = async function (this: SemanticCache, entries) {
        reached();
        await released;
        return load.call(this, entries);
      };
      try {
        const asked = ask(f.openai, 'How many moons does Mars have?');
        await atLoad;
        assert.equal(await cache.removeAll(accountId), 1);
        release();
        assert.equal(await asked, 'MISS', 'the cleared answer is not served');
      } finally {
        SemanticCache.prototype.load = load;
      }
    } finally {
      await f.close();
    }
  });

  test('a budget in bytes keeps the newest answers of an account that outgrows it', async () => {
    // About 10 KB: room for three short answers, as the engines count them.
    const f = await startGatewayFixture({ CACHE_INDEX_MAX_MB: '0.01' });
    try {
      const cache = f.server.app.gateway.cache;
      const questions = [
        'How many moons does Mars have?',
        'What is the boiling point of water?',
        'Which planet has the most moons?',
        'How far away is the Moon?',
        'Who painted the Mona Lisa?',
      ];
      for (const q of questions) {
        assert.equal(await ask(f.openai, q), 'MISS');
        await cache.settled();
      }
      assert.ok(cache.size() < questions.length, `memory holds ${cache.size()} entries`);
      assert.ok(cache.size() > 0);
      assert.equal(await ask(f.openai, 'Who painted the Mona Lisa?'), 'HIT');
      assert.equal(
        await ask(f.openai, 'How many moons does Mars have?'),
        'MISS',
        'the oldest left',
      );
    } finally {
      await f.close();
    }
  });
});
