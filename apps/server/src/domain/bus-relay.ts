import { randomUUID } from 'node:crypto';
import type { Db } from '@tokenwise/db';
import { sql } from 'kysely';
import type { BusRelay } from '../lib/invalidation-bus.ts';
import { databaseNowMs } from './database-clock.ts';

// Long past the second every instance takes to read a message. An instance that could not read
// for half of it (cut off from the database, and serving what it memoized meanwhile) may have
// lost rows to a prune: it resyncs instead (`missed`).
const KEEP_MS = 5 * 60_000;
const PRUNE_EVERY_MS = 60_000;
// A row is dated when inserted and seen when its transaction commits. Each read takes the rows dated
// after the last read less this: far longer than any transaction that records a message stays open.
const LATE_COMMIT_MS = 60_000;

/**
 * The invalidation bus's second way, through the database every instance shares: a message Redis
 * did not take from its publisher, or one recorded in its change's transaction, is a
 * `bus_messages` row, read by every instance within a second (lib/invalidation-bus.ts reads it)
 * and pruned after KEEP_MS. Rows are dated and pruned by the database's clock, so an instance whose
 * clock runs ahead cannot prune rows the others have not read (decision 156). Each instance
 * delivers a row once; rows already there when it started predate everything it loads, and are
 * skipped.
 */
export function createDatabaseBusRelay(db: Db, clock: () => number): BusRelay {
  // Ids of the rows this instance read last time; undefined before its first read.
  let seen: Set<string> | undefined;
  // When the last read began, on the database's clock; undefined before the first.
  let lastRead: number | undefined;
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
        .values({ id, topic, message, created_at: databaseNowMs(db.dialect) })
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
          .where('created_at', '<', sql<number>`${databaseNowMs(db.dialect)} - ${KEEP_MS}`)
          .execute();
      }
      // Read before the rows: a row committed after it is taken by this read or the next.
      const { at } = await db.kysely
        .selectNoFrom(databaseNowMs(db.dialect).as('at'))
        .executeTakeFirstOrThrow();
      // Ids only: a row stays in the window for LATE_COMMIT_MS (150 reads), and a clear's list of
      // removed ids can be hundreds of KB; its text is fetched once, by the read that delivers it.
      let query = db.kysely.selectFrom('bus_messages').select(['id', 'topic']);
      if (lastRead !== undefined) query = query.where('created_at', '>', lastRead - LATE_COMMIT_MS);
      const rows = await query.orderBy('created_at').execute();
      lastRead = Number(at);
      // The window only moves forward, and a row behind it was committed before an earlier read:
      // remembering this read's ids is enough to deliver each row once.
      const handled = seen;
      seen = new Set(rows.map((r) => r.id));
      const missed = readAt !== undefined && now - readAt > KEEP_MS / 2;
      readAt = now;
      const fresh = rows.filter(
        (r) => !own.delete(r.id) && handled !== undefined && !handled.has(r.id),
      );
      if (fresh.length === 0) return { messages: [], missed };
      const bodies = await db.kysely
        .selectFrom('bus_messages')
        .select(['id', 'message'])
        .where(
          'id',
          'in',
          fresh.map((r) => r.id),
        )
        .execute();
      const text = new Map(bodies.map((b) => [b.id, b.message]));
      // A row pruned between the two reads was older than anything still unread: none is lost.
      const messages = fresh.flatMap(({ id, topic }) => {
        const message = text.get(id);
        return message === undefined ? [] : [{ topic, message }];
      });
      return { messages, missed };
    },
  };
}
