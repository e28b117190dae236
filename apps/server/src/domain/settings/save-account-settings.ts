import type { AppDeps } from '../../deps.ts';
import { ACCOUNT_SETTINGS_CHANGED_TOPIC } from '../topics.ts';
import { type AccountSettings, updateAccountSettings } from './account-settings.repository.ts';

/** Saves and tells every instance's gateway, so the change applies to the very next request. */
export async function saveAccountSettings(
  deps: AppDeps,
  accountId: string,
  patch: Partial<AccountSettings>,
) {
  const settings = await updateAccountSettings(deps.db.kysely, accountId, patch, deps.clock());
  await deps.bus.publish(ACCOUNT_SETTINGS_CHANGED_TOPIC, accountId);
  return settings;
}
