import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { type CacheEntryRow, openTestDatabase } from '@tokenwise/db';
import { insertCacheEntries, insertCacheEntriesSqlite } from './cache-entries.repository.ts';

function row(id: string, overrides: Partial<CacheEntryRow> = {}): CacheEntryRow {
  return {
    id,
    account_id: 'acc',
    scope: 'acc|openai|gpt-4o-mini',
    provider: 'openai',
    model: 'gpt-4o-mini',
    exact_key: `key-${id}`,
    context_fingerprint: 'context',
    query_text: `question ${id}`,
    vector: 'AACAPw==',
    embedder_id: 'local',
    response: '{"id":"answer","choices":[]}',
    tokens_in: 10,
    tokens_out: 5,
    cost: 0.001,
    hits: 0,
    tokens_saved: 0,
    cost_saved: 0,
    last_hit_at: null,
    demoted: 0,
    created_at: 1_000,
    expires_at: 2_000,
    ...overrides,
  };
}

async function withAccount() {
  const db = await openTestDatabase();
  await db.kysely.insertInto('accounts').values({ id: 'acc', name: 'A', created_at: 0 }).execute();
  return db;
}

const allRows = (db: Awaited<ReturnType<typeof withAccount>>) =>
  db.kysely.selectFrom('cache_entries').selectAll().orderBy('id').execute();

describe('cache entry rows', () => {
  test('SQLite: the reused statement writes what the Kysely insert writes; an id already there is left as it is', async (t) => {
    const [viaKysely, viaStatement] = [await withAccount(), await withAccount()];
    try {
      const handle = viaStatement.sqlite;
      if (!handle) return t.skip('SQLite only');
      const rows = [row('a'), row('b', { last_hit_at: 1_500, hits: 2 }), row('c')];
      await insertCacheEntries(viaKysely.kysely, rows);
      insertCacheEntriesSqlite(handle, rows);
      insertCacheEntriesSqlite(handle, [row('a', { query_text: 'another question' })]);
      assert.deepEqual(await allRows(viaStatement), await allRows(viaKysely));
      assert.equal((await allRows(viaStatement))[0]?.query_text, 'question a');
    } finally {
      await viaKysely.close();
      await viaStatement.close();
    }
  });

  test('SQLite: a batch with a row the database refuses writes none of it', async (t) => {
    const db = await withAccount();
    try {
      const handle = db.sqlite;
      if (!handle) return t.skip('SQLite only');
      assert.throws(() =>
        insertCacheEntriesSqlite(handle, [row('a'), row('b', { account_id: 'no-such-account' })]),
      );
      assert.deepEqual(await allRows(db), []);
    } finally {
      await db.close();
    }
  });
});
