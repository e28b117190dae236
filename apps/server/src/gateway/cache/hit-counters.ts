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

  constructor(private readonly deps: AppDeps) {
    this.timer = setInterval(() => void this.flush(), HIT_FLUSH_MS);
    this.timer.unref();
  }

  record(entryId: string, tokensSaved: number, costSaved: number): void {
    const t = this.tallies.get(entryId) ?? { hits: 0, tokensSaved: 0, costSaved: 0, lastHitAt: 0 };
    t.hits += 1;
    t.tokensSaved += tokensSaved;
    t.costSaved += costSaved;
    t.lastHitAt = this.deps.clock();
    this.tallies.set(entryId, t);
  }

  async flush(): Promise<void> {
    if (this.tallies.size === 0) return;
    const batch = new Map(this.tallies);
    this.tallies.clear();
    await withoutLockWait(this.deps.db, (db) => repo.addHits(db, batch)).catch((err) =>
      this.deps.log.warn({ err }, 'cache hit counts not saved'),
    );
  }

  async close(): Promise<void> {
    clearInterval(this.timer);
    await this.flush();
  }
}
