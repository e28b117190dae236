import { Migrator } from 'kysely';
import { retryingCatalogRaces } from './catalog-race.ts';
import type { Db } from './connect.ts';
import { migrations } from './migrations/index.ts';

function migratorFor(db: Db): Migrator {
  return new Migrator({
    db: db.kysely,
    provider: { getMigrations: async () => migrations },
    // Kysely looks for its bookkeeping tables across all schemas unless told which one is ours.
    ...(db.schema ? { migrationTableSchema: db.schema } : {}),
  });
}

function throwIfFailed(error: unknown): void {
  if (error) throw error instanceof Error ? error : new Error(String(error));
}

// Each run is one transaction on PostgreSQL, so a run cut short by a catalog race left nothing.

export async function migrateToLatest(db: Db): Promise<string[]> {
  const results = await retryingCatalogRaces(db, async () => {
    const { error, results } = await migratorFor(db).migrateToLatest();
    throwIfFailed(error);
    return results;
  });
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}

export async function migrateDown(db: Db): Promise<void> {
  await retryingCatalogRaces(db, async () => {
    const { error } = await migratorFor(db).migrateDown();
    throwIfFailed(error);
  });
}

/** Up or down to the named migration (for tests of what one migration does to existing rows). */
export async function migrateTo(db: Db, name: string): Promise<void> {
  await retryingCatalogRaces(db, async () => {
    const { error } = await migratorFor(db).migrateTo(name);
    throwIfFailed(error);
  });
}

/** Names of migrations this code knows that the database has not applied (readiness probe). */
export async function pendingMigrations(db: Db): Promise<string[]> {
  const known = await migratorFor(db).getMigrations();
  return known.filter((m) => m.executedAt === undefined).map((m) => m.name);
}
