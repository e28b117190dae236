import { type Kysely, sql } from 'kysely';
import type { Db } from './connect.ts';
import type { Database } from './schema.ts';

// PostgreSQL keeps request_logs in one partition per calendar month (UTC) of created_at, plus a
// default partition for any month without one (migration 0012). Everything here is a no-op on
// SQLite and on a PostgreSQL table that is not partitioned.

/** A month partition: rows with from <= created_at < to (epoch ms). */
export interface RequestLogPartition {
  name: string;
  from: number;
  to: number;
}

// DDL waits at most this long for a lock: a long dashboard read must not make every log insert
// queue behind a partition change. The next scheduled run tries again.
const LOCK_TIMEOUT = '5s';

export function monthOf(ms: number): RequestLogPartition {
  const d = new Date(ms);
  const from = Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1);
  const to = Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1);
  const name = `request_logs_p${d.getUTCFullYear()}${String(d.getUTCMonth() + 1).padStart(2, '0')}`;
  return { name, from, to };
}

/** The months from the one holding `from` to the one holding `to`, oldest first. */
export function monthsBetween(from: number, to: number): RequestLogPartition[] {
  const months: RequestLogPartition[] = [];
  for (let m = monthOf(from); m.from <= to; m = monthOf(m.to)) months.push(m);
  return months;
}

interface Partitions {
  months: RequestLogPartition[];
  defaultName: string | undefined;
}

/** The partitions of request_logs, or undefined when the table is not partitioned. */
export async function requestLogPartitions(db: Db): Promise<Partitions | undefined> {
  return db.dialect === 'postgres' ? partitionsOf(db.kysely) : undefined;
}

async function partitionsOf(k: Kysely<Database>): Promise<Partitions | undefined> {
  const { rows: partitioned } = await sql`
    SELECT 1 FROM pg_partitioned_table WHERE partrelid = to_regclass('request_logs')`.execute(k);
  if (partitioned.length === 0) return undefined;
  const { rows } = await sql<{ name: string; bound: string }>`
    SELECT c.relname AS name, pg_get_expr(c.relpartbound, c.oid) AS bound
    FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid
    WHERE i.inhparent = to_regclass('request_logs')`.execute(k);
  const months: RequestLogPartition[] = [];
  let defaultName: string | undefined;
  for (const { name, bound } of rows) {
    if (bound === 'DEFAULT') defaultName = name;
    const range = /FROM \('?(-?\d+)'?\) TO \('?(-?\d+)'?\)/.exec(bound);
    if (range) months.push({ name, from: Number(range[1]), to: Number(range[2]) });
  }
  months.sort((a, b) => a.from - b.from);
  return { months, defaultName };
}

/**
 * Creates the month partitions covering `from`..`to` that do not exist yet. Rows already waiting
 * in the default partition for such a month move into it. Instances racing to do the same take
 * turns on an advisory lock, and the second finds the work done.
 */
export async function ensureRequestLogPartitions(
  db: Db,
  from: number,
  to: number,
): Promise<string[]> {
  if (db.dialect !== 'postgres') return [];
  const wanted = monthsBetween(from, to);
  const before = await requestLogPartitions(db);
  if (!before || wanted.every((m) => before.months.some((p) => p.from === m.from))) return [];
  return db.kysely.transaction().execute(async (trx) => {
    await lockPartitionChanges(trx);
    const existing = await partitionsOf(trx);
    const created: string[] = [];
    for (const month of wanted) {
      if (existing?.months.some((p) => p.from < month.to && month.from < p.to)) continue;
      await createMonth(trx, month, existing?.defaultName);
      created.push(month.name);
    }
    return created;
  });
}

/** Creates the current and next month's partitions (startup and the scheduled maintenance). */
export function ensureCurrentRequestLogPartitions(db: Db, now: number): Promise<string[]> {
  return ensureRequestLogPartitions(db, now, monthOf(now).to);
}

/**
 * Built beside the table and attached, rather than created as PARTITION OF: attaching locks
 * request_logs only against other schema changes, so log inserts and dashboard reads go on.
 */
async function createMonth(
  trx: Kysely<Database>,
  month: RequestLogPartition,
  defaultName: string | undefined,
): Promise<void> {
  const table = sql.id(month.name);
  const [from, to] = [sql.lit(month.from), sql.lit(month.to)];
  await sql`CREATE TABLE ${table} (LIKE request_logs INCLUDING DEFAULTS)`.execute(trx);
  if (defaultName) {
    // Attaching refuses while the default partition holds rows of the new month.
    await sql`WITH moved AS (
        DELETE FROM ${sql.id(defaultName)} WHERE created_at >= ${from} AND created_at < ${to}
        RETURNING *)
      INSERT INTO ${table} SELECT * FROM moved`.execute(trx);
  }
  // The check lets ATTACH skip scanning the new table to prove its rows belong.
  await sql`ALTER TABLE ${table} ADD CONSTRAINT ${sql.id(`${month.name}_bounds`)}
    CHECK (created_at >= ${from} AND created_at < ${to})`.execute(trx);
  await sql`ALTER TABLE request_logs ATTACH PARTITION ${table}
    FOR VALUES FROM (${from}) TO (${to})`.execute(trx);
}

/**
 * Drops every month partition that ends at or before `cutoff`, oldest first, with the eval votes
 * on its rows (no foreign key cascades to them on a partitioned table). Returns how many rows
 * went. Each partition goes in its own short transaction.
 */
export async function dropRequestLogPartitionsBefore(db: Db, cutoff: number): Promise<number> {
  const partitions = await requestLogPartitions(db);
  let dropped = 0;
  for (const month of partitions?.months ?? []) {
    if (month.to > cutoff) break;
    dropped += await db.kysely.transaction().execute(async (trx) => {
      await lockPartitionChanges(trx);
      const { rows: found } = await sql`SELECT to_regclass(${month.name})::text AS t`.execute(trx);
      if (!(found[0] as { t: string | null } | undefined)?.t) return 0;
      const table = sql.id(month.name);
      // Detached first: from here no new vote can find these requests.
      await sql`ALTER TABLE request_logs DETACH PARTITION ${table}`.execute(trx);
      await sql`DELETE FROM eval_feedback f USING ${table} r WHERE f.request_id = r.id`.execute(
        trx,
      );
      const { rows } = await sql<{ n: number }>`SELECT count(*) AS n FROM ${table}`.execute(trx);
      await sql`DROP TABLE ${table}`.execute(trx);
      return rows[0]?.n ?? 0;
    });
  }
  return dropped;
}

async function lockPartitionChanges(trx: Kysely<Database>): Promise<void> {
  await sql`SELECT set_config('lock_timeout', ${LOCK_TIMEOUT}, true)`.execute(trx);
  await sql`SELECT pg_advisory_xact_lock(hashtext(current_schema() || '.request_logs partitions'))`.execute(
    trx,
  );
}
