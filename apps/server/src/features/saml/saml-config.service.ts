import type { SamlConfig, SamlConfigUpdate } from '@tokenwise/contracts';
import type { AppDeps } from '../../deps.ts';
import { storedCertificates } from './idp-certificates.ts';
import { checkedIdpSettings } from './idp-settings.ts';
import { EMPTY_SAML_CONFIG, findSamlConfig, upsertSamlConfig } from './saml-config.repository.ts';
import { endSamlSignIns } from './sign-in.repository.ts';

export async function getSamlConfig(deps: AppDeps, accountId: string): Promise<SamlConfig> {
  return (await findSamlConfig(deps.db.kysely, accountId)) ?? EMPTY_SAML_CONFIG;
}

export async function saveSamlConfig(
  deps: AppDeps,
  accountId: string,
  update: SamlConfigUpdate,
): Promise<SamlConfig> {
  const now = deps.clock();
  const before = await findSamlConfig(deps.db.kysely, accountId);
  const checked = checkedIdpSettings({ ...(before ?? EMPTY_SAML_CONFIG), ...update }, now);
  await deps.db.kysely.transaction().execute(async (trx) => {
    await upsertSamlConfig(trx, accountId, checked, now);
    if (!checked.enabled || (before && idpChanged(before, checked))) {
      await endSamlSignIns(trx, accountId);
    }
  });
  return checked;
}

/**
 * Whether the IdP that vouched for today's SAML sessions is still the one trusted. A session
 * lasts longer than the trust that made it must not: switching SSO off or changing the IdP
 * (a leaked key rotated out, another tenant) ends them; password sessions stay. Adding the
 * next certificate beside the current one (the start of a rotation) takes no trust away.
 */
function idpChanged(before: SamlConfig, after: SamlConfig): boolean {
  const kept = new Set(storedCertificates(after.idp_x509_cert));
  return (
    before.idp_entity_id !== after.idp_entity_id ||
    before.idp_sso_url !== after.idp_sso_url ||
    storedCertificates(before.idp_x509_cert).some((cert) => !kept.has(cert))
  );
}
