import type { AppDeps } from '../../deps.ts';
import { ACCOUNT_SETTINGS_CHANGED_TOPIC } from '../topics.ts';
import { type AccountSettings, updateAccountSettings } from './account-settings.repository.ts';

/** Saves and tells every instance's gateway, so the change applies to the very next request. */
export async function saveAccountSettings(
  deps: AppDeps,
  accountId: string,
  patch: Partial<AccountSettings>,
) {
  // Recorded with the change too: a publish lost after the commit must not leave others on the
  // old settings (decision 156).
  const settings = await deps.db.kysely.transaction().execute(async (trx) => {
    const saved = await updateAccountSettings(trx, accountId, patch, deps.clock());
    await deps.bus.recordIn(trx, ACCOUNT_SETTINGS_CHANGED_TOPIC, accountId);
    return saved;
  });
  await deps.bus.publish(ACCOUNT_SETTINGS_CHANGED_TOPIC, accountId);
  return settings;
}
