import { chmodSync, closeSync, existsSync, openSync } from 'node:fs';
import { dirname } from 'node:path';
import SQLite from 'better-sqlite3';
import { makeDirs } from './make-dirs.ts';

/**
 * How long a write on the request path (a dashboard change) waits for another process's lock on
 * the file. better-sqlite3 is synchronous, so the whole server waits with it: kept short, and a
 * write that still finds the lock fails with SQLITE_BUSY (a 503 to the caller). Writes that can
 * wait use none at all (see withoutLockWait).
 */
export const SQLITE_BUSY_TIMEOUT_MS = 250;

/**
 * WAL pages that start a checkpoint: SQLite's default (4 MB), set explicitly. The checkpoint runs
 * on the committing thread, the event loop, and syncs the WAL and the file (decision 208). 4,000
 * pages made 5x fewer fsyncs but each checkpoint a longer stall: in the peer bench every stage on
 * served 598 instead of 858 requests a second at c16, p99 +88 instead of +40 ms (decision 212).
 */
export const SQLITE_WAL_AUTOCHECKPOINT_PAGES = 1_000;

/**
 * The size the WAL file is cut back to when a checkpoint restarts it: without a limit it keeps
 * whatever it once grew to (a long read holding a checkpoint back). Twice the checkpoint's pages.
 */
export const SQLITE_JOURNAL_SIZE_LIMIT_BYTES = 2 * SQLITE_WAL_AUTOCHECKPOINT_PAGES * 4096;

/**
 * `lower()` for any script: SQLite's own folds ASCII letters only, so 'ÉCOLE' stayed 'École' to a
 * search lower-cased in JavaScript. PostgreSQL's lower() follows the database's locale.
 */
export const SQLITE_UNICODE_LOWER = 'unicode_lower';

/**
 * Opens (creating when missing) the database file readable by this user only: it holds prompts,
 * answers and sealed keys. SQLite gives its -wal and -shm files the database file's mode.
 */
export function openSqliteFile(file: string): SQLite.Database {
  if (file !== ':memory:') {
    makeDirs(dirname(file), 0o700);
    closeSync(openSync(file, 'a', 0o600));
    for (const f of [file, `${file}-wal`, `${file}-shm`]) keepPrivate(f);
  }
  const sqlite = new SQLite(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma(`wal_autocheckpoint = ${SQLITE_WAL_AUTOCHECKPOINT_PAGES}`);
  sqlite.pragma(`journal_size_limit = ${SQLITE_JOURNAL_SIZE_LIMIT_BYTES}`);
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma(`busy_timeout = ${SQLITE_BUSY_TIMEOUT_MS}`);
  sqlite.function(SQLITE_UNICODE_LOWER, { deterministic: true }, (text: unknown) =>
    typeof text === 'string' ? text.toLowerCase() : text,
  );
  return sqlite;
}

// Files made by an older version were world-readable; narrowing them is safe for their owner.
function keepPrivate(file: string): void {
  if (!existsSync(file)) return;
  try {
    chmodSync(file, 0o600);
  } catch {
    // Not ours to change (another owner): leave it as the operator set it.
  }
}
