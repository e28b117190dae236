import type { ApiKeyRow, Database } from '@tokenwise/db';
import type { Kysely, Transaction } from 'kysely';

export async function listApiKeys(db: Kysely<Database>, accountId: string): Promise<ApiKeyRow[]> {
  return db
    .selectFrom('api_keys')
    .selectAll()
    .where('account_id', '=', accountId)
    .orderBy('created_at', 'desc')
    .execute();
}

export async function countApiKeys(
  db: Kysely<Database> | Transaction<Database>,
  accountId: string,
): Promise<number> {
  const row = await db
    .selectFrom('api_keys')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('account_id', '=', accountId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function insertApiKey(
  db: Kysely<Database> | Transaction<Database>,
  row: ApiKeyRow,
): Promise<void> {
  await db.insertInto('api_keys').values(row).execute();
}

/** Deletes only within the account, so another account's id is simply not found. */
export async function deleteApiKey(
  db: Kysely<Database>,
  accountId: string,
  id: string,
): Promise<ApiKeyRow | undefined> {
  return db
    .deleteFrom('api_keys')
    .where('account_id', '=', accountId)
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
}

export async function findApiKeyByHash(
  db: Kysely<Database>,
  keyHash: string,
): Promise<Pick<ApiKeyRow, 'id' | 'account_id' | 'key_prefix'> | undefined> {
  return db
    .selectFrom('api_keys')
    .select(['id', 'account_id', 'key_prefix'])
    .where('key_hash', '=', keyHash)
    .executeTakeFirst();
}

/** One statement per key however many requests used it since the last flush. */
export async function touchApiKeys(
  db: Kysely<Database>,
  lastUsed: Map<string, number>,
): Promise<void> {
  for (const [id, at] of lastUsed) {
    await db.updateTable('api_keys').set({ last_used_at: at }).where('id', '=', id).execute();
  }
}

/** Deletes the gateway keys `userId` created (in one account, or everywhere); returns their hashes. */
export async function deleteApiKeysCreatedBy(
  db: Kysely<Database> | Transaction<Database>,
  userId: string,
  accountId?: string,
): Promise<string[]> {
  let q = db.deleteFrom('api_keys').where('created_by', '=', userId);
  if (accountId !== undefined) q = q.where('account_id', '=', accountId);
  const rows = await q.returning('key_hash').execute();
  return rows.map((r) => r.key_hash);
}
