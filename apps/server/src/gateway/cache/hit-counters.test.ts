import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { openTestDatabase } from '@tokenwise/db';
import pg from 'pg';
import type { AppDeps } from '../../deps.ts';
import { holdWriteLock } from '../../testing/sqlite-lock.ts';
import { insertCacheEntries } from './cache-entries.repository.ts';
import { HitCounters } from './hit-counters.ts';

async function withEntry() {
  const db = await openTestDatabase();
  const warnings: unknown[] = [];
  const deps = { db, clock: () => 5_000, log: { warn: (w: unknown) => warnings.push(w) } };
  await db.kysely.insertInto('accounts').values({ id: 'acc', name: 'A', created_at: 0 }).execute();
  await insertCacheEntries(db.kysely, [
    {
      id: 'entry',
      account_id: 'acc',
      scope: 'acc|openai|gpt-4o-mini',
      provider: 'openai',
      model: 'gpt-4o-mini',
      exact_key: 'key',
      context_fingerprint: 'context',
      query_text: 'question',
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
      expires_at: 2_000_000,
    },
  ]);
  const counters = new HitCounters(deps as unknown as AppDeps);
  const saved = async () => {
    const row = await db.kysely
      .selectFrom('cache_entries')
      .select(['hits', 'tokens_saved', 'cost_saved', 'last_hit_at'])
      .where('id', '=', 'entry')
      .executeTakeFirstOrThrow();
    return { ...row, cost_saved: Number(row.cost_saved), last_hit_at: Number(row.last_hit_at) };
  };
  return { db, counters, warnings, saved };
}

describe('cache hit counters', () => {
  test('a flush called while an earlier flush is still writing resolves only once those hits are saved', async () => {
    const { db, counters, saved } = await withEntry();
    // On PostgreSQL another session holds the row, so the earlier flush's update waits on it.
    let holder: pg.Client | undefined;
    try {
      if (db.schema) {
        holder = new pg.Client({ connectionString: db.url });
        await holder.connect();
        await holder.query('BEGIN');
        await holder.query(
          `SELECT 1 FROM "${db.schema}".cache_entries WHERE id = 'entry' FOR UPDATE`,
        );
      }
      counters.record('entry', 15, 0.25);
      const timers = counters.flush();
      let done = false;
      const mine = counters.flush().then(() => {
        done = true;
      });
      await nextTurn();
      if (holder) {
        assert.equal(done, false, 'the second flush returned while the first was still writing');
        await holder.query('COMMIT');
      }
      await mine;
      assert.deepEqual(await saved(), {
        hits: 1,
        tokens_saved: 15,
        cost_saved: 0.25,
        last_hit_at: 5_000,
      });
      await timers;
    } finally {
      await holder?.end();
      await counters.close();
      await db.close();
    }
  });

  test('hits a locked database file refused are written by the next flush, not dropped', async (t) => {
    const { db, counters, warnings, saved } = await withEntry();
    try {
      if (!db.sqlite) return t.skip('SQLite only: a locked file refuses at once');
      const lock = await holdWriteLock(db.url.replace(/^sqlite:\/\//, ''));
      counters.record('entry', 15, 0.25);
      counters.record('entry', 15, 0.25);
      await counters.flush();
      await lock.release();
      assert.equal(warnings.length, 1, 'the refused write is logged');
      counters.record('entry', 15, 0.25);
      await counters.flush();
      assert.deepEqual(await saved(), {
        hits: 3,
        tokens_saved: 45,
        cost_saved: 0.75,
        last_hit_at: 5_000,
      });
    } finally {
      await counters.close();
      await db.close();
    }
  });
});
