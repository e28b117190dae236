import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { Kysely } from 'kysely';
import { migrateTo, migrateToLatest } from '../migrate.ts';
import { useMigrationDatabase } from './testing/use-migration-database.ts';

type Switches = {
  pii_enabled: number;
  pii_redact_credit_cards: number;
  pii_redact_ip_addresses: number;
  pii_redact_secrets: number;
};
interface Tables {
  accounts: { id: string; name: string; created_at: number };
  account_settings: Switches & { account_id: string; updated_at: number };
}

const OLD_DEFAULTS: Switches = {
  pii_enabled: 1,
  pii_redact_credit_cards: 0,
  pii_redact_ip_addresses: 0,
  pii_redact_secrets: 0,
};

// Each account's switches before the migration, and the secrets switch expected after it.
const CASES: [string, Partial<Switches>, number][] = [
  ['never touched', {}, 1],
  ['redaction switched off altogether', { pii_enabled: 0 }, 1],
  ['secrets already on', { pii_redact_secrets: 1 }, 1],
  ['cards on, secrets left off', { pii_redact_credit_cards: 1 }, 0],
  ['IP addresses on, secrets left off', { pii_redact_ip_addresses: 1 }, 0],
];

describe('migration 0007: secret redaction on where the account never chose', () => {
  const { db } = useMigrationDatabase();

  test('turns secrets on for old defaults, keeps a choice made beside the other optional detectors', async () => {
    await migrateTo(db(), '2026-11-21-0006-cache-embedder');
    const kysely = db().kysely as unknown as Kysely<Tables>;
    for (const [id, switches] of CASES) {
      await kysely.insertInto('accounts').values({ id, name: id, created_at: 0 }).execute();
      await kysely
        .insertInto('account_settings')
        .values({ account_id: id, updated_at: 0, ...OLD_DEFAULTS, ...switches })
        .execute();
    }
    await migrateToLatest(db());
    const rows = await kysely.selectFrom('account_settings').selectAll().execute();
    for (const [id, switches, secrets] of CASES) {
      const row = rows.find((r) => r.account_id === id);
      assert.equal(row?.pii_redact_secrets, secrets, id);
      assert.equal(row?.pii_enabled, switches.pii_enabled ?? 1, `${id}: nothing else changes`);
    }
  });
});
