import { readdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { AppDeps } from '../../deps.ts';
import type { RequestLogSinks } from '../../domain/request-log-sinks.ts';
import { appendPrivateFile, ensurePrivateDir } from '../../lib/private-files.ts';
import { type LogRecord, writeLogBatch } from './request-log-store.ts';

export type { LogRecord } from './request-log-store.ts';

/** Told of every batch write, so the quota can tell which rows a read of usage may have seen. */
export interface LogWrites {
  /** The batch is being written: a read of usage meanwhile may or may not see it. */
  writing(records: readonly LogRecord[]): void;
  /** Its write ended: committed, or not (the batch goes to disk, to be replayed). */
  written(records: readonly LogRecord[], committed: boolean): void;
}

const UNWATCHED: LogWrites = { writing() {}, written() {} };

// A batch's commit costs about as much as 20 rows whatever its size (the pages of the table, its
// indexes, the rollups and the usage row written once each), so rows are written in batches of up
// to this many, at least every LOG_FLUSH_MS (decision 051). Not larger: an embedded SQLite write
// blocks the thread (~7 ms for a full batch), and a turn of the event loop separates two batches.
export const LOG_BATCH_SIZE = 250;
const RETRY_DELAY_MS = 2_000;

/**
 * Write-behind queue for request-log rows and usage counters: callers never wait for the database.
 * Flushes in batches (one transaction per batch, usage summed per account and period). While the
 * database is failing, or the queue is full, records spill to JSON-lines files under
 * <dataDir>/spill and are replayed once writes succeed again, so nothing is dropped or held
 * unbounded in memory. close() drains everything (SIGTERM loses nothing).
 */
export class RequestLogWriter {
  private queue: LogRecord[] = [];
  /** How many rows at the head of the queue a flush() asked for; the rest wait for a full batch. */
  private owed = 0;
  private flushing: Promise<void> | undefined;
  private readonly timer: NodeJS.Timeout;
  private readonly spillDir: string;
  private failingUntil = 0;
  private closed = false;

  constructor(
    private readonly deps: AppDeps,
    private readonly sinks: RequestLogSinks,
    private readonly writes: LogWrites = UNWATCHED,
  ) {
    this.spillDir = join(deps.config.dataDir, 'spill');
    this.timer = setInterval(
      () => void this.flush().catch((err) => this.failed(err)),
      deps.config.logFlushMs,
    );
    this.timer.unref();
    this.reclaimInterruptedReplays();
  }

  /**
   * A process that died mid-replay leaves its claimed file behind: put it back in the queue.
   * Replaying rows twice is harmless: rows already written are skipped, and only written rows
   * count in usage and rollups.
   */
  private reclaimInterruptedReplays(): void {
    let files: string[];
    try {
      files = readdirSync(this.spillDir).filter((f) => f.includes('.jsonl.replaying-'));
    } catch {
      return;
    }
    for (const f of files) {
      const [, pid] = /\.replaying-(\d+)-/.exec(f) ?? [];
      if (Number(pid) === process.pid) continue;
      try {
        renameSync(
          join(this.spillDir, f),
          join(this.spillDir, `reclaimed-${f.replace(/\W/g, '_')}.jsonl`),
        );
      } catch {
        // Claimed by someone else meanwhile.
      }
    }
  }

  enqueue(record: LogRecord): void {
    if (this.queue.length >= this.deps.config.logQueueMax) {
      if (this.spill([record])) return;
      // Neither the database nor the disk takes it: held in memory, up to twice the queue's bound.
      if (this.queue.length >= 2 * this.deps.config.logQueueMax) {
        this.deps.log.error(
          { id: record.row.id },
          'request log: queue full and disk full; row dropped',
        );
        return;
      }
    }
    this.queue.push(record);
    if (this.queue.length >= LOG_BATCH_SIZE) void this.startDrain();
  }

  pending(): number {
    return this.queue.length;
  }

  /** Writes everything queued (and any spilled files); resolves when done or when the DB refused. */
  async flush(): Promise<void> {
    this.owed = this.queue.length;
    await this.startDrain();
    // A drain already past its loop (replaying spill files) when this was called left them queued.
    if (this.owed > 0 && this.deps.clock() >= this.failingUntil) await this.startDrain();
  }

  private startDrain(): Promise<void> {
    if (this.flushing) return this.flushing;
    this.flushing = this.drain().finally(() => {
      this.flushing = undefined;
    });
    return this.flushing;
  }

  async close(): Promise<void> {
    this.closed = true;
    clearInterval(this.timer);
    this.failingUntil = 0;
    await this.flush();
    if (this.queue.length > 0) {
      // The database is down at shutdown: keep the rows on disk for the next start.
      if (!this.spill(this.queue)) {
        this.deps.log.error({ rows: this.queue.length }, 'request log: rows lost at shutdown');
      }
      this.queue = [];
      this.owed = 0;
    }
  }

  /**
   * Writes the rows a flush asked for, then full batches only. Under load, rows keep arriving
   * while a batch is written: draining until the queue was empty wrote a batch of the few rows
   * each turn of the event loop brought (39 rows a batch on average at 64 requests in flight,
   * each paying the commit's fixed cost); a part batch now waits for the next flush, at most
   * LOG_FLUSH_MS, or for a full batch.
   */
  private async drain(): Promise<void> {
    if (!this.closed && this.deps.clock() < this.failingUntil) return;
    while (
      this.owed > 0 ||
      this.queue.length >= LOG_BATCH_SIZE ||
      // Shutting down: rows answered meanwhile are written, not spilled as if the DB were down.
      (this.closed && this.queue.length > 0)
    ) {
      const batch = this.queue.slice(0, LOG_BATCH_SIZE);
      completeAll(batch, this.deps);
      const written = await this.write(batch);
      if (!written) {
        this.failingUntil = this.deps.clock() + RETRY_DELAY_MS;
        // The disk is full too: the batch stays queued, tried again after the delay.
        if (!this.spill(batch)) return;
      }
      this.queue.splice(0, batch.length);
      this.owed = Math.max(0, this.owed - batch.length);
      if (!written) return;
      await yieldToEventLoop();
    }
    await this.replaySpill();
  }

  private async write(batch: LogRecord[]): Promise<boolean> {
    let committed = false;
    this.writes.writing(batch);
    try {
      await writeLogBatch(this.deps.db, this.sinks, batch);
      committed = true;
      return true;
    } catch (err) {
      this.deps.log.error(
        { err, rows: batch.length },
        'request log write failed; spilling to disk',
      );
      return false;
    } finally {
      this.writes.written(batch, committed);
    }
  }

  /**
   * Appends the records to this process's spill file; false when the disk refuses (full,
   * read-only): the caller keeps them. A partly written last line is skipped on replay.
   */
  private spill(records: LogRecord[]): boolean {
    completeAll(records, this.deps);
    try {
      ensurePrivateDir(this.spillDir);
      const file = join(this.spillDir, `pending-${process.pid}.jsonl`);
      // The leading newline ends a line an earlier append left cut short.
      appendPrivateFile(file, `\n${records.map((r) => `${JSON.stringify(r)}\n`).join('')}`);
      return true;
    } catch (err) {
      this.deps.log.error(
        { err, rows: records.length },
        'request log: cannot spill to disk; rows kept in memory',
      );
      return false;
    }
  }

  private failed(err: unknown): void {
    this.deps.log.error({ err }, 'request log flush failed');
  }

  /** Replays spill files written by this or an earlier process, one file at a time. */
  private async replaySpill(): Promise<void> {
    let files: string[];
    try {
      files = readdirSync(this.spillDir).filter((f) => f.endsWith('.jsonl'));
    } catch {
      return;
    }
    for (const file of files) {
      // Renaming first means records spilled meanwhile go to a new file, not the one being replayed.
      const claimed = join(this.spillDir, `${file}.replaying-${process.pid}-${Date.now()}`);
      let records: LogRecord[];
      try {
        renameSync(join(this.spillDir, file), claimed);
        records = readSpillLines(readFileSync(claimed, 'utf8'), this.deps);
      } catch (err) {
        // Another writer claimed this file first; it replays it.
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') continue;
        // The disk refuses even a rename (read-only): the file waits for the next try.
        this.failed(err);
        this.failingUntil = this.deps.clock() + RETRY_DELAY_MS;
        return;
      }
      for (let i = 0; i < records.length; i += LOG_BATCH_SIZE) {
        const batch = records.slice(i, i + LOG_BATCH_SIZE);
        if (!(await this.write(batch))) {
          this.failingUntil = this.deps.clock() + RETRY_DELAY_MS;
          // Not re-spilled (the disk is full): the claimed file goes back as it was, and the rows
          // already written are skipped when it is replayed.
          if (this.spill(records.slice(i))) rmSync(claimed);
          else renameSync(claimed, join(this.spillDir, file));
          return;
        }
      }
      rmSync(claimed);
    }
  }
}

/** A spill file's records; a line cut short by a full disk is skipped (its rows were kept). */
function readSpillLines(text: string, deps: AppDeps): LogRecord[] {
  const records: LogRecord[] = [];
  for (const line of text.split('\n')) {
    if (!line) continue;
    try {
      records.push(JSON.parse(line) as LogRecord);
    } catch {
      deps.log.warn({ length: line.length }, 'request log: skipped a cut-short spill line');
    }
  }
  return records;
}

/** Runs each record's deferred part once; one that fails leaves its columns empty, never the row. */
function completeAll(records: LogRecord[], deps: AppDeps): void {
  for (const record of records) {
    const { complete } = record;
    if (!complete) continue;
    record.complete = undefined;
    try {
      complete();
    } catch (err) {
      deps.log.warn({ err, id: record.row.id }, 'request log: a deferred column failed');
    }
  }
}

const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve));
