import assert from 'node:assert/strict';
import { describe, mock, test } from 'node:test';
import { signUpSubscribed } from '../../testing/test-server.ts';
import { useTestServer } from '../../testing/use-test-server.ts';
import type { ChatCompletionResponse } from '../types.ts';
import { ResponseCache } from './response-cache.ts';

const MIN = 60_000;
const answer = {
  response: { id: 'answer', choices: [] } as unknown as ChatCompletionResponse,
  tokensIn: 10,
  tokensOut: 5,
  cost: 0.001,
};

describe('response cache memory', () => {
  let now = Date.UTC(2026, 10, 20, 14, 30);
  const server = useTestServer({ clock: () => now });

  /** The cache scope of a newly signed-up account, for one model. */
  async function newAccountScope() {
    const u = await signUpSubscribed(server);
    return {
      accountId: u.accountId,
      provider: 'openai',
      model: { id: 'gpt-4o-mini', family: 'gpt-4o-mini' },
    };
  }

  test('expired entries leave memory every 10 minutes, even if no lookup meets them', async () => {
    const scope = await newAccountScope();
    const store = (question: string, ttlSeconds: number) =>
      cache.store(
        scope,
        cache.keyInput(scope, [{ role: 'user', content: question }], {}),
        answer,
        ttlSeconds,
      );
    // Only the intervals are faked (the cache's own timers); the database keeps real time.
    mock.timers.enable({ apis: ['setInterval'] });
    const cache = new ResponseCache(server.deps, async () => []);
    try {
      await store('What are your opening hours?', 60);
      await store('Where is the nearest store?', 3_600);
      await cache.settled();
      now += 5 * MIN;
      assert.equal(cache.size(), 2, 'nothing has met the expired entry yet');

      mock.timers.tick(9 * MIN);
      assert.equal(cache.size(), 2, 'not before the sweep');
      mock.timers.tick(MIN);
      assert.equal(cache.size(), 1, 'the expired entry is gone, the live one stays');
    } finally {
      await cache.close();
      mock.timers.reset();
    }
  });

  test('a store queued after the answer waits for the next turn of the event loop, then lands', async () => {
    const scope = await newAccountScope();
    const cache = new ResponseCache(server.deps, async () => []);
    try {
      const input = cache.keyInput(
        scope,
        [{ role: 'user', content: 'Do you ship to Canada?' }],
        {},
      );
      cache.storeAfterAnswer(scope, input, answer, 3_600);
      // Whatever the caller's own promise chain still does (sending the answer) runs first.
      for (let i = 0; i < 20; i++) await Promise.resolve();
      assert.equal(cache.size(), 0, 'nothing embedded or inserted on the answer path');
      await cache.settled();
      assert.equal(cache.size(), 1);
      const hit = await cache.lookup(input, 0.95);
      assert.equal(hit.kind, 'exact');
    } finally {
      await cache.close();
    }
  });
  test('stored rows wait to be written together (decision 051); settled() writes them at once', async () => {
    const scope = await newAccountScope();
    const cache = new ResponseCache(server.deps, async () => []);
    const rowsInDb = async () =>
      (
        await server.deps.db.kysely
          .selectFrom('cache_entries')
          .select('id')
          .where('account_id', '=', scope.accountId)
          .execute()
      ).length;
    try {
      for (const question of ['Do you ship to Mexico?', 'Can I pay by invoice?']) {
        await cache.store(
          scope,
          cache.keyInput(scope, [{ role: 'user', content: question }], {}),
          answer,
          3_600,
        );
        await new Promise((resolve) => setTimeout(resolve, 60));
      }
      assert.equal(cache.size(), 2, 'in memory at once');
      assert.equal(await rowsInDb(), 0, 'both rows still wait for their batch');
      const started = Date.now();
      await cache.settled();
      assert.equal(await rowsInDb(), 2);
      assert.ok(Date.now() - started < 200, 'settled() does not wait out the batch window');
    } finally {
      await cache.close();
    }
  });

  test('entries get time-ordered ids, so their rows are added at the right edge of the primary-key index', async () => {
    // Random (v4) ids put every row of a batch on a different leaf page of the index, each page
    // written whole to the WAL at each commit (decision 212).
    const scope = await newAccountScope();
    const cache = new ResponseCache(server.deps, async () => []);
    try {
      const ids: string[] = [];
      for (const question of [
        'Is there parking?',
        'Do you open on Sundays?',
        'Can I bring a dog?',
      ]) {
        const id = await cache.store(
          scope,
          cache.keyInput(scope, [{ role: 'user', content: question }], {}),
          answer,
          3_600,
        );
        assert.ok(id);
        ids.push(id);
        now += 1;
      }
      assert.deepEqual([...ids].sort(), ids, 'ids sort in the order the entries were stored');
      assert.match(ids[0] ?? '', /^[0-9a-f]{8}-[0-9a-f]{4}-7/, 'a UUIDv7');
    } finally {
      await cache.close();
    }
  });
});
