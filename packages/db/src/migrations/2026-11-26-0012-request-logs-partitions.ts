import { type Kysely, PostgresAdapter, sql } from 'kysely';

// PostgreSQL only: request_logs becomes a table partitioned by month on created_at (epoch ms, UTC),
// so retention drops a month's partition instead of deleting its rows one by one
// (docs/decisions/021-request-log-partitions.md). SQLite keeps the plain table: one file, one
// writer, and its row deletes are cheap enough there.
//
// A partitioned table's unique keys must hold the partition key, so the primary key becomes
// (id, created_at), and a foreign key can no longer point at `id` alone: eval_feedback's
// reference to request_logs is dropped, and whoever deletes request rows deletes their votes
// (log retention does). A frozen copy of the month arithmetic: later code must not rewrite this.

const isPostgres = (db: Kysely<unknown>) => db.getExecutor().adapter instanceof PostgresAdapter;

function monthStart(ms: number): number {
  const d = new Date(ms);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1);
}

function monthAfter(start: number): number {
  const d = new Date(start);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1);
}

function partitionName(start: number): string {
  const d = new Date(start);
  return `request_logs_p${d.getUTCFullYear()}${String(d.getUTCMonth() + 1).padStart(2, '0')}`;
}

/** Secondary index definitions of request_logs, to rebuild on the table that replaces it. */
async function secondaryIndexes(db: Kysely<unknown>): Promise<string[]> {
  const { rows } = await sql<{ definition: string }>`
    SELECT pg_get_indexdef(i.indexrelid) AS definition FROM pg_index i
    WHERE i.indrelid = to_regclass('request_logs') AND NOT i.indisprimary
    ORDER BY i.indexrelid`.execute(db);
  // A partitioned table's index reads "ON ONLY t"; on a plain table that is simply "ON t".
  return rows.map((r) => r.definition.replace(' ON ONLY ', ' ON '));
}

async function dropForeignKeysTo(db: Kysely<unknown>, table: string): Promise<void> {
  const { rows } = await sql<{ owner: string; name: string }>`
    SELECT conrelid::regclass::text AS owner, conname AS name FROM pg_constraint
    WHERE contype = 'f' AND confrelid = to_regclass(${table})`.execute(db);
  for (const fk of rows) {
    await sql`ALTER TABLE ${sql.raw(fk.owner)} DROP CONSTRAINT ${sql.id(fk.name)}`.execute(db);
  }
}

/** The replaced table is dropped only after its rows are copied: its index names are then free. */
async function replaceRequestLogs(
  db: Kysely<unknown>,
  create: (from: string) => Promise<void>,
  primaryKey: string[],
): Promise<void> {
  const indexes = await secondaryIndexes(db);
  await dropForeignKeysTo(db, 'request_logs');
  await sql`ALTER TABLE request_logs RENAME TO request_logs_replaced`.execute(db);
  await create('request_logs_replaced');
  await sql`INSERT INTO request_logs SELECT * FROM request_logs_replaced`.execute(db);
  await sql`DROP TABLE request_logs_replaced`.execute(db);
  await sql`ALTER TABLE request_logs ADD CONSTRAINT request_logs_pkey
    PRIMARY KEY (${sql.join(primaryKey.map((c) => sql.id(c)))})`.execute(db);
  await sql`ALTER TABLE request_logs ADD CONSTRAINT request_logs_account_id_fkey
    FOREIGN KEY (account_id) REFERENCES accounts (id) ON DELETE CASCADE`.execute(db);
  for (const definition of indexes) await sql.raw(definition).execute(db);
}

export async function up(db: Kysely<unknown>): Promise<void> {
  if (!isPostgres(db)) return;
  await replaceRequestLogs(
    db,
    async (from) => {
      await sql`CREATE TABLE request_logs (LIKE ${sql.id(from)} INCLUDING DEFAULTS)
        PARTITION BY RANGE (created_at)`.execute(db);
      // A month for every month that has rows, and this month and the next for what comes.
      const { rows } = await sql<{ created_at: number }>`
        SELECT DISTINCT created_at - created_at % 86400000 AS created_at
        FROM ${sql.id(from)}`.execute(db);
      const now = Date.now();
      const months = new Set([monthStart(now), monthAfter(monthStart(now))]);
      for (const r of rows) months.add(monthStart(Number(r.created_at)));
      for (const start of [...months].sort((a, b) => a - b)) {
        await sql`CREATE TABLE ${sql.id(partitionName(start))} PARTITION OF request_logs
          FOR VALUES FROM (${sql.lit(start)}) TO (${sql.lit(monthAfter(start))})`.execute(db);
      }
      // An insert for a month nobody created a partition for still succeeds.
      await sql`CREATE TABLE request_logs_default PARTITION OF request_logs DEFAULT`.execute(db);
    },
    ['id', 'created_at'],
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (!isPostgres(db)) return;
  await replaceRequestLogs(
    db,
    async (from) => {
      await sql`CREATE TABLE request_logs (LIKE ${sql.id(from)} INCLUDING DEFAULTS)`.execute(db);
    },
    ['id'],
  );
  // Votes whose request went while no foreign key watched them cannot be kept under one.
  await sql`DELETE FROM eval_feedback f
    WHERE NOT EXISTS (SELECT 1 FROM request_logs r WHERE r.id = f.request_id)`.execute(db);
  await sql`ALTER TABLE eval_feedback ADD CONSTRAINT eval_feedback_request_id_fkey
    FOREIGN KEY (request_id) REFERENCES request_logs (id) ON DELETE CASCADE`.execute(db);
}
