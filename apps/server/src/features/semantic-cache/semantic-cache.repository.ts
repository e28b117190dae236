import type { Database } from '@tokenwise/db';
import { type Kysely, sql } from 'kysely';

type Db = Kysely<Database>;

/**
 * Hits and misses of the account's requests that consulted the cache since `since`, and what the
 * hits saved: from the log, so an entry cleared or expired since still counts for what it did.
 */
export async function countLookups(db: Db, accountId: string, since: number) {
  const hit = (column: 'tokens_saved' | 'cost_saved') =>
    sql<number>`coalesce(sum(case when cache_status = 'hit' then ${sql.ref(column)} else 0 end), 0)`;
  const row = await db
    .selectFrom('request_logs')
    .select([
      sql<number>`coalesce(sum(case when cache_status = 'hit' then 1 else 0 end), 0)`.as('hits'),
      sql<number>`coalesce(sum(case when cache_status = 'miss' then 1 else 0 end), 0)`.as('misses'),
      hit('tokens_saved').as('tokens_saved'),
      hit('cost_saved').as('cost_saved'),
    ])
    .where('account_id', '=', accountId)
    .where('created_at', '>=', since)
    .executeTakeFirstOrThrow();
  return {
    hits: Number(row.hits),
    misses: Number(row.misses),
    tokensSaved: Number(row.tokens_saved),
    costSaved: Number(row.cost_saved),
  };
}

export async function listEntries(
  db: Db,
  accountId: string,
  now: number,
  limit: number,
  offset: number,
) {
  const live = db
    .selectFrom('cache_entries')
    .where('account_id', '=', accountId)
    .where('expires_at', '>', now);
  const [rows, total] = await Promise.all([
    live
      .select([
        'id',
        'query_text',
        'provider',
        'model',
        'tokens_saved',
        'cost_saved',
        'hits',
        'last_hit_at',
        'created_at',
        'expires_at',
        'demoted',
      ])
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(limit)
      .offset(offset)
      .execute(),
    live.select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(total.n) };
}

export async function entryTotals(db: Db, accountId: string, now: number) {
  const base = db
    .selectFrom('cache_entries')
    .where('account_id', '=', accountId)
    .where('expires_at', '>', now);
  const [totals, byProvider, byModel] = await Promise.all([
    base
      .select([
        sql<number>`count(*)`.as('entries'),
        sql<number>`coalesce(sum(tokens_saved), 0)`.as('tokens_saved'),
        sql<number>`coalesce(sum(cost_saved), 0)`.as('cost_saved'),
      ])
      .executeTakeFirstOrThrow(),
    base
      .select([
        'provider',
        sql<number>`count(*)`.as('entries'),
        sql<number>`coalesce(sum(tokens_saved), 0)`.as('tokens_saved'),
      ])
      .groupBy('provider')
      .orderBy('provider')
      .execute(),
    base
      .select([
        'model',
        sql<number>`count(*)`.as('entries'),
        sql<number>`coalesce(sum(tokens_saved), 0)`.as('tokens_saved'),
      ])
      .groupBy('model')
      .orderBy('model')
      .execute(),
  ]);
  return { totals, byProvider, byModel };
}
