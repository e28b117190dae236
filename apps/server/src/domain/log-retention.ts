import { randomUUID } from 'node:crypto';
import { setImmediate as nextTurn } from 'node:timers/promises';
import {
  type Database,
  type Db,
  dropRequestLogPartitionsBefore,
  ensureCurrentRequestLogPartitions,
  withoutLockWait,
} from '@tokenwise/db';
import type { Kysely, SelectQueryBuilder } from 'kysely';
import type { AppDeps } from '../deps.ts';
import { DAY_MS, floorTo, HOUR_MS } from './analytics/time-range.ts';
import { claimLease, releaseLease } from './leases.ts';

// Not at start: the first minutes belong to loading the cache and replaying spilled logs.
const FIRST_RUN_DELAY_MS = 5 * 60_000;
const RUN_EVERY_MS = HOUR_MS;
// The holder renews it every run; if it dies, another instance takes over within two runs.
const LEASE = 'log-retention';
const LEASE_MS = 2 * RUN_EVERY_MS;
// One statement deletes at most this many rows, and the event loop gets a turn before the next:
// an embedded SQLite delete blocks the thread, and a first purge of months must not stall traffic.
const BATCH_ROWS = 5_000;
const ACCOUNTS_PER_PASS = 500;

export interface PurgeOptions {
  batchSize?: number;
  /** Aborted: stop after the batch under way (shutdown must not wait for a long purge). */
  signal?: AbortSignal;
}

export interface PurgeResult {
  requestLogs: number;
  cacheEntries: number;
}

/**
 * Request-log rows kept for `LOG_RETENTION_DAYS` (their eval votes go with them), and
 * semantic-cache entries once expired. The analytics rollups and usage counters are never
 * touched, so totals, savings and charts of old periods stay exact. On PostgreSQL the same run
 * keeps the log's month partitions ahead of the clock and drops whole months past retention.
 */
export class LogRetention {
  private readonly stopping = new AbortController();
  private readonly holder = randomUUID();
  private running: Promise<PurgeResult> | undefined;
  private readonly firstRun: NodeJS.Timeout;
  private readonly timer: NodeJS.Timeout;

  constructor(private readonly deps: AppDeps) {
    this.firstRun = setTimeout(() => this.runInBackground(), FIRST_RUN_DELAY_MS);
    this.timer = setInterval(() => this.runInBackground(), RUN_EVERY_MS);
    this.firstRun.unref();
    this.timer.unref();
  }

  /** One purge now; joins the one under way instead of starting a second. */
  runNow(): Promise<PurgeResult> {
    if (this.stopping.signal.aborted) return Promise.resolve({ requestLogs: 0, cacheEntries: 0 });
    this.running ??= purgeExpiredRows(this.deps, { signal: this.stopping.signal }).finally(() => {
      this.running = undefined;
    });
    return this.running;
  }

  /**
   * The hourly run: only the instance holding the lease purges (undefined elsewhere), so N
   * instances do not scan the log N times an hour.
   */
  async runScheduled(): Promise<PurgeResult | undefined> {
    if (!(await claimLease(this.deps.db, LEASE, this.holder, LEASE_MS))) return undefined;
    return this.runNow();
  }

  async close(): Promise<void> {
    clearTimeout(this.firstRun);
    clearInterval(this.timer);
    this.stopping.abort();
    await this.running?.catch(() => {});
    await releaseLease(this.deps.db.kysely, LEASE, this.holder).catch(() => undefined);
  }

  private runInBackground(): void {
    this.runScheduled().catch((err) => this.deps.log.warn({ err }, 'log retention purge failed'));
  }
}

export async function purgeExpiredRows(
  deps: AppDeps,
  opts: PurgeOptions = {},
): Promise<PurgeResult> {
  const now = deps.clock();
  const days = deps.config.logRetentionDays;
  const batch = opts.batchSize ?? BATCH_ROWS;
  await ensureCurrentRequestLogPartitions(deps.db, now);
  const cutoff = days > 0 ? retentionCutoff(now, days) : undefined;
  let requestLogs = 0;
  if (cutoff !== undefined) {
    // A month goes whole once it ends before the longest retention any account has. Retention is
    // one setting for all accounts today, so that is the cut-off itself; the row deletes below
    // take what is left per account (the month the cut-off falls in, and the default partition).
    requestLogs += await dropRequestLogPartitionsBefore(deps.db, cutoff);
    requestLogs += await purgeRequestLogs(deps.db, cutoff, batch, opts.signal);
  }
  const cacheEntries = await purgeCacheEntries(deps.db, now, batch, opts.signal);
  if (requestLogs + cacheEntries > 0) {
    deps.log.info(
      {
        request_logs: requestLogs,
        cache_entries: cacheEntries,
        ...(cutoff === undefined ? {} : { before: new Date(cutoff).toISOString() }),
      },
      'purged rows past retention',
    );
  }
  return { requestLogs, cacheEntries };
}

