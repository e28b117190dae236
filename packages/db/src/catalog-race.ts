import { sql, type TableMetadata } from 'kysely';
import type { Db } from './connect.ts';

/**
 * Kysely reads the tables of every schema (its migrator too). When another test drops its own
 * schema or tables during that catalog read, PostgreSQL reports them missing: a race with someone
 * else's cleanup, never a fault of ours. Only that is tried again; a missing table of our own
 * schema is a real error.
 */
export function isOtherSchemaCatalogRace(err: unknown, ownSchema: string | undefined): boolean {
  const message = String((err as Error | undefined)?.message ?? err);
  const match = /(?:schema "(\w+)"|relation "(\w+)\.\w+") does not exist/.exec(message);
  const schema = match?.[1] ?? match?.[2];
  if (schema !== undefined) return schema !== ownSchema;
  // A column dropped mid-read is named without its schema; the introspector only reads the
  // catalog, and nothing of ours changes while it does, so it can only be someone else's.
  const stack = String((err as Error | undefined)?.stack ?? '');
  return /does not exist/.test(message) && stack.includes('Introspector');
}

export async function retryingCatalogRaces<T>(db: Db, read: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await read();
    } catch (err) {
      if (attempt >= 5 || !isOtherSchemaCatalogRace(err, db.schema)) throw err;
      await new Promise((resolve) => setTimeout(resolve, 50 * attempt));
    }
  }
}

/**
 * The tables of this database's own schema (all of them on SQLite). A partition is part of its
 * table (request_logs' months), not a table of its own: callers reading every table would read
 * its rows twice.
 */
export async function ownTables(db: Db): Promise<TableMetadata[]> {
  const partitions = new Set<string>();
  if (db.dialect === 'postgres') {
    const { rows } = await sql<{ name: string }>`
      SELECT relname AS name FROM pg_class
      WHERE relispartition AND relnamespace = current_schema()::regnamespace`.execute(db.kysely);
    for (const r of rows) partitions.add(r.name);
  }
  return retryingCatalogRaces(db, async () =>
    (await db.kysely.introspection.getTables()).filter(
      (t) => (!db.schema || t.schema === db.schema) && !partitions.has(t.name),
    ),
  );
}
