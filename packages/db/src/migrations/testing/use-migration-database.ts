import { after, before } from 'node:test';
import { ownTables } from '../../catalog-race.ts';
import { openTestDatabase } from '../../test-database.ts';

type TestDb = Awaited<ReturnType<typeof openTestDatabase>>;

/** The last migration before the teams one: where the down-then-up tests take the schema back to. */
export const BEFORE_TEAMS = '2026-11-21-0007-secret-redaction-default';

/**
 * For a migration's test: a fresh, migrated database opened before the describe's tests and
 * closed after them, and what its catalog holds at the moment of asking.
 */
export function useMigrationDatabase() {
  let opened: TestDb | undefined;
  before(async () => {
    opened = await openTestDatabase();
  });
  after(() => opened?.close());
  const db = (): TestDb => {
    if (!opened) throw new Error('useMigrationDatabase: the database opens in before()');
    return opened;
  };
  return {
    db,
    tableNames: async () => (await ownTables(db())).map((t) => t.name),
    async columns(table: string): Promise<string[]> {
      const found = (await ownTables(db())).find((t) => t.name === table);
      return (found?.columns ?? []).map((c) => c.name);
    },
  };
}
