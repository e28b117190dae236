import type { CacheEntryRow, Database, SqliteHandle } from '@tokenwise/db';
import { type Kysely, sql } from 'kysely';
import { insertIgnoringIdSql, preparedStatement } from '../../lib/sqlite-statements.ts';

type Db = Kysely<Database>;

const COLUMNS = [
  'id',
  'account_id',
  'scope',
  'provider',
  'model',
  'exact_key',
  'context_fingerprint',
  'query_text',
  'vector',
  'embedder_id',
  'response',
  'tokens_in',
  'tokens_out',
  'cost',
  'hits',
  'tokens_saved',
  'cost_saved',
  'last_hit_at',
  'demoted',
  'created_at',
  'expires_at',
] as const satisfies readonly (keyof CacheEntryRow)[];
// A column added to the table but not to the list above fails to compile here.
const everyColumnListed: [Exclude<keyof CacheEntryRow, (typeof COLUMNS)[number]>] extends [never]
  ? true
  : never = true;
void everyColumnListed;

const INSERT_SQL = insertIgnoringIdSql('cache_entries', COLUMNS);

/**
 * SQLite: the same rows through one reused single-row statement in one transaction. Kysely built
 * and prepared a new multi-row statement for every batch, as much CPU as writing the rows
 * (decision 046); the request log writes the same way.
 */
export function insertCacheEntriesSqlite(handle: SqliteHandle, rows: CacheEntryRow[]): void {
  const insert = preparedStatement(handle, INSERT_SQL);
  handle.transaction(() => {
    for (const row of rows) insert.run(COLUMNS.map((c) => row[c]));
  })();
}

/**
 * PostgreSQL: new entries in one statement per 500 (ids are fresh UUIDs: one already there is left
 * as it is).
 */
export async function insertCacheEntries(db: Db, rows: CacheEntryRow[]): Promise<void> {
  for (let i = 0; i < rows.length; i += 500) {
    await db
      .insertInto('cache_entries')
      .values(rows.slice(i, i + 500))
      .onConflict((oc) => oc.column('id').doNothing())
      .execute();
  }
}

export async function findCacheEntry(db: Db, id: string): Promise<CacheEntryRow | undefined> {
  return db.selectFrom('cache_entries').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Accounts with live entries, the one that stored last first, with how many each holds. */
export async function liveEntryCounts(
  db: Db,
  now: number,
): Promise<{ accountId: string; entries: number }[]> {
  const rows = await db
    .selectFrom('cache_entries')
    .select(['account_id', (eb) => eb.fn.countAll<string>().as('entries')])
    .select((eb) => eb.fn.max('created_at').as('last_stored'))
    .where('expires_at', '>', now)
    .where('demoted', '=', 0)
    .groupBy('account_id')
    .orderBy('last_stored', 'desc')
    .execute();
  return rows.map((r) => ({ accountId: r.account_id, entries: Number(r.entries) }));
}

/** The ids of one account's live entries. */
export async function liveEntryIds(db: Db, accountId: string, now: number): Promise<string[]> {
  const rows = await db
    .selectFrom('cache_entries')
    .select('id')
    .where('account_id', '=', accountId)
    .where('expires_at', '>', now)
    .where('demoted', '=', 0)
    .execute();
  return rows.map((r) => r.id);
}

/** One account's live entries, at most `limit`, the newest kept, oldest first. */
export async function newestLiveEntries(
  db: Db,
  accountId: string,
  now: number,
  limit: number,
): Promise<CacheEntryRow[]> {
  const rows = await db
    .selectFrom('cache_entries')
    .selectAll()
    .where('account_id', '=', accountId)
    .where('expires_at', '>', now)
    .where('demoted', '=', 0)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
  return rows.reverse();
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

/** Every row of the account, expired ones too; answers what went, with when each expired. */
export async function deleteAllEntries(
  db: Db,
  accountId: string,
): Promise<{ id: string; expires_at: number }[]> {
  const rows = await db
    .selectFrom('cache_entries')
    .select(['id', 'expires_at'])
    .where('account_id', '=', accountId)
    .execute();
  await db.deleteFrom('cache_entries').where('account_id', '=', accountId).execute();
  return rows;
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
