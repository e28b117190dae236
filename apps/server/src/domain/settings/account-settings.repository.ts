import type { AccountSettingsRow, Database } from '@tokenwise/db';
import type { Kysely } from 'kysely';

/** Shared by the features that tune the gateway and by the gateway itself. */
export type AccountSettings = Omit<AccountSettingsRow, 'account_id' | 'updated_at'>;

/**
 * An account's settings before it saves anything. Every save writes every column, so the
 * migrations' column defaults are never relied on; pii_redact_secrets's is still 0 there (SQLite
 * cannot change a column default), while accounts get 1 (docs/decisions/009).
 */
export const DEFAULT_ACCOUNT_SETTINGS: AccountSettings = {
  baseline_sample_rate: 0,
  optimization_level: 'balanced',
  pii_enabled: 1,
  pii_redact_emails: 1,
  pii_redact_phones: 1,
  pii_redact_ssn: 1,
  pii_redact_credit_cards: 0,
  pii_redact_ip_addresses: 0,
  pii_redact_secrets: 1,
  cache_enabled: 1,
  cache_similarity_threshold: 0.95,
  cache_ttl_seconds: 3600,
  cache_embedder: 'local',
  routing_enabled: 0,
  routing_threshold_simple: 100,
  routing_threshold_complex: 500,
};

export async function getAccountSettings(
  db: Kysely<Database>,
  accountId: string,
): Promise<AccountSettings> {
  const row = await db
    .selectFrom('account_settings')
    .selectAll()
    .where('account_id', '=', accountId)
    .executeTakeFirst();
  if (!row) return { ...DEFAULT_ACCOUNT_SETTINGS };
  const { account_id: _a, updated_at: _u, ...settings } = row;
  return settings;
}

export async function updateAccountSettings(
  db: Kysely<Database>,
  accountId: string,
  patch: Partial<AccountSettings>,
  now: number,
): Promise<AccountSettings> {
  const current = await getAccountSettings(db, accountId);
  const next = { ...current, ...patch };
  await db
    .insertInto('account_settings')
    .values({ account_id: accountId, ...next, updated_at: now })
    .onConflict((oc) => oc.column('account_id').doUpdateSet({ ...patch, updated_at: now }))
    .execute();
  return next;
}

/** The PII switches as the API and the redaction engine both describe them. */
export function piiConfigOf(s: AccountSettings) {
  return {
    enabled: s.pii_enabled === 1,
    redact_emails: s.pii_redact_emails === 1,
    redact_phones: s.pii_redact_phones === 1,
    redact_ssn: s.pii_redact_ssn === 1,
    redact_credit_cards: s.pii_redact_credit_cards === 1,
    redact_ip_addresses: s.pii_redact_ip_addresses === 1,
    redact_secrets: s.pii_redact_secrets === 1,
  };
}
