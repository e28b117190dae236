import type { SamlConfig } from '@tokenwise/contracts';
import type { Database } from '@tokenwise/db';
import type { Kysely, Transaction } from 'kysely';

export const EMPTY_SAML_CONFIG: SamlConfig = {
  enabled: false,
  idp_entity_id: '',
  idp_sso_url: '',
  idp_x509_cert: '',
};

export async function findSamlConfig(
  db: Kysely<Database>,
  accountId: string,
): Promise<SamlConfig | undefined> {
  const row = await db
    .selectFrom('saml_configs')
    .select(['enabled', 'idp_entity_id', 'idp_sso_url', 'idp_x509_cert'])
    .where('account_id', '=', accountId)
    .executeTakeFirst();
  return row && { ...row, enabled: row.enabled === 1 };
}

export async function accountExists(db: Kysely<Database>, accountId: string): Promise<boolean> {
  const row = await db
    .selectFrom('accounts')
    .select('id')
    .where('id', '=', accountId)
    .executeTakeFirst();
  return row !== undefined;
}

export async function upsertSamlConfig(
  db: Kysely<Database> | Transaction<Database>,
  accountId: string,
  config: SamlConfig,
  now: number,
): Promise<void> {
  const values = {
    enabled: config.enabled ? 1 : 0,
    idp_entity_id: config.idp_entity_id,
    idp_sso_url: config.idp_sso_url,
    idp_x509_cert: config.idp_x509_cert,
    updated_at: now,
  };
  await db
    .insertInto('saml_configs')
    .values({ account_id: accountId, ...values })
    .onConflict((oc) => oc.column('account_id').doUpdateSet(values))
    .execute();
}
