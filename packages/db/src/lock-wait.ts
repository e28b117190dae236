import type { Kysely } from 'kysely';
import type { Db } from './connect.ts';
import type { Database } from './schema.ts';
import { SQLITE_BUSY_TIMEOUT_MS } from './sqlite-file.ts';

/**
 * Runs a write that can wait (log batches, last-used marks, cache rows, purges). On SQLite it
 * holds the connection with the busy wait off, so when another process holds the file's lock the
 * write fails at once with SQLITE_BUSY instead of stalling every request; the caller retries later
 * off the request path. `fn` must use the handle it is given, never `db.kysely` (that would wait
 * for the connection this holds). On PostgreSQL a lock wait does not block the event loop, so `fn`
 * simply runs.
 */
export async function withoutLockWait<T>(
  db: Db,
  fn: (kysely: Kysely<Database>) => Promise<T>,
): Promise<T> {
  const handle = db.sqlite;
  if (!handle) return fn(db.kysely);
  return db.kysely.connection().execute(async (connection) => {
    handle.pragma('busy_timeout = 0');
    try {
      return await fn(connection);
    } finally {
      handle.pragma(`busy_timeout = ${SQLITE_BUSY_TIMEOUT_MS}`);
    }
  });
}
