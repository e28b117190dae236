import { randomUUID } from 'node:crypto';
import type { Db } from '@tokenwise/db';
import type { BusRelay } from '../lib/invalidation-bus.ts';

// Long past the second every instance takes to read a message. An instance that could not read
// for half of it (cut off from the database, and serving what it memoized meanwhile) may have
// lost rows to a prune: it resyncs instead (`missed`).
const KEEP_MS = 5 * 60_000;
const PRUNE_EVERY_MS = 60_000;

/**
 * The invalidation bus's second way, through the database every instance shares: a message Redis
 * did not take from its publisher is a `bus_messages` row, read by every instance within a second
 * (lib/invalidation-bus.ts reads it) and pruned after KEEP_MS. Each instance delivers a row once;
 * rows already there when it started predate everything it loads, and are skipped.
 */
export function createDatabaseBusRelay(db: Db, clock: () => number): BusRelay {
  // Ids of the kept rows this instance has handled; undefined before its first read.
  let seen: Set<string> | undefined;
  // Put by this instance and not yet read back: delivered here already.
  const own = new Set<string>();
  let prunedAt = clock();
  let readAt: number | undefined;
  return {
    async put(topic, message, trx = db.kysely) {
      const id = randomUUID();
      own.add(id);
      await trx
        .insertInto('bus_messages')
        .values({ id, topic, message, created_at: clock() })
        .execute()
        .catch((err: unknown) => {
          own.delete(id);
          throw err;
        });
    },
    async take() {
      const now = clock();
      if (now - prunedAt > PRUNE_EVERY_MS) {
        prunedAt = now;
        await db.kysely
          .deleteFrom('bus_messages')
          .where('created_at', '<', now - KEEP_MS)
          .execute();
      }
      const rows = await db.kysely
        .selectFrom('bus_messages')
        .select(['id', 'topic', 'message'])
        .orderBy('created_at')
        .execute();
      const handled = seen;
      seen = new Set(rows.map((r) => r.id));
      const missed = readAt !== undefined && now - readAt > KEEP_MS / 2;
      readAt = now;
      const messages = rows
        .filter((r) => !own.delete(r.id) && handled !== undefined && !handled.has(r.id))
        .map(({ topic, message }) => ({ topic, message }));
      return { messages, missed };
    },
  };
}
