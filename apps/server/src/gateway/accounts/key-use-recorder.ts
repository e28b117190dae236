import { type Database, withoutLockWait } from '@tokenwise/db';
import type { Kysely } from 'kysely';
import type { AppDeps } from '../../deps.ts';
import { LastUsedTracker } from '../../lib/last-used-tracker.ts';

/**
 * What both key resolvers do about a key's 'last used' column: remember each use, and write them
 * in batches rather than once per request (never waiting on a SQLite write lock).
 */
export abstract class KeyUseRecorder {
  private readonly lastUsed: LastUsedTracker;

  protected constructor(
    deps: AppDeps,
    what: string,
    touch: (db: Kysely<Database>, lastUsed: Map<string, number>) => Promise<void>,
  ) {
    this.lastUsed = new LastUsedTracker(
      (batch) => withoutLockWait(deps.db, (db) => touch(db, batch)),
      deps.log,
      what,
      deps.config.lastUsedFlushMs,
    );
  }

  markUsed(id: string, at: number): void {
    this.lastUsed.mark(id, at);
  }

  async flushLastUsed(): Promise<void> {
    await this.lastUsed.flush();
  }

  async close(): Promise<void> {
    await this.lastUsed.close();
  }
}
