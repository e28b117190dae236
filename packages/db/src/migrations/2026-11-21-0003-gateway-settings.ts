import type { Kysely } from 'kysely';

// Every per-account tunable of the optimization stages, with the product's defaults.
const COLUMNS: [string, 'integer' | 'text' | 'double precision', number | string][] = [
  ['optimization_level', 'text', 'balanced'],
  ['pii_enabled', 'integer', 1],
  ['pii_redact_emails', 'integer', 1],
  ['pii_redact_phones', 'integer', 1],
  ['pii_redact_ssn', 'integer', 1],
  ['pii_redact_credit_cards', 'integer', 0],
  ['pii_redact_ip_addresses', 'integer', 0],
  ['pii_redact_secrets', 'integer', 0],
  ['cache_enabled', 'integer', 1],
  ['cache_similarity_threshold', 'double precision', 0.95],
  ['cache_ttl_seconds', 'integer', 3600],
  ['routing_enabled', 'integer', 0],
  ['routing_threshold_simple', 'integer', 100],
  ['routing_threshold_complex', 'integer', 500],
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const [name, type, value] of COLUMNS) {
    await db.schema
      .alterTable('account_settings')
      .addColumn(name, type, (c) => c.notNull().defaultTo(value))
      .execute();
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const [name] of COLUMNS.reverse()) {
    await db.schema.alterTable('account_settings').dropColumn(name).execute();
  }
}
