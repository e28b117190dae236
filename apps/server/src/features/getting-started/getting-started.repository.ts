import type { Database } from '@tokenwise/db';
import type { Kysely } from 'kysely';

/** Whether the account has at least one row in `table`: one indexed probe, never a count. */
async function hasAny(
  db: Kysely<Database>,
  table: 'api_keys' | 'provider_keys' | 'request_logs' | 'analytics_daily',
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
  const [gatewayKey, providerKey, loggedRequest] = await Promise.all([
    hasAny(db, 'api_keys', accountId),
    hasAny(db, 'provider_keys', accountId),
    hasAny(db, 'request_logs', accountId),
  ]);
  // Log retention deletes request-log rows but never the rollups: an account whose requests
  // are all older than LOG_RETENTION_DAYS has still sent its first one.
  const firstRequest = loggedRequest || (await hasAny(db, 'analytics_daily', accountId));
  return { gatewayKey, providerKey, firstRequest };
}
