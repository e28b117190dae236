import type SQLite from 'better-sqlite3';
import { type DatabaseConnection, type Driver, SqliteDialect, SqliteDriver } from 'kysely';

/**
 * SQLite ends a transaction by itself when a write fails for lack of room (SQLITE_FULL) or I/O;
 * Kysely's ROLLBACK then fails with 'cannot rollback - no transaction is active', and that error
 * replaced the real one (a full disk answered 500 instead of 503). Only a live transaction is
 * rolled back here, so the caller sees why the write failed.
 */
export function sqliteDialect(database: SQLite.Database): SqliteDialect {
  return new (class extends SqliteDialect {
    override createDriver(): Driver {
      return new (class extends SqliteDriver {
        override async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
          if (database.inTransaction) await super.rollbackTransaction(connection);
        }
      })({ database });
    }
  })({ database });
}
