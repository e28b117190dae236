import type { OptimizationLevel, PiiConfigUpdate } from '@tokenwise/contracts';
import type { AppDeps } from '../../deps.ts';
import {
  type AccountSettings,
  getAccountSettings,
  piiConfigOf,
} from '../../domain/settings/account-settings.repository.ts';
import { saveAccountSettings } from '../../domain/settings/save-account-settings.ts';

const flag = (v: boolean | undefined) => (v === undefined ? undefined : v ? 1 : 0);

export async function getOptimizationLevel(deps: AppDeps, accountId: string) {
  return {
    optimization_level: (await getAccountSettings(deps.db.kysely, accountId)).optimization_level,
  };
}

export async function setOptimizationLevel(
  deps: AppDeps,
  accountId: string,
  level: OptimizationLevel,
) {
  const s = await saveAccountSettings(deps, accountId, { optimization_level: level });
  return { optimization_level: s.optimization_level };
}

export async function getPiiConfig(deps: AppDeps, accountId: string) {
  return piiConfigOf(await getAccountSettings(deps.db.kysely, accountId));
}

export async function setPiiConfig(deps: AppDeps, accountId: string, c: PiiConfigUpdate) {
  const patch = Object.fromEntries(
    Object.entries({
      pii_enabled: flag(c.enabled),
      pii_redact_emails: flag(c.redact_emails),
      pii_redact_phones: flag(c.redact_phones),
      pii_redact_ssn: flag(c.redact_ssn),
      pii_redact_credit_cards: flag(c.redact_credit_cards),
      pii_redact_ip_addresses: flag(c.redact_ip_addresses),
      pii_redact_secrets: flag(c.redact_secrets),
    }).filter(([, v]) => v !== undefined),
  ) as Partial<AccountSettings>;
  return piiConfigOf(await saveAccountSettings(deps, accountId, patch));
}
