import { randomUUID } from 'node:crypto';
import type { LogRecord } from '../log/request-log-store.ts';

/**
 * Optimized tokens this process counted against each account, from the request's end until the
 * request-log writer commits its row (and with it the usage counters), plus a running total of
 * those committed. An account read from the database, plus what this process committed after the
 * read and what it has not committed yet, is what the account has used.
 */
export class UnflushedTokens {
  /**
   * Marks the records this process counts: a spill file may be replayed by another process, which
   * never counted them and so must not release them.
   */
  private readonly id = randomUUID();
  private readonly unflushed = new Map<string, number>();
  private readonly committed = new Map<string, number>();

  /** Counts what the record will add to its account's usage once written. */
  count(record: LogRecord): void {
    const tokens = record.usage.total_optimized_tokens;
    if (tokens <= 0) return;
    record.countedBy = this.id;
    addTo(this.unflushed, record.row.account_id, tokens);
  }

  /** These records are in the database now: their tokens move from unflushed to committed. */
  release(records: readonly LogRecord[]): void {
    for (const record of records) {
      if (record.countedBy !== this.id) continue;
      // A record is released once, whichever way (queue or spill replay) it reached the database.
      record.countedBy = undefined;
      const tokens = record.usage.total_optimized_tokens;
      addTo(this.unflushed, record.row.account_id, -tokens);
      addTo(this.committed, record.row.account_id, tokens);
    }
  }

  unflushedFor(accountId: string): number {
    return this.unflushed.get(accountId) ?? 0;
  }

  /** Only ever grows: the difference between two readings is what was committed in between. */
  committedFor(accountId: string): number {
    return this.committed.get(accountId) ?? 0;
  }
}

function addTo(counts: Map<string, number>, accountId: string, tokens: number): void {
  const sum = (counts.get(accountId) ?? 0) + tokens;
  if (sum === 0) counts.delete(accountId);
  else counts.set(accountId, sum);
}
