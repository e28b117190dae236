import { randomUUID } from 'node:crypto';
import type { LogRecord } from '../log/request-log-store.ts';
import type { LogWrites } from '../log/request-log-writer.ts';

/** Where an account's log writes stand, read just before and just after its usage is read. */
export interface WriteMark {
  /** Tokens committed so far: only ever grows, so two marks give what was committed in between. */
  committed: number;
  /** Batches with this account's rows being written now. */
  writing: number;
  /** Batches with this account's rows whose write has begun, ever. */
  started: number;
}

/**
 * Optimized tokens this process counted against each account, from the request's end until the
 * request-log writer commits its row (and with it the usage counters), and what it committed:
 * an account read from the database, plus what this process committed after the read and what it
 * has not committed yet, is what the account has used.
 */
export class UnflushedTokens implements LogWrites {
  /**
   * Marks the records this process counts: a spill file may be replayed by another process, which
   * never counted them and so must not release them.
   */
  private readonly id = randomUUID();
  private readonly unflushed = new Map<string, number>();
  private readonly marks = new Map<string, WriteMark>();

  /** Counts what the record will add to its account's usage once written. */
  count(record: LogRecord): void {
    const tokens = record.usage.total_optimized_tokens;
    if (tokens <= 0) return;
    record.countedBy = this.id;
    addTo(this.unflushed, record.row.account_id, tokens);
  }

  writing(records: readonly LogRecord[]): void {
    for (const accountId of this.accountsOf(records)) {
      const mark = this.markOf(accountId);
      mark.writing++;
      mark.started++;
    }
  }

  written(records: readonly LogRecord[], committed: boolean): void {
    for (const accountId of this.accountsOf(records)) this.markOf(accountId).writing--;
    if (!committed) return;
    for (const record of records) {
      if (record.countedBy !== this.id) continue;
      // A record is released once, whichever way (queue or spill replay) it reached the database.
      record.countedBy = undefined;
      const tokens = record.usage.total_optimized_tokens;
      addTo(this.unflushed, record.row.account_id, -tokens);
      this.markOf(record.row.account_id).committed += tokens;
    }
  }

  unflushedFor(accountId: string): number {
    return this.unflushed.get(accountId) ?? 0;
  }

  /** WriteMark.committed without a copy of the mark: read on every request. */
  committedFor(accountId: string): number {
    return this.marks.get(accountId)?.committed ?? 0;
  }

  markFor(accountId: string): WriteMark {
    return { ...this.markOf(accountId) };
  }

  private markOf(accountId: string): WriteMark {
    let mark = this.marks.get(accountId);
    if (!mark) {
      mark = { committed: 0, writing: 0, started: 0 };
      this.marks.set(accountId, mark);
    }
    return mark;
  }

  private accountsOf(records: readonly LogRecord[]): Set<string> {
    const accounts = new Set<string>();
    for (const r of records) if (r.countedBy === this.id) accounts.add(r.row.account_id);
    return accounts;
  }
}

function addTo(counts: Map<string, number>, accountId: string, tokens: number): void {
  const sum = (counts.get(accountId) ?? 0) + tokens;
  if (sum === 0) counts.delete(accountId);
  else counts.set(accountId, sum);
}
