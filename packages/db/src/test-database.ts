import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { connectDatabase, type Db } from './connect.ts';
import { migrateToLatest } from './migrate.ts';

/**
 * A fresh, migrated database for one test: a new SQLite file, or, when DATABASE_URL points at
 * PostgreSQL, a new schema on that server (dropped again by cleanup) so parallel runs never collide.
 * Its connections carry the schema as application_name, so a test can find (and kill) only its own.
 * `url` replaces DATABASE_URL's address, e.g. with a proxy the test can cut.
 */
export async function openTestDatabase(
  opts: { url?: string } = {},
): Promise<Db & { url: string; schema?: string }> {
  const url = opts.url ?? process.env.DATABASE_URL;
  if (url?.startsWith('postgres')) {
    const schema = `t_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
    const db = await connectDatabase(url, { schema, poolSize: 4, applicationName: schema });
    await migrateToLatest(db);
    return {
      ...db,
      url,
      schema,
      async close() {
        await db.close();
        const { default: pg } = await import('pg');
        const admin = new pg.Client({ connectionString: url });
        await admin.connect();
        await admin.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
        await admin.end();
      },
    };
  }
  const dir = mkdtempSync(join(tmpdir(), 'tokenwise-test-'));
  const fileUrl = `sqlite://${join(dir, 'test.db')}`;
  const db = await connectDatabase(fileUrl);
  await migrateToLatest(db);
  return {
    ...db,
    url: fileUrl,
    async close() {
      await db.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
