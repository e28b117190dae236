import type { Kysely } from 'kysely';

/**
 * Secret redaction becomes on by default (docs/decisions/009), for the accounts that never chose.
 * Before this, 0 was the default and the settings screen saved every switch at once, so a stored
 * 0 cannot say whether the owner turned secrets off. We read it as a choice only when the account
 * switched on another of the optional detectors beside it (cards or IP addresses): then it looked
 * at that group and left secrets off. Any other 0 is the old default and becomes 1. From now on
 * the default is 1, so a stored 0 always means "turned off" and no further flag is needed.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await (db as Kysely<SecretSwitches>)
    .updateTable('account_settings')
    .set({ pii_redact_secrets: 1 })
    .where('pii_redact_secrets', '=', 0)
    .where('pii_redact_credit_cards', '=', 0)
    .where('pii_redact_ip_addresses', '=', 0)
    .execute();
}

/** Nothing to undo: an owner may have confirmed the switch since, and 0 and 1 are both valid. */
export async function down(): Promise<void> {}

interface SecretSwitches {
  account_settings: {
    pii_redact_secrets: number;
    pii_redact_credit_cards: number;
    pii_redact_ip_addresses: number;
  };
}
