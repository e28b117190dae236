import type { Database, ProviderKeyRow } from '@tokenwise/db';
import type { Kysely } from 'kysely';

export async function listProviderKeys(
  db: Kysely<Database>,
  accountId: string,
): Promise<ProviderKeyRow[]> {
  return db
    .selectFrom('provider_keys')
    .selectAll()
    .where('account_id', '=', accountId)
    .orderBy('created_at', 'desc')
    .execute();
}

export async function countProviderKeys(db: Kysely<Database>, accountId: string): Promise<number> {
  const row = await db
    .selectFrom('provider_keys')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('account_id', '=', accountId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function insertProviderKey(db: Kysely<Database>, row: ProviderKeyRow): Promise<void> {
  await db.insertInto('provider_keys').values(row).execute();
}

export async function deleteProviderKey(
  db: Kysely<Database>,
  accountId: string,
  id: string,
): Promise<boolean> {
  const res = await db
    .deleteFrom('provider_keys')
    .where('account_id', '=', accountId)
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(res.numDeletedRows) > 0;
}

/** The newest stored key of this provider for the account: the one the gateway uses. */
export async function findNewestProviderKey(
  db: Kysely<Database>,
  accountId: string,
  provider: string,
): Promise<Pick<ProviderKeyRow, 'id' | 'key_sealed'> | undefined> {
  return db
    .selectFrom('provider_keys')
    .select(['id', 'key_sealed'])
    .where('account_id', '=', accountId)
    .where('provider', '=', provider)
    .orderBy('created_at', 'desc')
    .limit(1)
    .executeTakeFirst();
}

export async function touchProviderKeys(
  db: Kysely<Database>,
  lastUsed: Map<string, number>,
): Promise<void> {
  for (const [id, at] of lastUsed) {
    await db.updateTable('provider_keys').set({ last_used_at: at }).where('id', '=', id).execute();
  }
}
