import type { Database } from '@tokenwise/db';
import type { Kysely } from 'kysely';

/** Whether the account has at least one row in `table`: one indexed probe, never a count. */
async function hasAny(
  db: Kysely<Database>,
  table: 'api_keys' | 'provider_keys' | 'request_logs',
  accountId: string,
): Promise<boolean> {
  const row = await db
    .selectFrom(table)
    .select('account_id')
    .where('account_id', '=', accountId)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

export interface AccountFirstSteps {
  gatewayKey: boolean;
  providerKey: boolean;
  firstRequest: boolean;
}

export async function readFirstSteps(
  db: Kysely<Database>,
  accountId: string,
): Promise<AccountFirstSteps> {
  const [gatewayKey, providerKey, firstRequest] = await Promise.all([
    hasAny(db, 'api_keys', accountId),
    hasAny(db, 'provider_keys', accountId),
    hasAny(db, 'request_logs', accountId),
  ]);
  return { gatewayKey, providerKey, firstRequest };
}
