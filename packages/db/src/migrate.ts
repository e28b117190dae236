import { Migrator } from 'kysely';
import type { Db } from './connect.ts';
import { migrations } from './migrations/index.ts';

export async function migrateToLatest(db: Db): Promise<string[]> {
  const migrator = new Migrator({
    db: db.kysely,
    provider: { getMigrations: async () => migrations },
    // Kysely looks for its bookkeeping tables across all schemas unless told which one is ours.
    ...(db.schema ? { migrationTableSchema: db.schema } : {}),
  });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}

export async function migrateDown(db: Db): Promise<void> {
  const migrator = new Migrator({
    db: db.kysely,
    provider: { getMigrations: async () => migrations },
    // Kysely looks for its bookkeeping tables across all schemas unless told which one is ours.
    ...(db.schema ? { migrationTableSchema: db.schema } : {}),
  });
  const { error } = await migrator.migrateDown();
  if (error) throw error instanceof Error ? error : new Error(String(error));
}
