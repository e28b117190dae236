import type { Database } from '@tokenwise/db';
import type { Kysely } from 'kysely';
import type { AppDeps } from '../../deps.ts';
import { API_KEY_DELETED_TOPIC } from '../topics.ts';

/**
 * In the transaction that deletes the keys: every instance hears of the deletion through the
 * database even if this one never gets to `forgetDeletedKeys` (decision 156).
 */
export async function recordDeletedKeys(
  deps: AppDeps,
  trx: Kysely<Database>,
  keyHashes: string[],
): Promise<void> {
  for (const hash of keyHashes) await deps.bus.recordIn(trx, API_KEY_DELETED_TOPIC, hash);
}

/** Tells every instance's key resolver to forget keys already deleted from the database. */
export async function forgetDeletedKeys(deps: AppDeps, keyHashes: string[]): Promise<void> {
  for (const hash of keyHashes) await deps.bus.publish(API_KEY_DELETED_TOPIC, hash);
}
