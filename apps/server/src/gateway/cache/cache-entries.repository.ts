import type { CacheEntryRow, Database } from '@tokenwise/db';
import { type Kysely, sql } from 'kysely';

type Db = Kysely<Database>;

export async function insertCacheEntry(db: Db, row: CacheEntryRow): Promise<void> {
  await db
    .insertInto('cache_entries')
    .values(row)
    .onConflict((oc) => oc.column('id').doUpdateSet({ ...row }))
    .execute();
}

export async function findCacheEntry(db: Db, id: string): Promise<CacheEntryRow | undefined> {
  return db.selectFrom('cache_entries').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Live, servable entries in batches, for loading the in-memory index at start. */
export async function* streamLiveEntries(
  db: Db,
  now: number,
  batch = 5_000,
): AsyncGenerator<CacheEntryRow[]> {
  let after = '';
  for (;;) {
    const rows = await db
      .selectFrom('cache_entries')
      .selectAll()
      .where('expires_at', '>', now)
      .where('demoted', '=', 0)
      .where('id', '>', after)
      .orderBy('id')
      .limit(batch)
      .execute();
    if (rows.length === 0) return;
    yield rows;
    after = rows[rows.length - 1]?.id ?? after;
  }
}

export async function deleteEntries(db: Db, accountId: string, ids: string[]): Promise<number> {
  let removed = 0;
  for (let i = 0; i < ids.length; i += 500) {
    const res = await db
      .deleteFrom('cache_entries')
      .where('account_id', '=', accountId)
      .where('id', 'in', ids.slice(i, i + 500))
      .executeTakeFirst();
    removed += Number(res.numDeletedRows);
  }
  return removed;
}

export async function deleteAllEntries(db: Db, accountId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('cache_entries')
    .select('id')
    .where('account_id', '=', accountId)
    .execute();
  await db.deleteFrom('cache_entries').where('account_id', '=', accountId).execute();
  return rows.map((r) => r.id);
}

export async function demoteEntry(db: Db, accountId: string, id: string): Promise<boolean> {
  const res = await db
    .updateTable('cache_entries')
    .set({ demoted: 1 })
    .where('account_id', '=', accountId)
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) > 0;
}

export interface HitTally {
  hits: number;
  tokensSaved: number;
  costSaved: number;
  lastHitAt: number;
}

export async function addHits(db: Db, tallies: Map<string, HitTally>): Promise<void> {
  for (const [id, t] of tallies) {
    await db
      .updateTable('cache_entries')
      .set({
        hits: sql`hits + ${t.hits}`,
        tokens_saved: sql`tokens_saved + ${t.tokensSaved}`,
        cost_saved: sql`cost_saved + ${t.costSaved}`,
        last_hit_at: t.lastHitAt,
      })
      .where('id', '=', id)
      .execute();
  }
}

export async function updateVector(
  db: Db,
  id: string,
  vector: string,
  embedderId: string,
): Promise<void> {
  await db
    .updateTable('cache_entries')
    .set({ vector, embedder_id: embedderId })
    .where('id', '=', id)
    .execute();
}
