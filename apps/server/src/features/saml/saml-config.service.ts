import type { SamlConfig } from '@tokenwise/contracts';
import type { AppDeps } from '../../deps.ts';
import { checkedIdpSettings } from './idp-settings.ts';
import { EMPTY_SAML_CONFIG, findSamlConfig, upsertSamlConfig } from './saml-config.repository.ts';

export async function getSamlConfig(deps: AppDeps, accountId: string): Promise<SamlConfig> {
  return (await findSamlConfig(deps.db.kysely, accountId)) ?? EMPTY_SAML_CONFIG;
}

export async function saveSamlConfig(
  deps: AppDeps,
  accountId: string,
  config: SamlConfig,
): Promise<SamlConfig> {
  const now = deps.clock();
  const checked = checkedIdpSettings(config, now);
  await upsertSamlConfig(deps.db.kysely, accountId, checked, now);
  return checked;
}
