import { withoutLockWait } from '@tokenwise/db';
import type { AppDeps } from '../../deps.ts';
import * as repo from './cache-entries.repository.ts';

const HIT_FLUSH_MS = 5_000;

/**
 * Hits per cache entry (count, tokens and cost saved, last hit), summed in memory and written in
 * one statement every few seconds: a hit must not wait on the database.
 */
export class HitCounters {
  private readonly tallies = new Map<string, repo.HitTally>();
  private readonly timer: NodeJS.Timeout;
  private writing: Promise<void> = Promise.resolve();

  constructor(private readonly deps: AppDeps) {
    this.timer = setInterval(() => void this.flush(), HIT_FLUSH_MS);
    this.timer.unref();
  }

  record(entryId: string, tokensSaved: number, costSaved: number): void {
    this.add(entryId, { hits: 1, tokensSaved, costSaved, lastHitAt: this.deps.clock() });
  }

  /**
   * Writes the tallies held so far. A flush waits for the one before it (the timer's, say): a
   * caller that reads the entries after its flush must see the hits that flush's batch carried.
   */
  flush(): Promise<void> {
    this.writing = this.writing.then(() => this.write());
    return this.writing;
  }

  private async write(): Promise<void> {
    if (this.tallies.size === 0) return;
    const batch = new Map(this.tallies);
    this.tallies.clear();
    try {
      await withoutLockWait(this.deps.db, (db) =>
        db.transaction().execute((trx) => repo.addHits(trx, batch)),
      );
    } catch (err) {
      // Kept for the next flush: a locked file or a lost connection delays the counts, never loses
      // them. The batch is one transaction, so none of it was written.
      for (const [id, t] of batch) this.add(id, t);
      this.deps.log.warn({ err }, 'cache hit counts not saved yet');
    }
  }

  private add(entryId: string, more: repo.HitTally): void {
    const t = this.tallies.get(entryId) ?? { hits: 0, tokensSaved: 0, costSaved: 0, lastHitAt: 0 };
    t.hits += more.hits;
    t.tokensSaved += more.tokensSaved;
    t.costSaved += more.costSaved;
    t.lastHitAt = Math.max(t.lastHitAt, more.lastHitAt);
    this.tallies.set(entryId, t);
  }

  async close(): Promise<void> {
    clearInterval(this.timer);
    await this.flush();
  }
}
