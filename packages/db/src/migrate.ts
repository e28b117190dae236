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

/**
 * Two processes starting on one SQLite file at once (a second `npm start`, a restart overlapping
 * the old process): Kysely's SQLite migrator takes no lock, so both read "nothing applied" and the
 * later one fails on a statement the other already ran ('table "users" already exists',
 * 'duplicate column name: …') although the file is fine. The failing process stops at its first
 * such statement and records nothing, and the other finishes that migration: run again (after a
 * short wait, as the other may be mid-migration) and it finds them applied. A migration that
 * really fails keeps failing and is thrown after five runs.
 */
async function migratedByAnother(db: Db, pendingBefore: number, err: unknown): Promise<boolean> {
  if (db.dialect !== 'sqlite') return false;
  const message = String((err as Error | undefined)?.message ?? err);
  if (/already exists|duplicate column|database is locked|SQLITE_BUSY/i.test(message)) return true;
  return (await pendingMigrations(db)).length < pendingBefore;
}

// Each run is one transaction on PostgreSQL, so a run cut short by a catalog race left nothing.

export async function migrateToLatest(db: Db): Promise<string[]> {
  const run = () =>
    retryingCatalogRaces(db, async () => {
      const { error, results } = await migratorFor(db).migrateToLatest();
      throwIfFailed(error);
      return results;
    });
  let results: Awaited<ReturnType<typeof run>>;
  for (let attempt = 1; ; attempt++) {
    const pendingBefore = db.dialect === 'sqlite' ? (await pendingMigrations(db)).length : 0;
    try {
      results = await run();
      break;
    } catch (err) {
      if (attempt >= 5 || !(await migratedByAnother(db, pendingBefore, err))) throw err;
      await new Promise((resolve) => setTimeout(resolve, 50 * attempt));
    }
  }
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