/**
 * Rounded down to the hour: the 30-day comparison window ends inside an hour and reads that hour
 * from raw rows, which must still be there when the retention equals the range.
 */
export function retentionCutoff(now: number, days: number): number {
  return floorTo(now - days * DAY_MS, HOUR_MS);
}

/**
 * Where raw request rows are complete from: the retention cut-off, or 0 when they are kept forever.
 * Rows before it may be purged already or any hour now.
 */
export function retainedFrom(retentionDays: number, now: number): number {
  return retentionDays > 0 ? retentionCutoff(now, retentionDays) : 0;
}

/**
 * Walks the accounts because the only indexes that reach created_at start with account_id: one
 * (account_id, created_at) range per account finds old rows without scanning the table.
 */
async function purgeRequestLogs(
  db: Db,
  cutoff: number,
  batch: number,
  signal: AbortSignal | undefined,
): Promise<number> {
  let purged = 0;
  let after = '';
  while (!signal?.aborted) {
    const accounts = await db.kysely
      .selectFrom('accounts')
      .select('id')
      .where('id', '>', after)
      .orderBy('id')
      .limit(ACCOUNTS_PER_PASS)
      .execute();
    if (accounts.length === 0) break;
    after = accounts[accounts.length - 1]?.id ?? after;
    const ids = accounts.map((a) => a.id);
    purged += await deleteInBatches(db, batch, signal, (k) =>
      k.transaction().execute(async (trx) => {
        const doomed = (
          await skipLocked(
            db,
            trx
              .selectFrom('request_logs')
              .select('id')
              .where('account_id', 'in', ids)
              .where('created_at', '<', cutoff)
              .limit(batch),
          ).execute()
        ).map((r) => r.id);
        if (doomed.length === 0) return 0;
        // The votes first: on PostgreSQL no foreign key cascades to them (migration 0012).
        await trx.deleteFrom('eval_feedback').where('request_id', 'in', doomed).execute();
        const { numDeletedRows } = await trx
          .deleteFrom('request_logs')
          .where('id', 'in', doomed)
          // Names the partitions that can hold them, so the others are not searched.
          .where('created_at', '<', cutoff)
          .executeTakeFirst();
        return Number(numDeletedRows);
      }),
    );
  }
  return purged;
}

/** The in-memory cache already ignores expired entries; this frees their rows. */
function purgeCacheEntries(
  db: Db,
  now: number,
  batch: number,
  signal: AbortSignal | undefined,
): Promise<number> {
  return deleteInBatches(db, batch, signal, async (k) => {
    const { numDeletedRows } = await k
      .deleteFrom('cache_entries')
      .where('id', 'in', (eb) =>
        skipLocked(
          db,
          eb.selectFrom('cache_entries').select('id').where('expires_at', '<=', now).limit(batch),
        ),
      )
      .executeTakeFirst();
    return Number(numDeletedRows);
  });
}

/**
 * Repeats a delete of at most `batch` rows until one takes fewer, yielding between statements.
 * A SQLite file locked by another process fails the purge at once; the next run picks it up.
 */
async function deleteInBatches(
  db: Db,
  batch: number,
  signal: AbortSignal | undefined,
  deleteBatch: (k: Kysely<Database>) => Promise<number>,
): Promise<number> {
  let purged = 0;
  while (!signal?.aborted) {
    const deleted = await withoutLockWait(db, deleteBatch);
    purged += deleted;
    await nextTurn();
    // Fewer than asked: nothing left, or the rest is locked by another instance purging it.
    if (deleted < batch) break;
  }
  return purged;
}

/**
 * PostgreSQL: several instances purge at once, each taking rows no other purger holds, so none
 * waits on or deadlocks with another. SQLite has one writer at a time and no row locks.
 */
function skipLocked<DB, TB extends keyof DB, O>(
  db: Db,
  q: SelectQueryBuilder<DB, TB, O>,
): SelectQueryBuilder<DB, TB, O> {
  return db.dialect === 'postgres' ? q.forUpdate().skipLocked() : q;
}
