import { type Db, type RequestLogRow, type SqliteHandle, withoutLockWait } from '@tokenwise/db';
import type { Period } from '../../domain/billing/billing-period.ts';
import type { UsageDelta } from '../../domain/billing/usage.repository.ts';
import type { RequestLogSinks } from '../../domain/request-log-sinks.ts';
import { insertIgnoringIdSql, preparedStatement } from '../../lib/sqlite-statements.ts';

export interface LogRecord {
  row: RequestLogRow;
  /** The billing period the request counts in; absent when the account has no subscription. */
  period: Period | undefined;
  usage: UsageDelta;
  /**
   * Fills in columns left to after the answer (log/finish.ts); the writer runs it once, before the
   * row is written or spilled, so it never runs on the request path.
   */
  complete?: () => void;
  /**
   * Set by the account state of the process counting the record's optimized tokens against its
   * quota until the row is committed (accounts/unflushed-tokens.ts); kept through a spill.
   */
  countedBy?: string | undefined;
}

const COLUMNS = [
  'id',
  'account_id',
  'api_key_id',
  'created_at',
  'endpoint',
  'status',
  'http_status',
  'error_message',
  'provider',
  'model',
  'requested_model',
  'routed_model',
  'was_routed',
  'difficulty',
  'difficulty_not_sampled',
  'optimization_level',
  'cache_hit',
  'cache_status',
  'is_stream',
  'is_baseline',
  'is_passthrough',
  'tokens_in',
  'tokens_out',
  'original_tokens_in',
  'tokens_saved',
  'actual_cost',
  'cost_saved',
  'latency_ms',
  'original_text',
  'optimized_text',
  'response_text',
  'details',
] as const satisfies readonly (keyof RequestLogRow)[];
// A column added to the table but not to the list above fails to compile here.
const everyColumnListed: [Exclude<keyof RequestLogRow, (typeof COLUMNS)[number]>] extends [never]
  ? true
  : never = true;
void everyColumnListed;

const INSERT_SQL = insertIgnoringIdSql('request_logs', COLUMNS);

/**
 * Writes one batch in one transaction: the rows, then usage and rollups for the rows this insert
 * actually wrote (a replay after a crash may meet rows already written, and must not count them
 * twice). On a SQLite file locked by another process it fails at once rather than wait: the
 * writer keeps the batch and tries again later.
 */
export async function writeLogBatch(
  db: Db,
  sinks: RequestLogSinks,
  raw: readonly LogRecord[],
): Promise<void> {
  const batch = raw.map(storable);
  const handle = db.sqlite;
  if (handle) {
    // Holding Kysely's connection keeps this off any transaction another caller has open.
    await withoutLockWait(db, async () => writeSqlite(handle, sinks, batch));
    return;
  }
  await writeWithKysely(db, sinks, batch);
}

/** SQLite: one reused single-row statement per table, the cheapest way to write with better-sqlite3. */
function writeSqlite(
  handle: SqliteHandle,
  sinks: RequestLogSinks,
  batch: readonly LogRecord[],
): void {
  const insert = preparedStatement(handle, INSERT_SQL);
  const accountExists = preparedStatement(handle, 'SELECT 1 FROM accounts WHERE id = ?');
  handle.transaction(() => {
    const live = liveAccounts(batch, (id) => accountExists.get([id]) !== undefined);
    const fresh: LogRecord[] = [];
    for (const record of batch) {
      if (!live.has(record.row.account_id)) continue;
      const { changes } = insert.run(COLUMNS.map((c) => record.row[c]));
      if (changes > 0) fresh.push(record);
    }
    for (const { accountId, period, delta } of sumUsage(fresh)) {
      sinks.addUsageSqlite(handle, accountId, period, delta);
    }
    sinks.addToRollupsSqlite(
      handle,
      fresh.map((r) => r.row),
    );
  })();
}

/** PostgreSQL: multi-row statements, one round trip per table. */
async function writeWithKysely(
  db: Db,
  sinks: RequestLogSinks,
  batch: readonly LogRecord[],
): Promise<void> {
  await db.kysely.transaction().execute(async (trx) => {
    const ids = [...new Set(batch.map((r) => r.row.account_id))];
    const found = await trx.selectFrom('accounts').select('id').where('id', 'in', ids).execute();
    const live = new Set(found.map((a) => a.id));
    const rows = batch.filter((r) => live.has(r.row.account_id)).map((r) => r.row);
    if (rows.length === 0) return;
    const inserted = await trx
      .insertInto('request_logs')
      .values(rows)
      // No conflict target: on PostgreSQL the key is (id, created_at), the partitioned table's
      // (migration 0012), and a replayed row repeats both.
      .onConflict((oc) => oc.doNothing())
      .returning('id')
      .execute();
    const written = new Set(inserted.map(({ id }) => id));
    const fresh = batch.filter((r) => written.has(r.row.id));
    for (const { accountId, period, delta } of sumUsage(fresh)) {
      await sinks.addUsage(trx, accountId, period, delta);
    }
    await sinks.addToRollups(
      trx,
      fresh.map((r) => r.row),
    );
  });
}

/**
 * A prompt or answer may carry NUL characters, which PostgreSQL text refuses: a row holding one
 * would fail its batch on every replay. The log is a copy for reading, so they become U+FFFD.
 */
/**
 * The batch's accounts that still exist. An account deleted while its request was in flight
 * (its owner removed by a platform operator) has no rows left to join: its late row is dropped,
 * where its foreign key used to fail the whole batch, other accounts' rows with it, on every replay.
 */
function liveAccounts(batch: readonly LogRecord[], exists: (id: string) => boolean): Set<string> {
  const live = new Set<string>();
  for (const id of new Set(batch.map((r) => r.row.account_id))) if (exists(id)) live.add(id);
  return live;
}

function storable(record: LogRecord): LogRecord {
  let row: RequestLogRow | undefined;
  // The column list, not Object.entries: this runs for every logged request.
  for (const column of COLUMNS) {
    const value = record.row[column];
    if (typeof value !== 'string' || !value.includes('\0')) continue;
    row ??= { ...record.row };
    (row as unknown as Record<string, unknown>)[column] = value.replaceAll('\0', '\uFFFD');
  }
  return row ? { ...record, row } : record;
}

function sumUsage(
  batch: readonly LogRecord[],
): { accountId: string; period: Period; delta: UsageDelta }[] {
  const sums = new Map<string, { accountId: string; period: Period; delta: UsageDelta }>();
  for (const { row, period, usage } of batch) {
    if (!period) continue;
    const key = `${row.account_id}:${period.start}`;
    const sum = sums.get(key);
    if (!sum) {
      sums.set(key, { accountId: row.account_id, period, delta: { ...usage } });
      continue;
    }
    for (const k of Object.keys(usage) as (keyof UsageDelta)[]) sum.delta[k] += usage[k];
  }
  return [...sums.values()];
}
