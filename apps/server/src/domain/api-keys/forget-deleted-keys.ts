import type { AppDeps } from '../../deps.ts';
import { API_KEY_DELETED_TOPIC } from '../topics.ts';

/** Tells every instance's key resolver to forget keys already deleted from the database. */
export async function forgetDeletedKeys(deps: AppDeps, keyHashes: string[]): Promise<void> {
  for (const hash of keyHashes) await deps.bus.publish(API_KEY_DELETED_TOPIC, hash);
}
