import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import type SQLite from 'better-sqlite3';
import {
  openSqliteFile,
  SQLITE_JOURNAL_SIZE_LIMIT_BYTES,
  SQLITE_WAL_AUTOCHECKPOINT_PAGES,
} from './sqlite-file.ts';

function withFile(run: (file: string) => void): void {
  const dir = mkdtempSync(join(tmpdir(), 'tw-sqlite-file-'));
  try {
    run(join(dir, 'tokenwise.db'));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Commits of `rows` rows of 3 KB each, as the log and cache batches write them. */
function writeBatches(db: SQLite.Database, batches: number, rows: number): void {
  db.exec('CREATE TABLE IF NOT EXISTS t (id INTEGER PRIMARY KEY, body TEXT NOT NULL)');
  const insert = db.prepare('INSERT INTO t (body) VALUES (?)');
  const batch = db.transaction((n: number) => {
    for (let i = 0; i < n; i++) insert.run('x'.repeat(3000));
  });
  for (let b = 0; b < batches; b++) batch(rows);
}

test('the WAL is checkpointed every 1,000 pages and cut back to a limit after a large commit', () => {
  // Without journal_size_limit the WAL file kept whatever size one large commit gave it.
  withFile((file) => {
    const db = openSqliteFile(file);
    try {
      assert.equal(
        db.pragma('wal_autocheckpoint', { simple: true }),
        SQLITE_WAL_AUTOCHECKPOINT_PAGES,
      );
      assert.equal(SQLITE_WAL_AUTOCHECKPOINT_PAGES, 1_000);
      assert.equal(db.pragma('journal_size_limit', { simple: true }), 2 * 1_000 * 4096);
      // One transaction far past the limit: the checkpoint after it restarts the WAL at the limit.
      writeBatches(db, 1, 12_000);
      writeBatches(db, 1, 1);
      writeBatches(db, 1, 1);
      assert.ok(statSync(`${file}-wal`).size <= SQLITE_JOURNAL_SIZE_LIMIT_BYTES);
    } finally {
      db.close();
    }
  });
});

test('committed rows outlive a process killed before any checkpoint', () => {
  withFile((file) => {
    // A child commits 1,000 rows in batches and is killed (SIGKILL) without closing: the rows
    // live only in the WAL, which the next open replays.
    const child = spawnSync(
      process.execPath,
      [
        '--import',
        'tsx',
        '-e',
        `import { openSqliteFile } from ${JSON.stringify(new URL('./sqlite-file.ts', import.meta.url).pathname)};
         const db = openSqliteFile(${JSON.stringify(file)});
         db.exec('CREATE TABLE t (id INTEGER PRIMARY KEY, body TEXT NOT NULL)');
         const insert = db.prepare('INSERT INTO t (body) VALUES (?)');
         const batch = db.transaction(() => { for (let i = 0; i < 50; i++) insert.run('x'.repeat(3000)); });
         for (let b = 0; b < 20; b++) batch();
         process.kill(process.pid, 'SIGKILL');`,
      ],
      { encoding: 'utf8' },
    );
    assert.equal(child.signal, 'SIGKILL', child.stderr);
    const db = openSqliteFile(file);
    try {
      const row = db.prepare('SELECT COUNT(*) AS n FROM t').get() as { n: number };
      assert.equal(row.n, 1_000);
    } finally {
      db.close();
    }
  });
});
